# What the pyramid search (removal/pyramid.py) calls in C.

cpdef unsigned long long reachable(
    bytes ranks, unsigned long long talon, int cut, int draw, unsigned long long removable
)
