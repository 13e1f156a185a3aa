"""A relaxed talon-feeding game whose loss proves the real one lost.

The *relaxed game* keeps only the multisets of the tops' and the bottoms' heights on each line
and allows a deal whenever a bottom ``h``, a top ``h`` and a top ``h + 1`` lie on one line.
Every real deal is a relaxed one, so when :meth:`Relaxed.can_finish` says no, the real
position is lost; answers are remembered for the whole search. Compiled with the component
walk (``scripts/build_kernel.py``), which calls it in C.
(docs/SOLVERS.md, "The relaxed game on tops and bottoms")
"""

from __future__ import annotations

from collections.abc import Callable

import cython

SHIFT = 13
"""Heights (-12 up to 0) are written as numbers from 1: ``height + SHIFT``."""
STRIDE = 16
"""Points a line takes: its heights written, and room past the King's."""
LINES = 256 // STRIDE
"""Lines a multiset can name (a point is a byte)."""


def point(line: int, height: int) -> int:
    """The byte naming a height on a line (lines below :data:`LINES`, heights from -12 up to
    0), so ``+ 1`` is the next height up on the same line, and past a King's height no card
    is. Tops and bottoms are multisets of points: sorted ``bytes``.

    >>> point(0, -12), point(1, 0)
    (1, 29)
    """
    return line * STRIDE + height + SHIFT


@cython.cfunc
@cython.locals(
    n=cython.Py_ssize_t,
    part=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    k=cython.Py_ssize_t,
    put=cython.int,
    gone=cython.bint,
    p=cython.p_const_uchar,
    q=cython.p_uchar,
)
def _dealt(state: bytes, h: cython.int, new: cython.int) -> bytes:
    """The relaxed state after a deal: one top ``h + 1`` and one bottom ``h`` taken out,
    ``new`` put in both, one more card dealt (:meth:`Relaxed.can_finish` writes states).

    >>> list(_dealt(bytes([3, 4, 3, 7, 0]), 3, 5))  # tops 3 4, bottoms 3 7, none dealt
    [3, 5, 5, 7, 1]
    """
    n = (len(state) - 1) // 2
    out = bytearray(2 * n + 1)
    p = state
    q = out
    for part in range(2):
        k = part * n
        put = new
        gone = False
        for i in range(part * n, part * n + n):
            if not gone and p[i] == h + 1 - part:
                gone = True
                continue
            if put >= 0 and put <= p[i]:
                q[k] = put
                k += 1
                put = -1
            q[k] = p[i]
            k += 1
        if put >= 0:
            q[k] = put
    q[2 * n] = p[2 * n] + 1
    return bytes(out)


@cython.final
@cython.cclass
class Relaxed:
    """The relaxed game over one talon (its points, in the order dealt); ``tick`` is called
    once a relaxed state is entered (the caller's budget).

    >>> game = Relaxed(bytes([point(0, -6)]), lambda: None)
    >>> game.can_finish(bytes([point(0, -8), point(0, -7)]), bytes([point(0, -8), point(0, 0)]), 0)
    True
    """

    talon: bytes
    tick: Callable[[], None]
    known: dict[bytes, bool]

    def __init__(self, talon: bytes, tick: Callable[[], None]) -> None:
        self.talon = talon
        self.tick = tick
        self.known = {}

    def can_finish(self, tops: bytes, bottoms: bytes, dealt: int) -> bool:
        """Can the relaxed game deal every talon card left from these multisets (as many
        tops as bottoms)?"""
        return self.finish(tops + bottoms + bytes((dealt,)))

    @cython.ccall
    @cython.locals(
        n=cython.Py_ssize_t,
        i=cython.Py_ssize_t,
        j=cython.Py_ssize_t,
        h=cython.int,
        last=cython.int,
        new=cython.int,
        dealt=cython.int,
        low=cython.bint,
        high=cython.bint,
        answer=cython.bint,
        known=object,
        p=cython.p_const_uchar,
    )
    def finish(self, state: bytes) -> cython.bint:
        """:meth:`can_finish` of a state written as one ``bytes``: the tops, the bottoms,
        and the cards dealt."""
        n = (len(state) - 1) // 2
        p = state
        dealt = p[2 * n]
        if dealt >= len(self.talon):
            return True
        known = self.known.get(state)
        if known is not None:
            return known
        self.tick()
        new = self.talon[dealt]
        answer = False
        last = -1
        for i in range(n, 2 * n):
            h = p[i]
            if h == last:
                continue
            last = h
            low = high = False
            for j in range(n):
                low = low or p[j] == h
                high = high or p[j] == h + 1
            if low and high and self.finish(_dealt(state, h, new)):
                answer = True
                break
        self.known[state] = answer
        return answer
