"""A searcher for the FreeCell family over a compact state of its own.

The search (:class:`FreeCellSearch`) runs on the states and moves of
:mod:`patience.solver.freecell_state`, not on engine positions: a column is ``bytes``, a
move is three small ints, and a state's key is a few joined byte strings. The line it finds
is turned back into the engine's moves, which replay with :meth:`Engine.play`.

Best-first: the state with the best score is expanded next (ties: the one met first). The
score only orders; it never prunes. Pruning, each rule sound (no way to a win is lost):

* **Safe moves home** are played at once after every move, exactly those
  :meth:`Engine.safe_foundation_moves` allows: a card goes home when every card the
  tableau's build would lay on it is already home. No card can then ever use it in the
  tableau, so any winning line, with that card's own moves taken out and the move home put
  first, stays legal (its column or cell only empties sooner, which never forbids a move or
  lowers a supermove limit) and still wins.
* **Symmetry**: states alike up to the order of the columns and of the cells share a key and
  are searched once; all columns share one spec and all cells another (the family's test),
  so swapping two of them maps legal moves to legal moves and wins to wins. For the same
  reason a card or run goes to one empty column and one free cell only.

So a search that runs out of states without a win has visited every state reachable from
the start (up to symmetry): the start is proven unwinnable.
"""

from __future__ import annotations

import heapq
import time

from patience.engine.core import Engine
from patience.engine.position import Position
from patience.solver.freecell_state import EMPTY, Layout, State, Step, in_family, key
from patience.solver.result import Budget, ProvenUnwinnable, Result, Unknown, Won
from patience.solver.search import Searcher

_CLOCK_EVERY = 64
_RANK0 = tuple(c % 13 for c in range(52))
_SUIT = tuple(c // 13 for c in range(52))


def rank_state(state: State) -> int:
    """How promising a state looks (higher is better); orders the search, never prunes.

    Cards home count most; then cards lying on the next cards each suit needs, cards on a
    lower card of their own column (one of them must move before the lower card can go
    home), free cells and empty columns.
    """
    columns, cells, home = state
    value = 60 * sum(home)
    free = cells.count(EMPTY)
    gaps = 0
    for col in columns:
        size = len(col)
        if not size:
            gaps += 1
            continue
        low = 99
        for i in range(size):
            card = col[i]
            r = _RANK0[card]
            if r == home[_SUIT[card]]:
                value -= 5 * (size - 1 - i)
            if r > low:
                value -= 3
            else:
                low = r
    return value + 10 * free + 25 * gaps


class FreeCellSearch(Searcher):
    """Best-first search over compact FreeCell states; hints keep :class:`Searcher`'s expansion."""

    def __init__(self, engine: Engine) -> None:
        super().__init__(engine)
        self.layout = Layout(engine)

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown."""
        budget = budget or Budget()
        began = time.perf_counter()
        if self.engine.is_won(start):
            return Won((), 0, 0.0)
        layout = self.layout
        state = layout.state_of(start)
        if state is None:  # not a state of this family (e.g. a face-down card): the general search
            return super().solve(start, budget)
        deadline = None if budget.seconds is None else began + budget.seconds
        columns, cells, home = state
        cols, cell_bytes, home_list = list(columns), bytearray(cells), list(home)
        first = layout.settle(cols, cell_bytes, home_list)
        state = (tuple(cols), bytes(cell_bytes), tuple(home_list))
        parents: list[int] = [-1]
        edges: list[list[Step]] = [first]
        if sum(home_list) == 52:
            return Won(layout.engine_moves(start, first), 0, time.perf_counter() - began)
        seen = {key(state)}
        frontier: list[tuple[int, int, State]] = [(0, 0, state)]
        moves, play = layout.moves, layout.play
        nodes = 0
        while frontier:
            if nodes >= budget.nodes or (
                deadline is not None
                and nodes % _CLOCK_EVERY == 0
                and time.perf_counter() > deadline
            ):
                return Unknown(nodes, time.perf_counter() - began)
            _, node, state = heapq.heappop(frontier)
            nodes += 1
            for step in moves(state):
                child, auto = play(state, step)
                child_key = key(child)
                if child_key in seen:
                    continue
                seen.add(child_key)
                parents.append(node)
                edges.append([step, *auto])
                if sum(child[2]) == 52:
                    steps = self._line(parents, edges, len(parents) - 1)
                    moves_ = layout.engine_moves(start, steps)
                    return Won(moves_, nodes, time.perf_counter() - began)
                heapq.heappush(frontier, (-rank_state(child), len(parents) - 1, child))
        return ProvenUnwinnable(nodes, time.perf_counter() - began)

    @staticmethod
    def _line(parents: list[int], edges: list[list[Step]], node: int) -> list[Step]:
        chunks: list[list[Step]] = []
        while node >= 0:
            chunks.append(edges[node])
            node = parents[node]
        return [step for chunk in reversed(chunks) for step in chunk]


def freecell_searcher(engine: Engine) -> FreeCellSearch | None:
    """The compact searcher for a game of the FreeCell family; ``None`` for others."""
    return FreeCellSearch(engine) if in_family(engine) else None
