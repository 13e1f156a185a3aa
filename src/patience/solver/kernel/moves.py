"""The kernel's one move generator, over boards, from the engine's tables. Compiled by Cython
where it can be.

With ``every`` it gives exactly the engine's
:meth:`~patience.engine.core.Engine.search_moves` (tests/solver/kernel hold it to that);
without, one empty column and one free cell stand for all of them (alike piles, so the
states reached differ only in the order of alike piles, which :func:`~.state.key` ignores).
Moves home come first, then moves from the cells, then runs onto cards, then moves into
empty columns and cells.

>>> from patience.engine.game import engine_for
>>> from patience.games import get_game
>>> tables = Tables(engine_for(get_game("freecell").rules({})))
>>> cards = bytes(range(0, 52, 13))  # the four Aces on one column
>>> generate(tables, (cards,) + (b"",) * 7, bytes([EMPTY] * 4), bytes(4), False)
[(0, -1, 1), (0, 1, 1), (0, 8, 1)]
"""

from __future__ import annotations

import cython

from patience.solver.kernel.state import (
    CARDS,
    EMPTY,
    RANK0,
    SUIT,
    TO_HOME,
    Board,
    Step,
    board_of,
    board_size,
    decoded,
)
from patience.solver.kernel.tables import Tables

_SUIT = cython.declare(bytes, SUIT)
_CARDS = cython.declare(cython.int, CARDS)
_EMPTY = cython.declare(cython.int, EMPTY)
_TO_HOME = cython.declare(cython.int, TO_HOME)
_RANK0 = cython.declare(bytes, RANK0)
_NONE = cython.declare(cython.int, 255)
"""No column, in the generator's marks."""
RUNS_AT = 3 * CARDS
"""Where :func:`moves_of` leaves each column's run length in its ``marks``."""
_RUNS_AT = cython.declare(cython.int, RUNS_AT)


@cython.cfunc
@cython.locals(q=cython.p_uchar, at=cython.int, size=cython.int, run=cython.int)
def _run(
    chain: cython.p_const_uchar, q: cython.p_const_uchar, at: cython.int, size: cython.int
) -> cython.int:
    """How many cards at the top of the ``size`` cards from ``q[at]`` move together."""
    run = 1
    while run < size and chain[q[at + size - run - 1] * _CARDS + q[at + size - run]]:
        run += 1
    return run


def run_length(chain: bytes, col: bytes) -> int:
    """How many cards at the top of a non-empty ``col`` move together by ``chain``.

    >>> run_length(bytes([1]) * CARDS * CARDS, b"\\x01\\x02\\x03")
    3
    """
    return _run(chain, col, 0, len(col))


