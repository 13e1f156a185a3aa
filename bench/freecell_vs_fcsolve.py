"""FreeCell: our solver against Freecell Solver (fc-solve, preset ``-l lg``) on Microsoft deals.

    .venv/bin/python bench/freecell_vs_fcsolve.py [--deals 1000] [--first 1] [--nodes 200000]
        [--only 1941,617] [--no-fcsolve]

With ``PATIENCE_KERNEL=python`` in the environment the solver kernel runs interpreted even
where ``make`` compiled it (the first line printed says which ran).

Our solver runs in this one process, deal after deal (wall-clock and CPU seconds per deal),
each search with Python's cyclic collector paused as batch solving runs it; every solution
is replayed by the engine after the timing. fc-solve's time per deal
comes from ``freecell-solver-range-parallel-solve`` (one process solving the range,
timestamps per board); its verdicts from ``fc-solve`` run on each board as our engine deals
it (which also checks that our Microsoft deals match). Needs Debian's ``freecell-solver-bin``.
Every solution of ours is replayed move by move with ``Engine.play`` and must end won.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

from patience.cards import card_text
from patience.engine.game import engine_for, start_position
from patience.engine.position import Position
from patience.games import get_game
from patience.solver import Budget, searcher_for
from patience.solver.batch.stats import collector_paused, percentile
from patience.solver.result import Won
from replay import replays_to_win

INFO = get_game("freecell")
ENGINE = engine_for(INFO.rules({}))


def board(pos: Position) -> str:
    """A deal in fc-solve's input format: one column a line, bottom card first."""
    return "".join(" ".join(card_text(c) for c in pos.piles[t]) + "\n" for t in ENGINE.tableau)


def fcsolve_times(first: int, last: int) -> list[float]:
    """Seconds per board for Microsoft deals first..last, solved in one fc-solve process."""
    out = subprocess.run(
        ["freecell-solver-range-parallel-solve", str(first), str(last), "1", "-l", "lg"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    started = float(re.search(r"Started at ([0-9.]+)", out).group(1))  # type: ignore[union-attr]
    stamps = [float(t) for t in re.findall(r"Reached Board No\. \d+ at ([0-9.]+)", out)]
    return [b - a for a, b in zip([started, *stamps], stamps, strict=False)]


def fcsolve_solves(pos: Position) -> bool:
    out = subprocess.run(
        ["fc-solve", "-l", "lg"], input=board(pos), capture_output=True, text=True, check=False
    ).stdout
    return "This game is solveable." in out


def kernel() -> str:
    """Which copy of the solver kernel's hot modules ran: compiled or interpreted."""
    from patience.solver.kernel.compiled import COMPILED, is_compiled

    loaded = [is_compiled(sys.modules[name]) for name in COMPILED if name in sys.modules]
    if loaded and all(loaded):
        return "kernel compiled"
    return "kernel interpreted" if not any(loaded) else "kernel partly compiled"


def row(name: str, solved: int, times: Sequence[float]) -> str:
    ordered = sorted(times)
    return (
        f"{name:16}{solved:>8}{statistics.median(ordered) * 1000:>12.2f}"
        f"{percentile(ordered, 0.95) * 1000:>10.2f}{ordered[-1] * 1000:>10.1f}"
        f"{sum(ordered):>10.2f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="how many deals")
    parser.add_argument("--first", type=int, default=1, help="the first deal number")
    parser.add_argument("--nodes", type=int, default=200_000, help="our node budget a deal")
    parser.add_argument("--only", help="these deals instead of a range (comma-separated)")
    parser.add_argument("--no-fcsolve", action="store_true", help="time ours alone")
    args = parser.parse_args()
    if not args.no_fcsolve and shutil.which("fc-solve") is None:
        print("fc-solve is not installed: apt-get install freecell-solver-bin", file=sys.stderr)
        return 1
    deals: Sequence[int] = range(args.first, args.first + args.deals)
    if args.only:
        deals = [int(d) for d in args.only.split(",")]
    budget = Budget(nodes=args.nodes)
    searcher = searcher_for(INFO.rules({}))
    load_before = os.getloadavg()
    wall: list[float] = []
    cpu: list[float] = []
    unsolved: list[tuple[int, str]] = []
    bad_replays: list[int] = []
    nodes: list[int] = []
    starts = {deal: start_position(INFO, {}, deal) for deal in deals}
    wins: dict[int, Won] = {}
    for deal in deals:
        pos = starts[deal]
        with collector_paused():  # as batch solving runs each search (solve_job)
            began, began_cpu = time.perf_counter(), time.process_time()
            result = searcher.solve(pos, budget)
            wall.append(time.perf_counter() - began)
            cpu.append(time.process_time() - began_cpu)
        nodes.append(result.nodes)
        if isinstance(result, Won):
            wins[deal] = result
        else:
            unsolved.append((deal, result.name))
    load_after = os.getloadavg()
    for deal, won_line in wins.items():  # after the timing, so it stirs no cache of ours
        if not replays_to_win(ENGINE, starts[deal], won_line.moves):
            bad_replays.append(deal)
    won = len(deals) - len(unsolved)
    shown = args.only or f"{deals[0]}..{deals[-1]}"
    print(f"FreeCell, Microsoft deals {shown}, one process, {type(searcher).__name__}, {kernel()}")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} (1 min)")
    print(f"{'':16}{'solved':>8}{'median ms':>12}{'p95 ms':>10}{'max ms':>10}{'total s':>10}")
    print(row("ours (wall)", won, wall))
    print(row("ours (CPU)", won, cpu))
    if args.only:
        for deal, w, c, n in zip(deals, wall, cpu, nodes, strict=True):
            print(f"  deal {deal}: {w * 1000:.1f} ms wall, {c * 1000:.1f} ms CPU, {n} nodes")
    if not args.no_fcsolve:
        if args.only:  # one fc-solve process a deal (its start-up counted)
            theirs = [fcsolve_times(d, d)[0] for d in deals]
        else:
            theirs = fcsolve_times(deals[0], deals[-1])
        their_solved = sum(fcsolve_solves(starts[d]) for d in deals)
        print(row("fc-solve (wall)", their_solved, theirs))
        print(
            f"ratio of total time, ours / fc-solve: {sum(wall) / sum(theirs):.2f} (our wall), "
            f"{sum(cpu) / sum(theirs):.2f} (our CPU)"
        )
    print(f"ours not solved: {unsolved or 'none'}")
    print(f"our nodes a deal: median {statistics.median(nodes):.0f}, max {max(nodes)}")
    print(f"solutions replayed with Engine.play: {won - len(bad_replays)}/{won} won")
    return 1 if bad_replays else 0


if __name__ == "__main__":
    raise SystemExit(main())
