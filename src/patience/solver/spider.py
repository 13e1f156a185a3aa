"""A searcher for Spider and its suit options: best-first over a compact state.

The general best-first search drowns in Spider's 104 cards: the engine's positions are slow
to build and its score does not see runs. This searcher works on
:class:`~patience.solver.spider_state.SpiderState` with its own move generator (the engine's
legal moves exactly, checked by the tests), a score that counts runs, face-down cards, empty
columns and cards home, and keys that name each state once.

It is a heuristic search, built to find wins fast:

* **Moves left out** (heuristic; they can hide a win). The top part of a run is not moved
  onto a card of another suit: it would leave a same-suit neighbour for a mere follower. While
  the stock has cards, a run moves into the first empty column only (the others are alike but
  for the cards the stock will deal onto them).
* **Keys.** Once the stock is empty the columns are sorted in the key: the columns are alike
  (one build rule, any card starts an empty one), so two states that differ by the order of
  their columns have the same moves up to renaming and the same futures. This is sound.

A search that leaves no move out (a position where none of the heuristic cuts above ever
applied) and empties its frontier has entered every position reachable from the start, each
judged by the engine's own moves and automatic moves, so it proves the start unwinnable. If a
cut was ever used, an empty frontier answers :class:`Unknown`.
Every win is replayed through :meth:`Engine.play` before it is returned.
"""

from __future__ import annotations

import heapq
import random
import time
from collections.abc import Hashable

from patience.engine.core import Engine
from patience.engine.errors import IllegalMove
from patience.engine.position import Position
from patience.rules.game import Win
from patience.rules.piles import Kind, Start, Unit
from patience.rules.stock import Action, Redeal
from patience.solver.result import Budget, ProvenUnwinnable, Result, Unknown, Won
from patience.solver.search import Searcher
from patience.solver.spider_state import DEAL, SpiderState, SpiderTable, Step, Weights

_CLOCK_EVERY = 64
_FIRST_CAP = 4000
"""Nodes for each attempt of the first round; each later round doubles it."""
_ATTEMPTS_PER_ROUND = 8
_KNOWN_WEIGHTS = (Weights(), Weights(stock=0), Weights(stock=2), Weights(stock=8))
"""Weights that each won deals the others did not, on a sample of 1-suit deals."""


def weights_for(attempt: int) -> Weights:
    """The weights of an attempt: the known ones first, then a fixed random spread of them."""
    if attempt < len(_KNOWN_WEIGHTS):
        return _KNOWN_WEIGHTS[attempt]
    chooser = random.Random(attempt)
    base = Weights()

    def spread(value: int) -> int:
        return round(value * chooser.uniform(0.5, 1.6))

    return Weights(
        home=spread(base.home),
        stock=chooser.randint(-2, 10),
        down=spread(base.down),
        empty=spread(base.empty),
        suit=spread(base.suit),
        follows=spread(base.follows),
        brk=spread(base.brk),
    )


def is_spider(engine: Engine) -> bool:
    """Is this a Spider-like game: alike tableau columns, a stock dealing onto each, runs home?

    Read from the rules: the stock deals onto every tableau pile and never starts again,
    complete runs leave by themselves and nothing else reaches a foundation, the tableau
    piles share one build rule and give runs, any card starts an empty one, and there are no
    cells, waste, refills or covered piles.
    """
    rules = engine.rules
    if not engine.tableau or engine.stock < 0 or engine.cells or engine.waste >= 0:
        return False
    if rules.stock.action is not Action.EACH_TABLEAU or rules.stock.redeal is not Redeal.NONE:
        return False
    if not rules.auto_suit_runs or not rules.auto_flip or rules.win is not Win.ALL_HOME:
        return False
    if rules.pairs_to or rules.supermove or rules.foundation_returns or rules.foundation_swaps:
        return False
    specs = engine.specs
    first = specs[engine.tableau[0]]
    columns_alike = all(
        specs[t].build == first.build
        and specs[t].unit is first.unit
        and specs[t].start is Start.ANY
        and not specs[t].refill
        and not specs[t].covered_by
        for t in engine.tableau
    )
    homes_closed = all(
        spec.build is None and spec.start is Start.NONE
        for spec in specs
        if spec.kind is Kind.FOUNDATION
    )
    return (
        columns_alike
        and homes_closed
        and first.build is not None
        and first.unit is not Unit.ONE
        and not any(s.covered_by for s in specs)
    )


def spider_searcher(engine: Engine) -> SpiderSearcher | None:
    """The Spider searcher for a Spider-like game (:func:`is_spider`); ``None`` for others."""
    return SpiderSearcher(engine) if is_spider(engine) else None


