"""How many deals the solver decides for the games no published solver handles.

    .venv/bin/python bench/solver_coverage.py [--deals 1000] [--jobs 2] [--nodes 200000]
        [--games nationale,caprice,tournament] [--list-unknown] [--no-clock | --cpu]

"over s" is the most any deal ran past its time budget (a search must stop close to it).
``--no-clock`` drops the time budget: each deal gets ``--nodes`` boards alone, so the
verdicts are the same on every machine and under any load (the bar is then not judged).
``--cpu`` counts the time budget in CPU seconds of the solving process: the figures a core of
its own gives, whatever else the shared machine runs (the times shown are then CPU seconds).
``--list-unknown`` prints the deals left unknown under each row (the ones to work on).
Each row also gives the CPU seconds the row took (this process and its workers) beside the
wall-clock seconds, and the load average is printed before and after, to judge the figures.

Bars (issue 3): Nationale, Thirteens, Sweet Sixteen and their relatives at least 99% of deals
decided (won or proven unwinnable) with p95 under 1 s; Spider 1 suit at least 95% decided
within 5 s a deal (2 and 4 suits reported as far as they get). The solver sees every card.
"""

from __future__ import annotations

import argparse
import os
import time

from patience.solver import Budget
from patience.solver.batch.stats import solve_many, summarize

GROUPS: list[tuple[str, dict[str, str], float, float]] = [
    # game, options, seconds a deal, decided share wanted
    ("nationale", {}, 1.0, 0.99),
    ("thirteens", {}, 1.0, 0.99),
    ("sweet_sixteen", {}, 1.0, 0.99),
    ("caprice", {}, 1.0, 0.99),
    ("tournament", {}, 1.0, 0.99),
    ("pyramid", {}, 1.0, 0.99),
    ("king_tut", {}, 1.0, 0.99),
    ("trusty_twelve", {}, 1.0, 0.99),
    ("knotty_nines", {}, 1.0, 0.99),
    ("spider", {"suits": "1"}, 5.0, 0.95),
    ("spider", {"suits": "2"}, 5.0, 0.0),
    ("spider", {"suits": "4"}, 5.0, 0.0),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--nodes", type=int, default=200_000)
    parser.add_argument("--games", "--only", default="", help="comma-separated game ids")
    parser.add_argument("--list-unknown", action="store_true", help="print the unknown deals")
    clocks = parser.add_mutually_exclusive_group()
    clocks.add_argument("--no-clock", action="store_true", help="a node budget alone")
    clocks.add_argument("--cpu", action="store_true", help="time budgets in CPU seconds")
    args = parser.parse_args()
    wanted = set(filter(None, args.games.split(",")))
    clock = "no time budget" if args.no_clock else "time budget per row"
    clock += " in CPU seconds" if args.cpu else ""
    print(f"deals 1..{args.deals}, {args.jobs} processes, node budget {args.nodes}, {clock}")
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(
        f"{'game':24}{'won':>6}{'unwin.':>8}{'unknown':>9}{'decided':>9}"
        f"{'median s':>10}{'p95 s':>8}{'max s':>8}{'over s':>8}  bar"
    )
    for game, options, seconds, share in GROUPS:
        if wanted and game not in wanted:
            continue
        began = time.perf_counter()
        cpu_began = _cpu_seconds()
        budget = Budget(args.nodes, None if args.no_clock else seconds, cpu=args.cpu)
        records = list(solve_many(game, options, range(1, args.deals + 1), budget, args.jobs))
        s = summarize(records)
        decided = (s.won + s.unwinnable) / s.deals
        name = game + "".join(f":{k}={v}" for k, v in options.items())
        if args.no_clock:
            bar = "not judged (no clock)"
        elif share:
            met = decided >= share and (seconds > 1.0 or s.p95_seconds < 1.0)
            bar = f"{share:.0%} decided{'' if seconds > 1.0 else ', p95 < 1 s'}: "
            bar += "met" if met else "NOT met"
        else:
            bar = "reported only"
        print(
            f"{name:24}{s.won:>6}{s.unwinnable:>8}{s.unknown:>9}{decided:>9.1%}"
            f"{s.median_seconds:>10.3f}{s.p95_seconds:>8.3f}{s.max_seconds:>8.3f}"
            f"{0.0 if args.no_clock else max(0.0, s.max_seconds - seconds):>8.3f}  {bar}"
            f"  ({time.perf_counter() - began:.0f} s wall, {_cpu_seconds() - cpu_began:.0f} s CPU)",
            flush=True,
        )
        if args.list_unknown:
            unknown = [r.deal for r in records if r.outcome == "unknown"]
            print("  unknown:", " ".join(map(str, unknown)) or "none", flush=True)
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


def _cpu_seconds() -> float:
    """CPU seconds used by this process and its finished workers."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


if __name__ == "__main__":
    raise SystemExit(main())
