"""A whole game as data: its piles, pack, deal script, stock and end conditions."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property

from patience.rules.piles import Kind, PileSpec
from patience.rules.stock import StockRule
from patience.rules.table import Table


class Win(Enum):
    """When a game is won."""

    ALL_HOME = "all_home"
    """Every card is on a foundation."""
    STOCK_EMPTY = "stock_empty"
    """The moment the stock is empty (Sweet Sixteen and its family)."""
    CLEARED = "cleared"
    """The piles in ``Rules.win_piles`` are empty (King Tut's pyramid)."""


DealScript = Callable[["Rules", Iterator[int], Table], None]
"""Lays the cards of an iterator over the shuffled pack onto an empty table."""


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to play one game with one set of options.

    ``pack`` lists every card of the game; ``preset`` those the deal script lays out before
    the shuffle (Nationale's Aces and Kings), which the shuffle leaves out. ``pairs_to``
    makes a removal game: two free cards whose ranks add up to it leave together, and a card
    of that rank leaves alone.
    ``foundation_returns`` lets a foundation's top card go back to the tableau;
    ``foundation_swaps`` lets it go onto another foundation that accepts it.
    ``auto_suit_runs`` moves a complete King-to-Ace run of one suit to a foundation (Spider).
    ``redeal_script`` deals gathered cards again (``Redeal.GATHER_TABLEAU``); without one the
    gathered cards become the stock.
    """

    piles: tuple[PileSpec, ...]
    pack: tuple[int, ...]
    deal: DealScript
    preset: tuple[int, ...] = ()
    stock: StockRule = field(default_factory=StockRule)
    supermove: bool = False
    foundation_returns: bool = False
    foundation_swaps: bool = False
    pairs_to: int = 0
    auto_flip: bool = True
    auto_suit_runs: bool = False
    win: Win = Win.ALL_HOME
    win_piles: tuple[int, ...] = ()
    redeal_script: DealScript | None = None

    def indices(self, kind: Kind) -> tuple[int, ...]:
        """The positions of every pile of this kind, in layout order."""
        return tuple(i for i, spec in enumerate(self.piles) if spec.kind is kind)

    def index(self, code: str) -> int:
        """The position of the pile with this notation code."""
        for i, spec in enumerate(self.piles):
            if spec.code == code:
                return i
        raise KeyError(code)

    @cached_property
    def foundation_piles(self) -> tuple[int, ...]:
        """The foundations' positions, in layout order (:meth:`indices`, worked out once: a
        deal asks for them at every card)."""
        return self.indices(Kind.FOUNDATION)

    def foundation_for(self, table: Table, card: int) -> int | None:
        """The first foundation that would take ``card`` now, if any (used while dealing)."""
        for i in self.foundation_piles:
            spec = self.piles[i]
            pile = table.piles[i]
            if pile:
                if spec.build is not None and spec.build.fits(pile[-1], card):
                    return i
            elif spec.accepts_on_empty(card):
                return i
        return None
