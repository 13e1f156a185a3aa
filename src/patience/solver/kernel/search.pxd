# The scans call the generator and the states met in C, and a family's hooks through the C
# methods of Score and Restrict, which the families' classes override.
from patience.solver.kernel cimport moves, state
from patience.solver.kernel.states cimport States

cdef class Score:
    cdef int rank(self, const unsigned char *q) noexcept

cdef class Restrict:
    cdef int narrow(
        self, const unsigned char *q, unsigned char *steps, const unsigned char *marks, int count
    ) noexcept
