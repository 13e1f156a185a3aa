# The bag game's C side (removal/pyramid_bag.py), which the pyramid search calls in C.

cimport cython

@cython.final
cdef class Bag:
    cdef int places
    cdef unsigned long long cover[64]
    cdef int ranks[64]
    cdef int target
    cdef object tick
    cdef dict known

    cpdef bint clearable(self, unsigned long long places, unsigned long long bag)
