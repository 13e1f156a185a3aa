"""Nationale-family solver speed: old code against new on the same deals and node budget.

    .venv/bin/python bench/nationale_same_search.py --old /tmp/nold/src [--new src]
        [--chunk 25] [--set GAME:DEALS:NODES ...]

Each ``--set`` is ``GAME:DEALS:NODES`` with DEALS a range ``FIRST-LAST`` or a list ``A,B,C``
(default: Nationale 1-300 and its hardest deals of 1-1,000 at 60,000 nodes, Caprice 1-100 and
Tournament 1-50 at 20,000). With a node budget alone the search is deterministic, so the two
must return the same outcome with the same node count and the same number of moves on every
deal; the script says where they differ. Chunks of deals run in one process at a time, old and
new taking turns (which goes first alternates), so the machine's load falls on both alike.
Prints each side's CPU seconds (``time.process_time`` inside the worker, solving only) and
their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HARD = "285,578,708,718,814,841,923,775,763,366,337,369,113"
DEFAULT_SETS = [
    "nationale:1-300:60000",
    f"nationale:{HARD}:60000",
    "caprice:1-100:20000",
    "tournament:1-50:20000",
]


def worker(game: str, deals: list[int], nodes: int) -> None:
    """Solve the deals in this process (the ``patience`` on ``sys.path``) and print JSON lines."""
    from patience.engine.game import start_position
    from patience.games import get_game
    from patience.solver import Budget, Won, searcher_for

    info = get_game(game)
    searcher = searcher_for(info.rules({}))
    budget = Budget(nodes=nodes)
    for deal in deals:
        start = start_position(info, {}, deal)
        cpu = time.process_time()
        result = searcher.solve(start, budget)
        cpu = time.process_time() - cpu
        moves = len(result.moves) if isinstance(result, Won) else 0
        print(json.dumps([deal, result.name, result.nodes, moves, cpu]), flush=True)


def _deals(text: str) -> list[int]:
    if "-" in text:
        first, last = map(int, text.split("-"))
        return list(range(first, last + 1))
    return [int(d) for d in text.split(",")]


def run(src: str, game: str, deals: list[int], nodes: int) -> list[list]:
    env = dict(os.environ, PYTHONPATH=src)
    command = [sys.executable, __file__, "--worker", game, ",".join(map(str, deals))]
    out = subprocess.run(
        [*command, "--nodes", str(nodes)], env=env, check=True, capture_output=True, text=True
    )
    return [json.loads(line) for line in out.stdout.splitlines()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", help="the old code's src directory")
    parser.add_argument("--new", default=str(Path(__file__).resolve().parent.parent / "src"))
    parser.add_argument("--nodes", type=int, default=20_000, help="(worker) node budget")
    parser.add_argument("--chunk", type=int, default=25)
    parser.add_argument("--set", action="append", dest="sets")
    parser.add_argument("--worker", nargs=2, metavar=("GAME", "DEALS"))
    args = parser.parse_args()
    if args.worker:
        game, deals = args.worker
        worker(game, _deals(deals), args.nodes)
        return 0
    if not args.old:
        parser.error("--old is required")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    wall = time.perf_counter()
    total = {"old": 0.0, "new": 0.0}
    differ = 0
    turn = 0
    for spec in args.sets or DEFAULT_SETS:
        game, deal_text, nodes_text = spec.split(":")
        deals, nodes = _deals(deal_text), int(nodes_text)
        cpu = {"old": 0.0, "new": 0.0}
        outcomes: dict[str, int] = {}
        for lo in range(0, len(deals), args.chunk):
            chunk = deals[lo : lo + args.chunk]
            sides = [("old", args.old), ("new", args.new)]
            if turn % 2:
                sides.reverse()
            turn += 1
            got = {name: run(src, game, chunk, nodes) for name, src in sides}
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
            f"{game} deals {deal_text}, {nodes} nodes: {outcomes}; CPU old {cpu['old']:.1f} s, "
            f"new {cpu['new']:.1f} s, new/old {cpu['new'] / cpu['old']:.3f}",
            flush=True,
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
