# The Nationale family's best-first walk (nationale/walk.py) in C: its tables, its frontier
# and the methods that make and queue a board's children; the score is called in C.

cimport cython

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
    cdef list receivers
    cdef list unders
    cdef bint alike_gaps
    cdef tuple heads
    cdef bint swaps
    cdef tuple alone
    cdef tuple groups
    cdef tuple lines
    cdef list parents
    cdef list edges
    cdef list boards
    cdef list redeals_of
    cdef set seen
    cdef list frontier
    cdef readonly object line

    cpdef int step(self)
    cdef bint _transfers(self, Py_ssize_t node, object board, int redeals)
    cdef bint _child(self, Py_ssize_t node, object line, object child, int redeals, bint home)
    cdef object _moved(self, object board, Py_ssize_t src, Py_ssize_t dst)
    cdef bint _won(self, object board)
    cpdef bytes key(self, object board, int redeals)
    cdef object _line_to(self, Py_ssize_t node, object last)
