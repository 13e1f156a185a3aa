"""Measured win rates and difficulty: bounds, the rate where it means something, the typical
grade where the figures tell it, and the file round trip (old entries without grades too)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience.games import GAMES
from patience.notation import game_spec
from patience.solver.difficulty import Grade
from patience.solver.measured import (
    FEWEST_WON,
    SEARCH_GRADES,
    BadFigures,
    Measured,
    grade_counts,
    load,
    save,
)


def test_bounds_count_unknown_deals_as_lost_then_as_won() -> None:
    assert Measured(deals=100, won=10, unwinnable=30, unknown=60).bounds == (0.1, 0.7)


def test_the_rate_over_decided_deals_is_withheld_when_too_many_are_unknown() -> None:
    assert Measured(deals=100, won=69, unwinnable=26, unknown=5).rate == 69 / 95
    assert Measured(deals=100, won=69, unwinnable=25, unknown=6).rate is None
    # Klondike's shape: few losses proved, so won over decided (98%) would overstate it
    assert Measured(deals=1000, won=840, unwinnable=19, unknown=141).rate is None


def test_figures_round_trip_through_their_file(tmp_path: Path) -> None:
    rows = {
        "thirteens": Measured(100, 58, 26, 16, {"winnable": 58}),
        "caprice": Measured(100, 100, 0, 0, {"easy": 70, "medium": 29, "expert": 1}),
        "freecell": Measured(100, 90, 0, 10),
    }
    save(rows, tmp_path / "rates.json")
    assert load(tmp_path / "rates.json") == rows
    assert load(tmp_path / "absent.json") == {}


def test_an_entry_written_before_grades_were_kept_loads_without_them(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"caprice": {"deals": 9, "won": 9, "unwinnable": 0, "unknown": 0}}))
    (entry,) = load(path).values()
    assert entry.grades is None
    assert entry.typical_grade is None


@pytest.mark.parametrize(
    ("deals", "won", "unwinnable", "unknown", "grades"),
    [
        (10, 5, 5, 1, None),
        (10, 5, 6, -1, None),
        (10, 5, 5, 0, {"easy": 4}),
        (10, 5, 5, 0, {"easy": 5, "unknown": 0}),
        (10, 5, 5, 0, {"easy": 6, "hard": -1}),
    ],
)
def test_figures_that_do_not_add_up_are_refused(
    deals: int, won: int, unwinnable: int, unknown: int, grades: dict[str, int] | None
) -> None:
    with pytest.raises(BadFigures):
        Measured(deals, won, unwinnable, unknown, grades)


def test_only_the_grades_of_won_deals_are_counted_easiest_first() -> None:
    grades = ["hard", "unknown", "easy", "unwinnable", "easy", "expert"]
    assert list(grade_counts(grades).items()) == [("easy", 2), ("hard", 1), ("expert", 1)]


def test_the_typical_grade_is_the_middle_won_deal_when_unknown_deals_cannot_move_it() -> None:
    figures = Measured(200, 100, 90, 10, {"easy": 20, "medium": 60, "hard": 20})
    assert figures.typical_grade is Grade.MEDIUM


def test_the_typical_grade_is_withheld_when_unknown_deals_could_move_it() -> None:
    assert Measured(200, 100, 40, 60, {"easy": 20, "medium": 60, "hard": 20}).typical_grade is None


def test_the_typical_grade_is_withheld_when_few_deals_were_won() -> None:
    few = FEWEST_WON - 1
    assert Measured(100, few, 100 - few, 0, {"easy": few}).typical_grade is None
    assert Measured(100, FEWEST_WON, 100 - FEWEST_WON, 0, {"easy": FEWEST_WON}).typical_grade


def test_a_game_of_luck_is_graded_by_luck_alone() -> None:
    assert Measured(100, 60, 40, 0, {"winnable": 60}).typical_grade is Grade.WINNABLE


def _sorted_grades(counts: list[int], harder: int) -> list[Grade | None]:
    deals: list[Grade | None] = []
    for grade, count in zip(SEARCH_GRADES, counts, strict=True):
        deals += [grade] * count
    return deals + [None] * harder


@given(
    counts=st.lists(st.integers(0, 60), min_size=4, max_size=4),
    unwinnable=st.integers(0, 50),
    unknown=st.integers(0, 50),
)
def test_a_typical_grade_holds_however_many_unknown_deals_are_winnable(
    counts: list[int], unwinnable: int, unknown: int
) -> None:
    won = sum(counts)
    grades = {g.value: n for g, n in zip(SEARCH_GRADES, counts, strict=True)}
    figures = Measured(won + unwinnable + unknown, won, unwinnable, unknown, grades)
    typical = figures.typical_grade
    middles = set()
    for winnable in range(unknown + 1):  # a winnable unknown deal is harder than any won one
        deals = _sorted_grades(counts, winnable)
        middles.add(deals[len(deals) // 2] if deals else None)
    if typical is not None:
        assert middles == {typical}
    elif won >= FEWEST_WON:
        assert len(middles) > 1


def test_the_shipped_figures_name_real_game_specs_and_add_up() -> None:
    specs = {
        game_spec(
            info, info.canonical(dict(zip([o.name for o in info.options], values, strict=True)))
        )
        for info in GAMES.values()
        for values in itertools.product(*(o.choices for o in info.options))
    }
    for spec, figures in load().items():  # loading checks the sums
        assert spec in specs
        if figures.grades is not None and figures.grades.get("winnable"):
            assert GAMES[spec.split(":")[0]].skill.value == "mostly_luck"
