"""Exhaustive search for the talon-feeding games (Sweet Sixteen, Trusty Twelve, Knotty Nines).

These games are won the moment the talon is empty (Win.STOCK_EMPTY). Where the piles are
chains (:func:`chain_tables`), positions go to the component search of
:mod:`patience.solver.removal.feeding_levels`; any other position goes to
:class:`~patience.solver.removal.search.DepthFirst` with sorted piles as keys and the shortest
piles' moves first. (docs/SOLVERS.md, "The talon-feeding games")
"""

from __future__ import annotations

from collections.abc import Callable

from patience.engine.core import Engine
from patience.engine.position import Move, MoveKind, Position
from patience.rules.game import Win
from patience.rules.piles import Unit
from patience.rules.stock import Action
from patience.solver.removal.feeding_levels import Levels
from patience.solver.removal.feeding_relaxed import LINES
from patience.solver.removal.feeding_search import FeedingSearch, chain_tables, fits_chains
from patience.solver.removal.pyramid import pyramid_searcher
from patience.solver.removal.search import (
    DepthFirst,
    card_classes,
    removal_key,
    removal_searcher,
    sorted_refill_piles,
)
from patience.solver.removal.spots import spots_searcher
from patience.solver.result import Budget, Result


def _feeding_rank(engine: Engine) -> Callable[[Position, Move], int]:
    """Moves from the shortest piles first: those emptying a pile, then those nearest to it."""

    def order(pos: Position, move: Move) -> int:
        if move.kind is not MoveKind.TRANSFER:
            return 1000
        return len(pos.piles[move.src]) - move.size

    return order


class FeedingSearcher(DepthFirst):
    """The compact search where a position's piles are chains; :class:`DepthFirst` otherwise."""

    def __init__(self, engine: Engine, onto: tuple[int, ...]) -> None:
        super().__init__(engine, removal_key(engine), rank_move=_feeding_rank(engine))
        self.classes = card_classes(engine)
        self.onto = onto

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown."""
        if not fits_chains(self.engine, self.onto, self.classes, start):
            return super().solve(start, budget)
        budget = budget or Budget()
        began = budget.clock()
        search = FeedingSearch(self.engine, self.classes, self.onto, start)
        if search.lines > LINES:  # more than the component walk writes in a byte
            return super().solve(start, budget)
        return Levels(search).walk(budget, began)


def feeding_searcher(engine: Engine) -> DepthFirst:
    """The depth-first searcher for a game won by emptying the talon."""
    if engine.rules.win is not Win.STOCK_EMPTY or engine.stock < 0:
        raise ValueError("feeding_searcher needs a game won by emptying the talon")
    specs = [engine.specs[t] for t in engine.tableau]
    onto = chain_tables(engine, card_classes(engine))
    if (
        onto is not None
        and sorted_refill_piles(engine)
        and engine.rules.stock.action is Action.NONE
        and all(s.unit is Unit.ONE for s in specs)
        and set(engine.tableau) | {engine.stock} == set(range(len(engine.specs)))
    ):
        return FeedingSearcher(engine, onto)
    return DepthFirst(engine, removal_key(engine), rank_move=_feeding_rank(engine))


def exhaustive_searcher(engine: Engine) -> DepthFirst | None:
    """The depth-first searcher for a removal or talon-feeding game; ``None`` for others."""
    if engine.rules.pairs_to:
        return pyramid_searcher(engine) or spots_searcher(engine) or removal_searcher(engine)
    if engine.rules.win is Win.STOCK_EMPTY and engine.stock >= 0:
        return feeding_searcher(engine)
    return None
