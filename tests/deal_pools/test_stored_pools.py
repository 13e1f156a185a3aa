"""The stored pools: one per game spec, each deal replaying to the grade it claims."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from patience.deal_pools import KINDS, NotAPool, Pool, load, parse_pool, pool_text
from patience.deal_pools.prepare import reachable
from patience.engine.game import start_position
from patience.games import GAMES
from patience.games.registry import GameInfo, Options
from patience.notation import game_spec
from patience.solver import searcher_for
from patience.solver.difficulty import Grade, grade_of
from patience.solver.result import Budget

SPECS = [(info, options) for info in GAMES.values() for options in info.option_sets()]

CHEAP_GRADES = ("easy", "medium", "winnable")
"""Grades whose deals replay in a few thousand nodes (hard and expert ones take far more)."""


def test_every_spec_of_every_game_has_a_pool() -> None:
    assert len(SPECS) == sum(len(info.option_sets()) for info in GAMES.values()) == 19
    for info, options in SPECS:
        pool = load(game_spec(info, options))
        assert pool is not None, game_spec(info, options)
        assert pool.spec == game_spec(info, options)
        assert set(pool.grades) <= {g.value for g in reachable(info, pool.nodes)}
        assert len(pool.kinds()) >= 2  # any, and at least winnable


@pytest.mark.parametrize(("info", "options"), SPECS, ids=[game_spec(*s) for s in SPECS])
def test_sampled_deals_replay_to_their_grade(info: GameInfo, options: Options) -> None:
    pool = load(game_spec(info, options))
    assert pool is not None
    searcher = searcher_for(info.rules(dict(options)))
    for grade, deals in pool.grades.items():
        assert pool.first <= min(deals) and max(deals) <= pool.last
        sample = deals[:1] if grade in CHEAP_GRADES else ()
        for deal in sample:
            result = searcher.solve(start_position(info, dict(options), deal), Budget(pool.nodes))
            assert grade_of(result, info.skill) is Grade(grade), (grade, deal)


def test_a_hard_deal_replays_hard() -> None:
    pool = load("freecell")
    assert pool is not None
    deal = pool.deals("hard")[0]
    info = GAMES["freecell"]
    result = searcher_for(info.rules()).solve(start_position(info, {}, deal), Budget(pool.nodes))
    assert grade_of(result, info.skill) is Grade.HARD


def test_winnable_is_every_won_grade_together() -> None:
    pool = Pool("freecell", 300, 1, 9, {"easy": (1, 5), "medium": (3,)})
    assert pool.deals("winnable") == (1, 3, 5)
    assert pool.kinds() == ("any", "winnable", "easy", "medium")
    assert pool.deals("hard") == ()


@given(
    st.dictionaries(
        st.sampled_from(KINDS[1:]),
        st.lists(st.integers(1, 2**31 - 1), min_size=1, max_size=5, unique=True).map(
            lambda d: tuple(sorted(d))
        ),
    )
)
def test_a_pool_reads_back_as_written(grades: dict[str, tuple[int, ...]]) -> None:
    pool = Pool("klondike:draw=3,passes=1", 30_000, 1, 2**31 - 1, grades)
    assert parse_pool(pool_text(pool)) == pool


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        '{"game": "freecell"}',
        '{"game": "freecell", "nodes": 1, "first": 1, "last": 1, "grades": {"lost": [1]}}',
    ],
)
def test_what_is_not_a_pool_is_refused(text: str) -> None:
    with pytest.raises(NotAPool):
        parse_pool(text)
