"""The talon-feeding search one level at a time: a node is everything reachable between deals.

The positions with the same cards dealt fall into *components*, each known by the multisets of
tops and bottoms of each block and written as one of them (:meth:`Levels.component`). The walk
goes from component to component, one deal at a time, enumerating each component's exits
exactly, so a walk that runs out is a proof; a win is replayed level by level with the moves of
:class:`~patience.solver.removal.feeding_search.FeedingSearch`. A component is one ``bytes``
(:data:`Component`); ``make`` compiles this module with the relaxed game
(``scripts/build_kernel.py``), the same answers either way.
(docs/SOLVERS.md, "A node for everything reachable between deals", and "Compiled" below it)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple, cast

import cython

from patience.engine.position import Move
from patience.solver.removal.feeding_relaxed import LINES, SHIFT, STRIDE, Relaxed, point
from patience.solver.removal.feeding_search import LONGEST, FeedingSearch, State, Step
from patience.solver.result import Budget, Meter, ProvenUnwinnable, Result, Unknown, Won

_CLOCK_EVERY = 64
_END = 0
"""The byte closing a block's tops and then its bottoms (below every height written)."""

Component = bytes
"""How many talon cards have been dealt (a byte), then each block, in order: its line, its
tops' heights (sorted), :data:`_END`, its piles' bottoms' heights (sorted), :data:`_END`;
heights are written + :data:`~patience.solver.removal.feeding_relaxed.SHIFT` (from 1), so
blocks sort as ``(line, tops, bottoms)`` do."""

_Parts = list[tuple[tuple[int, ...], tuple[int, ...]]]
"""The blocks a deal leaves of one block: (sorted tops, sorted bottoms) each."""


@cython.locals(i=cython.Py_ssize_t)
def _fits(tops: Sequence[int], bottoms: Sequence[int]) -> bool:
    """Can these tops lie on these piles, each no higher than its bottom? (Both sorted, as
    many tops as piles.)"""
    for i in range(len(tops)):  # noqa: SIM110 (compiled, all() would make a generator a call)
        if tops[i] > bottoms[i]:
            return False
    return True


@cython.cfunc
def _block(line: int, tops: Iterable[int], bottoms: Iterable[int]) -> bytes:
    """A block as :data:`Component` writes it (tops and bottoms sorted, heights written)."""
    return bytes((line, *tops, _END, *bottoms, _END))


@cython.cfunc
@cython.locals(
    at=cython.Py_ssize_t, end=cython.Py_ssize_t, n=cython.Py_ssize_t, p=cython.p_const_uchar
)
def _blocks(node: Component) -> list[bytes]:
    """The blocks of a component, each as :func:`_block` writes it."""
    out: list[bytes] = []
    p = node
    n = len(node)
    at = 1
    while at < n:
        end = at + 1
        while p[end] != _END:  # the tops
            end += 1
        end += 1
        while p[end] != _END:  # the bottoms
            end += 1
        end += 1
        out.append(node[at:end])
        at = end
    return out


