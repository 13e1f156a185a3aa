"""The kernel's search framework: scans over compact states that take turns, and what they
prove. Compiled by Cython where it can be.

A scan searches from one state, best first by a family's score or depth first with the
children of each state tried best score first, skipping states met before
(:class:`~.states.States`). A family plugs in through :class:`Hooks`: whether
the safe moves home follow each step (``safe_home``), the score that orders the search, and a
``restrict`` that narrows each state's moves to macro moves. A scan without ``restrict`` tries
every move the generator gives, so when it runs out of states the start is proven
unwinnable; a restricted scan never proves. (docs/SOLVERS.md, "The kernel")

>>> from patience.engine.game import engine_for
>>> from patience.games import get_game
>>> tables = Tables(engine_for(get_game("freecell").rules({})))
>>> from patience.solver.kernel.state import EMPTY
>>> aces = (bytes(range(0, 52, 13)),) + (b"",) * 7, bytes([EMPTY] * 4), bytes(4)
>>> aces_scan = BestFirst(tables, aces, Hooks(Score()))
>>> aces_scan.run(10_000, None, 0) < 10_000  # 4 cards out of 52: never won, soon exhausted
True
>>> aces_scan.line is None, aces_scan.exhausted
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from heapq import heappop, heappush
from typing import NamedTuple, Protocol

import cython

from patience.solver.kernel import moves, state  # compiled, search.pxd cimports them as C
from patience.solver.kernel.state import CARDS, WORK_SIZE, Board, Line, State
from patience.solver.kernel.states import States
from patience.solver.kernel.tables import Tables

_CARDS = cython.declare(cython.int, CARDS)

Late = Callable[[int], bool]
"""Asked with the states expanded so far, after each: should the search stop now?"""


@cython.cclass
class Score:
    """A family's score of a board, which orders a scan (higher is more promising); this one
    counts the cards home.

    >>> from patience.solver.kernel.state import EMPTY, board_of
    >>> Score()(board_of(((b"",), bytes([EMPTY]), bytes([13, 0, 2, 0]))))
    15
    """

    def __call__(self, board: Board) -> int:
        return self.rank(board)

    @cython.cfunc
    @cython.exceptval(check=False)
    def rank(self, q: cython.p_const_uchar) -> cython.int:
        """The score of board ``q``."""
        return state.home_of(q)


@cython.cclass
class Restrict:
    """Narrows a board's moves to a family's macro moves (a scan using it never proves);
    this one keeps them all."""

    def __call__(self, board: Board, steps: bytearray, marks: bytearray, count: int) -> int:
        return self.narrow(board, steps, marks, count)

    @cython.cfunc
    @cython.exceptval(check=False)
    def narrow(
        self,
        q: cython.p_const_uchar,
        steps: cython.p_uchar,
        marks: cython.p_const_uchar,
        count: cython.int,
    ) -> cython.int:
        """Keep some of the ``count`` steps of board ``q`` in order at the front of
        ``steps``, given the generator's ``marks`` (:func:`~.moves.moves_of`), and return
        how many."""
        return count


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

    States are numbered in the order they are met (the start is 0, :class:`~.states.States`);
    a scan orders them by one int each (:func:`best_first`, :func:`depth_first`).
    """

    proves = cython.declare(cython.bint, visibility="readonly")
    """Does running out of states prove the start unwinnable?"""
    exhausted = cython.declare(cython.bint, visibility="readonly")
    stopped = cython.declare(cython.bint, visibility="readonly")
    """Did the last :meth:`run` stop because it was late?"""
    tables: Tables
    score: Score
    restrict: Restrict | None
    states: States
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
    won: Line | None

    def __init__(self, tables: Tables, start: State, hooks: Hooks) -> None:
        tables.check(start)
        self.tables = tables
        self.score = hooks.score
        self.restrict = hooks.restrict
        self.proves = hooks.restrict is None
        self.states = States(start)
        self.needs = tables.needs if hooks.safe_home else None
        self.starts, self.chain, self.limits = tables.starts, tables.chain, tables.limits
        self.uppers, self.lowers = tables.uppers, tables.lowers
        self.later = tables.steps_size // 6
        self.steps = bytearray(tables.steps_size)
        self.marks = bytearray(tables.marks_size)
        self.work = bytearray(WORK_SIZE)
        self.won = None
        self.exhausted = False
        self.stopped = False

    @property
    def line(self) -> Line | None:
        """The steps from the start to a win, once one is found."""
        return self.won

    @cython.ccall
    def run(self, nodes: cython.int, late: Late | None, before: cython.longlong) -> cython.int:
        """Expand up to ``nodes`` states and return how many; stop at a win (:attr:`line`),
        when none is left (:attr:`exhausted`), or when ``late(before + expanded)``, asked
        after each state expanded without a win, says so (:attr:`stopped`)."""
        raise NotImplementedError

    @cython.cfunc
    @cython.exceptval(check=False)
    def met(self, score: cython.int, node: cython.int) -> cython.void:
        """Take new state ``node``, of score ``score``, into the scan's order."""

    @cython.cfunc
    @cython.exceptval(check=True)
    @cython.locals(q=cython.p_uchar, first=cython.int, count=cython.int, i=cython.int)
    def children(self, node: cython.int) -> cython.bint:
        """Expand state ``node``: meet the new states one step (and the safe moves home) from
        it (:meth:`met`, in the order numbered); ``True`` when one of them is won (:attr:`line`
        is then set)."""
        states, steps, marks = self.states, self.steps, self.marks
        if cython.compiled:
            q = states.at(node)
            count = moves.write_moves(
                self.starts,
                self.chain,
                self.uppers,
                self.lowers,
                self.limits,
                self.later,
                q,
                False,
                steps,
                marks,
            )
            if self.restrict is not None:
                count = self.restrict.narrow(q, steps, marks, count)
        else:
            board = states.board(node)
            count = moves.moves_of(self.tables, board, False, steps, marks)
            if self.restrict is not None:
                count = self.restrict.narrow(board, steps, marks, count)
        first = states.count
        count = states.add(node, steps, count, self.work, self.needs)
        if count and states.home(first + count - 1) == _CARDS:
            self.won = states.line(first + count - 1)
            return True
        for i in range(first, first + count):
            if cython.compiled:
                self.met(self.score.rank(states.at(i)), i)
            else:
                self.met(self.score.rank(states.board(i)), i)
        return False


