"""Winnable deals are stable; the lose point is where a constructed game went wrong."""

from __future__ import annotations

import random

from solver_oracle import winnable_by_enumeration

from patience.engine.game import engine_for, start_position
from patience.engine.position import Move
from patience.games import get_game
from patience.solver import Budget, ProvenUnwinnable, Won, first_winnable_deal, lose_point, solve


def test_first_winnable_deal_is_deterministic_and_winnable() -> None:
    info = get_game("thirteens")
    budget = Budget(nodes=2_000)
    first = first_winnable_deal(info, {}, 1, budget)
    assert first == first_winnable_deal(info, {}, 1, budget)
    assert isinstance(solve(info, {}, start_position(info, {}, first), budget), Won)
    for earlier in range(1, first):
        assert not isinstance(solve(info, {}, start_position(info, {}, earlier), budget), Won)
    assert first_winnable_deal(info, {}, first + 1, budget) > first


def test_lose_point_of_a_game_thrown_away() -> None:
    info = get_game("thirteens")
    engine = engine_for(info.rules({}))
    deal = first_winnable_deal(info, {}, 1, Budget(nodes=2_000))
    start = start_position(info, {}, deal)
    chooser = random.Random(7)
    moves: list[Move] = []
    pos = start
    while engine.legal_moves(pos) and winnable_by_enumeration(engine, pos, 50_000) is not False:
        move = chooser.choice(engine.legal_moves(pos))
        moves.append(move)
        pos = engine.apply(pos, move)
    answer = lose_point(info, {}, start, moves, Budget(nodes=50_000))
    if engine.is_won(pos):
        assert answer.status == "still_winnable"
        return
    assert answer.status == "found"
    assert answer.last_winnable is not None and answer.lost_at == answer.last_winnable + 1
    positions = [start]
    for move in moves:
        positions.append(engine.apply(positions[-1], move))
    assert winnable_by_enumeration(engine, positions[answer.last_winnable], 50_000) is True
    assert winnable_by_enumeration(engine, positions[answer.lost_at], 50_000) is False


def test_lose_point_of_a_game_still_winnable_and_of_a_hopeless_deal() -> None:
    info = get_game("thirteens")
    budget = Budget(nodes=50_000)
    winnable = first_winnable_deal(info, {}, 1, budget)
    start = start_position(info, {}, winnable)
    assert lose_point(info, {}, start, [], budget).status == "still_winnable"
    hopeless = next(
        d
        for d in range(1, 50)
        if isinstance(solve(info, {}, start_position(info, {}, d), budget), ProvenUnwinnable)
    )
    answer = lose_point(info, {}, start_position(info, {}, hopeless), [], budget)
    assert answer.status == "never_winnable"


def test_lose_point_says_unknown_when_the_budget_is_too_small() -> None:
    info = get_game("freecell")
    engine = engine_for(info.rules({}))
    start = start_position(info, {}, 1)
    moves = engine.legal_moves(start)[:1]
    assert lose_point(info, {}, start, moves, Budget(nodes=1)).status == "unknown"
