"""Between the engine and the kernel: a line of steps becomes the engine's moves, each card
home going to the foundation its suit owns, and a step of no place is refused."""

from __future__ import annotations

import pytest

from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver.freecell.macros import MacroScan, horne_needs
from patience.solver.kernel.positions import engine_moves, state_of
from patience.solver.kernel.state import TO_HOME, play, steps_of
from patience.solver.kernel.tables import Tables

INFO = get_game("freecell")
ENGINE = engine_for(INFO.rules({}))
TABLES = Tables(ENGINE)


@pytest.mark.parametrize("deal", [1, 2, 617])
def test_a_won_line_converted_at_once_replays_step_by_step_through_the_engine(deal: int) -> None:
    """A macro scan's won line (every card goes home, so every suit's Ace takes a foundation),
    converted in one call: each engine move, played, reaches the state the kernel's step
    reaches."""
    pos = start_position(INFO, {}, deal)
    start = state_of(TABLES, pos)
    assert start is not None
    scan = MacroScan(TABLES, start, horne_needs(TABLES))
    scan.run(5_000, None, 0)
    assert scan.line is not None
    state = start
    moves = engine_moves(TABLES, pos, start, scan.line)
    for step, move in zip(steps_of(scan.line), moves, strict=True):
        state = play(state, step)
        pos = ENGINE.play(pos, move)
        assert state_of(TABLES, pos) == state
    assert ENGINE.is_won(pos)


def test_a_step_of_no_place_is_refused() -> None:
    pos = start_position(INFO, {}, 1)
    state = state_of(TABLES, pos)
    assert state is not None
    with pytest.raises(ValueError, match="no step"):
        engine_moves(TABLES, pos, state, bytes([0, 12, 1]))
    with pytest.raises(ValueError, match="no step"):
        engine_moves(TABLES, pos, state, bytes([200, TO_HOME, 1]))
    with pytest.raises(ValueError, match="not of steps of three"):
        engine_moves(TABLES, pos, state, bytes([0, TO_HOME]))
