"""Which of two games of a duel wins, the same rules for every game.

A won game beats an unfinished one; two won games are compared by time, then by moves; two
unfinished games by cards home (on the foundations, or dealt from the stock where that is
how the game is won), then by the game's points, then by time. Equal in all of them is a draw.

>>> fast = Standing(won=True, time_ms=90_000, moves=80, cards_home=52, points=52)
>>> slow = Standing(won=True, time_ms=95_000, moves=70, cards_home=52, points=52)
>>> decide(fast, slow)
Decision(winner=0, reason='time')
>>> decide(Standing(False, 60_000, 30, 20, 20), slow)
Decision(winner=1, reason='won')
>>> decide(Standing(False, 60_000, 30, 20, 20), Standing(False, 60_000, 30, 20, 20))
Decision(winner=None, reason='equal')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Reason = Literal["won", "time", "moves", "cards_home", "points", "equal"]
"""What decided a duel: the first of the rules' comparisons in which the two games differ."""

REASONS: tuple[Reason, ...] = ("won", "time", "moves", "cards_home", "points", "equal")


@dataclass(frozen=True)
class Standing:
    """Where one seat's game ended: won or not, the time it took (the server's clock), the
    moves played, the cards home and the game's points (its default scoring)."""

    won: bool
    time_ms: int
    moves: int
    cards_home: int
    points: int


@dataclass(frozen=True)
class Decision:
    """The seat that won (0 or 1; ``None`` for a draw) and the comparison that decided it."""

    winner: int | None
    reason: Reason


def _order(standing: Standing) -> tuple[tuple[Reason, int], ...]:
    """The comparisons in the order the rules apply them, each larger-is-better."""
    if standing.won:
        return (("won", 1), ("time", -standing.time_ms), ("moves", -standing.moves))
    return (
        ("won", 0),
        ("cards_home", standing.cards_home),
        ("points", standing.points),
        ("time", -standing.time_ms),
    )


def decide(first: Standing, second: Standing) -> Decision:
    """The decision between seat 0's game (``first``) and seat 1's (``second``)."""
    for (reason, mine), (_, theirs) in zip(_order(first), _order(second), strict=False):
        if mine != theirs:
            return Decision(0 if mine > theirs else 1, reason)
    return Decision(None, "equal")
