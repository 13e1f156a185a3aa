"""Klondike with limited passes: decided deals, nodes and CPU seconds at a fixed node budget.

    .venv/bin/python bench/klondike_limited_passes.py [--draw 1] [--passes 1] [--deals 1-100]
        [--nodes 20000] [--seconds S] [--set dig_share=0.6 ...] [--per-deal]
        [--old OLD/src [--chunk 10]]

Without ``--seconds`` there is no clock: ``--nodes`` alone bounds each deal, so the verdicts
and node counts are the same on every machine and load (CPU seconds, ``time.process_time``,
are not); with it each deal also stops after S seconds of wall clock (as the win-rate runs
do). ``--set NAME=VALUE`` sets an attribute of the searcher before the run (e.g.
``dig_share=0``, ``dig_narrow=False``), to compare settings on the same deals. ``--old SRC``
compares old code with this one in one run: chunks of deals are solved by a worker process
on each code in turn (which goes first alternates), so the machine's load falls on both
alike, and both summaries are printed, with the deals whose verdicts differ.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import sys
import time
from pathlib import Path

from checkouts import run_on

Answer = tuple[int, str, int, float]
"""A deal, its outcome (won, lost or unknown), the nodes searched and the CPU seconds."""


def solve(args: argparse.Namespace, deals: list[int]) -> list[Answer]:
    """Solve ``deals`` with the ``patience`` on ``sys.path`` (printing each when asked)."""
    from patience.engine.game import start_position
    from patience.games import get_game
    from patience.solver import Budget, searcher_for
    from patience.solver.result import ProvenUnwinnable, Won

    info = get_game("klondike")
    options = {"draw": args.draw, "passes": args.passes}
    searcher = searcher_for(info.rules(options))
    for setting in args.set:
        name, value = setting.split("=", 1)
        if not hasattr(searcher, name):
            raise SystemExit(f"the searcher has no attribute {name!r}")
        setattr(searcher, name, ast.literal_eval(value))
    out: list[Answer] = []
    for deal in deals:
        pos = start_position(info, options, deal)
        t = time.process_time()
        result = searcher.solve(pos, Budget(nodes=args.nodes, seconds=args.seconds))
        spent = time.process_time() - t
        kind = (
            "won"
            if isinstance(result, Won)
            else "lost"
            if isinstance(result, ProvenUnwinnable)
            else "unknown"
        )
        out.append((deal, kind, result.nodes, spent))
        if args.per_deal and not args.worker:
            print(f"deal {deal}: {kind} {result.nodes} nodes {spent:.2f} CPU s", flush=True)
    return out


def solve_on(src: str, deals: list[int]) -> list[Answer]:
    """Run this script as a worker on the sources in ``src``, with the same arguments."""
    lines = run_on(src, __file__, [*sys.argv[1:], "--worker", ",".join(map(str, deals))])
    return [tuple(line) for line in lines]


def summary(args: argparse.Namespace, name: str, answers: list[Answer]) -> None:
    counts = {"won": 0, "lost": 0, "unknown": 0}
    nodes = {"won": 0, "lost": 0, "unknown": 0}
    for _, kind, searched, _ in answers:
        counts[kind] += 1
        nodes[kind] += searched
    cpu = sum(a[3] for a in answers)
    decided = counts["won"] + counts["lost"]
    print(
        f"  {name}decided {decided}/{len(answers)} (won {counts['won']}, lost {counts['lost']}, "
        f"unknown {counts['unknown']}); nodes won {nodes['won']}, lost {nodes['lost']}, "
        f"unknown {nodes['unknown']}; CPU {cpu:.1f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draw", default="1", choices=("1", "3"))
    parser.add_argument("--passes", default="1", choices=("1", "3", "unlimited"))
    parser.add_argument("--deals", default="1-100", help="FIRST-LAST")
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--seconds", type=float, default=None, help="a clock too")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--per-deal", action="store_true", help="print a line per deal")
    parser.add_argument("--old", help="the old code's src directory, to compare with")
    parser.add_argument("--new", default=str(Path(__file__).resolve().parent.parent / "src"))
    parser.add_argument("--chunk", type=int, default=10, help="deals a worker solves")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        for answer in solve(args, [int(d) for d in args.worker.split(",")]):
            print(json.dumps(answer), flush=True)
        return 0
    first, last = (int(x) for x in args.deals.split("-"))
    deals = list(range(first, last + 1))
    began = time.perf_counter()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"draw {args.draw} passes {args.passes} deals {args.deals} nodes {args.nodes} "
        f"seconds {args.seconds} {' '.join(args.set) or '(defaults)'}; load average {load}"
    )
    if not args.old:
        summary(args, "", solve(args, deals))
    else:
        runs: dict[str, list[Answer]] = {"old": [], "new": []}
        sides = [("old", args.old), ("new", args.new)]
        for turn, lo in enumerate(range(0, len(deals), args.chunk)):
            chunk = deals[lo : lo + args.chunk]
            for name, src in sides if turn % 2 == 0 else sides[::-1]:
                runs[name].extend(solve_on(src, chunk))
        for old, new in zip(runs["old"], runs["new"], strict=True):
            if old[1] != new[1] or args.per_deal:
                print(f"  deal {old[0]}: old {old[1]} {old[2]} nodes, new {new[1]} {new[2]} nodes")
        summary(args, "old: ", runs["old"])
        summary(args, "new: ", runs["new"])
    wall = time.perf_counter() - began
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"  wall {wall:.1f} s, load average {load}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
