"""A searcher for Spider and its suit options: heuristic search over a compact state.

It works on packed states (:func:`~patience.solver.spider.state.pack`) with its own move
generator (the engine's legal moves exactly), a score that counts runs, face-down cards, empty
columns and cards home, and keys that name each state once: best first one stock deal at a
time, in attempts with several weightings, sequences of mixed-suit runs moved in one step, and
runs swapped or dug out through an empty column in one step. It leaves moves out, so it
proves a deal lost only from an empty stock with nothing left out; every win is replayed
through :meth:`Engine.play`. (docs/SOLVERS.md, "Spider: a heuristic search, and when it
proves")
"""

from __future__ import annotations

import random
from collections.abc import Callable

import cython

from patience.engine.core import Engine
from patience.engine.errors import IllegalMove
from patience.engine.position import Position
from patience.rules.game import Win
from patience.rules.piles import Kind, Start, Unit
from patience.rules.stock import Action, Redeal
from patience.solver.kernel import search as kernel  # compiled, search.pxd cimports it as C
from patience.solver.kernel.state import Met
from patience.solver.result import Budget, Meter, ProvenUnwinnable, Result, Unknown, Won
from patience.solver.search import Searcher
from patience.solver.spider.state import (
    DEAL,
    MOST_CARDS,
    MOST_COLUMNS,
    Share,
    SpiderTable,
    Step,
    Weights,
    chain_of,
    runs_home_by_chain,
)

_CLOCK_EVERY = 64
_FIRST_CAP = 4000
"""Nodes for each attempt of the first round from a position with an empty stock; each later
round doubles it."""
_FIRST_PER_DEAL = 100
"""Nodes between two deals in each attempt of the first round with one suit, tripled each time
the suits double (300 with two, 900 with four); each later round doubles it (measured:
docs/SOLVERS.md, Spider, "Tuning figures")."""
_LAST_FACTOR = 4
"""The search after the last deal, which must put every card home, may use this many times
the nodes of one between two deals (measured: docs/SOLVERS.md, Spider, "Tuning figures")."""
_BEAM = 3
"""States that deal the stock after each search between two deals (measured: docs/SOLVERS.md,
Spider, "Tuning figures")."""
_ATTEMPTS_PER_ROUND = 4
_KNOWN_WEIGHTS = (
    Weights(),
    Weights(25, 9, 28, 16, 18, 10, 3, 10),
    Weights(30, 7, 30, 26, 9, 8, 7, 0),
    Weights(19, 5, 22, 75, 4, 6, 4, 33),
)
"""Tuned by hand on small samples (docs/SOLVERS.md, Spider, "Tuning figures"); the last, which
prefers a mere follower to a same-suit neighbour, is tried only with one suit."""


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


@cython.cclass
class _Frontier:
    """The states a search has yet to expand, the best score first, then the newest node:
    the kernel's heap of orders (:class:`~patience.solver.kernel.search.Frontier`,
    :func:`~patience.solver.kernel.search.best_first`), with the states waiting beside it
    by node.

    >>> frontier = _Frontier()
    >>> for value, node in ((5, 1), (7, 2), (7, 3)):
    ...     _ = frontier.push(value, node, bytes([node]))
    >>> [frontier.pop()[:2] for _ in range(len(frontier))]
    [(7, 3), (7, 2), (5, 1)]
    """

    orders: kernel.Frontier
    waiting: dict[int, bytes]

    def __init__(self) -> None:
        self.orders = kernel.Frontier()
        self.waiting = {}

    def __len__(self) -> int:
        return len(self.waiting)

    @cython.ccall
    @cython.locals(order=cython.longlong)
    def push(self, value: cython.longlong, node: cython.longlong, st: bytes) -> int:
        """Add state ``st`` of ``node``, scored ``value``; answers its order."""
        order = kernel.best_first(value, node)
        if kernel.best_first_node(order) != node or node in self.waiting:
            raise ValueError(f"no new node {node}")
        self.orders.push(order)
        self.waiting[node] = st
        return order

    @cython.ccall
    @cython.locals(order=cython.longlong, node=cython.longlong)
    def pop(self) -> tuple[int, int, bytes]:
        """Take the best state off: its score, its node and the state."""
        order = self.orders.pop()
        node = kernel.best_first_node(order)
        return kernel.best_first_score(order), node, self.waiting.pop(node)