class SpiderSearcher(Searcher):
    """Best-first search over compact Spider states (see the module docstring)."""

    def __init__(self, engine: Engine) -> None:
        super().__init__(engine)
        self.table = SpiderTable(engine)
        table = self.table
        plain = table.scorer()
        self.score = lambda pos: plain(table.state(pos))

    def state_key(self, st: SpiderState) -> Hashable:
        """Equal for states with the same futures (columns sorted once the stock is empty)."""
        if st.stock:
            return st.cols, st.down, len(st.stock)
        return tuple(sorted(zip(st.cols, st.down, strict=True)))

    def children(self, st: SpiderState) -> tuple[list[Step], bool]:
        """The moves worth trying here, and whether a legal move was left out."""
        table = self.table
        chain = table.chain
        cols = st.cols
        kept: list[Step] = []
        cut = False
        first_gap = -1
        for step in table.moves(st):
            if step == DEAL:
                kept.append(step)
                continue
            src, dst, count = step
            target = cols[dst]
            if not target:
                if st.stock:
                    if first_gap < 0:
                        first_gap = dst
                    elif dst != first_gap:
                        cut = True
                        continue
            elif (
                count < table.run_length(cols[src], st.down[src])
                and not chain[target[-1] * 52 + cols[src][-count]]
            ):
                cut = True
                continue
            kept.append(step)
        return kept, cut

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown.

        The search runs in attempts, each a best-first search with its own weights and a node
        cap that grows with the attempts, so one unlucky score does not spend the budget.
        """
        budget = budget or Budget()
        began = time.perf_counter()
        deadline = None if budget.seconds is None else began + budget.seconds
        if self.engine.is_won(start):
            return Won((), 0, 0.0)
        first = self.table.state(start)
        nodes = 0
        attempt = 0
        while nodes < budget.nodes:
            cap = min(_FIRST_CAP << (attempt // _ATTEMPTS_PER_ROUND), budget.nodes - nodes)
            outcome, used = self._attempt(first, weights_for(attempt), cap, deadline)
            nodes += used
            if isinstance(outcome, list):
                return self._winning(start, outcome, nodes, began)
            if outcome is not None:  # the frontier emptied: no other weights can do better
                seconds = time.perf_counter() - began
                return ProvenUnwinnable(nodes, seconds) if outcome else Unknown(nodes, seconds)
            if deadline is not None and time.perf_counter() > deadline:
                break
            attempt += 1
        return Unknown(nodes, time.perf_counter() - began)

    def _attempt(
        self, first: SpiderState, weights: Weights, cap: int, deadline: float | None
    ) -> tuple[list[Step] | bool | None, int]:
        """One best-first search of at most ``cap`` nodes.

        Answers the winning steps; or, when the frontier empties, whether that is a proof
        (no move was ever left out); or ``None`` when the cap or the clock stopped it; and
        the nodes it used.
        """
        table = self.table
        score = table.scorer(weights)
        parents: list[int] = [-1]
        steps: list[Step] = [DEAL]
        seen = {self.state_key(first)}
        frontier: list[tuple[int, int, SpiderState]] = [(0, 0, first)]
        nodes = 0
        cut_any = False
        while frontier:
            if nodes >= cap or (
                deadline is not None
                and nodes % _CLOCK_EVERY == 0
                and time.perf_counter() > deadline
            ):
                return None, nodes
            _, order, st = heapq.heappop(frontier)
            node = -order
            nodes += 1
            kept, cut = self.children(st)
            cut_any = cut_any or cut
            for step in kept:
                child = table.after(st, step)
                if table.is_won(child):
                    return self._line(parents, steps, node, step), nodes
                child_key = self.state_key(child)
                if child_key in seen:
                    continue
                seen.add(child_key)
                parents.append(node)
                steps.append(step)
                heapq.heappush(frontier, (-score(child), 1 - len(parents), child))
        return not cut_any, nodes

    @staticmethod
    def _line(parents: list[int], steps: list[Step], node: int, last: Step) -> list[Step]:
        """The steps from the start to ``node``, then ``last``."""
        line = [last]
        while node > 0:
            line.append(steps[node])
            node = parents[node]
        line.reverse()
        return line

    def _winning(self, start: Position, steps: list[Step], nodes: int, began: float) -> Won:
        """The engine's moves for ``steps``, checked by replaying them with Engine.play."""
        line = [self.table.move(step) for step in steps]
        pos = start
        try:
            for move in line:
                pos = self.engine.play(pos, move)
        except IllegalMove as error:
            raise AssertionError(f"the Spider searcher found an illegal line: {error}") from None
        if not self.engine.is_won(pos):
            raise AssertionError("the Spider searcher's line does not win in the engine")
        return Won(tuple(line), nodes, time.perf_counter() - began)
