"""Klondike solver speed: old code against new on the same deals and node budget, no clock.

    .venv/bin/python bench/klondike_same_search.py --old /tmp/kold/src [--new src]
        [--nodes 30000] [--chunk 20] [--repeat 1] [--set 1-unlimited:1-300 ...]

Each ``--set`` is ``DRAW-PASSES:FIRST-LAST`` (default: draw 1 unlimited deals 1-300, draw 3
unlimited 1-100, draw 1 one pass 1-100). With a node budget alone the search is deterministic,
so the two must return the same outcome with the same node count on every deal; the script
says where they differ. Chunks of deals run in one process at a time, old and new taking
turns (which goes first alternates), so the machine's load falls on both alike; with
``--repeat N`` each side runs every chunk N times and each deal keeps its least CPU time (a
shared machine's load only ever adds). Prints each side's CPU seconds (``time.process_time``
inside the worker, solving only) and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

DEFAULT_SETS = ["1-unlimited:1-300", "3-unlimited:1-100", "1-1:1-100"]


def worker(draw: str, passes: str, first: int, last: int, nodes: int) -> None:
    """Solve the deals in this process (the ``patience`` on ``sys.path``) and print JSON lines."""
    from patience.engine.game import engine_for, start_position
    from patience.games import get_game
    from patience.solver.klondike import klondike_searcher
    from patience.solver.result import Budget

    info = get_game("klondike")
    options = {"draw": draw, "passes": passes}
    searcher = klondike_searcher(engine_for(info.rules(options)))
    assert searcher is not None
    budget = Budget(nodes=nodes)
    for deal in range(first, last + 1):
        start = start_position(info, options, deal)
        cpu = time.process_time()
        result = searcher.solve(start, budget)
        cpu = time.process_time() - cpu
        moves = len(result.moves) if hasattr(result, "moves") else 0
        print(json.dumps([deal, result.name, result.nodes, moves, cpu]), flush=True)


def run(src: str, draw: str, passes: str, first: int, last: int, nodes: int) -> list[list]:
    env = dict(os.environ, PYTHONPATH=src)
    command = [sys.executable, __file__, "--worker", draw, passes, str(first), str(last)]
    out = subprocess.run(
        [*command, "--nodes", str(nodes)], env=env, check=True, capture_output=True, text=True
    )
    return [json.loads(line) for line in out.stdout.splitlines()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", help="the old code's src directory")
    parser.add_argument("--new", default=str(Path(__file__).resolve().parent.parent / "src"))
    parser.add_argument("--nodes", type=int, default=30_000)
    parser.add_argument("--chunk", type=int, default=20)
    parser.add_argument(
        "--repeat", type=int, default=1, help="run each chunk N times a side, keep least CPU"
    )
    parser.add_argument("--set", action="append", dest="sets")
    parser.add_argument("--worker", nargs=4, metavar=("DRAW", "PASSES", "FIRST", "LAST"))
    args = parser.parse_args()
    if args.worker:
        draw, passes, first, last = args.worker
        worker(draw, passes, int(first), int(last), args.nodes)
        return 0
    if not args.old:
        parser.error("--old is required")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    wall = time.perf_counter()
    total = {"old": 0.0, "new": 0.0}
    differ = 0
    turn = 0
    for spec in args.sets or DEFAULT_SETS:
        game, deals = spec.split(":")
        draw, passes = game.split("-")
        first, last = map(int, deals.split("-"))
        cpu = {"old": 0.0, "new": 0.0}
        outcomes: dict[str, int] = {}
        for lo in range(first, last + 1, args.chunk):
            hi = min(last, lo + args.chunk - 1)
            sides = [("old", args.old), ("new", args.new)]
            if turn % 2:
                sides.reverse()
            turn += 1
            got: dict[str, list[list]] = {}
            for _ in range(args.repeat):
                for name, src in sides:
                    rows = run(src, draw, passes, lo, hi, args.nodes)
                    if name in got:  # the same answers again; keep each deal's least CPU
                        for row, again in zip(got[name], rows, strict=True):
                            if row[:4] != again[:4]:
                                differ += 1
                                print(f"  NOT REPEATED {name} {game} deal {row[0]}")
                            row[4] = min(row[4], again[4])
                    else:
                        got[name] = rows
            for a, b in zip(got["old"], got["new"], strict=True):
                if a[:4] != b[:4]:
                    differ += 1
                    print(f"  DIFFER {game} deal {a[0]}: old {a[1:4]}, new {b[1:4]}")
                outcomes[b[1]] = outcomes.get(b[1], 0) + 1
                cpu["old"] += a[4]
                cpu["new"] += b[4]
        for side in cpu:
            total[side] += cpu[side]
        print(
            f"draw {draw}, passes {passes}, deals {first}-{last}, {args.nodes} nodes: "
            f"{outcomes}; CPU old {cpu['old']:.1f} s, new {cpu['new']:.1f} s, "
            f"new/old {cpu['new'] / cpu['old']:.3f}"
        )
    print(
        f"total CPU old {total['old']:.1f} s, new {total['new']:.1f} s, "
        f"new/old {total['new'] / total['old']:.3f} (old/new {total['old'] / total['new']:.2f}x); "
        f"deals differing: {differ}; {time.perf_counter() - wall:.0f} s wall; "
        f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
