"""Scoring profiles: a game's score computed from its history, a pure function.

The profiles are those of ``RULES.md``; the first of :func:`profiles_for` is a game's default.

``standard`` (Klondike, as Windows Solitaire scores it)
    +10 for a card to a foundation (from the waste or the tableau), +5 for a card from the
    waste to the tableau, +5 for each tableau card turned face up, −15 for a card from a
    foundation back to the tableau. Windows never lets the score fall below 0, so the running
    total is held at 0 after each move. Time: −2 for every full 10 seconds, again not below 0;
    a won game that took 30 seconds or more earns a bonus of 700000 / seconds (whole points).
    Windows also takes points for turning the waste over; ``RULES.md`` does not list that
    penalty, so it is not charged.
``vegas`` (Klondike)
    −52 (the ante), +5 for every card on the foundations. May be negative; time plays no part.
``spider`` (Microsoft Spider)
    500, −1 for every move (deals from the stock included), +100 for every completed run.
``cards_home`` (every other game)
    The cards on the foundations (for removal games, the cards removed). Games won by emptying
    the talon (Sweet Sixteen and its relatives) have no foundations: there it is the cards
    dealt from the talon.
``none``
    No score: always 0.

Only the moves of the game's current line count: an undone move neither earns nor costs.

>>> from patience.engine.game import Game
>>> game = Game.new("freecell", deal=1)
>>> profiles_for(game.info)
('cards_home', 'none')
>>> game_score(game, "cards_home")
0
"""

from __future__ import annotations

from collections.abc import Sequence

from patience.cards import RANKS
from patience.engine.core import Engine
from patience.engine.game import Game
from patience.engine.position import Move, MoveKind, Position
from patience.games.registry import GameInfo
from patience.rules.game import Win
from patience.rules.piles import Kind

STANDARD, VEGAS, SPIDER, CARDS_HOME, NONE = "standard", "vegas", "spider", "cards_home", "none"

_BY_FAMILY = {"klondike": (STANDARD, VEGAS, NONE), "spider": (SPIDER, NONE)}

TO_FOUNDATION = 10
WASTE_TO_TABLEAU = 5
TURN_CARD = 5
FOUNDATION_TO_TABLEAU = -15
TIME_PENALTY = 2
"""Points lost per full :data:`TIME_STEP` seconds (standard)."""
TIME_STEP = 10
BONUS = 700_000
BONUS_AFTER = 30
"""A win earns ``BONUS // seconds`` only when it took at least this many seconds."""
VEGAS_ANTE = -52
VEGAS_CARD = 5
SPIDER_START = 500
SPIDER_MOVE = -1
SPIDER_RUN = 100


class UnknownProfile(ValueError):
    """No scoring profile has this name."""


def profiles_for(info: GameInfo) -> tuple[str, ...]:
    """The profiles a game offers, its default first."""
    return _BY_FAMILY.get(info.family, (CARDS_HOME, NONE))


class Running:
    """The ``standard`` points of one game's line of play, kept move by move between calls,
    so that a line that grew or shrank at its end (a move, an undo) costs the moves that
    changed only. Positions are told apart by identity: a game's line changes at its end
    alone, so the kept points whose position is still in its place are still right."""

    def __init__(self) -> None:
        self._totals: list[tuple[Position, int]] = []
        """After each move: its position and the points so far (held at 0, before time)."""

    def points(self, engine: Engine, positions: Sequence[Position], moves: Sequence[Move]) -> int:
        """The points of the line before time (see :func:`score`)."""
        totals = self._totals
        del totals[len(moves) :]
        while totals and totals[-1][0] is not positions[len(totals)]:
            totals.pop()
        total = totals[-1][1] if totals else 0
        for i in range(len(totals), len(moves)):
            total = max(total + _move_points(engine, moves[i], positions[i], positions[i + 1]), 0)
            totals.append((positions[i + 1], total))
        return total


def score(
    profile: str,
    engine: Engine,
    positions: Sequence[Position],
    moves: Sequence[Move],
    elapsed_seconds: float = 0,
    running: Running | None = None,
) -> int:
    """The score of a line of play under ``profile``.

    ``positions`` holds the start and the position after each of ``moves`` (as
    ``Game.positions``); ``elapsed_seconds`` is the time played, used by ``standard`` only,
    which takes its points from ``running`` when given (the same game's, kept between calls).
    """
    if len(positions) != len(moves) + 1:
        raise ValueError("positions must hold the start and one position after each move")
    if elapsed_seconds < 0:
        raise ValueError("elapsed time cannot be negative")
    final = positions[-1]
    if profile == STANDARD:
        points = (running or Running()).points(engine, positions, moves)
        return _standard(engine, final, points, int(elapsed_seconds))
    if profile == VEGAS:
        return VEGAS_ANTE + VEGAS_CARD * _on_foundations(engine, final)
    if profile == SPIDER:
        runs = _on_foundations(engine, final) // len(RANKS)
        return SPIDER_START + SPIDER_MOVE * len(moves) + SPIDER_RUN * runs
    if profile == CARDS_HOME:
        if engine.rules.win is Win.STOCK_EMPTY:
            stock = engine.stock
            return len(positions[0].piles[stock]) - len(final.piles[stock])
        return _on_foundations(engine, final)
    if profile == NONE:
        return 0
    raise UnknownProfile(f"no scoring profile {profile!r}")


def game_score(game: Game, profile: str | None = None, elapsed_seconds: float = 0) -> int:
    """The score of a :class:`Game` so far (its default profile unless one is named)."""
    chosen = profile or profiles_for(game.info)[0]
    return score(chosen, game.engine, game.positions, game.moves, elapsed_seconds)


def _on_foundations(engine: Engine, pos: Position) -> int:
    return sum(len(pos.piles[f]) for f in engine.foundations)


def _move_points(engine: Engine, move: Move, before: Position, after: Position) -> int:
    points = 0
    if move.kind is MoveKind.TRANSFER:
        src, dst = engine.specs[move.src].kind, engine.specs[move.dst].kind
        if dst is Kind.FOUNDATION and src in (Kind.WASTE, Kind.TABLEAU):
            points += TO_FOUNDATION
        elif dst is Kind.TABLEAU and src is Kind.WASTE:
            points += WASTE_TO_TABLEAU
        elif dst is Kind.TABLEAU and src is Kind.FOUNDATION:
            points += FOUNDATION_TO_TABLEAU
    turned = sum(max(before.down[t] - after.down[t], 0) for t in engine.tableau)
    return points + TURN_CARD * turned


def _standard(engine: Engine, final: Position, points: int, seconds: int) -> int:
    """The ``standard`` score of a line ending at ``final`` with these points before time."""
    total = max(points - TIME_PENALTY * (seconds // TIME_STEP), 0)
    if engine.is_won(final) and seconds >= BONUS_AFTER:
        total += BONUS // seconds
    return total
