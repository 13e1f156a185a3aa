"""FreeCell-family engines and positions shared by the kernel's and the family's tests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from hypothesis import strategies as st
from solver_positions import engine_of

from patience.cards import parse_card
from patience.engine.core import Engine
from patience.engine.game import engine_for
from patience.engine.position import Position
from patience.games import GAMES, get_game
from patience.games.layout import DOWN_IN_SUIT
from patience.rules.piles import Kind, Unit
from patience.solver.freecell.family import in_family


def variant(columns: int, cells: int, **changes: object) -> Engine:
    """FreeCell's engine with ``columns`` columns and ``cells`` free cells (and spec changes)."""
    rules = get_game("freecell").rules({})
    specs = rules.piles
    tableau = [replace(s, **changes) for s in specs if s.kind is Kind.TABLEAU][:columns]
    cell_specs = [s for s in specs if s.kind is Kind.CELL][:cells]
    founds = [s for s in specs if s.kind is Kind.FOUNDATION]
    return engine_for(replace(rules, piles=(*tableau, *cell_specs, *founds)))


def family_engines() -> dict[str, Engine]:
    """Every game and option set of the collection in the FreeCell family, and variants of
    FreeCell's rules that the family takes (fewer cells, one card a move, built in suit)."""
    found = {
        f"{info.id} {dict(options)}": engine
        for info in GAMES.values()
        for options in info.option_sets()
        if in_family(engine := engine_of(info.id, dict(options)))
    }
    found["two cells"] = variant(8, 2)
    found["no cell, one card a move"] = variant(8, 0, unit=Unit.ONE)
    found["built in suit"] = variant(8, 4, build=DOWN_IN_SUIT)
    return found


def endgame(engine: Engine, columns: list[list[str]], cells: Sequence[str] = ()) -> Position:
    """A position of ``engine`` with these cards out (the top ranks of each suit), the rest home."""
    out = [[parse_card(c) for c in col] for col in columns]
    held = [parse_card(c) for c in cells]
    used = {c for col in out for c in col} | set(held)
    piles: list[tuple[int, ...]] = [() for _ in engine.specs]
    for t, col in zip(engine.tableau, out, strict=False):
        piles[t] = tuple(col)
    for c, card in zip(engine.cells, held, strict=False):
        piles[c] = (card,)
    for f, s in zip(engine.foundations, range(4), strict=True):
        lowest = next((r for r in range(13) if s * 13 + r in used), 13)
        piles[f] = tuple(range(s * 13, s * 13 + lowest))
    assert sum(map(len, piles)) == 52, "only the top ranks of a suit may be out"
    return Position(tuple(piles), (0,) * len(piles))


RANKS = "A23456789TJQK"


@st.composite
def small_endgames(draw: st.DrawFn) -> tuple[Engine, Position]:
    """A FreeCell variant of 2-3 columns and 0-1 cells, with the top 1-3 cards of each suit
    dealt at random over its columns and cells: small enough to enumerate."""
    columns = draw(st.integers(2, 3), label="columns")
    cells = draw(st.integers(0, 1), label="cells")
    engine = variant(columns, cells)
    depth = [draw(st.integers(1, 3), label=f"suit {s}") for s in range(4)]
    cards = [f"{RANKS[12 - r]}{'CDHS'[s]}" for s in range(4) for r in range(depth[s])]
    order = draw(st.permutations(cards), label="order")
    places = [draw(st.integers(0, columns + cells - 1)) for _ in order]
    piles: list[list[str]] = [[] for _ in range(columns + cells)]
    for card, place in zip(order, places, strict=True):
        if place >= columns and piles[place]:
            place = 0
        piles[place].append(card)
    held = [p[0] for p in piles[columns:] if p]
    return engine, endgame(engine, piles[:columns], held)
