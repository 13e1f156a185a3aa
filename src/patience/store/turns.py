"""Writers of one SQLite file taking turns across processes, by a lock the kernel hands on.

Each server worker has its own writer thread (:mod:`patience.store.runner`). When two of
them write the same SQLite file at once, SQLite makes the second wait for its lock by
sleeping and trying again, for up to tens of milliseconds a try, long after the first has
committed: under load, most of a writer's time went to these sleeps (a group's statements
took 1.5 ms at the median and 80-106 ms at the 99th percentile, docs/DUELS.md). So each
writer first takes an exclusive ``flock`` on a file beside the database, which the kernel
hands to the next waiting process the moment it is let go, and holds it until its commit
ends. SQLite's own wait still covers other programs writing the file.

>>> import tempfile, pathlib
>>> turns = WriterTurns(pathlib.Path(tempfile.mkdtemp()) / "patience.db")
>>> with turns:
...     turns.path.name
'patience.db.writing'
>>> turns.close()
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from types import TracebackType


def turns_file(database: Path) -> Path:
    """The lock file of the writers of ``database``.

    >>> turns_file(Path("data/patience.sqlite3")).name
    'patience.sqlite3.writing'
    """
    return database.with_name(database.name + ".writing")


class WriterTurns:
    """The turn to write the SQLite file at ``database``, as a context manager (blocking)."""

    def __init__(self, database: Path) -> None:
        self.path = turns_file(database)
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)

    def __enter__(self) -> None:
        fcntl.flock(self._fd, fcntl.LOCK_EX)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        fcntl.flock(self._fd, fcntl.LOCK_UN)

    def close(self) -> None:
        """Let the lock file go (the turn must not be held)."""
        os.close(self._fd)
