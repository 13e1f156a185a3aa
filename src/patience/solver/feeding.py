"""Exhaustive search for the talon-feeding games (Sweet Sixteen, Trusty Twelve, Knotty Nines).

These games are won the moment the talon is empty (Win.STOCK_EMPTY); the talon is used only
to refill an emptied pile. The search is :class:`~patience.solver.removal.DepthFirst` with:

* **Keys**: the piles sorted (:func:`~patience.solver.removal.sorted_refill_piles` says when
  that is sound: alike piles, none covering another, each refilled the moment it empties from
  the talon's top, so which pile holds which stack never changes the moves up to renaming).
  A move and its way back (a card put on a pile and then returned) meet the same key and are
  searched once.
* **Order only**: moves from the shortest piles are tried first (a move emptying a pile
  takes the talon's next card). Nothing is pruned but positions already entered, so an
  exhausted search is a proof.
"""

from __future__ import annotations

from collections.abc import Callable

from patience.engine.core import Engine
from patience.engine.position import Move, MoveKind, Position
from patience.rules.game import Win
from patience.solver.pyramid import pyramid_searcher
from patience.solver.removal import DepthFirst, removal_key, removal_searcher


def _feeding_rank(engine: Engine) -> Callable[[Position, Move], int]:
    """Moves from the shortest piles first: those emptying a pile, then those nearest to it."""

    def order(pos: Position, move: Move) -> int:
        if move.kind is not MoveKind.TRANSFER:
            return 1000
        return len(pos.piles[move.src]) - move.size

    return order


def feeding_searcher(engine: Engine) -> DepthFirst:
    """The depth-first searcher for a game won by emptying the talon."""
    if engine.rules.win is not Win.STOCK_EMPTY or engine.stock < 0:
        raise ValueError("feeding_searcher needs a game won by emptying the talon")
    return DepthFirst(engine, removal_key(engine), rank_move=_feeding_rank(engine))


def exhaustive_searcher(engine: Engine) -> DepthFirst | None:
    """The depth-first searcher for a removal or talon-feeding game; ``None`` for others."""
    if engine.rules.pairs_to:
        return pyramid_searcher(engine) or removal_searcher(engine)
    if engine.rules.win is Win.STOCK_EMPTY and engine.stock >= 0:
        return feeding_searcher(engine)
    return None
