"""Many deals solved on all cores: per-deal records, totals and the win rate with its interval."""

from __future__ import annotations

import gc
import math
import multiprocessing
import statistics
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from patience.engine.game import start_position
from patience.games import get_game
from patience.games.registry import Options
from patience.solver.difficulty import grade_of
from patience.solver.result import Budget, Won

OUTCOMES = ("won", "unwinnable", "unknown")


@dataclass(frozen=True)
class DealRecord:
    """One deal's verdict, the work it took and its grade.

    ``seconds`` is wall-clock time; ``cpu_seconds`` the CPU time the solving process spent on
    the search, which a loaded machine does not inflate the way it inflates wall-clock time
    (``None`` in logs written before it was kept).
    """

    deal: int
    outcome: str
    nodes: int
    seconds: float
    moves: int
    grade: str
    cpu_seconds: float | None = None


@dataclass(frozen=True)
class Job:
    game: str
    options: Options
    deal: int
    budget: Budget


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a block, then restore it as it was.

    A search keeps every position it met alive until it ends, so the collector's passes cost much
    and free little; the search is the same either way (measured: docs/SOLVERS.md, "The collector
    paused around each search").
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def solve_job(job: Job) -> DealRecord:
    """Solve one deal (a top-level function so worker processes can run it)."""
    from patience.solver import searcher_for

    info = get_game(job.game)
    options = dict(job.options)
    searcher = searcher_for(info.rules(options))
    start = start_position(info, options, job.deal)
    cpu = time.process_time()
    with collector_paused():
        result = searcher.solve(start, job.budget)
    cpu = time.process_time() - cpu
    moves = 0
    if isinstance(result, Won):  # a win counts only if its moves replay to a won game
        position = start
        for move in result.moves:
            position = searcher.engine.play(position, move)
        if not searcher.engine.is_won(position):
            raise RuntimeError(f"{job.game} deal {job.deal}: the solver's win does not replay")
        moves = len(result.moves)
    grade = grade_of(result, info.skill).value
    return DealRecord(job.deal, result.name, result.nodes, result.seconds, moves, grade, cpu)


def solve_many(
    game: str,
    options: Mapping[str, str] | None,
    deals: Sequence[int],
    budget: Budget,
    jobs: int = 0,
    cluster: str | None = None,
) -> Iterator[DealRecord]:
    """Solve ``deals`` on ``jobs`` processes (0: every core), yielding records in deal order;
    or, given a Dask scheduler's address, on its cluster (:mod:`patience.solver.batch.cluster`),
    yielding each chunk of deals as it finishes."""
    canonical = get_game(game).canonical(options)
    work = [Job(game, canonical, deal, budget) for deal in deals]
    if cluster is not None:
        from patience.solver.batch.cluster import solve_on_cluster

        yield from solve_on_cluster(cluster, work)
        return
    workers = jobs or multiprocessing.cpu_count()
    if workers == 1:
        yield from map(solve_job, work)
        return
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap(solve_job, work, chunksize=1)


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Summary:
    """Totals over many deals.

    ``rate`` is won over decided deals (won or proven unwinnable) with its Wilson interval;
    ``lowest`` and ``highest`` count every unknown deal as lost, then as won.
    """

    deals: int
    won: int
    unwinnable: int
    unknown: int
    rate: float
    interval: tuple[float, float]
    lowest: float
    highest: float
    mean_seconds: float
    median_seconds: float
    p95_seconds: float
    max_seconds: float


def summarize(records: Sequence[DealRecord]) -> Summary:
    """Totals, the win rate and the time per deal."""
    count = {name: sum(1 for r in records if r.outcome == name) for name in OUTCOMES}
    decided = count["won"] + count["unwinnable"]
    times = sorted(r.seconds for r in records) or [0.0]
    n = len(records)
    return Summary(
        deals=n,
        won=count["won"],
        unwinnable=count["unwinnable"],
        unknown=count["unknown"],
        rate=count["won"] / decided if decided else 0.0,
        interval=wilson(count["won"], decided),
        lowest=count["won"] / n if n else 0.0,
        highest=(count["won"] + count["unknown"]) / n if n else 0.0,
        mean_seconds=statistics.fmean(times),
        median_seconds=statistics.median(times),
        p95_seconds=percentile(times, 0.95),
        max_seconds=times[-1],
    )


def percentile(sorted_values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return 0.0
    index = max(0, math.ceil(share * len(sorted_values)) - 1)
    return sorted_values[index]
