# The states a scan has met, for the scans (kernel/search.py) to read and add to in C.
from patience.solver.kernel cimport state
from patience.solver.kernel.state cimport Seen

cdef class States:
    cdef readonly int count
    cdef int size
    cdef Seen seen
    cdef bytearray boards
    cdef bytearray links
    cdef bytearray played
    cdef list board_list
    cdef list parent_list
    cdef list played_list

    cdef void _check(self, int node) except *
    cpdef int home(self, int node)
    cdef unsigned char *at(self, int node) noexcept
    cdef void _room(self, int more) except *
    cpdef int add(self, int node, bytearray steps, int count, bytearray work, bytes needs)
