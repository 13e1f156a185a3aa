"""Many deals solved on a Dask distributed cluster: chunks of deals handed to its workers,
on as many machines as it has, each chunk's records coming back as soon as it is done.

The workers run the same :func:`~patience.solver.batch.stats.solve_job` as the local process pool,
so a deal gets the same verdict on a cluster as on one machine (node budgets; a time budget
depends on the machine). Dask runs a chunk again when its worker dies; a run that is stopped
keeps what its log holds (:mod:`patience.solver.batch.deal_log`). The workers need this package,
at the same version, installed where they run.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from patience.solver.batch.stats import DealRecord, Job, solve_job

CHUNK = 50
"""Deals per task: enough that the scheduler's cost per task (milliseconds) is small beside
the solving, few enough that the workers finish together and a lost worker loses little."""


def solve_chunk(jobs: Sequence[Job]) -> list[DealRecord]:
    """Solve one chunk of deals, on a worker."""
    return [solve_job(job) for job in jobs]


def solve_on_cluster(address: str, work: Sequence[Job], chunk: int = CHUNK) -> Iterator[DealRecord]:
    """Solve ``work`` on the cluster whose scheduler is at ``address``, yielding each chunk's
    records (in deal order within it) as the chunk finishes."""
    from distributed import Client, as_completed

    with Client(address) as client:
        chunks = [list(work[n : n + chunk]) for n in range(0, len(work), chunk)]
        futures = [client.submit(solve_chunk, part, pure=False) for part in chunks]
        for future in as_completed(futures):
            yield from future.result()
