"""patience daily prepare: a line of grades per day, nothing twice, and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from patience.daily.deals import daily_deal
from patience.games import GAMES

from .conftest import Runner, assert_one_line_error


def test_prepare_grades_each_day_once(
    patience: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATIENCE_SECRET", "daily test")  # the days' deals follow the secret
    args = ("daily", "prepare", "--days", "2", "--from", "2026-12-12", "--game", "freecell")
    first = patience(*args, "--data-dir", str(tmp_path))
    assert first.status == 0, first.err
    grades = [
        daily_deal(GAMES["freecell"], "daily test", d).grade for d in ("2026-12-12", "2026-12-13")
    ]
    assert first.out.splitlines() == [
        f"2026-12-12: freecell {grades[0]}",
        f"2026-12-13: freecell {grades[1]}",
    ]
    again = patience(*args, "--days", "3", "--data-dir", str(tmp_path))
    assert again.out.splitlines()[:2] == ["2026-12-12: ready", "2026-12-13: ready"]
    assert again.out.splitlines()[2].startswith("2026-12-14: freecell ")


def test_a_bad_day_is_one_line(patience: Runner, tmp_path: Path) -> None:
    result = patience("daily", "prepare", "--from", "tomorrow", "--data-dir", str(tmp_path))
    assert_one_line_error(result)
