"""Perft: how many lines of 1..4 moves the kernel's generator finds from fixed deals, frozen,
and the same counts by the engine's own moves where that is cheap."""

from __future__ import annotations

import pytest
from solver_positions import engine_of, perft

from patience.engine.game import start_position
from patience.games import get_game
from patience.solver.kernel.moves import generate
from patience.solver.kernel.positions import state_of
from patience.solver.kernel.state import State, Step, play
from patience.solver.kernel.tables import Tables

FREECELL = get_game("freecell")
ENGINE = engine_of("freecell")
TABLES = Tables(ENGINE)

GOLDEN = {
    1: [32, 792, 14_004, 155_940],
    617: [35, 966, 19_964, 291_634],
    11982: [35, 966, 19_974, 291_308],
}
"""Lines of 1, 2, 3 and 4 moves (each of the engine's search moves) from Microsoft deals."""


def kernel_moves(state: State) -> list[Step]:
    """Every move of the kernel's generator (no symmetry left out)."""
    return generate(TABLES, *state, True)


@pytest.mark.parametrize("deal", sorted(GOLDEN))
def test_perft_counts_are_frozen(deal: int) -> None:
    state = state_of(TABLES, start_position(FREECELL, {}, deal))
    assert state is not None
    assert [perft(kernel_moves, play, state, depth) for depth in range(1, 5)] == GOLDEN[deal]


@pytest.mark.parametrize("deal", sorted(GOLDEN))
def test_the_engine_counts_the_same(deal: int) -> None:
    pos = start_position(FREECELL, {}, deal)
    assert [perft(ENGINE.search_moves, ENGINE.apply, pos, d) for d in (1, 2)] == GOLDEN[deal][:2]
    if deal == 1:
        assert perft(ENGINE.search_moves, ENGINE.apply, pos, 3) == GOLDEN[deal][2]