@cython.cclass
class _Tree:
    """The states a search has met, each with its parent and the step that led to it.

    A search that may prove keeps their keys (:meth:`SpiderTable.key`); one that never
    proves keeps 64-bit hashes of them (:meth:`SpiderTable.key_hash`) in the kernel's
    :class:`~patience.solver.kernel.state.Met`, which may take a state for one met before
    (a chance of about one in 2**64 a pair): that can cost a win, never a wrong answer.
    """

    table: SpiderTable
    parents = cython.declare(list, visibility="readonly")
    """Each node's parent (the root's: -1)."""
    steps = cython.declare(list, visibility="readonly")
    """The step that led to each node (the root's: :data:`DEAL`)."""
    seen: set[bytes] | None
    met: Met

    def __init__(self, table: SpiderTable, root: bytes, proves: bool) -> None:
        self.table = table
        self.parents = [-1]
        self.steps = [DEAL]
        self.seen = set() if proves else None
        self.met = Met()
        table.check(root)
        self._first(root)

    @cython.cfunc
    @cython.locals(size=cython.Py_ssize_t)
    def _first(self, st: bytes) -> cython.bint:
        """Is state ``st``, known to be packed well, met for the first time? (It is
        remembered.)"""
        if self.seen is None:
            return self.met.first(self.table._key_hash(st))
        size = len(self.seen)
        self.seen.add(self.table._key(st))
        return len(self.seen) != size

    def add(self, parent: int, step: Step, child: bytes) -> int | None:
        """The new node of ``child``, or ``None`` when it was met before."""
        self.table.check(child)
        if not self._first(child):
            return None
        self.parents.append(parent)
        self.steps.append(step)
        return len(self.parents) - 1

    @cython.locals(
        table=SpiderTable,
        parents=list,
        moves=list,
        step=tuple,
        frontier=_Frontier,
        order=cython.longlong,
        child=bytes,
        node=cython.Py_ssize_t,
        src=cython.Py_ssize_t,
        dst=cython.Py_ssize_t,
        count=cython.Py_ssize_t,
        head=cython.Py_ssize_t,
        stock=cython.bint,
    )
    def grow(
        self,
        st: bytes,
        value: int,
        parent: int,
        steps: list[Step],
        share: Share,
        score: Callable[[bytes], int],
        frontier: _Frontier,
        ready: list[tuple[int, int, bytes]] | None = None,
    ) -> list[Step] | None:
        """Add the children of node ``parent`` (state ``st``, scored ``value``) by ``steps``:
        each new one onto ``frontier``, and onto ``ready`` too as ``(order, node, state)``
        if it may deal (``order`` its order in the frontier). Answers the winning line if a child is
        won.

        A move changes two columns and leaves the stock, so a child's score is its parent's
        with the shares of those two columns changed; after a deal it is scored afresh.
        ``st`` is checked once; its children are packed well by construction.
        """
        table, parents, moves = self.table, self.parents, self.steps
        table.check(st)
        if share.n != table.n:
            raise ValueError(f"a share of {share.n} columns for a table of {table.n}")
        head = table.head
        stock = st[head - 1] != 0
        for step in steps:
            src, dst, count = step  # both -1 for the stock move
            child = table._after(st, src, dst, count)
            # a move leaves the stock as it is: while it has cards, only a deal can win
            if (not stock or src < 0) and len(child) == head:  # won: no card left
                return self.line(parent, step)
            if not self._first(child):
                continue
            node = len(parents)
            parents.append(parent)
            moves.append(step)
            if src < 0:
                order = frontier.push(score(child), node, child)
            else:
                order = frontier.push(value + share._change(st, child, src, dst), node, child)
            if ready is not None and table._may_deal(child):
                ready.append((order, node, child))
        return None

    def line(self, node: int, last: Step) -> list[Step]:
        """The steps from the root to ``node``, then ``last``."""
        line = [last]
        while node > 0:
            line.append(self.steps[node])
            node = self.parents[node]
        line.reverse()
        return line


