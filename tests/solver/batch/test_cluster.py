"""Batch solving on a Dask cluster (a local one, started by the test: a scheduler and two
worker processes on loopback): the same verdicts as one machine, chunk by chunk, and a run
stopped half way and started again with its log solves only the deals it lacks
(tests/cli/test_stats.py)."""

from __future__ import annotations

from dataclasses import replace

from patience.solver.batch.stats import DealRecord, solve_many
from patience.solver.result import Budget


def _verdicts(records: list[DealRecord]) -> list[DealRecord]:
    """The records without the clocks (which differ from run to run)."""
    return sorted(
        (replace(r, seconds=0.0, cpu_seconds=None) for r in records), key=lambda r: r.deal
    )


def test_a_cluster_gives_the_verdicts_of_one_machine(dask_cluster: str) -> None:
    deals = range(1, 71)  # two chunks of 50, the last short
    budget = Budget(5_000)
    here = list(solve_many("pyramid", {}, deals, budget, jobs=1))
    there = list(solve_many("pyramid", {}, deals, budget, cluster=dask_cluster))
    assert _verdicts(there) == _verdicts(here)
    assert {r.outcome for r in here} >= {"won", "unwinnable"}  # the test sees both kinds
