"""The solver kernel: one compact state, one move generator, one transposition table and one
search framework, all read from the engine's compiled tables; families plug in as hooks.

Modules, one concept each: :mod:`.tables` (what the kernel reads of an engine),
:mod:`.state` (the compact state, a step and the states met), :mod:`.positions` (to and
from the engine), :mod:`.moves` (the generator), :mod:`.search` (scans, their hooks and
proofs), :mod:`.compiled` (which copy of the hot modules is loaded).
(docs/SOLVERS.md, "The kernel")
"""

from patience.solver.kernel.compiled import install

install()
