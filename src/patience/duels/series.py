"""A series of duels between the same two players: best of 1, 3 or 5.

Each decided round counts for its winner (a draw for nobody). The series is decided once one
player has won more than half the rounds it is played over, or every round was played; its
winner is the one with more wins (none when they are level after the last round).

>>> tally(3, ["ada", "bob"]).decided, tally(3, ["ada", "ada"]).winner
(False, 'ada')
>>> tally(3, ["ada", None, "bob"]).decided, tally(3, ["ada", None, "bob"]).winner is None
(True, True)
>>> tally(1, ["bob"])
Tally(best_of=1, wins={'bob': 1}, played=1, decided=True, winner='bob')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

BEST_OF = (1, 3, 5)
"""How many rounds a series may be played over."""


@dataclass(frozen=True)
class Tally:
    """A series' wins by player, how many rounds were decided, and whether it is over."""

    best_of: int
    wins: dict[str, int]
    played: int
    decided: bool
    winner: str | None


def tally(best_of: int, winners: Sequence[str | None]) -> Tally:
    """The tally of a series whose decided rounds were won by ``winners`` (player ids, in
    round order; ``None`` for a draw)."""
    wins = dict(Counter(w for w in winners if w is not None))
    most = max(wins.values(), default=0)
    leaders = [player for player, count in wins.items() if count == most]
    decided = most > best_of // 2 or len(winners) >= best_of
    winner = leaders[0] if decided and len(leaders) == 1 else None
    return Tally(best_of, wins, len(winners), decided, winner)
