# The scans call the generator and the states met in C, and a family's hooks through the C
# methods of Score and Restrict, which the families' classes override. The frontier and its
# best-first orders serve the families' own searches too (spider/search.py).
from patience.solver.kernel cimport moves, state
from patience.solver.kernel.states cimport States

cdef class Score:
    cdef int rank(self, const unsigned char *q) noexcept

cdef class Restrict:
    cdef int narrow(
        self, const unsigned char *q, unsigned char *steps, const unsigned char *marks, int count
    ) noexcept

cdef long long best_first(long long score, long long node)
cdef long long best_first_score(long long order)
cdef long long best_first_node(long long order)

cdef class Frontier:
    cdef readonly Py_ssize_t size
    cdef list orders
    cdef bytearray heap

    cpdef push(self, long long order)
    cpdef long long pop(self)
