# What the scans (kernel/search.py) call without a Python call: the transposition table,
# the children of a board, and the cards home.
cdef class Seen:
    cdef int count
    cdef set keys
    cdef bytearray arena
    cdef bytearray slots
    cdef unsigned long long mask

    cdef bint _first(self, const unsigned char *k, int o)
    cdef void _grow(self) except *

cpdef int fresh(
    bytearray parent,
    bytearray steps,
    int count,
    bytearray work,
    bytes needs,
    Seen seen,
    object edges,
    object boards,
)

cpdef int board_home(bytearray board)
