"""Between the engine and the kernel: an engine position as a compact state, and a line of
steps as the engine's moves (which replay with :meth:`~patience.engine.core.Engine.play`).
Compiled by Cython where it can be: the line is then played on a board in C.

>>> from patience.engine.game import engine_for, start_position
>>> from patience.games import get_game
>>> info = get_game("freecell")
>>> tables = Tables(engine_for(info.rules({})))
>>> pos = start_position(info, {}, 1)
>>> state = state_of(tables, pos)
>>> [len(col) for col in state[0]], state[2]
([7, 7, 7, 7, 6, 6, 6, 6], b'\\x00\\x00\\x00\\x00')
>>> [(m.src, m.dst, m.size) for m in engine_moves(tables, pos, state, bytes([0, 8, 1, 0, 9, 1]))]
[(0, 8, 1), (0, 9, 1)]
"""

from __future__ import annotations

import cython

from patience.engine.position import Move, Position, transfer
from patience.solver.kernel import state as kernel_state  # compiled, positions.pxd cimports it
from patience.solver.kernel.state import (
    CARDS,
    EMPTY,
    RANK0,
    SUIT,
    TO_HOME,
    Line,
    State,
    board_of,
)
from patience.solver.kernel.tables import Tables

_SUIT = cython.declare(bytes, SUIT)
_TO_HOME = cython.declare(cython.int, TO_HOME)
_NO_OWNER = cython.declare(cython.int, 255)
"""A suit's byte in :func:`engine_moves` while no foundation holds it."""
_PILES = cython.declare(cython.int, 32)
_MOVES: list[Move | None] = cython.declare(list, [None] * (_PILES * _PILES * 64))
"""The engine's moves made so far, at ``(src * 32 + dst) * 64 + count`` for piles below 32
(:func:`_move`): a line of a hundred moves asks for the same few again and again, and each is
made once and shared."""


@cython.locals(
    seen=cython.ulonglong,
    card=cython.int,
    i=cython.int,
    s=cython.int,
    column=bytes,
    cards=tuple,
)
def state_of(tables: Tables, pos: Position) -> State | None:
    """The compact state of an engine position; ``None`` if it holds what no state can
    (a face-down card, a cell with two cards, not one whole pack in the columns, cells and
    foundations, a foundation out of order)."""
    engine = tables.engine
    piles = pos.piles
    if any(pos.down):
        return None
    seen = 0  # the cards met, a bit each (kernel_state.with_card): each must be met once
    columns = []
    for t in engine.tableau:
        column = bytes(piles[t])
        for card in column:
            seen = kernel_state.with_card(seen, card)
        columns.append(column)
    cells = bytearray([EMPTY] * len(engine.cells))
    for i, c in enumerate(engine.cells):
        cards = piles[c]
        if len(cards) > 1:
            return None
        if cards:
            seen = kernel_state.with_card(seen, cards[0])
            if seen >> CARDS:  # no card, or one met twice
                return None
            cells[i] = cards[0]
    home = bytearray(4)
    for f in engine.foundations:
        cards = piles[f]
        if not cards:
            continue
        card = cards[0]
        if not 0 <= card < CARDS or home[SUIT[card]]:
            return None
        s = SUIT[card]
        for i in range(len(cards)):
            card = cards[i]
            if not 0 <= card < CARDS or SUIT[card] != s or RANK0[card] != i:
                return None
            seen = kernel_state.with_card(seen, card)
        home[s] = len(cards)
    if seen != (cython.cast(cython.ulonglong, 1) << CARDS) - 1:  # each card once, none more
        return None
    return tuple(columns), bytes(cells), bytes(home)


@cython.locals(
    src=cython.int,
    dst=cython.int,
    count=cython.int,
    card=cython.int,
    s=cython.int,
    at=cython.int,
    q=cython.p_uchar,
    pile=cython.p_const_uchar,
    steps=cython.p_const_uchar,
    owner=cython.p_uchar,
)
def engine_moves(tables: Tables, pos: Position, state: State, line: Line) -> tuple[Move, ...]:
    """The engine's moves for ``line`` played from ``pos`` (whose compact state is
    ``state``): a card goes home to the foundation of its suit, or to the first empty one
    that takes it (as the engine's :meth:`~patience.engine.core.Engine.search_moves` offers
    it). A step the board cannot take (:func:`~.state.step_fault`), or a state of other
    columns or cells than the tables', is refused; the engine's replay judges the rules."""
    tables.check(state)
    engine = tables.engine
    piles = bytes((*engine.tableau, *engine.cells))  # a step's places, as piles
    pile = piles
    founds = engine.foundations
    owners = bytearray([_NO_OWNER] * 4)  # the foundation of each suit, once it has one
    owner = owners
    for f in founds:
        if pos.piles[f]:
            owner[_SUIT[pos.piles[f][0]]] = f
    board = board_of(state)
    q = board
    steps = line
    out: list[Move] = []
    kernel_state.check_line(line)
    for at in range(0, len(line), 3):
        src, dst, count = steps[at], steps[at + 1], steps[at + 2]
        if kernel_state.step_fault(q, src, dst, count):
            raise ValueError(f"no step ({src}, {dst}, {count}) on the board at step {at // 3}")
        if dst == _TO_HOME:
            card = kernel_state.top_of(q, src)
            s = _SUIT[card]
            if owner[s] == _NO_OWNER:  # an Ace: the first empty foundation that takes it
                for f in founds:
                    if f not in owners and engine.start_table(f)[card]:
                        owner[s] = f
                        break
            out.append(_move(pile[src], owner[s], 1))
            kernel_state.play_in(q, src, _TO_HOME, 1)
        else:
            out.append(_move(pile[src], pile[dst], count))
            kernel_state.play_in(q, src, dst, count)
    return tuple(out)


@cython.cfunc
@cython.locals(code=cython.int)
def _move(src: cython.int, dst: cython.int, count: cython.int) -> Move:
    """The engine's move of ``count`` cards from pile ``src`` to ``dst``, made once (made
    each time for piles the table has no room for)."""
    if src >= _PILES or dst >= _PILES or count >= 64:
        return transfer(src, dst, count)
    code = (src * _PILES + dst) * 64 + count
    move = _MOVES[code]
    if move is None:
        move = _MOVES[code] = transfer(src, dst, count)
    return move
