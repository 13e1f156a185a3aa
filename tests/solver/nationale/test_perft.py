"""Perft: how many lines of 1..4 steps the Nationale family's compact board finds from fixed
deals, frozen (its steps are held to the engine's moves in test_search.py; these counts catch
any change to what it generates, foundation returns, swaps and redeals included)."""

from __future__ import annotations

import pytest
from solver_positions import engine_of, perft

from patience.engine.game import start_position
from patience.games import get_game
from patience.solver.nationale.moves import Board, TwoWayBoard

GOLDEN = {
    ("nationale", 1): [12, 138, 1_545, 17_089],
    ("nationale", 2): [12, 127, 1_205, 10_592],
    ("caprice", 1): [7, 39, 187, 900],
    ("tournament", 1): [5, 30, 166, 828],
}
"""Lines of 1 to 4 of the board's steps, by game and deal."""


@pytest.mark.parametrize(("game", "deal"), sorted(GOLDEN))
def test_perft_counts_are_frozen(game: str, deal: int) -> None:
    rules = TwoWayBoard(engine_of(game))
    pos = start_position(get_game(game), {}, deal)
    board = rules.board_of(pos)
    assert board is not None

    def steps(state: tuple[Board, int]) -> list[tuple[Board, int]]:
        return [(child, redeals) for _, child, redeals in rules.steps(*state)]

    counts = [perft(steps, lambda _, child: child, (board, pos.redeals), d) for d in range(1, 5)]
    assert counts == GOLDEN[(game, deal)]
