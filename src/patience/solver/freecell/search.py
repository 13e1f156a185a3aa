"""A searcher for the FreeCell family over a compact state of its own.

The search (:class:`FreeCellSearch`) runs on the states and moves of
:mod:`patience.solver.freecell.state`, and its line is turned back into the engine's moves,
which replay with :meth:`Engine.play`. Several best-first *scans* take turns (:data:`SCANS`);
the first two move whole runs only and never prove, the others try every move and prune only
soundly (safe moves home, symmetry), so one that runs out of states proves the deal lost.
(docs/SOLVERS.md, "FreeCell: scans that take turns, and which of them prove")
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from typing import NamedTuple

from patience.engine.core import Engine
from patience.engine.position import Position
from patience.solver.freecell.state import EMPTY, Layout, State, Step, in_family, key
from patience.solver.result import Budget, Meter, ProvenUnwinnable, Result, Unknown, Won
from patience.solver.search import Searcher

_CLOCK_EVERY = 64
_FIRST_ALONE = 1_000
"""Nodes the first scan searches alone before the others join in."""
_TURN = 500
"""Nodes each scan searches in one turn once they take turns."""
_RANK0 = tuple(c % 13 for c in range(52))


class Weights(NamedTuple):
    """What a scan's score rewards: cards home, free cells and empty columns; and what it
    punishes: cards lying on the next card a suit needs (per card above it), and cards
    lying anywhere on a lower card of their own column (one of them must move first)."""

    home: int
    buried: int
    disorder: int
    free_cell: int
    empty_column: int
    breaks: int = 0
    """Per card above a card it does not follow by the build (it cannot move with it)."""
    whole_runs: bool = False
    """Move whole runs only (:meth:`Layout.moves`): such a scan never proves anything."""


SCANS = (
    Weights(60, 5, 3, 10, 25, breaks=1, whole_runs=True),
    Weights(100, 20, 0, 8, 15, breaks=2, whole_runs=True),
    Weights(60, 5, 3, 10, 25),
    Weights(60, 5, 3, 10, 25, breaks=1),
)
"""The scans, in turn order: measured on Microsoft deals 1-1000 (bench/freecell_vs_fcsolve.py)."""


def rank_function(weights: Weights, fits: bytes) -> Callable[[State], int]:
    """The score of a state under ``weights`` (higher is better); ``fits`` is the build.

    What a column costs apart from the cards home is remembered per column (a column
    comes back in many states): its disorder and breaks, and how deep each card lies.
    """
    w_home, w_buried, w_disorder, w_free, w_empty, w_breaks = weights[:6]
    known: dict[bytes, tuple[int, bytes]] = {}

    def column_cost(col: bytes) -> tuple[int, bytes]:
        size = len(col)
        cost = 0
        low = 99
        depth = bytearray(53)  # the 53rd stands for the next card of a finished suit
        for i in range(size):
            card = col[i]
            depth[card] = size - 1 - i
            r = _RANK0[card]
            if r > low:
                cost += w_disorder
            else:
                low = r
            if i and not fits[col[i - 1] * 52 + card]:
                cost += w_breaks * (size - i)
        found = known[col] = (cost, bytes(depth))
        return found

    def rank_state(state: State) -> int:
        columns, cells, home = state
        value = w_home * sum(home) + w_free * cells.count(EMPTY)
        h0, h1, h2, h3 = home
        a = h0 if h0 < 13 else 52
        b = 13 + h1 if h1 < 13 else 52
        c = 26 + h2 if h2 < 13 else 52
        d = 39 + h3 if h3 < 13 else 52
        for col in columns:
            if not col:
                value += w_empty
                continue
            cost, depth = known.get(col) or column_cost(col)
            value -= cost + w_buried * (depth[a] + depth[b] + depth[c] + depth[d])
        return value

    return rank_state


class _Scan:
    """One best-first search from a settled state, run a few nodes at a time."""

    def __init__(self, layout: Layout, state: State, weights: Weights) -> None:
        self.layout = layout
        self.rank = rank_function(weights, layout.fits)
        self.whole_runs = weights.whole_runs
        self.parents: list[int] = [-1]
        self.edges: list[list[Step]] = [[]]
        self.seen = {key(state)}
        self.frontier: list[tuple[int, int, State]] = [(0, 0, state)]
        self.line: list[Step] | None = None

    def run(self, nodes: int) -> Iterator[None]:
        """Expand up to ``nodes`` states, yielding after each; ``line`` is set on a win."""
        moves, play, rank = self.layout.moves, self.layout.play, self.rank
        parents, edges, seen, frontier = self.parents, self.edges, self.seen, self.frontier
        whole = self.whole_runs
        for _ in range(nodes):
            if not frontier:
                return
            _, node, state = heapq.heappop(frontier)
            node = -node
            for step in moves(state, whole):
                child, auto = play(state, step)
                child_key = key(child)
                if child_key in seen:
                    continue
                seen.add(child_key)
                parents.append(node)
                edges.append([step, *auto])
                if sum(child[2]) == 52:
                    self.line = self._line(len(parents) - 1)
                    return
                heapq.heappush(frontier, (-rank(child), 1 - len(parents), child))
            yield None

    def _line(self, node: int) -> list[Step]:
        chunks: list[list[Step]] = []
        while node >= 0:
            chunks.append(self.edges[node])
            node = self.parents[node]
        return [step for chunk in reversed(chunks) for step in chunk]


class FreeCellSearch(Searcher):
    """Best-first scans over compact FreeCell states; hints keep :class:`Searcher`'s expansion."""

    def __init__(self, engine: Engine, scans: tuple[Weights, ...] = SCANS) -> None:
        super().__init__(engine)
        self.layout = Layout(engine)
        self.scans = scans

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown.

        The node budget counts the states every scan expanded, together.
        """
        budget = budget or Budget()
        began = budget.clock()
        if self.engine.is_won(start):
            return Won((), 0, 0.0)
        layout = self.layout
        state = layout.state_of(start)
        if state is None:  # not a state of this family (e.g. a face-down card): the general search
            return super().solve(start, budget)
        meter = Meter(budget, _CLOCK_EVERY, began)
        columns, cells, home = state
        cols, cell_bytes, home_list = list(columns), bytearray(cells), list(home)
        first = layout.settle(cols, cell_bytes, home_list)
        if sum(home_list) == 52:
            return Won(layout.engine_moves(start, first), 0, budget.clock() - began)
        state = (tuple(cols), bytes(cell_bytes), tuple(home_list))
        scans = [_Scan(layout, state, weights) for weights in self.scans]
        nodes = 0
        turn = 0
        while scans:
            scan = scans[turn % len(scans)]
            quota = _FIRST_ALONE if turn == 0 else _TURN
            for _ in scan.run(min(quota, budget.nodes - nodes)):
                nodes += 1
                if meter.late(nodes):
                    return Unknown(nodes, meter.elapsed())
            if scan.line is not None:
                moves = layout.engine_moves(start, first + scan.line)
                return Won(moves, nodes + 1, budget.clock() - began)
            if not scan.frontier:
                if not scan.whole_runs:  # a complete scan searched every state
                    return ProvenUnwinnable(nodes, budget.clock() - began)
                scans.remove(scan)
                continue
            if nodes >= budget.nodes:
                return Unknown(nodes, budget.clock() - began)
            turn += 1
        return Unknown(nodes, budget.clock() - began)


def freecell_searcher(engine: Engine) -> FreeCellSearch | None:
    """The compact searcher for a game of the FreeCell family; ``None`` for others."""
    return FreeCellSearch(engine) if in_family(engine) else None
