"""Perft: how many lines of 1..5 moves the Spider searcher's generator finds from fixed deals,
frozen, and the same counts by the engine's own moves to depth 3."""

from __future__ import annotations

import pytest
from solver_positions import engine_of

from patience.engine.core import Engine
from patience.engine.game import start_position
from patience.engine.position import Position
from patience.games import get_game
from patience.solver.spider.state import SpiderState, SpiderTable

GOLDEN = {
    ("1", 1): [8, 50, 331, 2_777, 26_248],
    ("2", 1): [8, 49, 300, 2_193, 17_688],
    ("4", 1): [8, 49, 295, 2_062, 15_624],
    ("4", 2): [5, 25, 133, 758, 4_697],
}
"""Lines of 1 to 5 of the searcher's moves, by suits and deal."""


def perft(table: SpiderTable, state: SpiderState, depth: int) -> int:
    moves = table.moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(table, table.after(state, m), depth - 1) for m in moves)


def engine_perft(engine: Engine, pos: Position, depth: int) -> int:
    moves = engine.search_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(engine_perft(engine, engine.apply(pos, m), depth - 1) for m in moves)


@pytest.mark.parametrize(("suits", "deal"), sorted(GOLDEN))
def test_perft_counts_are_frozen_and_the_engine_counts_the_same(suits: str, deal: int) -> None:
    engine = engine_of("spider", {"suits": suits})
    table = SpiderTable(engine)
    pos = start_position(get_game("spider"), {"suits": suits}, deal)
    state = table.state(pos)
    assert [perft(table, state, depth) for depth in range(1, 6)] == GOLDEN[(suits, deal)]
    assert [engine_perft(engine, pos, depth) for depth in (1, 2, 3)] == GOLDEN[(suits, deal)][:3]
