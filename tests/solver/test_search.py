"""The search: solutions replay to a win; proofs agree with an independent enumeration."""

from __future__ import annotations

import pytest
from solver_oracle import winnable_by_enumeration
from solver_positions import assert_verdict, engine_of, playout, replays_to_win

from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver import Budget, Unknown, Won, solve, solve_deal


@pytest.mark.parametrize(
    ("game", "options", "deal"),
    [
        ("freecell", {}, 1),
        ("freecell", {}, 2),
        ("klondike", {}, 2),
        ("klondike", {"draw": "3"}, 2),
        ("nationale", {}, 4),
        ("thirteens", {}, 3),
        ("sweet_sixteen", {}, 1),
    ],
)
def test_solutions_replay_to_a_win(game: str, options: dict[str, str], deal: int) -> None:
    info = get_game(game)
    result = solve_deal(info, options, deal, Budget(nodes=20_000))
    assert isinstance(result, Won)
    assert replays_to_win(
        engine_of(game, options), start_position(info, options, deal), result.moves
    )


def test_a_won_position_needs_no_moves() -> None:
    info = get_game("freecell")
    result = solve_deal(info, {}, 1, Budget(nodes=20_000))
    assert isinstance(result, Won)
    engine = engine_for(info.rules({}))
    pos = start_position(info, {}, 1)
    for move in result.moves:
        pos = engine.apply(pos, move)
    assert solve(info, {}, pos) == Won((), 0, 0.0)


def test_a_tiny_budget_says_unknown() -> None:
    result = solve_deal(get_game("freecell"), {}, 1, Budget(nodes=1))
    assert isinstance(result, Unknown)


# Positions small enough for the oracle's 30,000-position limit (the others of deals 1-12 are
# not: they would only ever skip).
CASES = (
    [("thirteens", {}, deal, 0, 0) for deal in (2, 3, 4, 5, 6, 7, 9, 12)]
    + [("klondike", {"passes": "1"}, deal, 60, deal) for deal in (1, 3, 4, 5, 6, 8)]
    + [("klondike", {"draw": "3", "passes": "3"}, deal, 40, deal) for deal in (1, 3, 5)]
    + [("sweet_sixteen", {}, deal, 25, deal) for deal in (1, 2, 3, 4)]
)


@pytest.mark.parametrize(("game", "options", "deal", "steps", "seed"), CASES)
def test_verdicts_agree_with_exhaustive_enumeration(
    game: str, options: dict[str, str], deal: int, steps: int, seed: int
) -> None:
    info = get_game(game)
    engine = engine_for(info.rules(options))
    pos = playout(game, deal, steps, seed, options)
    truth = winnable_by_enumeration(engine, pos, limit=30_000)
    assert truth is not None, "too big for the oracle: choose a smaller case"
    result = solve(info, options, pos, Budget(nodes=100_000))
    assert_verdict(engine, pos, result, truth)
