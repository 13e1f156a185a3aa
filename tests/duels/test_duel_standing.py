"""A seat's standing read from its game: cards home and points come from the game's own
scoring, so Pyramid's removed cards and Spider's sequences count as the game counts them."""

from __future__ import annotations

from patience.duels.clock import Clock
from patience.duels.standing import standing_of
from patience.engine.game import Game
from patience.scoring import CARDS_HOME, game_score
from patience.solver import searcher_for
from patience.solver.result import Budget, Won


def test_a_won_freecell_game_stands_won_with_every_card_home() -> None:
    game = Game.new("freecell", deal=1)
    verdict = searcher_for(game.engine.rules).solve(game.position, Budget(200_000))
    assert isinstance(verdict, Won)
    for move in verdict.moves:
        game.play(move)
    standing = standing_of(game, 77_000)
    assert standing.won and standing.cards_home == 52 and standing.time_ms == 77_000
    assert standing.moves == len(verdict.moves)


def test_an_unfinished_game_counts_what_its_scoring_counts() -> None:
    game = Game.new("pyramid", deal=3)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    standing = standing_of(game, 1_000)
    assert not standing.won and standing.moves == 6
    assert standing.cards_home == game_score(game, CARDS_HOME)
    assert standing.points == game_score(game, elapsed_seconds=1.0)


def test_a_clock_stops_at_its_limit_and_at_the_game_s_end() -> None:
    clock = Clock(started_ms=10_000, limit_ms=300_000)
    assert clock.ends_ms == 310_000
    assert not clock.ran_out(309_999) and clock.ran_out(310_000)
    assert clock.used(5_000) == 0  # a clock read before it started has used nothing
    assert clock.used(10**9, finished_ms=70_000) == 60_000
    assert Clock(10_000, 0).ends_ms is None