def is_spider(engine: Engine) -> bool:
    """Is this a Spider-like game: alike tableau columns, a stock dealing onto each, runs home?

    Read from the rules: the stock deals onto every tableau pile and never starts again,
    complete runs leave by themselves and nothing else reaches a foundation, the tableau
    piles share one build rule and give runs, any card starts an empty one, and there are no
    cells, waste, refills or covered piles; the runs that go home are the runs of 13 that move
    together (:func:`runs_home_by_chain`).
    """
    rules = engine.rules
    if not engine.tableau or engine.stock < 0 or engine.cells or engine.waste >= 0:
        return False
    if len(engine.tableau) > MOST_COLUMNS or len(rules.pack) > MOST_CARDS:
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
        and runs_home_by_chain(engine, chain_of(engine))
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

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown.

        The search runs in attempts, each with its own weights and a node cap that grows with
        the attempts, so one unlucky score does not spend the budget. While the stock has
        cards, an attempt searches one deal at a time (:meth:`_phased`); once it is empty, an
        attempt is a plain best-first search (:meth:`_attempt`), which can prove a loss.
        """
        budget = budget or Budget()
        meter = Meter(budget, _CLOCK_EVERY)
        if self.engine.is_won(start):
            return Won((), 0, 0.0)
        first = self.table.state(start)
        first_per_deal = _FIRST_PER_DEAL * 3 ** (self.table.suits.bit_length() - 1)
        nodes = 0
        attempt = 0
        while nodes < budget.nodes:
            weights, left = weights_for(attempt), budget.nodes - nodes
            if self.table.suits > 1 and weights.suit <= weights.follows:
                attempt += 1
                continue
            widen = attempt // _ATTEMPTS_PER_ROUND
            outcome: list[Step] | bool | None
            if self.table.stock_left(first):
                per_deal = first_per_deal << widen
                outcome, used = self._phased(first, weights, per_deal, _BEAM, left, meter)
            else:
                cap = min(_FIRST_CAP << widen, left)
                outcome, used = self._attempt(first, weights, cap, meter)
            nodes += used
            if isinstance(outcome, list):
                return self._winning(start, outcome, nodes, meter)
            if outcome is not None:  # the frontier emptied: no other weights can do better
                seconds = meter.elapsed()
                return ProvenUnwinnable(nodes, seconds) if outcome else Unknown(nodes, seconds)
            if meter.late(0):
                break
            attempt += 1
        return Unknown(nodes, meter.elapsed())

    @cython.locals(table=SpiderTable, frontier=_Frontier)
    def _attempt(
        self, first: bytes, weights: Weights, cap: int, meter: Meter
    ) -> tuple[list[Step] | bool | None, int]:
        """One best-first search of at most ``cap`` nodes.

        Answers the winning steps; or, when the frontier empties, whether that is a proof
        (no move was ever left out); or ``None`` when the cap or the clock stopped it; and
        the nodes it used.
        """
        table = self.table
        share = table.share_of(weights)
        score = table.scorer(weights, share)
        tree = _Tree(table, first, proves=True)
        grow = tree.grow
        frontier = _Frontier()
        frontier.push(0, 0, first)
        nodes = 0
        cut_any = False
        while frontier:
            if nodes >= cap or meter.late(nodes):
                return None, nodes
            value, parent, st = frontier.pop()
            nodes += 1
            if not parent:  # the root's entry is not its score
                value = score(st)
            kept, cut = table.worth_trying(st)
            cut_any = cut_any or cut
            won = grow(st, value, parent, kept, share, score, frontier)
            if won is not None:
                return won, nodes
        return not cut_any, nodes

    @cython.locals(table=SpiderTable, frontier=_Frontier)
    def _phased(
        self,
        first: bytes,
        weights: Weights,
        per_deal: int,
        beam: int,
        cap: int,
        meter: Meter,
    ) -> tuple[list[Step] | None, int]:
        """One search a stock deal at a time: a best-first search of up to ``per_deal`` nodes
        that does not deal, then the ``beam`` best states it reached that may deal do, and
        the search goes on from them (heuristic: never a proof). At most ``cap`` nodes.

        Answers the winning steps or ``None``, and the nodes it used.
        """
        table = self.table
        share = table.share_of(weights)
        score = table.scorer(weights, share)
        tree = _Tree(table, first, proves=False)
        grow = tree.grow
        layer = [(score(first), 0, first)]
        nodes = 0
        while layer:
            frontier = _Frontier()
            ready = []
            for value, node, st in layer:
                order = frontier.push(value, node, st)
                if table.may_deal(st):
                    ready.append((order, node, st))
            spent = 0
            limit = per_deal if table.stock_left(layer[0][2]) else per_deal * _LAST_FACTOR
            while frontier and spent < limit:
                if nodes >= cap or meter.late(nodes):
                    return None, nodes
                value, parent, st = frontier.pop()
                nodes += 1
                spent += 1
                kept = table.worth_trying(st)[0]
                if kept and kept[-1] == DEAL:  # the stock move comes last
                    kept.pop()
                won = grow(st, value, parent, kept, share, score, frontier, ready)
                if won is not None:
                    return won, nodes
            ready.sort()  # by order: the best score first, then the newest node
            layer = []
            for _, parent, st in ready[:beam]:
                child = table.after(st, DEAL)
                if table.is_won(child):
                    return tree.line(parent, DEAL), nodes
                added = tree.add(parent, DEAL, child)
                if added is not None:
                    layer.append((score(child), added, child))
        return None, nodes

    def _winning(self, start: Position, steps: list[Step], nodes: int, meter: Meter) -> Won:
        """The engine's moves for ``steps``, checked by replaying them with Engine.play."""
        table = self.table
        line = []
        st = table.state(start)
        for step in steps:
            line += [table.move(part) for part in table.expand(st, step)]
            st = table.after(st, step)
        pos = start
        try:
            for move in line:
                pos = self.engine.play(pos, move)
        except IllegalMove as error:
            raise AssertionError(f"the Spider searcher found an illegal line: {error}") from None
        if not self.engine.is_won(pos):
            raise AssertionError("the Spider searcher's line does not win in the engine")
        return Won(tuple(line), nodes, meter.elapsed())
