"""The solver processes: searches run there, never on a web worker's event loop.

A bounded pool: at most ``workers`` searches run at once and ``queued`` more wait; past that
a job is refused with :class:`Busy` (the API answers 503 "busy" with Retry-After) instead of
the server slowing down for everyone. Long jobs (reviews) may take all but one solver, so a
hint never waits behind them.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

logger = logging.getLogger(__name__)

T = TypeVar("T")

RETRY_AFTER_S = 2
"""What a refused job is told to wait before it asks again."""

SOLVERS_ENV = "PATIENCE_SOLVERS"


def default_solvers() -> int:
    """Solver processes a worker starts unless told: one per core, and at least two (so
    hints keep one while a review runs)."""
    return max(2, os.cpu_count() or 2)


class Busy(Exception):
    """Every solver is working and the queue is full: ask again in ``retry_after`` s."""

    def __init__(self, retry_after: int = RETRY_AFTER_S) -> None:
        super().__init__("the solvers are busy")
        self.retry_after = retry_after


class SolverPool:
    """Processes that run solver jobs (module-level functions of picklable arguments).

    >>> import math
    >>> pool = SolverPool(workers=1, queued=0)
    >>> pool.submit(math.factorial, 5).result()
    120
    >>> pool.close()
    """

    def __init__(self, workers: int, queued: int | None = None) -> None:
        if workers < 1:
            raise ValueError("a solver pool needs at least one process")
        self.workers = workers
        self.slots = workers + (2 * workers if queued is None else queued)
        """Jobs running or waiting at most."""
        self.long_slots = max(1, workers - 1)
        """Long jobs running or waiting at most."""
        self.in_flight = 0
        self.long_in_flight = 0
        self._counting = threading.Lock()
        """Jobs end on the executor's thread, while the event loop starts others."""
        self._executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        # Processes are spawned, not forked: a web worker has threads (the store's) that a
        # fork would copy in the middle of their work. They start when first needed.
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))

    def has_room(self, long: bool = False) -> bool:
        """Whether a job would be taken now."""
        if self.in_flight >= self.slots:
            return False
        return not long or self.long_in_flight < self.long_slots

    async def run(self, job: Callable[..., T], *args: Any, long: bool = False) -> T:
        """The job's result; :class:`Busy` when the pool is full. A cancelled caller leaves
        the job to finish (its slot is freed when it does)."""
        return await asyncio.wrap_future(self.submit(job, *args, long=long))

    def submit(self, job: Callable[..., T], *args: Any, long: bool = False) -> Future[T]:
        """Start the job, or :class:`Busy`."""
        with self._counting:
            if not self.has_room(long):
                raise Busy()
            self.in_flight += 1
            self.long_in_flight += long
        try:
            future = self._submit(job, *args)
        except BaseException:
            self._done(long)
            raise
        future.add_done_callback(lambda _: self._done(long))
        return future

    def _submit(self, job: Callable[..., T], *args: Any) -> Future[T]:
        try:
            return self._executor.submit(job, *args)
        except BrokenProcessPool:  # a solver process died (killed, out of memory): start anew
            logger.warning("a solver process died; starting the solvers anew")
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = self._start()
            return self._executor.submit(job, *args)

    def _done(self, long: bool) -> None:
        with self._counting:
            self.in_flight -= 1
            self.long_in_flight -= long

    def close(self) -> None:
        """Stop: waiting jobs are dropped and running ones are stopped with their processes,
        so that a server stops at once instead of after its longest job. Nothing is lost: by
        then no request waits for a job (the server answered them all before it closes the
        pool), a review stopped midway keeps its findings and starts anew when next opened,
        and the daily deals left ungraded are graded at the next start."""
        # Python 3.14 has ProcessPoolExecutor.terminate_workers; 3.11 only this mapping.
        # The executor then fails the jobs of the ended processes and its thread stops.
        for process in list((self._executor._processes or {}).values()):
            process.terminate()
        self._executor.shutdown(wait=True, cancel_futures=True)
