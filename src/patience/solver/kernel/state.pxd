# What the states met (kernel/states.py) and the scans (kernel/search.py) call without a
# Python call: a step and the safe moves home on a board, its key, the transposition table.

cimport cython
from libc.string cimport memcpy, memmove

cdef const unsigned char *_SUIT  # C pointers into SUIT and RANK0, read without a check
cdef const unsigned char *_RANK0
cdef const unsigned char *_ZOBRIST  # a C pointer into ZOBRIST
cdef unsigned long long FNV_BASIS  # FNV-1a's constants (Spider's key hash reads them)
cdef unsigned long long FNV_PRIME
cdef void play_on(const unsigned char *p, unsigned char *q, int src, int dst, int count) noexcept
cdef void play_in(unsigned char *q, int src, int dst, int count) noexcept
cdef unsigned long long play_hashed(unsigned char *q, int src, int dst, int count) noexcept
cdef bint step_fault(const unsigned char *q, int src, int dst, int count) noexcept
cdef int settle_on(
    unsigned char *q, const unsigned char *needs, int src, int dst, unsigned char *out, int made
) noexcept
cdef void write_key(const unsigned char *q, unsigned char *w, int o) noexcept
cdef unsigned long long key_hash(const unsigned char *q) noexcept

cdef class _Slots:
    cdef int count
    cdef bytearray slots
    cdef unsigned long long mask

    cdef void _grow(self) except *

cdef class Seen(_Slots):
    cdef set keys
    cdef bytearray arena

    cdef bint _first(self, const unsigned char *k, int o)

@cython.final
cdef class Met(_Slots):
    cdef set hashes

    cpdef bint first(self, unsigned long long h)

cdef int home_of(const unsigned char *q) noexcept
cdef unsigned long long with_card(unsigned long long seen, int card) noexcept
cdef int top_of(const unsigned char *q, int place) noexcept

cdef object step_at(const unsigned char *s, int at)
