"""patience deal: the board, the JSON form, position text, options and errors."""

from __future__ import annotations

import json

import pytest

from patience.engine.game import Game
from patience.notation import parse_position

from .conftest import Runner, assert_one_line_error


def test_board_shows_microsoft_deal_1(patience: Runner) -> None:
    result = patience("deal", "freecell", "--deal", "1")
    assert result.status == 0
    lines = result.out.splitlines()
    assert lines[0] == "FreeCell · deal 1"
    assert "JD    2D    9H    JC    5D    7H    7C    5H" in lines


def test_board_hides_face_down_cards_unless_open(patience: Runner) -> None:
    hidden = patience("deal", "klondike").out
    shown = patience("deal", "klondike", "--open").out
    assert "##" in hidden
    assert "##" not in shown
    assert "draw=1, passes=unlimited" in hidden


def test_json_maps_each_pile_code_to_its_cards_bottom_first(patience: Runner) -> None:
    result = patience("deal", "freecell", "--deal", "617", "--json")
    piles = json.loads(result.out)
    game = Game.new("freecell", deal=617)
    assert list(piles) == [spec.code for spec in game.rules.piles]
    first_row = [piles[str(n)][0] for n in range(1, 9)]
    assert first_row == ["7D", "AD", "5C", "3S", "5S", "8C", "2D", "AH"]
    assert sum(len(cards) for cards in piles.values()) == 52


def test_json_hides_face_down_cards_as_null_unless_open(patience: Runner) -> None:
    hidden = json.loads(patience("deal", "klondike", "--deal", "3", "--json").out)
    shown = json.loads(patience("deal", "klondike", "--deal", "3", "--json", "--open").out)
    assert hidden["2"][0] is None and hidden["2"][1] is not None
    assert all(card is None for card in hidden["s"])
    assert len(hidden["s"]) == 24
    assert all(card is not None for cards in shown.values() for card in cards)
    assert shown["7"][-1] == hidden["7"][-1]


def test_position_text_loads_back_to_the_deal(patience: Runner) -> None:
    result = patience("deal", "spider", "-o", "suits=2", "--deal", "5", "--position-text")
    info, options, position = parse_position(result.out)
    game = Game.new("spider", {"suits": "2"}, deal=5)
    assert (info.id, options, position) == ("spider", game.options, game.position)


def test_options_in_the_game_spec_and_by_flag_agree(patience: Runner) -> None:
    by_flag = patience("deal", "klondike", "--option", "draw=3", "--position-text").out
    by_spec = patience("deal", "klondike:draw=3", "--position-text").out
    assert by_flag == by_spec
    assert by_flag.startswith("klondike:draw=3,passes=unlimited ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["deal", "golf"], "unknown game 'golf'"),
        (["deal", "klondike", "-o", "draw=5"], "draw must be one of 1, 3"),
        (["deal", "klondike", "-o", "jokers=2"], "no option 'jokers'"),
        (["deal", "klondike", "-o", "draw"], "name=value"),
        (["deal", "klondike", "--deal", "0"], "a deal number"),
        (["deal", "klondike", "--deal", "x"], "a deal number"),
        (["deal", "freecell", "--deal", "9999999999"], "freecell deals run from 1 to 2147483647"),
        (["deal", "klondike", "--json", "--position-text"], "not allowed with"),
        (["deal"], "required"),
    ],
)
def test_bad_input_is_one_error_line(patience: Runner, argv: list[str], message: str) -> None:
    result = patience(*argv)
    assert_one_line_error(result)
    assert message in result.err
    assert result.out == ""
