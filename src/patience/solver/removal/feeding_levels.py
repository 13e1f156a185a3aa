"""The talon-feeding search one level at a time: a node is everything reachable between deals.

The positions with the same cards dealt fall into *components*, each known by the multisets of
tops and bottoms of each block and written as one of them (:meth:`Levels.component`). The walk
goes from component to component, one deal at a time, enumerating each component's exits
exactly, so a walk that runs out is a proof; a win is replayed level by level with the moves of
:class:`~patience.solver.removal.feeding_search.FeedingSearch`.
(docs/SOLVERS.md, "A node for everything reachable between deals")
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from patience.engine.position import Move
from patience.solver.removal.feeding_relaxed import Relaxed, point
from patience.solver.removal.feeding_search import LONGEST, FeedingSearch, State, Step
from patience.solver.result import Budget, Meter, ProvenUnwinnable, Result, Unknown, Won

_CLOCK_EVERY = 64


class _Spent(Exception):
    """The budget ran out."""


Block = tuple[int, tuple[int, ...], tuple[int, ...]]
"""A line, the heights of its block's tops (sorted) and of their piles' bottoms (sorted)."""

_Parts = list[tuple[tuple[int, ...], tuple[int, ...]]]
"""The blocks a deal leaves of one block: (sorted tops, sorted bottoms) each."""

Component = tuple[tuple[Block, ...], int]
"""A component's blocks, sorted, and how many talon cards have been dealt."""


def _fits(tops: tuple[int, ...], bottoms: tuple[int, ...]) -> bool:
    """Can these tops lie on these piles, each no higher than its bottom? (Both sorted.)"""
    return all(t <= b for t, b in zip(tops, bottoms, strict=True))


class Levels:
    """The component walk over one :class:`FeedingSearch`'s tables."""

    def __init__(self, search: FeedingSearch) -> None:
        self.search = search
        line, height = search.line, search.height
        self.dealt_piles = tuple((line[c], height[c]) for c in search.talon)
        self.relaxed = Relaxed(tuple(point(*pile) for pile in self.dealt_piles), self._tick)
        self.nodes = 0
        self.ways: dict[tuple[tuple[int, ...], tuple[int, ...]], list[_Parts]] = {}
        self.meter = Meter(Budget())

    def _tick(self) -> None:
        """Count a node (a component or a relaxed state) against the budget."""
        self.nodes += 1
        if self.meter.spent(self.nodes):
            raise _Spent

    def open(self, node: Component) -> bool:
        """May ``node`` still deal the whole talon? No when the relaxed game cannot."""
        tops: list[int] = []
        bottoms: list[int] = []
        for ln, block_tops, block_bottoms in node[0]:
            tops += (point(ln, t) for t in block_tops)
            bottoms += (point(ln, b) for b in block_bottoms)
        tops.sort()
        bottoms.sort()
        return self.relaxed.can_finish(tuple(tops), tuple(bottoms), node[1])

    # ------------------------------------------------------------------ components

    def component(self, state: State) -> Component:
        """The component of a position: its blocks, each a line, its tops and its bottoms."""
        top_of, line, height = self.search.top_of, self.search.line, self.search.height
        by_line: dict[int, list[tuple[int, int]]] = {}
        for code in state[0]:
            top = top_of[code]
            by_line.setdefault(line[top], []).append((height[top], height[code // LONGEST]))
        out: list[Block] = []
        for ln, piles in by_line.items():
            piles.sort()
            tops: list[int] = []
            bottoms: list[int] = []
            for top, bottom in piles:
                if tops and top > tops[-1] + 1:
                    out.append((ln, tuple(tops), tuple(sorted(bottoms))))
                    tops, bottoms = [], []
                tops.append(top)
                bottoms.append(bottom)
            out.append((ln, tuple(tops), tuple(sorted(bottoms))))
        out.sort()
        return tuple(out), state[1]

    def exits(self, node: Component) -> list[Component]:
        """The components one deal away from ``node`` (see the module)."""
        blocks, dealt = node
        ln_new, h_new = self.dealt_piles[dealt]
        out: dict[Component, None] = {}
        for n, (ln, tops, bottoms) in enumerate(blocks):
            ways = self.ways.get((tops, bottoms))
            if ways is None:
                ways = self.ways[tops, bottoms] = _ways(tops, bottoms)
            for parts in ways:
                rest = [*blocks[:n], *blocks[n + 1 :], *((ln, t, b) for t, b in parts)]
                out[_joined(rest, ln_new, h_new), dealt + 1] = None
        return list(out)

    # ------------------------------------------------------------------ the walk

    def walk(self, budget: Budget, began: float) -> Result:
        """Depth first over components, each entered once: won, proven or unknown."""
        total = len(self.search.talon)
        if not total:
            return Won((), 0, 0.0)
        self.meter = Meter(budget, _CLOCK_EVERY, began)
        try:
            return self._walk(total)
        except _Spent:
            return Unknown(self.nodes, self.meter.elapsed())

    def _walk(self, total: int) -> Result:
        """The walk of :meth:`walk`; raises :class:`_Spent` when the budget is."""
        start = self.component(self.search.start)
        seen = {start}
        self._tick()
        if not self.open(start):
            return ProvenUnwinnable(self.nodes, self.meter.elapsed())
        path = [start]
        stack: list[Iterator[Component]] = [iter(self.exits(start))]
        while stack:
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                path.pop()
                continue
            if child[1] >= total:
                moves = self.replay([*path, child])
                return Won(moves, self.nodes, self.meter.elapsed())
            if child in seen:
                continue
            seen.add(child)
            self._tick()
            if not self.open(child):
                continue
            path.append(child)
            stack.append(iter(self.exits(child)))
        return ProvenUnwinnable(self.nodes, self.meter.elapsed())

    def replay(self, line: list[Component]) -> tuple[Move, ...]:
        """The engine's moves through these components, found level by level."""
        search = self.search
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


def _joined(blocks: list[Block], ln: int, h: int) -> tuple[Block, ...]:
    """These blocks with a new pile of one card of height ``h`` on line ``ln``, sorted:
    it joins every block of its line whose tops reach within one of ``h``."""
    tops, bottoms = [h], [h]
    kept: list[Block] = []
    for block in blocks:
        line, block_tops, block_bottoms = block
        if line == ln and block_tops[0] - 1 <= h <= block_tops[-1] + 1:
            tops += block_tops
            bottoms += block_bottoms
        else:
            kept.append(block)
    kept.append((ln, tuple(sorted(tops)), tuple(sorted(bottoms))))
    kept.sort()
    return tuple(kept)


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
    low = [b for b in others if b < upper[0]]  # too low to carry any upper top
    values = sorted({b for b in others if b >= upper[0]})
    counts = [others.count(v) for v in values]
    for taken in _choices(counts, len(upper)):
        carrying: list[int] = []
        rest = list(low)
        for value, count, take in zip(values, counts, taken, strict=True):
            carrying += [value] * take
            rest += [value] * (count - take)
        if not rest:
            continue
        if rest[-1] > h and _fits(upper, tuple(carrying)) and _fits(lower, tuple(rest)):
            yield [(lower, tuple(rest)), (upper, tuple(carrying))]


def _choices(counts: list[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``size`` items, at most ``counts[i]`` of kind ``i``."""
    if not counts:
        if not size:
            yield ()
        return
    room = sum(counts[1:])
    for take in range(max(0, size - room), min(counts[0], size) + 1):
        for more in _choices(counts[1:], size - take):
            yield (take, *more)
