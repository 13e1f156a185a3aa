# The Nationale family's board score (nationale/score.py) in C: its weights and the piles it reads.

cimport cython

@cython.final
cdef class BoardScore:
    cdef readonly object board_rules
    cdef readonly long long depth
    cdef readonly long long full_cell
    cdef readonly long long gap
    cdef tuple tableau
    cdef tuple cells
    cdef tuple foundations
    cdef dict tables

    cpdef long long of(self, object board)
    cpdef long long after_move(self, long long before, bint to_home, bint onto_gap, bint from_home, bint emptied)
