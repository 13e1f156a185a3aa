# What removal/bits.py gives the removal searches in C: GCC's bit instructions, read only when
# compiled.

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_clzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil

cdef int low(unsigned long long x) noexcept
cdef int high(unsigned long long x) noexcept
cdef int count(unsigned long long x) noexcept
