"""Between the engine and the kernel: an engine position as a compact state, and a line of
steps as the engine's moves (which replay with :meth:`~patience.engine.core.Engine.play`).

>>> from patience.engine.game import engine_for, start_position
>>> from patience.games import get_game
>>> info = get_game("freecell")
>>> tables = Tables(engine_for(info.rules({})))
>>> pos = start_position(info, {}, 1)
>>> state = state_of(tables, pos)
>>> [len(col) for col in state[0]], state[2]
([7, 7, 7, 7, 6, 6, 6, 6], b'\\x00\\x00\\x00\\x00')
>>> [(m.src, m.dst, m.size) for m in engine_moves(tables, pos, [(0, 8, 1), (0, 9, 1)])]
[(0, 8, 1), (0, 9, 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from patience.cards import ALL_CARDS
from patience.engine.core import Engine
from patience.engine.position import Move, Position, transfer
from patience.solver.kernel.state import EMPTY, HOME, RANK0, SUIT, State, Step
from patience.solver.kernel.tables import Tables


def state_of(tables: Tables, pos: Position) -> State | None:
    """The compact state of an engine position; ``None`` if it holds what no state can
    (a face-down card, a cell with two cards, not one whole pack, a foundation out of order)."""
    engine = tables.engine
    piles = pos.piles
    if any(pos.down[t] for t in engine.tableau):
        return None
    if sorted(card for pile in piles for card in pile) != list(ALL_CARDS):
        return None
    cells = bytearray()
    for c in engine.cells:
        if len(piles[c]) > 1:
            return None
        cells.append(piles[c][0] if piles[c] else EMPTY)
    home = bytearray(4)
    for f in engine.foundations:
        cards = piles[f]
        if not cards:
            continue
        s = SUIT[cards[0]]
        if home[s] or any(SUIT[card] != s or RANK0[card] != i for i, card in enumerate(cards)):
            return None
        home[s] = len(cards)
    return tuple(bytes(piles[t]) for t in engine.tableau), bytes(cells), bytes(home)


def engine_moves(tables: Tables, pos: Position, steps: Sequence[Step]) -> tuple[Move, ...]:
    """The engine's moves for ``steps`` played from ``pos``: a card goes home to the
    foundation of its suit, or to the first empty one that takes it (as the engine's
    :meth:`~patience.engine.core.Engine.search_moves` offers it)."""
    engine = tables.engine
    piles = (*engine.tableau, *engine.cells)  # a step's source and destination, as piles
    owner: dict[int, int] = {}
    for f in engine.foundations:
        if pos.piles[f]:
            owner[SUIT[pos.piles[f][0]]] = f
    places = [list(pos.piles[p]) for p in piles]  # the columns, then the cells
    out: list[Move] = []
    for src, dst, count in steps:
        place = places[src]
        if dst == HOME:
            card = place.pop()
            s = SUIT[card]
            if s not in owner:
                owner[s] = _empty_foundation(engine, owner, card)
            out.append(_transfer(piles[src], owner[s], count))
            continue
        if count == 1:
            places[dst].append(place.pop())
        else:
            places[dst].extend(place[-count:])
            del place[-count:]
        out.append(_transfer(piles[src], piles[dst], count))
    return tuple(out)


@cache
def _transfer(src: int, dst: int, count: int) -> Move:
    """The engine's move of ``count`` cards from pile ``src`` to ``dst``: made once and
    shared, as a line of a hundred moves asks for the same few again and again."""
    return transfer(src, dst, count)


def _empty_foundation(engine: Engine, owner: dict[int, int], card: int) -> int:
    """The first foundation no suit owns yet that takes ``card`` (an Ace)."""
    taken = set(owner.values())
    return next(f for f in engine.foundations if f not in taken and engine.start_table(f)[card])
