"""The kernel's search framework: scans over compact states that take turns, and what they
prove. Compiled by Cython where it can be.

A scan searches from one state, best first by a family's score or depth first with the
children of each state tried best score first, skipping states met before
(:class:`~.transposition.Transposition`). A family plugs in through :class:`Hooks`: the
automatic moves after each step (``settle``), the score that orders the search, and a
``restrict`` that narrows each state's moves to macro moves. A scan without ``restrict`` tries
every move the generator gives, so when it runs out of states the start is proven
unwinnable; a restricted scan never proves. (docs/SOLVERS.md, "The kernel")

>>> from patience.engine.game import engine_for
>>> from patience.games import get_game
>>> tables = Tables(engine_for(get_game("freecell").rules({})))
>>> from patience.solver.kernel.state import EMPTY, cards_home
>>> hooks = Hooks(settle=lambda state, step: (state, []), score=cards_home)
>>> aces = (bytes(range(0, 52, 13)),) + (b"",) * 7, bytes([EMPTY] * 4), bytes(4)
>>> scan = BestFirst(tables, aces, hooks)
>>> for _ in scan.run(10_000): pass
>>> scan.line is None, scan.exhausted  # 4 cards out of 52: never won, soon exhausted
(True, True)
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from typing import NamedTuple

import cython

from patience.solver.kernel.moves import generate
from patience.solver.kernel.state import CARDS, State, Step, key, play
from patience.solver.kernel.tables import Tables
from patience.solver.kernel.transposition import Transposition

Settle = Callable[[State, Step], tuple[State, list[Step]]]
"""After ``step`` led to a state: that state once the automatic moves are played, and those."""
Score = Callable[[State], int]
"""Higher is more promising."""
Restrict = Callable[[State, list[Step]], list[Step]]
"""A state's moves narrowed to macro moves (a scan using it never proves)."""


class Hooks(NamedTuple):
    """What a family adds to one scan."""

    settle: Settle
    score: Score
    restrict: Restrict | None = None
    depth_first: bool = False


class Scan:
    """One search from a settled state, run a few nodes at a time (:meth:`run`)."""

    def __init__(self, tables: Tables, start: State, hooks: Hooks) -> None:
        self.tables = tables
        self.hooks = hooks
        self.proves = hooks.restrict is None
        """Does running out of states prove the start unwinnable?"""
        self.parents: list[int] = [-1]
        self.edges: list[list[Step]] = [[]]
        self.seen = Transposition()
        self.seen.first(key(start))
        self.line: list[Step] | None = None
        """The steps from the start to a win, once one is found."""
        self.exhausted = False

    def run(self, nodes: int) -> Iterator[None]:
        """Expand up to ``nodes`` states, yielding after each."""
        raise NotImplementedError

    @cython.locals(n=cython.int, parent=cython.int)
    def children(self, state: State, parent: int) -> list[tuple[int, State]] | None:
        """The new states one step (and its automatic moves) from ``state``, each with its
        node number; ``None`` when one of them is won (``line`` is then set)."""
        tables, hooks = self.tables, self.hooks
        n = tables.columns
        settle, seen, parents, edges = hooks.settle, self.seen.keys, self.parents, self.edges
        columns, cells, home = state
        steps = generate(tables, columns, cells, home, False)
        if hooks.restrict is not None:
            steps = hooks.restrict(state, steps)
        out: list[tuple[int, State]] = []
        for step in steps:
            child, auto = settle(play(state, step, n), step)
            child_key = key(child)
            if child_key in seen:
                continue
            seen.add(child_key)
            parents.append(parent)
            edges.append([step, *auto])
            if sum(child[2]) == CARDS:
                self.line = self._line(len(parents) - 1)
                return None
            out.append((len(parents) - 1, child))
        return out

    def _line(self, node: int) -> list[Step]:
        chunks: list[list[Step]] = []
        while node >= 0:
            chunks.append(self.edges[node])
            node = self.parents[node]
        return [step for chunk in reversed(chunks) for step in chunk]


class BestFirst(Scan):
    """Best first by the score; ties go to the state met last."""

    def __init__(self, tables: Tables, start: State, hooks: Hooks) -> None:
        super().__init__(tables, start, hooks)
        self.frontier: list[tuple[int, int, State]] = [(0, 0, start)]

    def run(self, nodes: int) -> Iterator[None]:
        frontier, score = self.frontier, self.hooks.score
        for _ in range(nodes):
            if not frontier:
                self.exhausted = True
                return
            _, node, state = heapq.heappop(frontier)
            found = self.children(state, -node)
            if found is None:
                return
            for child_node, child in found:
                heapq.heappush(frontier, (-score(child), -child_node, child))
            yield None
        if not frontier:
            self.exhausted = True


class DepthFirst(Scan):
    """Depth first, the children of each state tried best score first."""

    def __init__(self, tables: Tables, start: State, hooks: Hooks) -> None:
        super().__init__(tables, start, hooks)
        self.stack: list[list[tuple[int, int, State]]] = [[(0, 0, start)]]

    def run(self, nodes: int) -> Iterator[None]:
        stack, score = self.stack, self.hooks.score
        for _ in range(nodes):
            while stack and not stack[-1]:
                stack.pop()
            if not stack:
                self.exhausted = True
                return
            _, node, state = stack[-1].pop()
            found = self.children(state, node)
            if found is None:
                return
            stack.append(sorted((score(child), n, child) for n, child in found))
            yield None
        while stack and not stack[-1]:
            stack.pop()
        if not stack:
            self.exhausted = True


def scan(tables: Tables, start: State, hooks: Hooks) -> Scan:
    """A depth-first or best-first scan, as ``hooks`` asks."""
    return (DepthFirst if hooks.depth_first else BestFirst)(tables, start, hooks)


class Outcome(NamedTuple):
    """What scans taking turns found: a winning line, a proof, or neither."""

    line: list[Step] | None
    proven: bool
    nodes: int


def take_turns(
    scans: list[Scan], nodes: int, late: Callable[[int], bool], first_alone: int, turn: int
) -> Outcome:
    """Run ``scans`` in turn (the first alone for ``first_alone`` nodes, then ``turn`` nodes
    each) until one wins, a proving scan is exhausted, or ``nodes`` states are expanded in
    all; ``late(expanded)`` stops them early (a time budget)."""
    scans = list(scans)
    expanded = 0
    turns = 0
    while scans:
        current = scans[turns % len(scans)]
        quota = first_alone if turns == 0 else turn
        for _ in current.run(min(quota, nodes - expanded)):
            expanded += 1
            if late(expanded):
                return Outcome(None, False, expanded)
        if current.line is not None:
            return Outcome(current.line, False, expanded + 1)
        if current.exhausted:
            if current.proves:
                return Outcome(None, True, expanded)
            scans.remove(current)
            continue
        if expanded >= nodes:
            return Outcome(None, False, expanded)
        turns += 1
    return Outcome(None, False, expanded)
