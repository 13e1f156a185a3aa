"""The kernel's tables are the engine's, and engines of another shape are refused."""

from __future__ import annotations

from dataclasses import replace

import pytest
from freecell_cases import family_engines
from solver_positions import engine_of

from patience.engine.core import Engine
from patience.engine.game import engine_for, start_position
from patience.games import GAMES, get_game
from patience.solver.freecell.family import in_family
from patience.solver.freecell.hooks import Family, Weights
from patience.solver.freecell.macros import MacroScan, horne_needs
from patience.solver.kernel.positions import engine_moves, state_of
from patience.solver.kernel.search import scan
from patience.solver.kernel.tables import Tables

ENGINES = family_engines()


@pytest.mark.parametrize("engine", ENGINES.values(), ids=ENGINES.keys())
def test_the_tables_are_read_from_the_engine(engine: Engine) -> None:
    tables = Tables(engine)
    e = tables.engine
    first = e.tableau[0]
    assert tables.fits == e.fits_table(first)
    assert tables.starts == e.start_table(first)
    assert tables.chain == (e.chain_table(first) or bytes(52 * 52))
    assert (tables.columns, tables.cells) == (len(e.tableau), len(e.cells))
    for free in range(tables.cells + 1):
        for empty in range(tables.columns + 1):
            assert tables.limit[free][empty] == e.supermove_limit(free, empty)
            at = free * (tables.columns + 1) + empty
            assert tables.limits[at] == min(e.supermove_limit(free, empty), 255)
    for card in range(52):
        assert listed(tables.uppers, card) == [u for u in range(52) if tables.fits[card * 52 + u]]
        assert listed(tables.lowers, card) == [
            lo for lo in range(52) if tables.fits[lo * 52 + card]
        ]


def listed(flat: bytes, card: int) -> list[int]:
    """The cards listed for ``card`` in a flat table of lists (their number, then them)."""
    at = card * 53
    return list(flat[at + 1 : at + 1 + flat[at]])


def test_without_supermoves_a_move_carries_any_run() -> None:
    rules = replace(get_game("freecell").rules({}), supermove=False)
    assert set(Tables(engine_for(rules)).limit[0]) == {52}


@pytest.mark.parametrize(
    "game", sorted(info.id for info in GAMES.values() if not in_family(engine_of(info.id)))
)
def test_games_of_another_shape_are_refused(game: str) -> None:
    with pytest.raises(ValueError, match="the kernel needs"):
        Tables(engine_of(game))


def test_a_state_of_another_shape_is_refused_before_any_c_code_reads_it() -> None:
    """Scans, macro scans and the line's conversion read the tables by the state's columns and
    cells: a state of another game's shape would read past them."""
    tables = Tables(engine_for(get_game("freecell").rules({})))
    pos = start_position(get_game("freecell"), {}, 1)
    state = state_of(tables, pos)
    assert state is not None
    wider = (*state[0], b""), state[1], state[2]
    fewer_cells = state[0], state[1][:3], state[2]
    hooks = Family(tables).hooks(Weights(60, 5, 3, 10, 25))
    for odd in (wider, fewer_cells):
        with pytest.raises(ValueError, match="a state of"):
            scan(tables, odd, hooks)
        with pytest.raises(ValueError, match="a state of"):
            MacroScan(tables, odd, horne_needs(tables))
        with pytest.raises(ValueError, match="a state of"):
            engine_moves(tables, pos, odd, b"")
