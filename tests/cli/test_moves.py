"""patience moves: the legal moves of a position text, one per line."""

from __future__ import annotations

import pytest

from patience.engine.game import Game
from patience.notation import move_text, position_text

from .conftest import Runner, assert_one_line_error


def _text(game: Game) -> str:
    return position_text(game.info, game.options, game.position)


def _expected(game: Game) -> list[str]:
    return [move_text(game.engine, game.position, m) for m in game.legal_moves()]


@pytest.mark.parametrize("game_id", ["freecell", "klondike", "thirteens", "pyramid"])
def test_lists_the_legal_moves_in_notation(patience: Runner, game_id: str) -> None:
    game = Game.new(game_id, deal=2)
    result = patience("moves", game_id, "--position", _text(game))
    assert result.status == 0
    assert result.out.splitlines() == _expected(game)
    assert result.out.splitlines()


def test_the_game_may_be_left_out(patience: Runner) -> None:
    game = Game.new("klondike", {"draw": "3"}, deal=4)
    game.play_text("s")
    result = patience("moves", "--position", _text(game))
    assert result.out.splitlines() == _expected(game)


def test_reads_the_position_from_standard_input(patience: Runner) -> None:
    game = Game.new("spider", deal=1)
    result = patience("moves", "--position", "-", stdin=_text(game) + "\n")
    assert result.out.splitlines() == _expected(game)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["moves", "klondike", "--position", "freecell 1=AH"], "the cards do not make up"),
        (["moves", "--position", ""], "an empty position"),
        (["moves", "--position", "golf 1=AH"], "unknown game"),
        (["moves", "klondike"], "required: --position"),
    ],
)
def test_bad_position_is_one_error_line(patience: Runner, argv: list[str], message: str) -> None:
    result = patience(*argv)
    assert_one_line_error(result)
    assert message in result.err


def test_a_position_of_another_game_is_refused(patience: Runner) -> None:
    result = patience("moves", "klondike", "--position", _text(Game.new("freecell")))
    assert_one_line_error(result)
    assert "a freecell position, not klondike" in result.err


def test_other_options_than_the_position_has_are_refused(patience: Runner) -> None:
    text = _text(Game.new("klondike", {"draw": "3"}))
    assert patience("moves", "klondike", "--position", text).status == 0
    assert_one_line_error(patience("moves", "klondike:draw=1", "--position", text))
