"""Boards of the Nationale family played out from random deals, shared by its tests."""

from __future__ import annotations

from hypothesis import strategies as st
from solver_positions import engine_of, playout

from patience.engine.position import Position
from patience.solver.nationale.moves import Board, TwoWayBoard

FAMILY = ("nationale", "caprice", "tournament")


@st.composite
def played_boards(draw: st.DrawFn) -> tuple[TwoWayBoard, Board | None, Position]:
    """A game's board rules, a position up to 60 random moves into a deal, and its board
    (``None`` where a card lies face down: the general search's)."""
    game = draw(st.sampled_from(FAMILY))
    deal, steps, seed = (
        draw(st.integers(1, 10_000)),
        draw(st.integers(0, 60)),
        draw(st.integers(0, 1000)),
    )
    pos = playout(game, deal, steps, seed)
    rules = TwoWayBoard(engine_of(game))
    return rules, rules.board_of(pos), pos
