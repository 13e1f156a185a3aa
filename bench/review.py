"""Reviews of finished games: time to the first mark and to the whole review, p50 and p95.

For each game (one per solver family by default), ``--games`` games played by a random but
legal player (seeded, the same games every run) until won, stuck, or ``--moves`` moves, then
reviewed from a cold start on this one process with the review's node budgets. The first
mark is the first finding a player sees on the band that is a mark (often the losing move);
games with no mark count only in the whole-review figures. In games with hidden cards the
losing move is then judged in other deals of the cards the player never saw: the seconds that
took, and how many were mistakes, unlucky or left open. Prints the load average beside
the figures: the machines are shared. Seconds are wall-clock seconds (what a player waits), or
with ``--cpu`` the CPU seconds of this process (what a core of its own would give).

    .venv/bin/python bench/review.py                  # 20 games each of 7 families
    .venv/bin/python bench/review.py --games 5 klondike
    .venv/bin/python bench/review.py --cpu klondike   # on a busy machine
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from dataclasses import dataclass

from patience.engine.game import engine_for, start_position
from patience.engine.position import Move
from patience.games import get_game
from patience.review import Judge, Luck, Mark, Review

FAMILIES = ("klondike", "spider", "freecell", "nationale", "pyramid", "thirteens", "king_tut")
"""One game of each solver's family (Pyramid and Thirteens search alike but lose apart)."""


@dataclass(frozen=True)
class Timing:
    """One review: moves, seconds to the first mark (``None``: no mark), seconds in all, and
    the seconds spent judging the losing move's luck (``None``: not judged) with its verdict."""

    moves: int
    first_mark: float | None
    whole: float
    losing: bool
    luck: float | None = None
    judgement: str | None = None


def random_game(game_id: str, deal: int, limit: int) -> list[Move]:
    """A random legal player's moves on ``deal``: until won, no move left, or ``limit``."""
    info = get_game(game_id)
    engine = engine_for(info.rules({}))
    chooser = random.Random(deal)
    position = start_position(info, {}, deal)
    moves: list[Move] = []
    while len(moves) < limit and not engine.is_won(position):
        legal = engine.legal_moves(position)
        if not legal:
            break
        moves.append(chooser.choice(legal))
        position = engine.apply(position, moves[-1])
    return moves


def time_review(game_id: str, deal: int, limit: int, cpu: bool = False) -> Timing:
    """Review one random game on a fresh judge (nothing remembered from earlier reviews), by
    the wall clock or the process's CPU clock."""
    clock = time.process_time if cpu else time.perf_counter
    info = get_game(game_id)
    moves = random_game(game_id, deal, limit)
    began = clock()
    review = Review(Judge(info, {}), start_position(info, {}, deal), moves)
    first: float | None = None
    luck: float | None = None
    last = began
    for event in review.events():
        now = clock()
        if first is None and isinstance(event, Mark):
            first = now - began
        if isinstance(event, Luck):
            luck = now - last
        last = now
    whole = clock() - began
    judged = None if review.luck is None else str(review.luck.judgement or "open")
    return Timing(len(moves), first, whole, review.band.losing_move is not None, luck, judged)


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(FAMILIES), metavar="GAME")
    parser.add_argument("--games", dest="count", type=int, default=20, help="games each (20)")
    parser.add_argument("--moves", type=int, default=150, help="most moves a game has (150)")
    parser.add_argument("--cpu", action="store_true", help="CPU seconds, not wall-clock")
    args = parser.parse_args(argv)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("seconds: " + ("CPU seconds of this process" if args.cpu else "wall-clock"))
    print(
        "game        games  moves  losing  marked  first p50  first p95  whole p50  whole p95"
        "  luck p50  luck p95  mistake/unlucky/open"
    )
    for game_id in args.games:
        deals = range(1, args.count + 1)
        timings = [time_review(game_id, deal, args.moves, args.cpu) for deal in deals]
        firsts = [t.first_mark for t in timings if t.first_mark is not None]
        wholes = [t.whole for t in timings]
        first_p50 = f"{statistics.median(firsts):9.2f}s" if firsts else "        -"
        first_p95 = f"{p95(firsts):9.2f}s" if firsts else "        -"
        lucks = [t.luck for t in timings if t.luck is not None]
        luck_p50 = f"{statistics.median(lucks):8.2f}s" if lucks else "        -"
        luck_p95 = f"{p95(lucks):8.2f}s" if lucks else "        -"
        judged = [t.judgement for t in timings]
        verdicts = "/".join(str(judged.count(j)) for j in ("mistake", "unlucky", "open"))
        print(
            f"{game_id:<11} {len(timings):5}  {statistics.mean(t.moves for t in timings):5.0f}"
            f"  {sum(t.losing for t in timings):6}  {len(firsts):6}  {first_p50}  {first_p95}"
            f"  {statistics.median(wholes):8.2f}s  {p95(wholes):8.2f}s"
            f"  {luck_p50}  {luck_p95}  {verdicts:>20}"
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
