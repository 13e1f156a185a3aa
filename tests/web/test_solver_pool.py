"""The solver pool: jobs run on other processes, a full pool refuses at once, long jobs
leave a solver free, a dead solver process is replaced, and closing stops running jobs."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from fresh_loop import run_async
from patience.web.solver_pool import Busy, SolverPool


@pytest.fixture
def pool() -> Iterator[SolverPool]:
    made = SolverPool(workers=2, queued=1)
    yield made
    made.close()


def test_a_job_runs_on_another_process(pool: SolverPool) -> None:
    assert run_async(pool.run(os.getpid)) != os.getpid()


def test_a_full_pool_refuses_at_once_and_takes_jobs_again_when_they_end(pool: SolverPool) -> None:
    running = [pool.submit(time.sleep, 0.5) for _ in range(pool.slots)]
    assert not pool.has_room()
    with pytest.raises(Busy) as refused:
        pool.submit(time.sleep, 0)
    assert refused.value.retry_after > 0
    for job in running:
        job.result()
    assert pool.in_flight == 0
    assert pool.submit(abs, -3).result() == 3


def test_long_jobs_leave_a_solver_for_short_ones(pool: SolverPool) -> None:
    long = pool.submit(time.sleep, 0.5, long=True)
    assert not pool.has_room(long=True)
    with pytest.raises(Busy):
        pool.submit(time.sleep, 0, long=True)
    assert pool.submit(abs, -1).result() == 1  # a hint, while the review runs
    long.result()
    assert pool.has_room(long=True)


def test_a_dead_solver_process_is_replaced(pool: SolverPool) -> None:
    dying = pool.submit(os._exit, 1)
    with pytest.raises(Exception, match="terminated abruptly"):
        dying.result()
    assert pool.in_flight == 0
    assert pool.submit(abs, -2).result() == 2


def test_a_pool_needs_a_process() -> None:
    with pytest.raises(ValueError, match="at least one"):
        SolverPool(workers=0)


def test_closing_stops_a_running_job_instead_of_waiting_for_it() -> None:
    pool = SolverPool(workers=1, queued=0)
    pid = pool.submit(os.getpid).result()  # the process is up: the next job starts at once
    endless = pool.submit(time.sleep, 120)  # closing used to wait for it, then see it end
    while not endless.running():
        time.sleep(0.01)
    pool.close()
    assert endless.done() and endless.exception() is not None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
