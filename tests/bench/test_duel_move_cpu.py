"""bench/duel_move_cpu.py: duels started in process, their moves played and their events heard."""

from __future__ import annotations

import asyncio

from bench_module import load_bench

bench = load_bench("duel_move_cpu")


def test_the_moves_are_played_and_both_streams_hear_each() -> None:
    made, heard = asyncio.run(bench.run(3, 40, seed=2, profile=False))
    assert made == 40
    assert heard >= 2 * made  # each move's progress on both seats' streams, besides the start
