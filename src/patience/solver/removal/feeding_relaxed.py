"""A relaxed talon-feeding game whose loss proves the real one lost.

The *relaxed game* keeps only the multisets of the tops' and the bottoms' heights on each line
and allows a deal whenever a bottom ``h``, a top ``h`` and a top ``h + 1`` lie on one line.
Every real deal is a relaxed one, so when :meth:`Relaxed.can_finish` says no, the real
position is lost; answers are remembered for the whole search.
(docs/SOLVERS.md, "The relaxed game on tops and bottoms")
"""

from __future__ import annotations

from collections.abc import Callable

Multisets = tuple[tuple[int, ...], tuple[int, ...]]
"""Tops and bottoms as sorted tuples of ``line * 16 + height + 13`` (so ``+ 1`` is the next
height up on the same line, and past a King's height no card is)."""


def point(line: int, height: int) -> int:
    """The int naming a height on a line (heights run from -12 up to 0)."""
    return line * 16 + height + 13


class Relaxed:
    """The relaxed game over one talon; ``tick`` is called once a relaxed state is entered
    (the caller's budget)."""

    def __init__(self, talon: tuple[int, ...], tick: Callable[[], None]) -> None:
        self.talon = talon
        self.tick = tick
        self.known: dict[tuple[tuple[int, ...], tuple[int, ...], int], bool] = {}

    def can_finish(self, tops: tuple[int, ...], bottoms: tuple[int, ...], dealt: int) -> bool:
        """Can the relaxed game deal every talon card left from these multisets?"""
        if dealt >= len(self.talon):
            return True
        key = (tops, bottoms, dealt)
        known = self.known.get(key)
        if known is not None:
            return known
        self.tick()
        new = self.talon[dealt]
        answer = False
        last = -1
        for h in bottoms:
            if h == last:
                continue
            last = h
            if h not in tops or h + 1 not in tops:
                continue
            after_tops = list(tops)
            after_tops.remove(h + 1)
            after_tops.append(new)
            after_bottoms = list(bottoms)
            after_bottoms.remove(h)
            after_bottoms.append(new)
            if self.can_finish(tuple(sorted(after_tops)), tuple(sorted(after_bottoms)), dealt + 1):
                answer = True
                break
        self.known[key] = answer
        return answer
