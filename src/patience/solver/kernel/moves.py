"""The kernel's one move generator, over compact states, from the engine's tables.
Compiled by Cython where it can be.

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

from patience.solver.kernel.state import CARDS, EMPTY, HOME, RANK0, SUIT, Step, run_length
from patience.solver.kernel.tables import Tables


@cython.locals(
    n=cython.int,
    i=cython.int,
    j=cython.int,
    g=cython.int,
    k=cython.int,
    size=cython.int,
    card=cython.int,
    run=cython.int,
    count=cython.int,
    most=cython.int,
    to_gap=cython.int,
    free=cython.int,
    gaps=cython.int,
    upper=cython.int,
    lower=cython.int,
    whole=cython.int,
    col=bytes,
    starts=bytes,
    chain=bytes,
)
def generate(
    tables: Tables, columns: tuple[bytes, ...], cells: bytes, home: bytes, every: bool
) -> list[Step]:
    """The moves of the state ``(columns, cells, home)`` (see the module's docstring)."""
    n = tables.columns
    starts, uppers, lowers, chain = tables.starts, tables.uppers, tables.lowers, tables.chain
    runs = tables.runs
    free = cells.count(EMPTY)
    gaps = columns.count(b"")
    most = tables.limit[free][gaps]
    gap_list: list[int] = []
    to_gap = 0
    if gaps:
        to_gap = tables.limit[free][gaps - 1]
        gap_list = [i for i in range(n) if not columns[i]] if every else [columns.index(b"")]
    cell_list: list[int] = []
    if free:
        cell_list = (
            [n + j for j in range(len(cells)) if cells[j] == EMPTY]
            if every
            else [n + cells.index(EMPTY)]
        )
    top_at = [-1] * CARDS
    run_from = [-1] * CARDS
    run_count = [0] * CARDS
    out: list[Step] = []
    later: list[Step] = []
    for i in range(n):
        col = columns[i]
        size = len(col)
        if not size:
            continue
        card = col[size - 1]
        top_at[card] = i
        if home[SUIT[card]] == RANK0[card]:
            out.append((i, HOME, 1))
        run = runs.get(col, 0)
        if not run:
            run = runs[col] = run_length(chain, col)
        for count in range(1, (run if run < most else most) + 1):
            card = col[size - count]
            run_from[card] = i
            run_count[card] = count
        if gaps:
            whole = run if run < to_gap else to_gap
            if whole >= size:  # a whole column into an empty one changes nothing
                whole = size - 1
            for count in range(1, whole + 1):
                if starts[col[size - count]]:
                    for g in gap_list:
                        later.append((i, g, count))
        for g in cell_list:
            later.append((i, g, 1))
    for j in range(len(cells)):
        card = cells[j]
        if card == EMPTY:
            continue
        if home[SUIT[card]] == RANK0[card]:
            out.append((n + j, HOME, 1))
        for lower in lowers[card]:
            k = top_at[lower]
            if k >= 0:
                out.append((n + j, k, 1))
        if starts[card]:
            for g in gap_list:
                out.append((n + j, g, 1))
    for k in range(n):
        col = columns[k]
        if not col:
            continue
        for upper in uppers[col[len(col) - 1]]:
            i = run_from[upper]
            if i >= 0 and i != k:
                out.append((i, k, run_count[upper]))
    out.extend(later)
    return out
