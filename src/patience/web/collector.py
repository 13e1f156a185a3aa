"""The garbage collector tuned for a server that keeps many live games in memory.

Python's cyclic collector runs its youngest generation after every 700 net allocations and
scans everything older from time to time. A worker keeps thousands of games (see
:mod:`patience.web.service`), so those full scans grow with the cache while a move makes
few cycles: answers are trees of dicts and lists freed by reference counting. The server
therefore moves what it built at start (imports, compiled rules, the app) out of the
collector's sight with :func:`gc.freeze` and collects the youngest generation less often.

>>> with tuned_collector():
...     gc.get_threshold()[0] == YOUNGEST
True
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

YOUNGEST = 20_000
"""Net allocations between two collections of the youngest generation (Python's: 700)."""
OLDER = 20
"""Collections of a generation between two of the next older one (Python's: 10)."""


@contextlib.contextmanager
def tuned_collector() -> Iterator[None]:
    """While the server runs: what exists now frozen, collections rarer; as before after."""
    before = gc.get_threshold()
    gc.freeze()  # without collecting first: cheap, at the cost of what start-up left over
    gc.set_threshold(YOUNGEST, OLDER, OLDER)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
