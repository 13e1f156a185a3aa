"""The daily board's order, ranks and field; the share card's strip; streaks of days."""

from __future__ import annotations

import datetime
import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience.daily.ranking
import patience.daily.share
import patience.daily.streaks
import patience.web.dailies
from patience.daily.ranking import Result, better_than, field_of, order_key, ranks
from patience.daily.share import STRETCHES, stretch_ends, strip
from patience.daily.streaks import streak_of

RESULTS = st.builds(
    Result,
    st.booleans(),
    st.integers(0, 300),
    st.integers(0, 104),
    st.integers(0, 10_000_000),
)


@pytest.mark.parametrize(
    "module",
    [patience.daily.ranking, patience.daily.share, patience.daily.streaks, patience.web.dailies],
)
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.failed == 0 and result.attempted > 0


def test_the_rules_of_the_board() -> None:
    won_short_slow = Result(True, 80, 52, 900_000)
    won_long_fast = Result(True, 81, 52, 1_000)
    home_many_slow = Result(False, 200, 40, 999_000)
    home_few_fast = Result(False, 10, 39, 1_000)
    same_home_faster = Result(False, 300, 40, 998_000)
    board = [home_few_fast, home_many_slow, won_long_fast, same_home_faster, won_short_slow]
    assert sorted(board, key=order_key) == [
        won_short_slow,  # won before unfinished; fewer moves first
        won_long_fast,
        same_home_faster,  # more cards home, then less time
        home_many_slow,
        home_few_fast,
    ]


@given(st.lists(RESULTS, max_size=30))
def test_ranks_share_places_for_equal_results_only(results: list[Result]) -> None:
    ordered = sorted(results, key=order_key)
    found = ranks(ordered)
    assert found == sorted(found)
    for place, (rank, result) in enumerate(zip(found, ordered, strict=True), 1):
        first = next(n for n, r in enumerate(ordered, 1) if order_key(r) == order_key(result))
        assert rank == first <= place
    for rank in found:
        share = better_than(rank, found)
        assert 0 <= share < 100
        assert share == sum(other > rank for other in found) * 100 // len(found)


@given(st.lists(RESULTS, max_size=30))
def test_the_field_counts_every_result_once(results: list[Result]) -> None:
    field = field_of(results)
    assert sum(n for _, n in field.won_moves) == sum(r.won for r in results)
    assert sum(n for _, n in field.unfinished_cards) == sum(not r.won for r in results)


@given(st.integers(0, 500))
def test_stretches_cover_the_game_evenly(moves: int) -> None:
    ends = stretch_ends(moves)
    assert len(ends) == min(moves, STRETCHES)
    if moves:
        assert ends[-1] == moves and ends == sorted(set(ends))
        sizes = [b - a for a, b in zip([0, *ends], ends, strict=False)]
        assert max(sizes) - min(sizes) <= 1


def test_the_strip_marks_each_stretch_by_its_end() -> None:
    statuses = {n: "winnable" for n in range(13)} | {n: "lost" for n in range(13, 21)}
    assert strip(20, statuses) == ["w"] * 6 + ["l"] * 4
    assert strip(20, {}) == ["u"] * 10


DAYS = st.dates(datetime.date(2026, 1, 1), datetime.date(2026, 3, 1))


@given(st.dictionaries(DAYS, st.booleans(), max_size=40), DAYS)
def test_a_streak_is_the_run_of_days_up_to_today(
    played: dict[datetime.date, bool], today: datetime.date
) -> None:
    days = {d.isoformat(): won for d, won in played.items()}
    found = streak_of(days, today.isoformat())
    run, day = 0, today if today in played else today - datetime.timedelta(days=1)
    while day in played:
        run += 1
        day -= datetime.timedelta(days=1)
    assert found.played == run
    assert found.won <= found.played <= found.best_played
    assert found.won <= found.best_won <= found.best_played
