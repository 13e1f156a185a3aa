"""The rules of a duel's result, one comparison at a time, and what holds for every pair of
games: swapping the seats swaps the winner, and a game is never beaten by itself."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience.duels.clock
import patience.duels.paths
import patience.duels.result
import patience.duels.series
import patience.duels.standing
from patience.duels.result import Decision, Standing, decide


def won(time_ms: int = 100_000, moves: int = 90) -> Standing:
    return Standing(won=True, time_ms=time_ms, moves=moves, cards_home=52, points=52)


def unfinished(cards_home: int = 20, points: int = 20, time_ms: int = 100_000) -> Standing:
    return Standing(False, time_ms, moves=40, cards_home=cards_home, points=points)


@pytest.mark.parametrize(
    ("first", "second", "decision"),
    [
        (won(), unfinished(cards_home=51, points=500, time_ms=1), Decision(0, "won")),
        (unfinished(), won(time_ms=10**9, moves=10**4), Decision(1, "won")),
        (won(time_ms=90_000, moves=200), won(time_ms=95_000, moves=80), Decision(0, "time")),
        (won(moves=81), won(moves=80), Decision(1, "moves")),
        (won(), won(), Decision(None, "equal")),
        (unfinished(cards_home=21, points=0), unfinished(points=900), Decision(0, "cards_home")),
        (unfinished(points=19, time_ms=1), unfinished(points=20), Decision(1, "points")),
        (unfinished(time_ms=5), unfinished(time_ms=6), Decision(0, "time")),
        (unfinished(), unfinished(), Decision(None, "equal")),
    ],
)
def test_each_rule_decides_only_where_the_earlier_ones_are_equal(
    first: Standing, second: Standing, decision: Decision
) -> None:
    assert decide(first, second) == decision


def test_moves_do_not_decide_between_unfinished_games() -> None:
    fewer = Standing(False, 60_000, moves=10, cards_home=8, points=8)
    more = Standing(False, 60_000, moves=99, cards_home=8, points=8)
    assert decide(fewer, more) == Decision(None, "equal")


standings = st.builds(
    Standing,
    won=st.booleans(),
    time_ms=st.integers(0, 600_000),
    moves=st.integers(0, 400),
    cards_home=st.integers(0, 104),
    points=st.integers(-500, 5_000),
)


@given(standings, standings)
def test_swapping_the_seats_swaps_the_winner(first: Standing, second: Standing) -> None:
    there, back = decide(first, second), decide(second, first)
    assert back.reason == there.reason
    assert back.winner == (None if there.winner is None else 1 - there.winner)


@given(standings)
def test_a_game_against_itself_is_a_draw(standing: Standing) -> None:
    assert decide(standing, standing) == Decision(None, "equal")


@pytest.mark.parametrize(
    "module",
    [
        patience.duels.result,
        patience.duels.clock,
        patience.duels.standing,
        patience.duels.series,
        patience.duels.paths,
    ],
)
def test_doctests_pass(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0, result
