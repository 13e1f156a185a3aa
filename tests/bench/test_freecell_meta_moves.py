"""bench/freecell_meta_moves.py: the prototype's macro moves are legal moves (its wins replay
through the engine), and it wins deals our first scan loses."""

from __future__ import annotations

import pytest

from bench_module import load_bench
from patience.engine.game import start_position
from patience.solver.kernel.positions import engine_moves, state_of
from patience.solver.kernel.state import line_of

bench = load_bench("freecell_meta_moves")


@pytest.mark.parametrize("deal", [32, 36, 50, 57])
def test_wins_a_deal_our_first_scan_loses_and_the_line_replays(deal: int) -> None:
    assert deal in bench.hard([deal])
    pos = start_position(bench.INFO, {}, deal)
    start = state_of(bench.TABLES, pos)
    assert start is not None
    checked, line = bench.scan(start, 4000)
    assert line is not None and 0 < checked < 4000
    moves = engine_moves(bench.TABLES, pos, start, line_of(line))
    assert bench.replays_to_win(bench.ENGINE, pos, moves)


def test_a_deal_not_won_within_the_cap_gives_no_line() -> None:
    start = state_of(bench.TABLES, start_position(bench.INFO, {}, 32))
    assert start is not None
    assert bench.scan(start, 5) == (5, None)
