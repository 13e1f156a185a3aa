"""Klondike with limited passes: decided deals, nodes and CPU seconds at a fixed node budget.

    .venv/bin/python bench/klondike_limited_passes.py [--draw 1] [--passes 1] [--deals 1-100]
        [--nodes 20000] [--seconds S] [--set dig_share=0.6 ...] [--per-deal]

Without ``--seconds`` there is no clock: ``--nodes`` alone bounds each deal, so the verdicts
and node counts are the same on every machine and load (CPU seconds, ``time.process_time``,
are not); with it each deal also stops after S seconds of wall clock (as the win-rate runs
do). ``--set NAME=VALUE`` sets an attribute of the searcher before the run (e.g.
``dig_share=0``, ``dig_narrow=False``), to compare settings on the same deals. Run old code
against new by putting another ``src`` first on ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import ast
import os
import time

from patience.engine.game import start_position
from patience.games import get_game
from patience.solver import Budget, searcher_for
from patience.solver.result import ProvenUnwinnable, Won


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draw", default="1", choices=("1", "3"))
    parser.add_argument("--passes", default="1", choices=("1", "3", "unlimited"))
    parser.add_argument("--deals", default="1-100", help="FIRST-LAST")
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--seconds", type=float, default=None, help="a clock too")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--per-deal", action="store_true", help="print a line per deal")
    args = parser.parse_args()
    first, last = (int(x) for x in args.deals.split("-"))
    info = get_game("klondike")
    options = {"draw": args.draw, "passes": args.passes}
    searcher = searcher_for(info.rules(options))
    for setting in args.set:
        name, value = setting.split("=", 1)
        if not hasattr(searcher, name):
            parser.error(f"the searcher has no attribute {name!r}")
        setattr(searcher, name, ast.literal_eval(value))
    counts = {"won": 0, "lost": 0, "unknown": 0}
    nodes = {"won": 0, "lost": 0, "unknown": 0}
    cpu = 0.0
    began = time.perf_counter()
    for deal in range(first, last + 1):
        pos = start_position(info, options, deal)
        t = time.process_time()
        result = searcher.solve(pos, Budget(nodes=args.nodes, seconds=args.seconds))
        spent = time.process_time() - t
        cpu += spent
        kind = (
            "won"
            if isinstance(result, Won)
            else "lost"
            if isinstance(result, ProvenUnwinnable)
            else "unknown"
        )
        counts[kind] += 1
        nodes[kind] += result.nodes
        if args.per_deal:
            print(f"deal {deal}: {kind} {result.nodes} nodes {spent:.2f} CPU s", flush=True)
    wall = time.perf_counter() - began
    total = last - first + 1
    decided = counts["won"] + counts["lost"]
    print(
        f"draw {args.draw} passes {args.passes} deals {args.deals} nodes {args.nodes} "
        f"seconds {args.seconds} "
        f"{' '.join(args.set) or '(defaults)'}"
    )
    print(
        f"  decided {decided}/{total} (won {counts['won']}, lost {counts['lost']}, "
        f"unknown {counts['unknown']}); nodes won {nodes['won']}, lost {nodes['lost']}, "
        f"unknown {nodes['unknown']}"
    )
    print(
        f"  CPU {cpu:.1f} s, wall {wall:.1f} s, load average "
        + " ".join(f"{x:.2f}" for x in os.getloadavg())
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
