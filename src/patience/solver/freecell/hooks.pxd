# The FreeCell family's hooks, overriding the kernel's C methods (kernel/search.pxd).
from patience.solver.kernel.search cimport Restrict, Score

cdef class Ranking(Score):
    cdef int w_home
    cdef int w_buried
    cdef int w_disorder
    cdef int w_free
    cdef int w_empty
    cdef int w_breaks
    cdef unsigned int jitter
    cdef unsigned int seed
    cdef bytes fits

cdef class WholeRuns(Restrict):
    cdef bytes limits
