"""Pile kinds and the capability record of one pile.

Each pile of a game is a :class:`PileSpec`: what kind of pile it is, what it accepts (a
:class:`~patience.rules.build.Build` on its top card, and which cards may start it when empty),
how many cards it gives at once, and which piles must be gone before its card is free
(Pyramid).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from patience.rules.build import Build


class Kind(Enum):
    """What a pile is for."""

    TABLEAU = "tableau"
    FOUNDATION = "foundation"
    CELL = "cell"
    STOCK = "stock"
    WASTE = "waste"


class Unit(Enum):
    """How many cards a tableau pile gives in one move."""

    ONE = "one"
    """Only the top card."""
    RUN = "run"
    """Any face-up run that follows the pile's own build rule."""
    SUIT_RUN = "suit_run"
    """Like ``RUN``, and the run must also be of one suit (Spider)."""


class Start(Enum):
    """Which cards may go on the pile when it is empty."""

    ANY = "any"
    NONE = "none"
    """Only the game refills it (a refill from the talon, a deal)."""
    RANK = "rank"
    """Only cards of ``PileSpec.start_rank`` (and ``PileSpec.suit`` when that is set)."""


@dataclass(frozen=True)
class PileSpec:
    """One pile's capabilities.

    ``code`` names the pile in move notation (``"3"``, ``"a"``, ``"f2"``, ``"s"``);
    ``build`` is ``None`` for a pile nobody may build on; ``suit`` fixes a foundation's suit.
    ``covered_by`` lists the piles that must all be empty before this pile's card is free.
    ``refill`` is how many cards the talon puts on this pile the moment it becomes empty.
    """

    kind: Kind
    code: str
    build: Build | None = None
    start: Start = Start.NONE
    start_rank: int = 0
    suit: int | None = None
    unit: Unit = Unit.ONE
    covered_by: tuple[int, ...] = ()
    refill: int = 0
    row: int = 0
    """Where the pile sits, for pictures: its row and column in the game's layout grid."""
    column: int = 0

    def accepts_on_empty(self, card: int) -> bool:
        """May ``card`` start this pile while it is empty?"""
        from patience.cards import rank, suit

        if self.start is Start.ANY:
            return True
        if self.start is Start.NONE:
            return False
        return rank(card) == self.start_rank and (self.suit is None or suit(card) == self.suit)
