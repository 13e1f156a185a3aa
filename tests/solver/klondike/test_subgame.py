"""Klondike sub-games: which options are wider than which, and a sub-game's line played as
the same line of the wider game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_positions import engine_of, replays_to_win

from patience.engine.game import start_position
from patience.engine.position import Position
from patience.games import get_game
from patience.rules.game import Rules
from patience.solver import Budget, Result, Won
from patience.solver.klondike.search import klondike_searcher
from patience.solver.klondike.subgame import subgame, widened, wider

KLONDIKE = get_game("klondike")


def _klondike(draw: int, passes: str) -> Rules:
    return KLONDIKE.rules({"draw": str(draw), "passes": passes})


@pytest.mark.parametrize(
    ("sub", "game", "expected"),
    [
        ((3, "1"), (1, "1"), True),  # one card at a time can do what three do
        ((3, "1"), (3, "3"), True),
        ((3, "3"), (3, "unlimited"), True),
        ((1, "3"), (1, "unlimited"), True),
        ((3, "1"), (1, "unlimited"), True),
        ((1, "3"), (1, "3"), True),
        ((1, "1"), (3, "1"), False),  # three at a time hides cards one at a time shows
        ((1, "unlimited"), (1, "3"), False),
        ((3, "3"), (1, "1"), False),
        ((1, "3"), (3, "unlimited"), False),
    ],
)
def test_a_game_is_wider_when_it_draws_one_or_as_many_and_allows_as_many_passes(
    sub: tuple[int, str], game: tuple[int, str], expected: bool
) -> None:
    assert wider(_klondike(*sub), _klondike(*game)) is expected


def test_games_that_differ_beyond_the_stock_are_never_wider() -> None:
    spider = get_game("spider")
    one, four = spider.rules({"suits": "1"}), spider.rules({"suits": "4"})
    assert not wider(one, four) and not wider(four, one)
    assert not wider(get_game("pyramid").rules({}), _klondike(1, "unlimited"))


def test_drawing_one_with_limited_passes_has_the_draw_three_sub_game() -> None:
    for passes in ("1", "3"):
        assert subgame(_klondike(1, passes)) == _klondike(3, passes)
        assert subgame(_klondike(3, passes)) is None
    assert subgame(_klondike(1, "unlimited")) is None


@settings(max_examples=30, deadline=None)
@given(
    passes=st.sampled_from(["1", "3", "unlimited"]),
    draw=st.sampled_from([1, 3]),
    deal=st.integers(1, 10_000),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 150),
)
def test_a_sub_game_line_played_in_the_wider_game_reaches_the_same_positions(
    passes: str, draw: int, deal: int, seed: int, steps: int
) -> None:
    sub = engine_of("klondike", {"draw": "3", "passes": passes})
    game = engine_of("klondike", {"draw": str(draw), "passes": passes})
    start = start_position(KLONDIKE, {"passes": passes}, deal)
    chooser = random.Random(seed)
    moves, pos = [], start
    for _ in range(steps):  # random play, the stock and redeals often among the moves
        legal = sub.legal_moves(pos)
        if not legal:
            break
        move = chooser.choice(legal)
        moves.append(move)
        pos = sub.play(pos, move)
    wide_moves = widened(sub, game, start, moves)
    there = start
    for move in wide_moves:
        there = game.play(there, move)
    assert there == pos
    if draw == 3:
        assert wide_moves == tuple(moves)  # the same game: nothing to widen


def test_the_searcher_drawing_one_plays_the_draw_three_games_wins_one_card_at_a_time() -> None:
    options = {"draw": "1", "passes": "3"}
    searcher = klondike_searcher(engine_of("klondike", options))
    assert searcher is not None and searcher.subgame is not None
    assert searcher.subgame.shape.draw == 3
    searcher.subgame_share = 1.0  # the sub-game's search alone, with the whole budget
    won_there = 0
    for deal in range(1, 9):
        start = start_position(KLONDIKE, options, deal)
        there = searcher.subgame.solve(start, Budget(3_000))
        here = searcher.solve(start, Budget(3_000))
        assert here.nodes <= 3_000  # both searches within one budget
        if isinstance(there, Won):
            won_there += 1
            assert isinstance(here, Won)
            assert replays_to_win(searcher.engine, start, here.moves)
            assert len(here.moves) > len(there.moves)  # a turn of three is three turns
    assert won_there >= 2


@pytest.mark.parametrize("cpu", [True, False])
def test_the_sub_game_gets_its_share_of_the_nodes_and_seconds_on_the_same_clock(
    cpu: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = {"draw": "1", "passes": "1"}
    searcher = klondike_searcher(engine_of("klondike", options))
    assert searcher is not None and searcher.subgame is not None
    given: list[Budget] = []
    solve = searcher.subgame.solve

    def spy(start: Position, budget: Budget | None = None) -> Result:
        assert budget is not None
        given.append(budget)
        return solve(start, budget)

    monkeypatch.setattr(searcher.subgame, "solve", spy)
    searcher.solve(start_position(KLONDIKE, options, 1), Budget(3_000, 50.0, cpu=cpu))
    share = searcher.subgame_share
    assert given == [Budget(int(share * 3_000), share * 50.0, cpu=cpu)]
