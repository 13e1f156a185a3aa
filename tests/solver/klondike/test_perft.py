"""Perft: how many lines of 1..5 moves the Klondike searcher's generator finds from fixed
deals, frozen (its moves are held to the engine's in test_search.py; these counts catch any
change to what it generates, talon macro-moves and foundation returns included)."""

from __future__ import annotations

import pytest
from solver_positions import engine_of, perft

from patience.engine.game import start_position
from patience.games import get_game
from patience.solver.klondike.search import klondike_searcher

GOLDEN = {
    ("1", "unlimited", 1): [9, 80, 687, 5_632, 43_854],
    ("1", "unlimited", 2): [10, 100, 1_011, 10_364, 107_591],
    ("3", "3", 1): [4, 13, 32, 61, 120],
    ("3", "3", 2): [5, 30, 211, 1_487, 10_001],
    ("1", "1", 3): [10, 70, 428, 2_509, 14_572],
}
"""Lines of 1 to 5 of the searcher's moves (every one, not narrowed), by draw, passes and
deal."""


@pytest.mark.parametrize(("draw", "passes", "deal"), sorted(GOLDEN))
def test_perft_counts_are_frozen(draw: str, passes: str, deal: int) -> None:
    options = {"draw": draw, "passes": passes}
    searcher = klondike_searcher(engine_of("klondike", options))
    assert searcher is not None
    state = searcher.state_of(start_position(get_game("klondike"), options, deal))
    assert state is not None
    counts = [perft(searcher.moves, searcher.apply, state, d) for d in range(1, 6)]
    assert counts == GOLDEN[(draw, passes, deal)]
