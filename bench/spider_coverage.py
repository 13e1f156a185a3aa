"""Coverage of the Spider searcher for each suit option, every win replayed; optionally old
code against new in one run.

    .venv/bin/python bench/spider_coverage.py [--deals 100] [--first 1] [--suits 1,2,4]
        [--seconds 5] [--nodes 100000000] [--jobs 1] [--old OLD/src [--chunk 10]]

For each suit option: deals won, proven unwinnable and unknown within the limit a deal, the
share decided, median / p95 / max wall seconds a deal, the same for CPU seconds
(time.process_time in the process that solved the deal), mean moves of a win, failed replays
(every win is played through Engine.play), the load average when the option finished. One
process by default; ``--jobs`` runs deals side by side. ``--seconds 0`` drops the clock: the
node budget alone stops a search, so every run gives the same verdicts.

``--old OLD/src`` compares two checkouts (e.g. ``git clone -q /work/main /tmp/spider_old``):
chunks of ``--chunk`` deals run in a child process on each side's sources, old and new taking
turns (which goes first alternates), so the machine's load falls on both alike; one line a side
per suit option, then the ratio of their CPU seconds. ``--suits`` may give each option its
own deal count and node budget, ``SUITS[:DEALS[:NODES]]``, e.g. the fifth session's
comparison::

    bench/spider_coverage.py --old /tmp/spider_old/src --seconds 0 \\
        --suits 1:200:50000,2:100:50000,4:50:50000

and the sixth's (sequence moves), the same with ``--suits 4:100:50000,2:100:50000,1:200:50000``
and again with ``--first 1001 --suits 4:100:50000``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import time

from checkouts import run_on
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


def report(label: str, rows: list[Row], elapsed: float) -> str:
    """One line of figures for one suit option (and one side, when comparing)."""
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
        f"{label:>9}{won:>6}{proven:>8}{unknown:>9}{(won + proven) / len(rows):>9.1%}"
        f"{statistics.median(wall):>10.2f}{_quantile(wall, 0.95):>7.2f}{max(wall):>7.2f}"
        f"{statistics.median(cpu):>8.3f}{_quantile(cpu, 0.95):>7.2f}{max(cpu):>7.2f}"
        f"{sum(cpu):>8.1f}{mean_moves:>7.0f}{bad:>5}{load:>6.1f}  ({elapsed:.0f} s)"
    )


HEADER = (
    f"{'suits':>9}{'won':>6}{'unwin.':>8}{'unknown':>9}{'decided':>9}"
    f"{'wall med':>10}{'p95':>7}{'max':>7}{'cpu med':>8}{'p95':>7}{'max':>7}"
    f"{'cpu sum':>8}{'moves':>7}{'bad':>5}{'load':>6}"
)


def worker(suits: str, deals: list[int], budget: Budget) -> None:
    """Solve the deals with the ``patience`` on ``sys.path``; one JSON row a line."""
    for deal in deals:
        print(json.dumps(solve_one((suits, deal, budget))), flush=True)


def solve_on(src: str, suits: str, deals: list[int], budget: Budget) -> list[Row]:
    """Solve the deals in a child process on the sources in ``src``."""
    seconds = budget.seconds or 0
    args = ["--worker", suits, ",".join(map(str, deals))]
    args += ["--nodes", str(budget.nodes), "--seconds", str(seconds)]
    return [tuple(line) for line in run_on(src, __file__, args)]


def compare(old: str, suits: str, deals: list[int], budget: Budget, chunk: int) -> None:
    """Old and new sources on the same deals, chunk by chunk in turns; a line each."""
    new = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
    rows: dict[str, list[Row]] = {"old": [], "new": []}
    began = time.perf_counter()
    for turn, lo in enumerate(range(0, len(deals), chunk)):
        sides = [("old", old), ("new", new)]
        for name, src in sides if turn % 2 == 0 else sides[::-1]:
            rows[name] += solve_on(src, suits, deals[lo : lo + chunk], budget)
    elapsed = time.perf_counter() - began
    for name in ("old", "new"):
        print(report(f"{suits} {name}", rows[name], elapsed), flush=True)
    cpu_old, cpu_new = (sum(r[2] for r in rows[name]) for name in ("old", "new"))
    print(f"{'':>9}CPU old/new {cpu_old / max(cpu_new, 1e-9):.2f}x", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=1, help="first deal number")
    parser.add_argument(
        "--suits", default="1,2,4", help="comma-separated suit options, each SUITS[:DEALS[:NODES]]"
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=5.0,
        help="wall-clock limit a deal; 0 for none (deterministic)",
    )
    parser.add_argument("--nodes", type=int, default=100_000_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--old", help="the old code's src directory: compare old and new")
    parser.add_argument("--chunk", type=int, default=10, help="deals a turn when comparing")
    parser.add_argument("--worker", nargs=2, metavar=("SUITS", "DEALS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        suits, deal_text = args.worker
        worker(
            suits, [int(d) for d in deal_text.split(",")], Budget(args.nodes, args.seconds or None)
        )
        return 0
    if args.chunk < 1:
        parser.error("--chunk must be at least 1")
    print(
        f"Spider from deal {args.first}, {args.jobs} process(es), {args.seconds} s a deal; "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(HEADER)
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 and not args.old else None
    try:
        for item in filter(None, args.suits.split(",")):
            suits, *rest = item.split(":")
            count = int(rest[0]) if rest else args.deals
            nodes = int(rest[1]) if len(rest) > 1 else args.nodes
            budget = Budget(nodes, args.seconds or None)
            deals = list(range(args.first, args.first + count))
            if args.old:
                print(f"{suits} suit(s): deals {deals[0]}..{deals[-1]}, {nodes} nodes a deal")
                compare(args.old, suits, deals, budget, args.chunk)
                continue
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
