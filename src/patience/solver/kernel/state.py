"""The kernel's compact state: columns as ``bytes``, cells as ``bytes``, and how many cards of
each suit are home; a move as three small ints. Compiled by Cython where it can be.

A state is ``(columns, cells, home)``: each column a ``bytes`` of cards bottom first, the
cells a ``bytes`` with :data:`EMPTY` for a free cell, ``home`` a ``bytes`` of four counts. A
step is ``(src, dst, count)``: columns are numbered from 0, cells follow them, and
:data:`HOME` is the foundation of the card's suit.

>>> state = ((b"\\x00", b""), bytes([EMPTY]), bytes(4))
>>> play(state, (0, HOME, 1), 2)
((b'', b''), b'\\xff', b'\\x01\\x00\\x00\\x00')
>>> key(state) == key(((b"", b"\\x00"), bytes([EMPTY]), bytes(4)))
True
"""

from __future__ import annotations

import cython

from patience.cards import ALL_CARDS, rank, suit

EMPTY = 255
"""A free cell's byte."""
HOME = -1
"""The destination of a move to the foundations."""
CARDS = len(ALL_CARDS)

State = tuple[tuple[bytes, ...], bytes, bytes]
Step = tuple[int, int, int]
"""A move in the compact state: source, destination, card count."""

SUIT = bytes(suit(c) for c in ALL_CARDS)
RANK0 = bytes(rank(c) - 1 for c in ALL_CARDS)
"""Each card's rank counted from 0: how many of its suit are home when it may go home."""
_BYTE = tuple(bytes((c,)) for c in range(256))


@cython.locals(src=cython.int, dst=cython.int, count=cython.int, n=cython.int, size=cython.int)
def play(state: State, step: Step, n: int) -> State:
    """The state after ``step`` (no automatic move); ``n`` is the number of columns."""
    columns_t, cells, home = state
    columns = list(columns_t)
    src, dst, count = step
    if src < n:
        col = columns[src]
        size = len(col)
        moved = col[size - count :]
        columns[src] = col[: size - count]
    else:
        moved = _BYTE[cells[src - n]]
        cells = cells[: src - n] + _BYTE[EMPTY] + cells[src - n + 1 :]
    if dst == HOME:
        s = SUIT[moved[0]]
        home = home[:s] + _BYTE[home[s] + 1] + home[s + 1 :]
    elif dst < n:
        columns[dst] = columns[dst] + moved
    else:
        cells = cells[: dst - n] + moved + cells[dst - n + 1 :]
    return tuple(columns), cells, home


def key(state: State) -> bytes:
    """Equal for states alike up to the order of the columns and of the cells.

    The cards left in play decide which are home (one pack), so ``home`` is left out.
    """
    columns, cells, _ = state
    return b"\xff".join(sorted(columns)) + b"\xfe" + bytes(sorted(cells))


def cards_home(state: State) -> int:
    """How many cards are home."""
    return sum(state[2])


@cython.locals(size=cython.int, run=cython.int)
def run_length(chain: bytes, col: bytes) -> int:
    """How many cards at the top of a non-empty ``col`` move together by ``chain``.

    >>> run_length(bytes([1]) * CARDS * CARDS, b"\\x01\\x02\\x03")
    3
    """
    size = len(col)
    run = 1
    while run < size and chain[col[size - run - 1] * CARDS + col[size - run]]:
        run += 1
    return run
