"""Perft: how many lines of 1..5 moves the Spider searcher's generator finds from fixed deals,
frozen, and the same counts by the engine's own moves to depth 3."""

from __future__ import annotations

import pytest
from solver_positions import engine_of, perft

from patience.engine.game import start_position
from patience.games import get_game
from patience.solver.spider.state import SpiderTable

GOLDEN = {
    ("1", 1): [8, 50, 331, 2_777, 26_248],
    ("2", 1): [8, 49, 300, 2_193, 17_688],
    ("4", 1): [8, 49, 295, 2_062, 15_624],
    ("4", 2): [5, 25, 133, 758, 4_697],
}
"""Lines of 1 to 5 of the searcher's moves, by suits and deal."""


@pytest.mark.parametrize(("suits", "deal"), sorted(GOLDEN))
def test_perft_counts_are_frozen_and_the_engine_counts_the_same(suits: str, deal: int) -> None:
    engine = engine_of("spider", {"suits": suits})
    table = SpiderTable(engine)
    pos = start_position(get_game("spider"), {"suits": suits}, deal)
    state = table.state(pos)
    assert [perft(table.moves, table.after, state, d) for d in range(1, 6)] == GOLDEN[(suits, deal)]
    engine_counts = [perft(engine.search_moves, engine.apply, pos, d) for d in (1, 2, 3)]
    assert engine_counts == GOLDEN[(suits, deal)][:3]
