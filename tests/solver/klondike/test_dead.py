"""Klondike dead ends and placement lines, checked against plain enumeration on small positions."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from klondike_events import dead_by_events, random_case
from solver_oracle import winnable_by_enumeration
from solver_positions import assert_verdict, engine_of, klondike_late_position

from patience.engine.core import Engine
from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver import Budget
from patience.solver.klondike.dead import dead_end
from patience.solver.klondike.search import klondike_searcher
from patience.solver.klondike.state import TALON

DRAW_ONE = {"draw": "1", "passes": "unlimited"}


def kept_home() -> Engine:
    """Klondike drawing one card with unlimited redeals, but no card ever leaves a foundation
    (so that small positions stay small enough to enumerate)."""
    rules = get_game("klondike").rules(DRAW_ONE)
    return engine_for(replace(rules, foundation_returns=False))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), away=st.integers(12, 26))
def test_a_dead_end_is_never_winnable_and_verdicts_agree(seed: int, away: int) -> None:
    engine = kept_home()
    pos = klondike_late_position(engine, seed, away)
    truth = winnable_by_enumeration(engine, pos, limit=20_000)
    if truth is None:
        return  # too big to enumerate
    searcher = klondike_searcher(engine)
    assert searcher is not None
    state = searcher.state_of(pos)
    assert state is not None
    if searcher.dead(state):
        assert truth is False
    assert_verdict(engine, pos, searcher.solve(pos, Budget(nodes=50_000)), truth)


def test_dead_ends_are_found_in_random_positions_and_some_are_winnable() -> None:
    """The enumeration test above meets both kinds of position (so it can fail)."""
    engine = kept_home()
    searcher = klondike_searcher(engine)
    assert searcher is not None
    verdicts = set()
    for seed in range(100):
        pos = klondike_late_position(engine, seed, 20)
        state = searcher.state_of(pos)
        assert state is not None
        verdicts.add(searcher.dead(state))
    assert verdicts == {True, False}


def test_searches_through_placement_lines_agree_with_enumeration() -> None:
    """Verdicts on positions with a talon, among them losses no dead end shows at once."""
    engine = kept_home()
    searcher = klondike_searcher(engine)
    assert searcher is not None
    kinds = set()
    for seed in range(40):
        pos = klondike_late_position(engine, seed, 26)
        truth = winnable_by_enumeration(engine, pos, limit=20_000)
        if truth is None:
            continue
        state = searcher.state_of(pos)
        assert state is not None
        kinds.add((truth, searcher.dead(state)))
        assert_verdict(engine, pos, searcher.solve(pos, Budget(nodes=50_000)), truth)
    assert {(True, False), (False, False), (False, True)} <= kinds


@pytest.mark.parametrize("deal", [1, 2, 3])
def test_drawing_one_a_talon_card_reaches_the_tableau_only_to_be_covered_at_once(
    deal: int,
) -> None:
    info = get_game("klondike")
    lines = {}
    for draw in ("1", "3"):
        options = {"draw": draw, "passes": "unlimited"}
        searcher = klondike_searcher(engine_of("klondike", options))
        assert searcher is not None
        state = searcher.state_of(start_position(info, options, deal))
        assert state is not None
        lines[draw] = [line for line, _ in searcher.lines(state) if line[0][0] == TALON]
    placed = [line for line in lines["1"] if line[0][2] >= 0]
    assert placed
    for line in placed:
        assert len(line) >= 2
        # each next move lays a card on the last one placed, and the last is not a placement
        assert all(move[2] == line[0][2] for move in line[1:])
        assert line[-1][0] != TALON
    assert any(len(line) == 1 and line[0][2] >= 0 for line in lines["3"])


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    away=st.integers(1, 52),
    piles=st.integers(1, 9),
    talon=st.floats(0, 0.5),
)
def test_dead_ends_are_the_events_least_fixed_point(
    seed: int, away: int, piles: int, talon: float
) -> None:
    """Random tableaus (any cards in any order, any face-down counts), foundations and pins:
    :func:`dead_end` (sets of cards at a time) agrees with the rules applied one by one."""
    case = random_case(seed, away, piles, talon, stacks=0)
    expected = dead_by_events(*case)
    assert dead_end(case.state_piles(), tuple(case.home), case.pin, {}) == expected
