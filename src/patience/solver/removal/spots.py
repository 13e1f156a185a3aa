"""One line decides a spot removal game (Thirteens): every removal is as good as any other.

In these games each spot holds one free card, an emptied spot takes the talon's next card at
once, nothing else moves, and a win removes every card. Then removing any card that may go
(alone, or with a partner) never spoils a win, so the walk plays removals until none is left:
all cards gone is a win with its line, cards left a proof that the deal is lost. Positions of
another shape go to the depth-first :class:`~patience.solver.removal.search.RemovalWalk`.
(docs/SOLVERS.md, "Spot removal games: one line decides")
"""

from __future__ import annotations

from patience.cards import KING, rank
from patience.engine.core import Engine
from patience.engine.position import Move, MoveKind, Position
from patience.rules.game import Win
from patience.rules.stock import Action, Redeal
from patience.solver.removal.search import RemovalWalk, sorted_refill_piles
from patience.solver.result import Budget, Meter, ProvenUnwinnable, Result, Unknown, Won

_CLOCK_EVERY = 8
"""Nodes between readings of the clock: a line has at most 53, so a time budget is read."""
_RANKS = KING + 1
"""Ranks are below this (Ace 1 to King 13)."""


class SpotsSearcher(RemovalWalk):
    """The one-line walk for spot positions; other positions go to :class:`RemovalWalk`."""

    def __init__(self, engine: Engine, spots: tuple[int, ...]) -> None:
        super().__init__(engine)
        self.spots = spots
        self.target = engine.rules.pairs_to
        self.pairs = tuple(
            (low, self.target - low)
            for low in range(1, _RANKS)
            if low <= self.target - low < _RANKS
        )
        """The ranks that leave together, the lower first."""
        kept = {*spots, engine.stock, *engine.foundations}
        self.others = tuple(i for i in range(len(engine.specs)) if i not in kept)
        """Piles that must be empty for the walk to take a position."""

    def fits(self, pos: Position) -> bool:
        """Does ``pos`` hold at most one face-up card a spot, no gap while the talon has
        cards (the engine refills gaps only after a move), and nothing off the spots, the
        talon and the discard?"""
        piles, down = pos.piles, pos.down
        talon = piles[self.engine.stock]
        return (
            all(len(piles[s]) <= 1 and not down[s] for s in self.spots)
            and not (talon and not all(piles[s] for s in self.spots))
            and not any(piles[i] for i in self.others)
        )

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Play removals from ``start`` until none is left: won, proven unwinnable, or unknown
        where ``budget`` runs out first."""
        if not self.fits(start):
            return super().solve(start, budget)
        budget = budget or Budget()
        began = budget.clock()
        meter = Meter(budget, _CLOCK_EVERY, began)
        piles = start.piles
        on_rank: list[list[int]] = [[] for _ in range(_RANKS)]
        """The spots holding a card of each rank."""
        for spot in self.spots:
            if piles[spot]:
                on_rank[rank(piles[spot][-1])].append(spot)
        talon = piles[self.engine.stock][::-1]  # in the order the spots take its cards
        drawn = 0
        left = sum(map(len, on_rank))
        moves: list[Move] = []
        nodes = 1
        while left:
            move = self._take(on_rank)
            if move is None:
                return ProvenUnwinnable(nodes, budget.clock() - began)
            nodes += 1
            if meter.spent(nodes):
                return Unknown(nodes, meter.elapsed())
            moves.append(move)
            emptied = (move.src,) if move.dst < 0 else (move.src, move.dst)
            left -= len(emptied)
            for spot in emptied:  # lower spot first, as the engine refills
                if drawn < len(talon):
                    on_rank[rank(talon[drawn])].append(spot)
                    drawn += 1
                    left += 1
        return Won(tuple(moves), nodes, budget.clock() - began)

    def _take(self, on_rank: list[list[int]]) -> Move | None:
        """A removal the spots allow, taken off ``on_rank``; ``None`` when there is none."""
        if self.target < _RANKS and on_rank[self.target]:
            return Move(MoveKind.REMOVE, on_rank[self.target].pop(), -1, 1)
        for low, high in self.pairs:
            if len(on_rank[low]) >= (2 if low == high else 1) and on_rank[high]:
                a = on_rank[low].pop()
                b = on_rank[high].pop()
                return Move(MoveKind.REMOVE, min(a, b), max(a, b), 2)
        return None


def every_order_alike(engine: Engine) -> bool:
    """Is this a spot removal game, where every order of removals ends with the same cards
    removed, so that no choice changes a game's outcome?

    A spot removal game here: a removal game whose tableau is refilled spots that nothing
    covers and that take no builds (:func:`sorted_refill_piles`), whose talon only refills
    them (no stock move, no waste, its top not playable), with no cells, won by removing
    every card. (docs/SOLVERS.md, "Spot removal games: one line decides")

    >>> from patience.engine.game import engine_for
    >>> from patience.games import get_game
    >>> [every_order_alike(engine_for(get_game(g).rules({}))) for g in ("thirteens", "pyramid")]
    [True, False]
    """
    rules = engine.rules
    spots = sorted_refill_piles(engine)
    return bool(
        rules.pairs_to
        and spots
        and set(spots) == set(engine.tableau)
        and all(engine.specs[s].build is None for s in spots)
        and engine.stock >= 0
        and engine.waste < 0
        and not engine.cells
        and rules.stock.action is Action.NONE
        and rules.stock.redeal is Redeal.NONE
        and not rules.stock.top_playable
        and rules.win is Win.ALL_HOME
    )


def spots_searcher(engine: Engine) -> SpotsSearcher | None:
    """The one-line walk for a spot removal game (:func:`every_order_alike`); ``None`` for
    other rules."""
    if not every_order_alike(engine):
        return None
    return SpotsSearcher(engine, sorted_refill_piles(engine))