@cython.cfunc
@cython.locals(made=cython.int, src=cython.int, dst=cython.int, count=cython.int)
def _put(
    out: cython.p_uchar, made: cython.int, src: cython.int, dst: cython.int, count: cython.int
) -> cython.int:
    """Write the step at ``out[made * 3]``; the number of steps then."""
    out[made * 3] = src
    out[made * 3 + 1] = dst
    out[made * 3 + 2] = count
    return made + 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    n=cython.int,
    c=cython.int,
    i=cython.int,
    j=cython.int,
    g=cython.int,
    k=cython.int,
    at=cython.int,
    size=cython.int,
    card=cython.int,
    run=cython.int,
    count=cython.int,
    most=cython.int,
    to_gap=cython.int,
    free=cython.int,
    gaps=cython.int,
    first_gap=cython.int,
    first_cell=cython.int,
    upper=cython.int,
    lower=cython.int,
    whole=cython.int,
    top=cython.int,
    made=cython.int,
    late=cython.int,
    suit=cython.p_const_uchar,
    rank0=cython.p_const_uchar,
)
def write_moves(
    starts: cython.p_const_uchar,
    chain: cython.p_const_uchar,
    uppers: cython.p_const_uchar,
    lowers: cython.p_const_uchar,
    limits: cython.p_const_uchar,
    later: cython.int,
    q: cython.p_const_uchar,
    every: cython.bint,
    out: cython.p_uchar,
    mark: cython.p_uchar,
) -> cython.int:
    """:func:`moves_of` on the tables' bytes (``later``: a sixth of
    :attr:`~.tables.Tables.steps_size`), for the scans to call without a Python call."""
    suit = _SUIT
    rank0 = _RANK0
    n = q[0]
    c = q[1]
    free = 0
    first_cell = -1
    for j in range(c):
        if q[2 + n + j] == _EMPTY:
            free += 1
            if first_cell < 0:
                first_cell = n + j
    gaps = 0
    first_gap = -1
    for i in range(n):
        if not q[2 + i]:
            gaps += 1
            if first_gap < 0:
                first_gap = i
    most = limits[free * (n + 1) + gaps]
    to_gap = limits[free * (n + 1) + gaps - 1] if gaps else 0
    for i in range(3 * _CARDS):
        mark[i] = _NONE
    made = 0
    late = later
    at = 6 + n + c
    for i in range(n):
        size = q[2 + i]
        mark[_RUNS_AT + i] = 0
        if not size:
            continue
        card = q[at + size - 1]
        mark[card] = i
        if q[2 + n + c + suit[card]] == rank0[card]:
            made = _put(out, made, i, _TO_HOME, 1)
        run = _run(chain, q, at, size)
        mark[_RUNS_AT + i] = run
        for count in range(1, (run if run < most else most) + 1):
            card = q[at + size - count]
            mark[_CARDS + card] = i
            mark[2 * _CARDS + card] = count
        if gaps:
            whole = run if run < to_gap else to_gap
            if whole >= size:  # a whole column into an empty one changes nothing
                whole = size - 1
            for count in range(1, whole + 1):
                if starts[q[at + size - count]]:
                    for g in range(first_gap, n):
                        if not q[2 + g] and (every or g == first_gap):
                            late = _put(out, late, i, g, count)
        if free:
            for g in range(first_cell, n + c):
                if q[2 + g] == _EMPTY and (every or g == first_cell):
                    late = _put(out, late, i, g, 1)
        at += size
    for j in range(c):
        card = q[2 + n + j]
        if card == _EMPTY:
            continue
        if q[2 + n + c + suit[card]] == rank0[card]:
            made = _put(out, made, n + j, _TO_HOME, 1)
        for g in range(lowers[card * (_CARDS + 1)]):
            lower = lowers[card * (_CARDS + 1) + 1 + g]
            if mark[lower] != _NONE:
                made = _put(out, made, n + j, mark[lower], 1)
        if gaps and starts[card]:
            for g in range(first_gap, n):
                if not q[2 + g] and (every or g == first_gap):
                    made = _put(out, made, n + j, g, 1)
    at = 6 + n + c
    for k in range(n):
        size = q[2 + k]
        if not size:
            continue
        top = q[at + size - 1]
        at += size
        for g in range(uppers[top * (_CARDS + 1)]):
            upper = uppers[top * (_CARDS + 1) + 1 + g]
            i = mark[_CARDS + upper]
            if i != _NONE and i != k:
                made = _put(out, made, i, k, mark[2 * _CARDS + upper])
    for i in range(3 * (late - later)):
        out[3 * made + i] = out[3 * later + i]
    return made + late - later


def moves_of(tables: Tables, board: Board, every: bool, steps: bytearray, marks: bytearray) -> int:
    """Write the moves of ``board`` into ``steps`` (:attr:`~.tables.Tables.steps_size`
    bytes), three bytes each (255 for home), and return their number. ``marks``
    (:attr:`~.tables.Tables.marks_size` bytes) is left with each column's run length at
    :data:`RUNS_AT`. Buffers too small, or a board of another shape than the tables', are
    refused (the C generator would write or read past them)."""
    t = tables
    if len(steps) < t.steps_size or len(marks) < t.marks_size:
        raise ValueError("the steps and marks buffers are smaller than the tables ask")
    if len(board) != board_size(t.columns, t.cells) or (board[0], board[1]) != (
        t.columns,
        t.cells,
    ):
        raise ValueError("a board of another shape than the tables'")
    later = t.steps_size // 6
    return write_moves(
        t.starts, t.chain, t.uppers, t.lowers, t.limits, later, board, every, steps, marks
    )


def generate(
    tables: Tables, columns: tuple[bytes, ...], cells: bytes, home: bytes, every: bool
) -> list[Step]:
    """The moves of the state ``(columns, cells, home)`` (see the module's docstring)."""
    tables.check((columns, cells, home))
    steps = bytearray(tables.steps_size)
    board = board_of((columns, cells, home))
    made = moves_of(tables, board, every, steps, bytearray(tables.marks_size))
    return [decoded(steps, 3 * i) for i in range(made)]
