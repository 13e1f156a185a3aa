# The scans call the generator, the table and the children of a board in C.
from patience.solver.kernel cimport moves
from patience.solver.kernel.state cimport Seen, board_home, fresh
