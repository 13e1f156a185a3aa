"""Klondike's last pass: the waste's order in dead ends, checked against plain enumeration."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from klondike_events import dead_by_events, random_case
from solver_oracle import winnable_by_enumeration
from solver_positions import assert_verdict, klondike_late_position

from patience.cards import make_card
from patience.engine.core import Engine
from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver import Budget
from patience.solver.klondike.dead import dead_end, stack_record
from patience.solver.klondike.search import KlondikeSearcher, klondike_searcher
from patience.solver.klondike.state import TALON, State, Talon
from patience.solver.klondike.talon_dead import (
    last_pass_dead,
    on_last_pass,
    talon_stacks,
)


def kept_home(draw: str) -> Engine:
    """Klondike with one pass, no card ever leaving a foundation (small positions stay small
    enough to enumerate)."""
    rules = get_game("klondike").rules({"draw": draw, "passes": "1"})
    return engine_for(replace(rules, foundation_returns=False))


def searcher(engine: Engine) -> KlondikeSearcher:
    found = klondike_searcher(engine)
    assert found is not None
    return found


def test_drawing_three_each_group_a_draw_turns_together_is_a_stack_too() -> None:
    cards = bytes(make_card(r, 0) for r in range(1, 10))  # Ace to 9 of one suit
    state = State((), (), (0, 0, 0, 0), cards, 2, 0)
    assert talon_stacks(Talon(3, 0), state) == [cards[:2], cards[2:5], cards[5:8]]
    # the last group, of one card, adds nothing
    assert talon_stacks(Talon(1, 0), state) == [cards[:2]]
    assert not last_pass_dead(Talon(1, 1), state, [0, 0, 0, 0], {}, {})  # a redeal is left


def test_only_a_limited_talon_with_no_redeal_left_is_on_its_last_pass() -> None:
    info = get_game("klondike")
    for passes, last in (("1", True), ("3", False), ("unlimited", False)):
        options = {"draw": "1", "passes": passes}
        found = searcher(engine_for(info.rules(options)))
        state = found.state_of(start_position(info, options, 1))
        assert state is not None
        assert on_last_pass(found.talon, state) is last
        if passes == "3":
            assert on_last_pass(found.talon, state._replace(redeals=2))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), away=st.integers(10, 22), draw=st.sampled_from(["1", "3"]))
def test_a_last_pass_dead_end_is_never_winnable(seed: int, away: int, draw: str) -> None:
    engine = kept_home(draw)
    pos = klondike_late_position(engine, seed, away, waste=0.2, stock=0.2)
    found = searcher(engine)
    state = found.state_of(pos)
    assert state is not None
    if not last_pass_dead(found.talon, state, found.pins(state.home), {}, {}):
        return
    assert winnable_by_enumeration(engine, pos, limit=30_000) in (False, None)


def test_the_talon_order_finds_dead_ends_the_tableau_alone_does_not() -> None:
    """Among random positions, every one dead only by the talon's order is lost by
    enumeration, there are such positions on every draw size, and some not dead are winnable
    (so the tests above can fail)."""
    kinds = set()
    for draw in ("1", "3"):
        engine = kept_home(draw)
        found = searcher(engine)
        for seed in range(150):
            pos = klondike_late_position(engine, seed, 16, waste=0.2, stock=0.2)
            state = found.state_of(pos)
            assert state is not None
            pin = found.pins(state.home)
            if dead_end(state.piles, state.home, pin, {}):
                continue
            dead = last_pass_dead(found.talon, state, pin, {}, {})
            if not dead and (False, True) in kinds:
                continue
            truth = winnable_by_enumeration(engine, pos, limit=20_000)
            if truth is None:
                continue
            assert not (dead and truth)
            kinds.add((dead, truth))
            if dead:
                kinds.add((draw, "dead"))
    assert {(True, False), (False, True), ("1", "dead"), ("3", "dead")} <= kinds


def test_the_searcher_asks_the_talon_order_and_its_verdicts_agree_with_enumeration() -> None:
    """Positions dead only by the talon's order are proved lost at the root; the searcher's
    verdicts (wins replayed) agree with enumeration on every draw size."""
    kinds = set()
    for draw in ("1", "3"):
        engine = kept_home(draw)
        found = searcher(engine)
        for seed in range(25):
            pos = klondike_late_position(engine, seed, 16, waste=0.2, stock=0.2)
            truth = winnable_by_enumeration(engine, pos, limit=20_000)
            if truth is None:
                continue
            state = found.state_of(pos)
            assert state is not None
            result = found.solve(pos, Budget(nodes=50_000))
            assert_verdict(engine, pos, result, truth)
            pin = found.pins(state.home)
            if last_pass_dead(found.talon, state, pin, {}, {}) and not dead_end(
                state.piles, state.home, pin, {}
            ):
                assert result.nodes == 0  # the root itself was found dead
                kinds.add(draw)
    assert kinds == {"1", "3"}


def test_drawing_three_a_safe_card_goes_home_from_the_waste_only_on_the_last_pass() -> None:
    info = get_game("klondike")
    ace = make_card(1, 0)
    for passes, played in (("1", True), ("3", False)):
        options = {"draw": "3", "passes": passes}
        found = searcher(engine_for(info.rules(options)))
        state = next(
            s
            for s in (found.state_of(start_position(info, options, deal)) for deal in range(1, 20))
            if s is not None and ace in s.talon
        )
        talon = bytes([ace]) + bytes(c for c in state.talon if c != ace)
        _, moves = found.settle_state(state._replace(talon=talon, pointer=1))
        assert ((TALON, 0, -1, ()) in moves) is played


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    away=st.integers(1, 52),
    piles=st.integers(1, 8),
    talon=st.floats(0, 0.6),
    stacks=st.integers(1, 4),
)
def test_dead_ends_with_stacks_are_the_events_least_fixed_point(
    seed: int, away: int, piles: int, talon: float, stacks: int
) -> None:
    """Random tableaus, talon stacks (any cards in any order), foundations and pins: the sets
    of :func:`dead_end` with stacks agree with the rules applied one by one, and find every dead end
    :func:`dead_end` finds without them."""
    case = random_case(seed, away, piles, talon, stacks)
    expected = dead_by_events(*case)
    state_piles, home = case.state_piles(), tuple(case.home)
    found = dead_end(state_piles, home, case.pin, {}, stack_record([bytes(s) for s in case.stacks]))
    assert found == expected
    if dead_end(state_piles, home, case.pin, {}):
        assert found  # the stacks' order only adds dead ends
