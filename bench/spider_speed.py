"""CPU time of the Spider searcher against another checkout of it, on the same deals.

    .venv/bin/python bench/spider_speed.py --old /tmp/sold [--suits 1] [--deals 100]
        [--first 1] [--nodes 30000]

Runs one worker process on ``--old``'s sources and one on ours, hands them the same deals
with the same node budget and no clock (so both searches are deterministic), alternating
which goes first so that machine load hits both alike, and checks deal by deal that both
give the same verdict, node count and moves. Prints each side's total CPU seconds
(time.process_time in the worker, around the solve only), their ratio, and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

_HERE = Path(__file__).resolve()


def serve() -> int:
    """Worker: read ``suits deal nodes`` lines, answer one JSON line each."""
    from patience.engine.game import start_position
    from patience.games import get_game
    from patience.solver import Budget, Won, searcher_for

    info = get_game("spider")
    for line in sys.stdin:
        suits, deal, nodes = line.split()
        options = {"suits": suits}
        start = start_position(info, options, int(deal))
        searcher = searcher_for(info.rules(options))
        cpu = time.process_time()
        result = searcher.solve(start, Budget(int(nodes)))
        cpu = time.process_time() - cpu
        moves = [str(m) for m in result.moves] if isinstance(result, Won) else []
        answer = {"verdict": result.name, "nodes": result.nodes, "moves": moves, "cpu": cpu}
        print(json.dumps(answer), flush=True)
    return 0


class Worker:
    """A worker process on one source tree."""

    def __init__(self, src: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(src))
        self.proc = subprocess.Popen(
            [sys.executable, str(_HERE), "--serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.cpu = 0.0

    def solve(self, suits: str, deal: int, nodes: int) -> dict[str, object]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{suits} {deal} {nodes}\n")
        self.proc.stdin.flush()
        answer: dict[str, object] = json.loads(self.proc.stdout.readline())
        self.cpu += float(answer["cpu"])  # type: ignore[arg-type]
        return answer

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--old", type=Path, help="checkout to compare with (its src/ is used)")
    parser.add_argument("--suits", default="1")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=30_000)
    args = parser.parse_args()
    if args.serve:
        return serve()
    if args.old is None:
        parser.error("--old is required")
    old, new = Worker(args.old / "src"), Worker(_HERE.parent.parent / "src")
    differ = 0
    verdicts: dict[str, int] = {}
    began = time.perf_counter()
    try:
        for deal in range(args.first, args.first + args.deals):
            pair = (old, new) if deal % 2 else (new, old)
            answers = {id(w): w.solve(args.suits, deal, args.nodes) for w in pair}
            a, b = answers[id(old)], answers[id(new)]
            same = {k: a[k] for k in ("verdict", "nodes", "moves")} == {
                k: b[k] for k in ("verdict", "nodes", "moves")
            }
            verdict = str(b["verdict"])
            verdicts[verdict] = verdicts.get(verdict, 0) + 1
            if not same:
                differ += 1
                print(
                    f"deal {deal}: old {a['verdict']} {a['nodes']} nodes, "
                    f"new {b['verdict']} {b['nodes']} nodes, same moves {a['moves'] == b['moves']}"
                )
    finally:
        old.close()
        new.close()
    print(
        f"Spider {args.suits} suit(s), deals {args.first}..{args.first + args.deals - 1}, "
        f"{args.nodes} nodes a deal, no clock: {verdicts}; {differ} deal(s) differ"
    )
    print(
        f"cpu old {old.cpu:.1f} s, new {new.cpu:.1f} s, old/new {old.cpu / new.cpu:.2f}x; "
        f"wall {time.perf_counter() - began:.0f} s; load {os.getloadavg()[0]:.1f}"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
