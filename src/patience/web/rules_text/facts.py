"""What a game's definition says, gathered once for the texts: pile groups and the deal's shape.

Everything here is read from :class:`~patience.rules.game.Rules` and from dealing a few
start positions with the game's own deal script, so no count is written down twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from patience.cards import suit
from patience.engine.game import engine_for, start_position
from patience.games.registry import GameInfo, Options
from patience.rules.game import Rules
from patience.rules.piles import Kind, PileSpec, Start
from patience.solver.removal.spots import every_order_alike
from patience.views import hidden_view

_SAMPLE_DEALS = (1, 2, 3)
"""Deals compared to tell a fixed deal shape from one that varies (Nationale's home plays)."""


@dataclass(frozen=True)
class Facts:
    """One game with one set of options, as the texts need it."""

    info: GameInfo
    rules: Rules
    tableau: tuple[PileSpec, ...]
    foundations: tuple[PileSpec, ...]
    cells: tuple[PileSpec, ...]
    has_stock: bool
    has_waste: bool
    tableau_sizes: tuple[int, ...] | None
    """Cards on each tableau pile after the deal; ``None`` when it differs from deal to deal."""
    tableau_down: tuple[int, ...] | None
    """Face-down cards on each tableau pile after the deal (``None`` as above)."""
    cells_dealt: bool
    """The cells get cards in the deal (a reserve) rather than starting empty."""
    stock_size: int
    suits: tuple[int, ...]
    """The suits the pack holds (Spider with one or two suits holds fewer than four)."""
    stock_hidden: bool
    """After the deal the stock holds cards a player may not see (what open cards show)."""
    face_down: bool
    """After the deal a pile other than the stock holds face-down cards."""
    order_free: bool
    """No choice changes how a game ends: every order of play leaves the same cards
    (:func:`~patience.solver.removal.spots.every_order_alike`)."""

    @property
    def card_total(self) -> int:
        return len(self.rules.pack)

    @property
    def removal(self) -> bool:
        return self.rules.pairs_to > 0

    @property
    def pyramid(self) -> bool:
        """The tableau is a pyramid of overlapping places."""
        return any(spec.covered_by for spec in self.tableau)

    @property
    def tableau_receives(self) -> bool:
        """Cards may be laid on the tableau (a build rule, or cards may start a gap)."""
        return any(s.build is not None or s.start is not Start.NONE for s in self.tableau)

    @property
    def refill(self) -> int:
        """Cards the stock puts on an emptied tableau pile at once (0: none)."""
        return max((s.refill for s in self.tableau), default=0)


def _of(rules: Rules, kind: Kind) -> tuple[PileSpec, ...]:
    return tuple(rules.piles[i] for i in rules.indices(kind))


@cache
def facts(info: GameInfo, options: Options) -> Facts:
    """The facts of ``info`` with these canonical options."""
    rules = info.rules(dict(options))
    tableau_at = rules.indices(Kind.TABLEAU)
    starts = [start_position(info, dict(options), deal) for deal in _SAMPLE_DEALS]
    sizes = {tuple(len(p.piles[i]) for i in tableau_at) for p in starts}
    downs = {tuple(p.down[i] for i in tableau_at) for p in starts}
    first = starts[0]
    stocks = rules.indices(Kind.STOCK)
    engine = engine_for(rules)
    unseen = [
        pile.kind for p in starts for pile in hidden_view(engine, p).piles if None in pile.cards
    ]
    return Facts(
        info=info,
        rules=rules,
        tableau=_of(rules, Kind.TABLEAU),
        foundations=_of(rules, Kind.FOUNDATION),
        cells=_of(rules, Kind.CELL),
        has_stock=bool(stocks),
        has_waste=bool(rules.indices(Kind.WASTE)),
        tableau_sizes=sizes.pop() if len(sizes) == 1 else None,
        tableau_down=downs.pop() if len(downs) == 1 else None,
        cells_dealt=any(first.piles[i] for i in rules.indices(Kind.CELL)),
        stock_size=len(first.piles[stocks[0]]) if stocks else 0,
        suits=tuple(sorted({suit(c) for c in rules.pack})),
        stock_hidden=Kind.STOCK in unseen,
        face_down=any(kind is not Kind.STOCK for kind in unseen),
        order_free=every_order_alike(engine),
    )
