"""The kernel's search framework: scans over compact states that take turns, and what they
prove. Compiled by Cython where it can be.

A scan searches from one state, best first by a family's score or depth first with the
children of each state tried best score first, skipping states met before
(:class:`~.state.Seen`). A family plugs in through :class:`Hooks`: whether
the safe moves home follow each step (``safe_home``), the score that orders the search, and a
``restrict`` that narrows each state's moves to macro moves. A scan without ``restrict`` tries
every move the generator gives, so when it runs out of states the start is proven
unwinnable; a restricted scan never proves. (docs/SOLVERS.md, "The kernel")

>>> from patience.engine.game import engine_for
>>> from patience.games import get_game
>>> tables = Tables(engine_for(get_game("freecell").rules({})))
>>> from patience.solver.kernel.state import EMPTY, board_home
>>> hooks = Hooks(score=lambda boards, first: [board_home(b) for b in boards[first:]])
>>> aces = (bytes(range(0, 52, 13)),) + (b"",) * 7, bytes([EMPTY] * 4), bytes(4)
>>> scan = BestFirst(tables, aces, hooks)
>>> for _ in scan.run(10_000): pass
>>> scan.line is None, scan.exhausted  # 4 cards out of 52: never won, soon exhausted
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from heapq import heappop, heappush
from typing import NamedTuple

import cython

from patience.solver.kernel import moves  # compiled, search.pxd cimports it as C
from patience.solver.kernel.state import (
    CARDS,
    WORK_SIZE,
    Board,
    Seen,
    State,
    Step,
    board_home,
    board_of,
    decoded,
    fresh,
    key,
)
from patience.solver.kernel.tables import Tables

_CARDS = cython.declare(cython.int, CARDS)

Score = Callable[[list[Board | None], int], list[int]]
"""The scores of the boards of a list from an index on (higher is more promising)."""
Restrict = Callable[[Board, bytearray, bytearray, int], int]
"""Narrows a board's moves to macro moves: given the board, its ``count`` steps and the
generator's marks (:func:`~.moves.moves_of`), keeps some of the steps in order at the
front and returns how many (a scan using it never proves)."""


class Hooks(NamedTuple):
    """What a family adds to one scan."""

    score: Score
    safe_home: bool = False
    """Play the safe moves home after each step (:attr:`~.tables.Tables.needs`)."""
    restrict: Restrict | None = None
    depth_first: bool = False


@cython.cclass
class Scan:
    """One search from a settled state, run a few nodes at a time (:meth:`run`).

    States are numbered in the order they are met (the start is 0); a scan orders them by
    one int each (:func:`best_first`, :func:`depth_first`).
    """

    proves = cython.declare(cython.bint, visibility="readonly")
    """Does running out of states prove the start unwinnable?"""
    exhausted = cython.declare(cython.bint, visibility="readonly")
    tables: Tables
    score: Score
    restrict: Restrict | None
    parents: list[int]
    edges: list[bytes]
    boards: list[Board | None]
    """The board of each state met and not yet expanded."""
    seen: Seen
    needs: bytes | None
    starts: bytes
    chain: bytes
    uppers: bytes
    lowers: bytes
    limits: bytes
    later: cython.int
    """The tables the generator reads (:func:`~.moves.moves_of`)."""
    steps: bytearray
    marks: bytearray
    work: bytearray
    won: list[Step] | None

    def __init__(self, tables: Tables, start: State, hooks: Hooks) -> None:
        self.tables = tables
        self.score = hooks.score
        self.restrict = hooks.restrict
        self.proves = hooks.restrict is None
        self.parents = [-1]
        self.edges = [b""]
        self.boards = [board_of(start)]
        self.seen = Seen()
        self.seen.first(key(start))
        self.needs = tables.needs if hooks.safe_home else None
        self.starts, self.chain, self.limits = tables.starts, tables.chain, tables.limits
        self.uppers, self.lowers = tables.uppers, tables.lowers
        self.later = tables.steps_size // 6
        self.steps = bytearray(tables.steps_size)
        self.marks = bytearray(tables.marks_size)
        self.work = bytearray(WORK_SIZE)
        self.won = None
        self.exhausted = False

    @property
    def line(self) -> list[Step] | None:
        """The steps from the start to a win, once one is found."""
        return self.won

    def run(self, nodes: int) -> Iterator[None]:
        """Expand up to ``nodes`` states, yielding after each."""
        raise NotImplementedError

    @cython.cfunc
    @cython.locals(first=cython.int, count=cython.int)
    def children(self, node: cython.int) -> list[int] | None:
        """Expand state ``node``: the scores of the new states one step (and the safe moves
        home) from it, numbered last (the last node is the last of them); ``None`` when one
        of them is won (``line`` is then set)."""
        parents, boards = self.parents, self.boards
        board = boards[node]
        assert board is not None
        boards[node] = None
        steps, marks = self.steps, self.marks
        if cython.compiled:
            count = moves.write_moves(
                self.starts,
                self.chain,
                self.uppers,
                self.lowers,
                self.limits,
                self.later,
                board,
                False,
                steps,
                marks,
            )
        else:
            count = moves.moves_of(self.tables, board, False, steps, marks)
        if self.restrict is not None:
            count = self.restrict(board, steps, marks, count)
        first = len(parents)
        count = fresh(board, steps, count, self.work, self.needs, self.seen, self.edges, boards)
        parents.extend([node] * count)
        last = boards[first + count - 1] if count else None
        if last is not None and board_home(last) == _CARDS:
            self.won = self._line(first + count - 1)
            return None
        return self.score(boards, first)

    def _line(self, node: int) -> list[Step]:
        chunks: list[bytes] = []
        while node >= 0:
            chunks.append(self.edges[node])
            node = self.parents[node]
        return [decoded(chunk, at) for chunk in reversed(chunks) for at in range(0, len(chunk), 3)]


_NODES = cython.declare(cython.longlong, 1 << 32)
"""More than the nodes of any scan."""


@cython.cfunc
def best_first(score: cython.longlong, node: cython.longlong) -> cython.longlong:
    """Orders states by score, best first, and equal scores latest met first (lowest first)."""
    return -score * _NODES + (_NODES - 1 - node)


@cython.cfunc
def depth_first(score: cython.longlong, node: cython.longlong) -> cython.longlong:
    """Orders states by score, and equal scores by when they were met (highest last)."""
    return score * _NODES + node


@cython.cclass
class Frontier:
    """The states met and not yet expanded, each by its order (:func:`best_first`), lowest
    first. Compiled, a binary heap of C integers in one buffer; interpreted, :mod:`heapq`
    on a list. Orders are all different (each holds its state's number), so both give
    the same states in the same order.

    >>> frontier = Frontier()
    >>> for order in (5, 3, 9, 1):
    ...     frontier.push(order)
    >>> [frontier.pop() for _ in range(len(frontier))]
    [1, 3, 5, 9]
    """

    size: cython.Py_ssize_t
    orders: list[int]
    """Interpreted: the heap."""
    heap: bytearray
    """Compiled: the heap, eight bytes an order."""

    def __init__(self) -> None:
        self.size = 0
        if cython.compiled:
            self.heap = bytearray(8 * 1024)
        else:
            self.orders = []

    def __len__(self) -> int:
        return self.size

    @cython.ccall
    @cython.locals(h=cython.p_longlong, i=cython.Py_ssize_t, up=cython.Py_ssize_t)
    def push(self, order: cython.longlong) -> cython.void:
        """Add a state by its order."""
        if not cython.compiled:
            heappush(self.orders, order)
            self.size += 1
            return
        if 8 * (self.size + 1) > len(self.heap):
            self.heap.extend(bytes(len(self.heap)))
        h = cython.cast(cython.p_longlong, cython.cast(cython.p_uchar, self.heap))
        i = self.size
        self.size += 1
        while i > 0:
            up = (i - 1) >> 1
            if h[up] <= order:
                break
            h[i] = h[up]
            i = up
        h[i] = order

    @cython.ccall
    @cython.locals(
        h=cython.p_longlong,
        i=cython.Py_ssize_t,
        child=cython.Py_ssize_t,
        last=cython.longlong,
        top=cython.longlong,
    )
    def pop(self) -> cython.longlong:
        """Take the state of the lowest order (the frontier is not empty)."""
        self.size -= 1
        if not cython.compiled:
            return heappop(self.orders)
        h = cython.cast(cython.p_longlong, cython.cast(cython.p_uchar, self.heap))
        top = h[0]
        last = h[self.size]
        i = 0
        while True:
            child = 2 * i + 1
            if child >= self.size:
                break
            if child + 1 < self.size and h[child + 1] < h[child]:
                child += 1
            if h[child] >= last:
                break
            h[i] = h[child]
            i = child
        h[i] = last
        return cython.cast(cython.longlong, top)


@cython.cclass
class BestFirst(Scan):
    """Best first by the score; ties go to the state met last."""

    frontier: Frontier

    def __init__(self, tables: Tables, start: State, hooks: Hooks) -> None:
        super().__init__(tables, start, hooks)
        self.frontier = Frontier()
        self.frontier.push(best_first(0, 0))

    @cython.locals(order=cython.longlong, child=cython.longlong)
    def run(self, nodes: int) -> Iterator[None]:
        frontier, parents = self.frontier, self.parents
        for _ in range(nodes):
            if not frontier.size:
                self.exhausted = True
                return
            order = frontier.pop()
            found = self.children(_NODES - 1 - (order & (_NODES - 1)))
            if found is None:
                return
            child = len(parents) - len(found)
            for value in found:
                frontier.push(best_first(value, child))
                child += 1
            yield None
        if not frontier.size:
            self.exhausted = True


@cython.cclass
class DepthFirst(Scan):
    """Depth first, the children of each state tried best score first."""

    stack: list[list[int]]
    """The children of each state on the way, sorted (:func:`depth_first`)."""

    def __init__(self, tables: Tables, start: State, hooks: Hooks) -> None:
        super().__init__(tables, start, hooks)
        self.stack = [[depth_first(0, 0)]]

    @cython.locals(child=cython.longlong)
    def run(self, nodes: int) -> Iterator[None]:
        stack, parents = self.stack, self.parents
        for _ in range(nodes):
            while stack and not stack[-1]:
                stack.pop()
            if not stack:
                self.exhausted = True
                return
            found = self.children(stack[-1].pop() & (_NODES - 1))
            if found is None:
                return
            child = len(parents) - len(found)
            order: list[int] = []
            for value in found:
                order.append(depth_first(value, child))
                child += 1
            order.sort()
            stack.append(order)
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
    scans: list[Scan],
    nodes: int,
    late: Callable[[int], bool] | None,
    first_alone: int,
    turns: list[int],
) -> Outcome:
    """Run ``scans`` in turn (the first alone for ``first_alone`` nodes, then each for its
    own number of ``turns`` nodes) until one wins, a proving scan is exhausted, or ``nodes``
    states are expanded in all; ``late(expanded)``, asked after each state, stops them early
    (a time budget; ``None``: nodes alone). A scan that runs out of states without proving
    leaves the turns."""
    taking = list(zip(scans, turns, strict=True))
    expanded = 0
    taken = 0
    while taking:
        at = taken % len(taking)
        current, turn = taking[at]
        quota = first_alone if taken == 0 else turn
        for _ in current.run(min(quota, nodes - expanded)):
            expanded += 1
            if late is not None and late(expanded):
                return Outcome(None, False, expanded)
        if current.line is not None:
            return Outcome(current.line, False, expanded + 1)
        if current.exhausted:
            if current.proves:
                return Outcome(None, True, expanded)
            del taking[at]
            continue
        if expanded >= nodes:
            return Outcome(None, False, expanded)
        taken += 1
    return Outcome(None, False, expanded)
