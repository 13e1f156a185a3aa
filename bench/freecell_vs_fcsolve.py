"""FreeCell: our solver against Freecell Solver (fc-solve, preset ``-l lg``) on Microsoft deals.

    .venv/bin/python bench/freecell_vs_fcsolve.py [--deals 1000] [--jobs 1] [--nodes 200000]

fc-solve's time per deal comes from ``freecell-solver-range-parallel-solve`` (one process
solving the range, timestamps per board); its verdicts from ``fc-solve`` run on each board as
our engine deals it (which also checks that our Microsoft deals match). Needs Debian's
``freecell-solver-bin``. Every solution of ours is replayed in the engine.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import time

from patience.cards import card_text
from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver import Budget, searcher_for
from patience.solver.result import Won
from patience.solver.stats import percentile, solve_many

INFO = get_game("freecell")


def board(deal: int) -> str:
    """A deal in fc-solve's input format: one column a line, bottom card first."""
    engine = engine_for(INFO.rules({}))
    pos = start_position(INFO, {}, deal)
    return "".join(" ".join(card_text(c) for c in pos.piles[t]) + "\n" for t in engine.tableau)


def fcsolve_times(last: int) -> list[float]:
    """Seconds per board for Microsoft deals 1..last, solved in one fc-solve process."""
    out = subprocess.run(
        ["freecell-solver-range-parallel-solve", "1", str(last), "1", "-l", "lg"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    started = float(re.search(r"Started at ([0-9.]+)", out).group(1))  # type: ignore[union-attr]
    stamps = [float(t) for t in re.findall(r"Reached Board No\. \d+ at ([0-9.]+)", out)]
    return [b - a for a, b in zip([started, *stamps], stamps, strict=False)]


def fcsolve_solves(deal: int) -> bool:
    out = subprocess.run(
        ["fc-solve", "-l", "lg"], input=board(deal), capture_output=True, text=True, check=False
    ).stdout
    return "This game is solveable." in out


def replays(deal: int, moves: int) -> bool:
    result = searcher_for(INFO.rules({})).solve(start_position(INFO, {}, deal), BUDGET)
    if not isinstance(result, Won) or len(result.moves) != moves:
        return False
    engine = engine_for(INFO.rules({}))
    pos = start_position(INFO, {}, deal)
    for move in result.moves:
        pos = engine.play(pos, move)
    return engine.is_won(pos)


BUDGET = Budget(nodes=200_000)


def main() -> int:
    global BUDGET
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=200_000)
    args = parser.parse_args()
    BUDGET = Budget(nodes=args.nodes)
    if shutil.which("fc-solve") is None:
        print("fc-solve is not installed: apt-get install freecell-solver-bin", file=sys.stderr)
        return 1
    deals = range(1, args.deals + 1)
    began = time.perf_counter()
    ours = list(solve_many("freecell", {}, deals, BUDGET, args.jobs))
    wall = time.perf_counter() - began
    theirs = fcsolve_times(args.deals)
    their_solved = sum(fcsolve_solves(d) for d in deals)
    won = [r for r in ours if r.outcome == "won"]
    sample = won[:: max(1, len(won) // 20)]
    replayed = sum(replays(r.deal, r.moves) for r in sample)
    our_times = sorted(r.seconds for r in ours)
    their_sorted = sorted(theirs)
    print(f"FreeCell, Microsoft deals 1..{args.deals} (our jobs: {args.jobs}, wall {wall:.1f} s)")
    print(f"{'':12}{'solved':>8}{'median ms':>12}{'p95 ms':>10}{'max ms':>10}{'total s':>10}")
    for name, solved, times in (
        ("ours", len(won), our_times),
        ("fc-solve", their_solved, their_sorted),
    ):
        print(
            f"{name:12}{solved:>8}{statistics.median(times) * 1000:>12.2f}"
            f"{percentile(times, 0.95) * 1000:>10.2f}{times[-1] * 1000:>10.1f}{sum(times):>10.2f}"
        )
    unsolved = [r.deal for r in ours if r.outcome != "won"]
    print(f"ours not solved: {unsolved or 'none'}")
    print(f"ratio of total time, ours / fc-solve: {sum(our_times) / sum(their_sorted):.0f}")
    print(f"solutions replayed in the engine: {replayed}/{len(sample)} (a sample) won")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
