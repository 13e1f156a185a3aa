"""bench/web_review.py: a review through the web app is timed to its end, and opened again."""

from __future__ import annotations

import pytest

from bench_module import load_bench

bench = load_bench("web_review")


def test_the_table_has_a_row_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "1", "--moves", "15", "--solvers", "1", "freecell"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("load average") and rows[-1].startswith("load average")
    name, games, first, _first95, *_rest = rows[2].split()
    assert (name, games) == ("freecell", "1") and float(first) > 0
