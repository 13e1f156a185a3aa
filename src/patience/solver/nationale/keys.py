"""The keys of the Nationale family's boards: equal only for boards with the same futures.

A key is the foundations' lengths (a foundation holds a run from its start card, so its length
says which cards), each suit holding one card of every rank marked as one state where its two
foundations swap tops, the redeals used, then the piles that stand alone and each group of
alike piles sorted (docs/SOLVERS.md, "The search", Nationale family). ``make`` compiles this
module (``scripts/build_kernel.py``): the same keys, in C.

>>> keys = BoardKey(heads=(0, 1), swaps=False, alone=(2,), groups=((3, 4),))
>>> keys((b"", b"\\x00", b"\\x05", b"\\x09", b"\\x07"), 0).hex()
'000100ff05ff07fd09'
>>> keys((b"", b"\\x00", b"\\x05", b"\\x07", b"\\x09"), 0).hex()
'000100ff05ff07fd09'
"""

from __future__ import annotations

from collections.abc import Sequence

import cython

FULL = 0xFE
"""A head's mark of a suit whose two foundations hold one card of every rank (with swaps)."""
ALONE = 0xFF
"""The byte before each part after the head: a pile alone, or a group."""
IN_GROUP = 0xFD
"""The byte between the sorted piles of one group."""
_ALONE = bytes((ALONE,))
_IN_GROUP = bytes((IN_GROUP,))


@cython.final
@cython.cclass
class BoardKey:
    """The key of a board and its redeals used: ``heads`` the foundations in the key's order
    (each suit's up, then down), ``swaps`` whether a suit's two foundations swap tops, ``alone``
    the piles written as they are, ``groups`` the groups of alike piles written sorted."""

    def __init__(
        self,
        heads: Sequence[int],
        swaps: bool,
        alone: Sequence[int],
        groups: Sequence[Sequence[int]],
    ) -> None:
        self.heads = bytes(heads)
        self.swaps = swaps
        self.alone = tuple(alone)
        self.groups = tuple(tuple(g) for g in groups)

    def __call__(self, board: Sequence[bytes], redeals: int) -> bytes:
        return self.of(board, redeals)

    @cython.ccall
    @cython.locals(n=cython.Py_ssize_t, size=cython.Py_ssize_t, head=bytearray, piles=tuple)
    def of(self, board: Sequence[bytes], redeals: cython.int) -> bytes:
        """The key of ``board`` with ``redeals`` used (what calling this object gives)."""
        piles = board
        size = len(self.heads)
        head = bytearray(size + 1)
        for n in range(size):
            head[n] = len(piles[self.heads[n]])
        if self.swaps:
            for n in range(0, size - 1, 2):
                if head[n] + head[n + 1] == 13:
                    head[n] = head[n + 1] = FULL
        head[size] = redeals
        parts = [bytes(head)]
        for i in self.alone:
            parts.append(piles[i])
        for group in self.groups:
            parts.append(_IN_GROUP.join(sorted([piles[i] for i in group])))
        return _ALONE.join(parts)
