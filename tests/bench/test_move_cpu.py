"""bench/move_cpu.py: a worker plays move requests in-process and times them."""

from __future__ import annotations

import asyncio

from bench_module import load_bench

bench = load_bench("move_cpu")


def test_a_worker_plays_the_moves_asked_and_times_them() -> None:
    moves, cpu_s = asyncio.run(bench.play(30, seed=2))
    assert moves == 30 and cpu_s > 0
