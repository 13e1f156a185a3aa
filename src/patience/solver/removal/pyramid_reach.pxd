# What the pyramid search (removal/pyramid.py) calls in C, and the bits it reads in C.

from patience.solver.removal cimport bits

cpdef unsigned long long reachable(
    bytes ranks, unsigned long long talon, int cut, int draw, unsigned long long removable
)
