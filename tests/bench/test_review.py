"""bench/review.py: random games are legal and the same every run; the table prints."""

from __future__ import annotations

import pytest

from bench_module import load_bench
from patience.engine.game import engine_for, start_position
from patience.games import get_game

bench = load_bench("review")


def test_a_random_game_is_legal_and_repeats() -> None:
    moves = bench.random_game("freecell", 3, 40)
    assert moves == bench.random_game("freecell", 3, 40) and 0 < len(moves) <= 40
    info = get_game("freecell")
    engine = engine_for(info.rules({}))
    position = start_position(info, {}, 3)
    for move in moves:
        position = engine.play(position, move)


def test_the_table_has_a_row_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "2", "--moves", "20", "thirteens", "freecell"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert [row.split()[0] for row in rows[3:5]] == ["thirteens", "freecell"]
    assert rows[0].startswith("load average") and rows[-1].startswith("load average")
    assert rows[1] == "seconds: wall-clock"


def test_cpu_seconds_are_said(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--cpu", "--games", "1", "--moves", "10", "thirteens"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "seconds: CPU seconds of this process"


def test_p95_is_the_nearest_rank() -> None:
    assert bench.p95([float(i) for i in range(1, 21)]) == 19.0
    assert bench.p95([3.0]) == 3.0
