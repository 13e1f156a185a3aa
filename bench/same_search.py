"""A searcher made faster must search the same: old code against new, deal by deal, and the CPU
each side spent.

    .venv/bin/python bench/same_search.py --old /tmp/old/src [--new src] [--chunk 25]
        [--repeat 1] [--verdicts] --set SPEC:DEALS:NODES [--set ...]

Each ``--set`` names a game spec (``klondike:draw=1,passes=1``, ``spider:suits=2``,
``nationale``), its deals (a range ``FIRST-LAST`` or a list ``A,B,C``) and a node budget, e.g.
``--set klondike:draw=3:1-100:15000``. With a node budget alone a search is deterministic, so
old and new must give the same outcome, the same node count and the same moves on every deal;
the script names each deal where they differ and exits 1 if any does. Where a searcher was
replaced by another that searches differently, ``--verdicts`` compares the outcomes alone.
Chunks of deals run in one process at a time, old and new taking turns (which goes first
alternates), so the machine's load falls on both alike; with ``--repeat N`` each side solves
every chunk N times and each deal keeps its least CPU time (a shared machine's load only ever
adds). Prints each side's CPU seconds (``time.process_time`` in the worker, around the solve
only), their ratio and the load average. Used this way in the fourth session (OLD a clone of
6d40d07)::

    bench/same_search.py --old OLD/src --repeat 2 --set klondike:1-300:15000 \\
        --set klondike:draw=3:1-100:15000 --set klondike:passes=1:1-100:15000
    bench/same_search.py --old OLD/src --set nationale:1-300:60000 --set caprice:1-100:20000
    bench/same_search.py --old OLD/src --set spider:suits=1:1-100:20000
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import time
from pathlib import Path

from checkouts import run_on

Answer = tuple[int, str, int, str, float]
"""A deal, its outcome, the nodes searched, a digest of the winning moves, and CPU seconds."""


def worker(spec: str, deals: list[int], nodes: int) -> None:
    """Solve the deals with the ``patience`` on ``sys.path``; print one JSON line a deal."""
    from patience.engine.game import start_position
    from patience.notation import parse_game_spec
    from patience.solver import Budget, Won, searcher_for

    info, options = parse_game_spec(spec)
    searcher = searcher_for(info.rules(options))
    budget = Budget(nodes=nodes)
    for deal in deals:
        start = start_position(info, options, deal)
        cpu = time.process_time()
        result = searcher.solve(start, budget)
        cpu = time.process_time() - cpu
        moves = " ".join(map(str, result.moves)) if isinstance(result, Won) else ""
        digest = hashlib.sha256(moves.encode()).hexdigest()[:16]
        print(json.dumps([deal, result.name, result.nodes, digest, cpu]), flush=True)


def deal_numbers(text: str) -> list[int]:
    """``3-5`` is deals 3, 4 and 5; ``3,7`` is deals 3 and 7."""
    if "-" in text:
        first, last = map(int, text.split("-"))
        return list(range(first, last + 1))
    return [int(d) for d in text.split(",")]


def solve_on(src: str, spec: str, deals: list[int], nodes: int) -> list[Answer]:
    """Run a worker on the sources in ``src``."""
    lines = run_on(src, __file__, ["--worker", spec, ",".join(map(str, deals)), str(nodes)])
    return [tuple(line) for line in lines]


def least_cpu(runs: list[list[Answer]]) -> list[Answer]:
    """The first run's answers, each with the least CPU time any run took over its deal."""
    return [(*answers[0][:4], min(a[4] for a in answers)) for answers in zip(*runs, strict=True)]


def compare(args: argparse.Namespace) -> int:
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    wall = time.perf_counter()
    total = {"old": 0.0, "new": 0.0}
    differ = turn = 0
    for item in args.sets:
        spec, deal_text, nodes_text = item.rsplit(":", 2)
        deals, nodes = deal_numbers(deal_text), int(nodes_text)
        cpu = {"old": 0.0, "new": 0.0}
        outcomes: dict[str, int] = {}
        for lo in range(0, len(deals), args.chunk):
            chunk = deals[lo : lo + args.chunk]
            sides = [("old", args.old), ("new", args.new)]
            runs: dict[str, list[list[Answer]]] = {"old": [], "new": []}
            for _ in range(args.repeat):
                for name, src in sides if turn % 2 == 0 else sides[::-1]:
                    runs[name].append(solve_on(src, spec, chunk, nodes))
                turn += 1
            old, new = least_cpu(runs["old"]), least_cpu(runs["new"])
            for a, b in zip(old, new, strict=True):
                if a[1:2] != b[1:2] if args.verdicts else a[:4] != b[:4]:
                    differ += 1
                    print(f"  DIFFER {spec} deal {a[0]}: old {a[1:4]}, new {b[1:4]}")
                outcomes[b[1]] = outcomes.get(b[1], 0) + 1
                cpu["old"] += a[4]
                cpu["new"] += b[4]
        total["old"] += cpu["old"]
        total["new"] += cpu["new"]
        print(
            f"{spec} deals {deal_text}, {nodes} nodes: {outcomes}; CPU old {cpu['old']:.1f} s, "
            f"new {cpu['new']:.1f} s, old/new {cpu['old'] / max(cpu['new'], 1e-9):.2f}x",
            flush=True,
        )
    print(
        f"total CPU old {total['old']:.1f} s, new {total['new']:.1f} s, "
        f"old/new {total['old'] / max(total['new'], 1e-9):.2f}x; deals differing: {differ}; "
        f"{time.perf_counter() - wall:.0f} s wall; "
        f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", help="the old code's src directory")
    parser.add_argument("--new", default=str(Path(__file__).resolve().parent.parent / "src"))
    parser.add_argument("--chunk", type=int, default=25)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--verdicts", action="store_true", help="compare the outcomes alone")
    parser.add_argument("--set", action="append", dest="sets", metavar="SPEC:DEALS:NODES")
    parser.add_argument("--worker", nargs=3, metavar=("SPEC", "DEALS", "NODES"))
    args = parser.parse_args()
    if args.worker:
        spec, deals, nodes = args.worker
        worker(spec, deal_numbers(deals), int(nodes))
        return 0
    if not args.old or not args.sets:
        parser.error("--old and at least one --set are required")
    if args.repeat < 1 or args.chunk < 1:
        parser.error("--repeat and --chunk must be at least 1")
    return compare(args)


if __name__ == "__main__":
    raise SystemExit(main())
