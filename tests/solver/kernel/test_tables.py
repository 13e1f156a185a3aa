"""The kernel's tables are the engine's, and engines of another shape are refused."""

from __future__ import annotations

from dataclasses import replace

import pytest
from freecell_cases import family_engines
from solver_positions import engine_of

from patience.engine.core import Engine
from patience.engine.game import engine_for
from patience.games import GAMES, get_game
from patience.solver.freecell.family import in_family
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
