"""Random playouts of every game: moves applied per second on one core.

Each step lists the moves a search tries, picks one with a seeded RNG and applies it (the
engine's ``search_moves`` + ``apply``, the work a solver's playout does). A deal stops when no
move is left or after ``--steps`` moves. Deals are set up before the clock starts. The rate is
moves per second of this process's CPU time, so other work on a busy machine disturbs it less;
the wall time is printed beside it.

    .venv/bin/python bench/playouts.py                 # every game, the table
    .venv/bin/python bench/playouts.py --game spider --profile   # where the time goes
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from collections.abc import Iterator

from patience.engine.game import engine_for, start_position
from patience.games import GAMES
from patience.games.registry import GameInfo, Options

TARGET = 20_000
"""Moves per second every game should reach (issue 2)."""

EXTRA_OPTIONS = {"klondike": ({"draw": "3"},), "spider": ({"suits": "2"}, {"suits": "1"})}
"""Options measured besides each game's defaults."""

ROW = "{:<15}{:<28}{:>6}{:>9}{:>8}{:>8}{:>10}"


def configurations(only: str | None) -> Iterator[tuple[GameInfo, Options]]:
    """Every game with default options, then the extra options listed above."""
    for info in GAMES.values():
        if only and info.id != only:
            continue
        yield info, info.canonical()
        for extra in EXTRA_OPTIONS.get(info.id, ()):
            yield info, info.canonical(extra)


def playouts(
    info: GameInfo, options: Options, deals: int, steps: int, seed: int
) -> tuple[int, float]:
    """Play ``deals`` random games; the moves applied and the seconds it took."""
    rules = info.rules(dict(options))
    engine = engine_for(rules)
    starts = [start_position(info, dict(options), deal) for deal in range(1, deals + 1)]
    rng = random.Random(seed)
    applied = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for position in starts:
        for _ in range(steps):
            moves = engine.search_moves(position)
            if not moves:
                break
            position = engine.apply(position, moves[rng.randrange(len(moves))])
            applied += 1
    return applied, time.process_time() - cpu, time.perf_counter() - wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per game (default 200)")
    parser.add_argument("--steps", type=int, default=300, help="most moves per deal (300)")
    parser.add_argument("--seed", type=int, default=1, help="RNG seed (default 1)")
    parser.add_argument("--game", help="measure only this game id")
    parser.add_argument("--profile", action="store_true", help="print cProfile's top functions")
    args = parser.parse_args(argv)

    print(ROW.format("game", "options", "deals", "moves", "cpu s", "wall s", "moves/s"))
    slow = []
    for info, options in configurations(args.game):
        profiler = cProfile.Profile() if args.profile else None
        if profiler:
            profiler.enable()
        applied, seconds, wall = playouts(info, options, args.deals, args.steps, args.seed)
        if profiler:
            profiler.disable()
        rate = applied / seconds if seconds else float("inf")
        text = ",".join(f"{k}={v}" for k, v in options) or "-"
        mark = "" if rate >= TARGET else "  below target"
        figures = (f"{seconds:.2f}", f"{wall:.2f}", f"{rate:,.0f}")
        print(ROW.format(info.id, text, args.deals, applied, *figures) + mark)
        if rate < TARGET:
            slow.append(info.id)
        if profiler:
            pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(12)
    print(
        f"target: {TARGET:,} moves/s on one core"
        + (f"; below: {', '.join(slow)}" if slow else "; all met")
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