@cython.final
@cython.cclass
class Levels:
    """The component walk over one :class:`FeedingSearch`'s tables (lines numbered in order
    from 0: at most :data:`~patience.solver.removal.feeding_relaxed.LINES`)."""

    search = cython.declare(object, visibility="readonly")
    """The :class:`FeedingSearch` whose position it walks from (:meth:`searched`)."""
    relaxed: Relaxed
    nodes = cython.declare(cython.longlong, visibility="readonly")
    line_of: dict[int, int]
    dealt_piles: bytes
    """Each talon card's line and height (written), two bytes a card, in the order dealt."""
    ways: dict[bytes, list[list[bytes]]]
    meter: Meter
    limit: cython.longlong

    def __init__(self, search: FeedingSearch) -> None:
        self.search = search
        line, height = search.line, search.height
        lines = sorted({ln for ln in line if ln >= 0})
        if len(lines) > LINES:
            raise ValueError(f"the component walk takes at most {LINES} lines, not {len(lines)}")
        self.line_of = {ln: n for n, ln in enumerate(lines)}
        dealt = [(self.line_of[line[c]], height[c]) for c in search.talon]
        self.dealt_piles = bytes(b for ln, h in dealt for b in (ln, h + SHIFT))
        talon = bytes(point(ln, h) for ln, h in dealt)
        self.relaxed = Relaxed(talon, self._tick)
        self.nodes = 0
        self.ways = {}
        self.meter = Meter(Budget())
        self.limit = self.meter.limit

    def searched(self) -> FeedingSearch:
        """The search it walks from (:attr:`search`, typed)."""
        return cast(FeedingSearch, self.search)

    @cython.ccall
    def _tick(self) -> None:
        """Count a node (a component or a relaxed state) against the budget."""
        self.nodes += 1
        if self.nodes >= self.limit or (
            self.nodes % _CLOCK_EVERY == 0 and self.meter.late(self.nodes)
        ):
            raise _Spent

    @cython.ccall
    @cython.locals(
        p=cython.p_const_uchar,
        n=cython.Py_ssize_t,
        at=cython.Py_ssize_t,
        base=cython.int,
        stride=cython.int,
        tops=bytearray,
        bottoms=bytearray,
    )
    def open(self, node: Component) -> cython.bint:
        """May ``node`` still deal the whole talon? No when the relaxed game cannot."""
        n = len(node)
        tops = bytearray()
        bottoms = bytearray()
        p = node
        stride = STRIDE
        at = 1
        while at < n:
            base = p[at] * stride  # + a height written: its point
            at += 1
            while p[at] != _END:
                _insert(tops, base + p[at])
                at += 1
            at += 1
            while p[at] != _END:
                _insert(bottoms, base + p[at])
                at += 1
            at += 1
        tops += bottoms
        tops.append(node[0])
        return self.relaxed.finish(bytes(tops))

    # ------------------------------------------------------------------ components

    def component(self, state: State) -> Component:
        """The component of a position: its blocks, each a line, its tops and its bottoms."""
        search = self.searched()
        top_of, line, height = search.top_of, search.line, search.height
        by_line: dict[int, list[tuple[int, int]]] = {}
        for code in state[0]:
            top = top_of[code]
            piles = by_line.setdefault(self.line_of[line[top]], [])
            piles.append((height[top] + SHIFT, height[code // LONGEST] + SHIFT))
        out: list[bytes] = []
        for ln, piles in by_line.items():
            piles.sort()
            tops: list[int] = []
            bottoms: list[int] = []
            for top, bottom in piles:
                if tops and top > tops[-1] + 1:
                    out.append(_block(ln, tops, sorted(bottoms)))
                    tops, bottoms = [], []
                tops.append(top)
                bottoms.append(bottom)
            out.append(_block(ln, tops, sorted(bottoms)))
        out.sort()
        return bytes((state[1],)) + b"".join(out)

    @cython.ccall
    @cython.locals(n=cython.Py_ssize_t, dealt=cython.int)
    def exits(self, node: Component) -> list[Component]:
        """The components one deal away from ``node`` (see the module)."""
        blocks = _blocks(node)
        dealt = node[0]
        line, height = self.dealt_piles[2 * dealt], self.dealt_piles[2 * dealt + 1]
        out: dict[Component, None] = {}
        for n in range(len(blocks)):
            block = blocks[n]
            ways = self.ways.get(block)
            if ways is None:
                ways = self.ways[block] = self._ways_of(block)
            for parts in ways:
                rest = [*blocks[:n], *blocks[n + 1 :], *parts]
                out[_joined(rest, line, height, dealt + 1)] = None
        return list(out)

    def _ways_of(self, block: bytes) -> list[list[bytes]]:
        """:func:`_ways` of one block, each part written as a block of its line."""
        split = block.index(_END, 1)
        tops, bottoms = tuple(block[1:split]), tuple(block[split + 1 : -1])
        return [[_block(block[0], t, b) for t, b in parts] for parts in _ways(tops, bottoms)]

    # ------------------------------------------------------------------ the walk

    def walk(self, budget: Budget, began: float) -> Result:
        """Depth first over components, each entered once: won, proven or unknown."""
        total = len(self.searched().talon)
        if not total:
            return Won((), 0, 0.0)
        self.meter = Meter(budget, _CLOCK_EVERY, began)
        self.limit = budget.nodes
        try:
            return self._walk(total)
        except _Spent:
            return Unknown(self.nodes, self.meter.elapsed())

    @cython.cfunc
    @cython.locals(top=cython.Py_ssize_t, at=cython.Py_ssize_t)
    def _walk(self, total: cython.int) -> Result:
        """The walk of :meth:`walk`; raises :class:`_Spent` when the budget is."""
        start = self.component(self.searched().start)
        seen = {start}
        self._tick()
        if not self.open(start):
            return ProvenUnwinnable(self.nodes, self.meter.elapsed())
        path = [start]
        exits = [self.exits(start)]
        nexts = [0]
        while exits:
            top = len(exits) - 1
            at = nexts[top]
            if at == len(exits[top]):
                exits.pop()
                nexts.pop()
                path.pop()
                continue
            nexts[top] = at + 1
            child = exits[top][at]
            if child[0] >= total:
                moves = self.replay([*path, child])
                return Won(moves, self.nodes, self.meter.elapsed())
            if child in seen:
                continue
            seen.add(child)
            self._tick()
            if not self.open(child):
                continue
            path.append(child)
            exits.append(self.exits(child))
            nexts.append(0)
        return ProvenUnwinnable(self.nodes, self.meter.elapsed())

    def replay(self, line: list[Component]) -> tuple[Move, ...]:
        """The engine's moves through these components, found level by level."""
        search = self.searched()
        state = search.start
        steps: list[Step] = []
        for target in line[1:]:
            parent: dict[State, tuple[State, Step] | None] = {state: None}
            queue = deque([state])
            found: tuple[State, Step, State] | None = None
            while queue and found is None:
                here = queue.popleft()
                for step, child, deals in search.children(here):
                    if deals:
                        if self.component(child) == target:
                            found = (here, step, child)
                            break
                    elif child not in parent:
                        parent[child] = (here, step)
                        queue.append(child)
            if found is None:
                raise AssertionError("a component's exit was not found among its positions")
            here, step, state = found
            level = [step]
            back = parent[here]
            while back is not None:
                level.append(back[1])
                back = parent[back[0]]
            steps += reversed(level)
        return search.moves(steps)


class _Spent(Exception):
    """The budget ran out."""


@cython.cfunc
@cython.locals(
    tops=bytearray,
    bottoms=bytearray,
    p=cython.p_const_uchar,
    size=cython.Py_ssize_t,
    split=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
)
def _joined(blocks: list[bytes], line: cython.int, h: cython.int, dealt: cython.int) -> Component:
    """The component of these blocks with a new pile of one card of height ``h`` (written)
    on line ``line``, ``dealt`` cards dealt: the pile joins every block of its line whose
    tops reach within one of ``h``."""
    tops, bottoms = bytearray((h,)), bytearray((h,))
    kept: list[bytes] = []
    for block in blocks:
        p = block
        size = len(block)
        split = 1
        while p[split] != _END:
            split += 1
        if p[0] == line and p[1] - 1 <= h <= p[split - 1] + 1:
            for i in range(1, split):
                _insert(tops, p[i])
            for i in range(split + 1, size - 1):
                _insert(bottoms, p[i])
        else:
            kept.append(block)
    kept.append(_block(line, tops, bottoms))
    kept.sort()
    return bytes((dealt,)) + b"".join(kept)


@cython.cfunc
@cython.locals(at=cython.Py_ssize_t)
def _insert(points: bytearray, value: cython.int) -> cython.void:
    """Put ``value`` into the sorted ``points``, keeping them sorted."""
    at = len(points)
    points.append(value)
    while at > 0 and points[at - 1] > value:
        points[at] = points[at - 1]
        at -= 1
    points[at] = value


def _ways(tops: tuple[int, ...], bottoms: tuple[int, ...]) -> list[_Parts]:
    """Every way a deal can leave this block (tops and bottoms sorted): its parts."""
    out: list[_Parts] = []
    last = None
    for h in bottoms:
        if h == last:
            continue
        last = h
        if h in tops and h + 1 in tops:
            others = list(bottoms)
            others.remove(h)
            out += _after(tops, tuple(others), h)
    return out


def _after(tops: tuple[int, ...], others: tuple[int, ...], h: int) -> Iterator[_Parts]:
    """The blocks left when a pile of bottom ``h`` empties onto an ``h + 1``: each way, the
    parts as (sorted tops, sorted bottoms); ``others`` are the remaining piles' bottoms."""
    if tops.count(h + 1) > 1 or tops[-1] == h + 1:
        carried = list(tops)
        carried.remove(h)
        if _fits(tuple(carried), others):
            after = list(tops)
            after.remove(h + 1)
            yield [(tuple(after), others)]
        return
    upper = tuple(t for t in tops if t > h + 1)
    lower = tuple(t for t in tops if t <= h)
    low = bytes(b for b in others if b < upper[0])  # too low to carry any upper top
    values = bytes(sorted({b for b in others if b >= upper[0]}))
    counts = bytes(others.count(v) for v in values)
    rooms = bytes(sum(counts[k:]) for k in range(len(counts) + 1))
    out: list[_Parts] = []
    _split(
        _Split(upper, lower, low, values, counts, rooms, h),
        bytearray(len(values)),
        0,
        len(upper),
        out,
    )
    yield from out


class _Split(NamedTuple):
    """What :func:`_split` shares down its calls: the tops above and below the emptied
    pile's, the piles too low for any upper top, the other bottoms (each once, ascending) and
    how many piles have each, how many from each on, and the emptied pile's height."""

    upper: tuple[int, ...]
    lower: tuple[int, ...]
    low: bytes
    values: bytes
    counts: bytes
    rooms: bytes
    h: int


@cython.cfunc
@cython.locals(
    take=cython.int,
    i=cython.Py_ssize_t,
    _n=cython.int,
    carrying=bytearray,
    rest=bytearray,
)
def _split(
    split: _Split, taken: bytearray, k: cython.Py_ssize_t, size: cython.int, out: list[_Parts]
) -> cython.void:
    """Every way the piles of ``split.values[k:]`` take ``size`` more upper tops, in order
    (fewest of the lowest first), ``taken`` holding how many of each value so far: each way
    whose piles carry their tops is added to ``out``."""
    values, counts = split.values, split.counts
    if k < len(values):
        for take in range(max(0, size - split.rooms[k + 1]), min(counts[k], size) + 1):
            taken[k] = take
            _split(split, taken, k + 1, size - take, out)
        return
    if size:
        return
    carrying = bytearray()
    rest = bytearray(split.low)
    for i in range(len(values)):
        for _n in range(taken[i]):
            carrying.append(values[i])
        for _n in range(counts[i] - taken[i]):
            rest.append(values[i])
    if rest and rest[-1] > split.h and _fits(split.upper, carrying) and _fits(split.lower, rest):
        out.append([(split.lower, tuple(rest)), (split.upper, tuple(carrying))])