_NODES = cython.declare(cython.longlong, 1 << 32)
"""More than the nodes of any scan."""


def best_first(score: cython.longlong, node: cython.longlong) -> cython.longlong:
    """Orders states by score, best first, and equal scores latest met first (lowest first);
    a C function compiled (search.pxd), as are :func:`best_first_score` and
    :func:`best_first_node`, which read them back.

    >>> order = best_first(-7, 12)
    >>> order < best_first(-7, 11) < best_first(-8, 13)
    True
    >>> best_first_score(order), best_first_node(order)
    (-7, 12)
    """
    return -score * _NODES + (_NODES - 1 - node)


def best_first_score(order: cython.longlong) -> cython.longlong:
    """The score of a :func:`best_first` order."""
    return -((order - (order & (_NODES - 1))) // _NODES)


def best_first_node(order: cython.longlong) -> cython.longlong:
    """The node of a :func:`best_first` order."""
    return _NODES - 1 - (order & (_NODES - 1))


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

    # its fields (search.pxd): size; orders, the heap interpreted; heap, the heap compiled,
    # eight bytes an order

    def __init__(self) -> None:
        self.size = 0
        if cython.compiled:
            self.heap = bytearray(8 * 1024)
        else:
            self.orders: list[int] = []

    def __len__(self) -> int:
        return self.size

    @cython.locals(h=cython.p_longlong, i=cython.Py_ssize_t, up=cython.Py_ssize_t)
    def push(self, order: cython.longlong) -> None:
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

    @cython.ccall
    @cython.locals(order=cython.longlong, done=cython.int)
    def run(self, nodes: cython.int, late: Late | None, before: cython.longlong) -> cython.int:
        frontier = self.frontier
        self.stopped = False
        done = 0
        while done < nodes:
            if not frontier.size:
                self.exhausted = True
                return done
            order = frontier.pop()
            done += 1
            if self.children(best_first_node(order)):
                return done
            if late is not None and late(before + done):
                self.stopped = True
                return done
        if not frontier.size:
            self.exhausted = True
        return done

    @cython.cfunc
    @cython.exceptval(check=False)
    def met(self, score: cython.int, node: cython.int) -> cython.void:
        self.frontier.push(best_first(score, node))


@cython.cclass
class Branches:
    """The children still to try of each state on the way down, depth first: one group a
    state, each sorted by order (:func:`depth_first`); the highest order of the newest group
    left is tried next. Compiled, the orders of all groups in one buffer of C integers and
    where each group begins in another; interpreted, a list of sorted lists.

    >>> branches = Branches()
    >>> for group in ((5, 3, 9), (), (4, 8)):
    ...     branches.open()
    ...     for order in group:
    ...         branches.add(order)
    ...     branches.close()
    >>> taken = []
    >>> while branches.left():
    ...     taken.append(branches.take())
    >>> taken
    [8, 4, 9, 5, 3]
    """

    size: cython.Py_ssize_t
    """Compiled: the orders held, in all groups."""
    depth: cython.Py_ssize_t
    """Compiled: the groups."""
    orders: bytearray
    starts: bytearray
    groups: list[list[int]]
    """Interpreted: the groups."""

    def __init__(self) -> None:
        self.size = 0
        self.depth = 0
        if cython.compiled:
            self.orders = bytearray(8 * 1024)
            self.starts = bytearray(8 * 256)
        else:
            self.groups = []

    @cython.ccall
    @cython.locals(starts=cython.p_longlong)
    def open(self) -> cython.void:
        """Begin the group of the state being expanded."""
        if not cython.compiled:
            self.groups.append([])
            return
        if 8 * (self.depth + 1) > len(self.starts):
            self.starts.extend(bytes(len(self.starts)))
        starts = cython.cast(cython.p_longlong, cython.cast(cython.p_uchar, self.starts))
        starts[self.depth] = self.size
        self.depth += 1

    @cython.ccall
    @cython.locals(orders=cython.p_longlong)
    def add(self, order: cython.longlong) -> cython.void:
        """Add a child to the newest group."""
        if not cython.compiled:
            self.groups[-1].append(order)
            return
        if 8 * (self.size + 1) > len(self.orders):
            self.orders.extend(bytes(len(self.orders)))
        orders = cython.cast(cython.p_longlong, cython.cast(cython.p_uchar, self.orders))
        orders[self.size] = order
        self.size += 1

    @cython.ccall
    @cython.locals(
        orders=cython.p_longlong,
        starts=cython.p_longlong,
        i=cython.Py_ssize_t,
        j=cython.Py_ssize_t,
        first=cython.Py_ssize_t,
        order=cython.longlong,
    )
    def close(self) -> cython.void:
        """Sort the newest group (a handful of children: by insertion)."""
        if not cython.compiled:
            self.groups[-1].sort()
            return
        orders = cython.cast(cython.p_longlong, cython.cast(cython.p_uchar, self.orders))
        starts = cython.cast(cython.p_longlong, cython.cast(cython.p_uchar, self.starts))
        first = starts[self.depth - 1]
        for i in range(first + 1, self.size):
            order = orders[i]
            j = i
            while j > first and orders[j - 1] > order:
                orders[j] = orders[j - 1]
                j -= 1
            orders[j] = order

    @cython.ccall
    @cython.locals(starts=cython.p_longlong)
    def left(self) -> cython.bint:
        """Is a child left to try? (The groups tried out are dropped.)"""
        if not cython.compiled:
            while self.groups and not self.groups[-1]:
                self.groups.pop()
            return bool(self.groups)
        starts = cython.cast(cython.p_longlong, cython.cast(cython.p_uchar, self.starts))
        while self.depth and starts[self.depth - 1] == self.size:
            self.depth -= 1
        return self.depth > 0

    @cython.ccall
    @cython.locals(orders=cython.p_longlong)
    def take(self) -> cython.longlong:
        """Take the next child to try: the highest order of the newest group (after
        :meth:`left` said there is one)."""
        if not cython.compiled:
            return self.groups[-1].pop()
        orders = cython.cast(cython.p_longlong, cython.cast(cython.p_uchar, self.orders))
        self.size -= 1
        return cython.cast(cython.longlong, orders[self.size])


@cython.cclass
class DepthFirst(Scan):
    """Depth first, the children of each state tried best score first."""

    branches: Branches

    def __init__(self, tables: Tables, start: State, hooks: Hooks) -> None:
        super().__init__(tables, start, hooks)
        self.branches = Branches()
        self.branches.open()
        self.branches.add(depth_first(0, 0))
        self.branches.close()

    @cython.ccall
    @cython.locals(done=cython.int, node=cython.int)
    def run(self, nodes: cython.int, late: Late | None, before: cython.longlong) -> cython.int:
        branches = self.branches
        self.stopped = False
        done = 0
        while done < nodes:
            if not branches.left():
                self.exhausted = True
                return done
            done += 1
            node = branches.take() & (_NODES - 1)
            branches.open()
            if self.children(node):
                return done
            branches.close()
            if late is not None and late(before + done):
                self.stopped = True
                return done
        if not branches.left():
            self.exhausted = True
        return done

    @cython.cfunc
    @cython.exceptval(check=False)
    def met(self, score: cython.int, node: cython.int) -> cython.void:
        self.branches.add(depth_first(score, node))


def scan(tables: Tables, start: State, hooks: Hooks) -> Scan:
    """A depth-first or best-first scan, as ``hooks`` asks."""
    return (DepthFirst if hooks.depth_first else BestFirst)(tables, start, hooks)


class Outcome(NamedTuple):
    """What scans taking turns found: a winning line, a proof, or neither."""

    line: Line | None
    proven: bool
    nodes: int


class Turns(Protocol):
    """What :func:`take_turns` runs: a :class:`Scan`, or a family's own scan that answers
    alike."""

    @property
    def line(self) -> Line | None: ...
    @property
    def proves(self) -> bool: ...
    @property
    def exhausted(self) -> bool: ...
    @property
    def stopped(self) -> bool: ...
    def run(self, nodes: int, late: Late | None, before: int) -> int: ...


@cython.locals(current=object, made=list, own=list)  # current: the bench's tests pass stand-ins
def take_turns(
    make: Callable[[int], Turns],
    nodes: int,
    late: Late | None,
    first_alone: int,
    turns: Sequence[int],
    lifetimes: Sequence[int] | None = None,
) -> Outcome:
    """Run scans in turn, ``make(k)`` making the ``k``-th (the first alone for
    ``first_alone`` nodes, then each for its own number of ``turns`` nodes) until one wins, a
    proving scan is exhausted, or ``nodes`` states are expanded in all; ``late(expanded)``,
    asked after each state, stops them early (a time budget; ``None``: nodes alone). Each
    scan is made when its first turn comes, so a deal won early makes one. A scan that runs
    out of states without proving leaves the turns, and so does one that has expanded its
    ``lifetimes`` nodes (0, or no ``lifetimes``: it stays)."""
    lives = list(lifetimes) if lifetimes is not None else [0] * len(turns)
    if len(lives) != len(turns):
        raise ValueError(f"{len(turns)} turns but {len(lives)} lifetimes")
    taking = list(range(len(turns)))  # the scans still taking turns, by their numbers
    made: list[Turns | None] = [None] * len(turns)
    own: list[int] = [0] * len(turns)
    expanded = 0
    taken = 0
    while taking:
        at = taken % len(taking)
        k = taking[at]
        turn, life = turns[k], lives[k]
        current = made[k]
        if current is None:
            current = made[k] = make(k)
        quota = min(first_alone if taken == 0 else turn, nodes - expanded)
        if life:
            quota = min(quota, life - own[k])
        ran = current.run(quota, late, expanded)
        expanded += ran
        own[k] += ran
        if current.stopped:
            return Outcome(None, False, expanded)
        if current.line is not None:
            return Outcome(current.line, False, expanded)
        if current.exhausted and current.proves:
            return Outcome(None, True, expanded)
        if current.exhausted or (life and own[k] >= life):
            del taking[at]
            made[k] = None
            continue
        if expanded >= nodes:
            return Outcome(None, False, expanded)
        taken += 1
    return Outcome(None, False, expanded)
