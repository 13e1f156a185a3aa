# A line of steps is played on a board with the kernel's C step (kernel/state.py).
from patience.solver.kernel cimport state as kernel_state

cdef object _move(int src, int dst, int count)
