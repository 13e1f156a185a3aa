# The Nationale family's board keys (nationale/keys.py) in C: which piles a key reads, and how.

cimport cython

@cython.final
cdef class BoardKey:
    cdef readonly bytes heads
    cdef readonly bint swaps
    cdef readonly tuple alone
    cdef readonly tuple groups

    cpdef bytes of(self, object board, int redeals)
