"""Days of the daily deal: UTC days that roll over at midnight, a week from easier to harder."""

from __future__ import annotations

import doctest

from hypothesis import given
from hypothesis import strategies as st

import patience.daily.calendar
import patience.daily.deals
from patience.daily.calendar import (
    DAY_MS,
    day_of,
    day_start_ms,
    days_from,
    next_day_ms,
    wanted_grade,
)
from patience.deal_pools import GRADED_KINDS

MOMENTS = st.integers(0, 4_000_000_000_000)


@given(MOMENTS)
def test_a_moment_lies_in_its_day_and_the_next_day_starts_at_midnight(ms: int) -> None:
    day = day_of(ms)
    assert day_start_ms(day) <= ms < next_day_ms(ms) == day_start_ms(day) + DAY_MS
    assert day_of(next_day_ms(ms) - 1) == day and day_of(next_day_ms(ms)) != day


def test_the_week_runs_from_easier_to_harder() -> None:
    kinds = ("any", "winnable", *GRADED_KINDS)
    week = [wanted_grade(day, kinds) for day in days_from("2026-12-07", 7)]  # Monday on
    assert week == ["easy", "easy", "medium", "medium", "hard", "hard", "expert"]
    assert [GRADED_KINDS.index(g) for g in week] == sorted(GRADED_KINDS.index(g) for g in week)


def test_the_daily_doctests_pass() -> None:
    for module in (patience.daily.calendar, patience.daily.deals):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, result
