# The Nationale family's best-first walk (nationale/walk.py) in C: its tables, its frontier
# and the methods that make and queue a board's children; the keys and score are called in C.

cimport cython
from libc.string cimport memcpy

from patience.solver.nationale.keys cimport BoardKey
from patience.solver.nationale.score cimport BoardScore

@cython.final
cdef class BoardWalk:
    cdef readonly object board_rules
    cdef BoardScore score
    cdef object forced
    cdef bint digs
    cdef tuple sources
    cdef Py_ssize_t piles
    cdef Py_ssize_t stock
    cdef bytes refill
    cdef list starts
    cdef bytes tableau
    cdef bytes home
    cdef tuple cells
    cdef tuple outside
    cdef list unders
    cdef bint alike_gaps
    cdef BoardKey keys
    cdef bytes foundations
    cdef dict homes_by
    cdef tuple lines
    cdef list parents
    cdef list edges
    cdef list boards
    cdef list redeals_of
    cdef set seen
    cdef list frontier
    cdef readonly object line
    cdef bint sorted
    cdef list receiver_piles
    cdef bytearray top_of
    cdef bint plain
    cdef bytes key_at
    cdef bytearray buffer

    cpdef int step(self)
    cdef bint _transfers(self, Py_ssize_t node, tuple board, int redeals, long long entry)
    cdef object _homes(self, tuple board)
    cdef bint _to(self, Py_ssize_t node, tuple board, bytearray order, Py_ssize_t src, Py_ssize_t dst, int redeals, long long here)
    cdef bint _sorted_child(self, Py_ssize_t node, tuple board, bytearray order, Py_ssize_t src, Py_ssize_t dst, int redeals, long long here)
    cdef bytearray _order(self, tuple board, object piles)
    cdef Py_ssize_t _sorted_key(self, tuple board, bytearray order, Py_ssize_t src, Py_ssize_t dst, int card, int redeals)
    cdef bint _child(self, Py_ssize_t node, object line, object child, int redeals, bint home)
    cdef void _queue(self, Py_ssize_t node, object line, object child, int redeals, long long worth)
    cdef object _moved(self, tuple board, Py_ssize_t src, Py_ssize_t dst)
    cdef bint _won(self, tuple board)
    cdef object _line_to(self, Py_ssize_t node, object last)

cdef bint _before(const unsigned char* a, Py_ssize_t a_n, int a_extra, const unsigned char* b, Py_ssize_t b_n, int b_extra) noexcept
cdef Py_ssize_t _put(unsigned char* out, Py_ssize_t at, const unsigned char* p, Py_ssize_t n, int extra, bint first) noexcept
