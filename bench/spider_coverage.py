"""Coverage of the Spider searcher for each suit option, every win replayed.

    .venv/bin/python bench/spider_coverage.py [--deals 100] [--first 1] [--suits 1,2,4]
        [--seconds 5] [--nodes 100000000] [--jobs 1]

For each suit option: deals won, proven unwinnable and unknown within the limit a deal, the
share decided, median / p95 / max wall seconds a deal, the same for CPU seconds
(time.process_time in the process that solved the deal), the load average when the option
finished, and a check that every win replays through Engine.play to a won position (a failed
replay is counted and reported). One process by default; ``--jobs`` runs deals side by side.
``--seconds 0`` drops the clock: the node budget alone stops a search, so every run gives the
same verdicts (bench/same_search.py compares two checkouts that way).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time

from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver import Budget, Won, searcher_for
from replay import replays_to_win

Row = tuple[str, float, float, bool, int]
"""Verdict, wall seconds, CPU seconds, whether a win replays, moves in the win."""


def solve_one(job: tuple[str, int, Budget]) -> Row:
    """Solve one deal of Spider with this many suits."""
    suits, deal, budget = job
    info = get_game("spider")
    options = {"suits": suits}
    rules = info.rules(options)
    start = start_position(info, options, deal)
    cpu = time.process_time()
    result = searcher_for(rules).solve(start, budget)
    cpu = time.process_time() - cpu
    replays = not isinstance(result, Won) or replays_to_win(engine_for(rules), start, result.moves)
    moves = len(result.moves) if isinstance(result, Won) else 0
    return result.name, result.seconds, cpu, replays, moves


def _quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * int(share * 100) // 100) - 1)]


def report(suits: str, rows: list[Row], elapsed: float) -> str:
    """One line of figures for one suit option."""
    won = sum(r[0] == "won" for r in rows)
    proven = sum(r[0] == "unwinnable" for r in rows)
    unknown = len(rows) - won - proven
    wall = [r[1] for r in rows]
    cpu = [r[2] for r in rows]
    bad = sum(not r[3] for r in rows)
    lengths = [r[4] for r in rows if r[0] == "won"]
    mean_moves = statistics.mean(lengths) if lengths else 0.0
    load = os.getloadavg()[0]
    return (
        f"{suits:>5}{won:>6}{proven:>8}{unknown:>9}{(won + proven) / len(rows):>9.1%}"
        f"{statistics.median(wall):>10.2f}{_quantile(wall, 0.95):>7.2f}{max(wall):>7.2f}"
        f"{statistics.median(cpu):>8.2f}{_quantile(cpu, 0.95):>7.2f}{max(cpu):>7.2f}"
        f"{mean_moves:>7.0f}{bad:>6}{load:>6.1f}  ({elapsed:.0f} s)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=1, help="first deal number")
    parser.add_argument("--suits", default="1,2,4", help="comma-separated suit options")
    parser.add_argument(
        "--seconds",
        type=float,
        default=5.0,
        help="wall-clock limit a deal; 0 for none (deterministic)",
    )
    parser.add_argument("--nodes", type=int, default=100_000_000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    budget = Budget(args.nodes, args.seconds or None)
    deals = range(args.first, args.first + args.deals)
    print(
        f"Spider deals {deals.start}..{deals.stop - 1}, {args.jobs} process(es), "
        f"{args.seconds} s / {args.nodes} nodes a deal"
    )
    print(
        f"{'suits':>5}{'won':>6}{'unwin.':>8}{'unknown':>9}{'decided':>9}"
        f"{'wall med':>10}{'p95':>7}{'max':>7}{'cpu med':>8}{'p95':>7}{'max':>7}"
        f"{'moves':>7}{'bad':>6}{'load':>6}"
    )
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    try:
        for suits in filter(None, args.suits.split(",")):
            began = time.perf_counter()
            jobs = [(suits, deal, budget) for deal in deals]
            rows = pool.map(solve_one, jobs, chunksize=1) if pool else list(map(solve_one, jobs))
            print(report(suits, rows, time.perf_counter() - began), flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
