"""Move and position notation: the documented forms, round trips and clear errors."""

from __future__ import annotations

import pytest

from patience.engine.errors import NotationError
from patience.engine.game import Game
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, MoveKind, remove, transfer
from patience.games import get_game
from patience.notation import (
    game_spec,
    move_text,
    parse_game_spec,
    parse_move,
    parse_position,
    position_text,
)
from patience.solver import searcher_for
from patience.solver.result import Budget, Won


def test_freecell_moves_use_the_community_notation() -> None:
    game = Game.new("freecell", deal=1)
    engine, pos = game.engine, game.position
    assert parse_move(engine, pos, "3a") == transfer(2, 8)
    game.play_text("3a")
    assert parse_move(engine, game.position, "a3") == transfer(8, 2)
    assert move_text(engine, pos, transfer(2, 8)) == "3a"


def test_a_card_with_one_foundation_to_go_to_is_written_h() -> None:
    game = Game.new("freecell", deal=1)
    for text in ("7a", "7b", "7c"):  # 7C KH AH 4D JH 8C: three cards cover AH
        game.play_text(text)
    move = next(m for m in game.legal_moves() if m.src == 6 and m.dst >= 12)
    assert move_text(game.engine, game.position, move) == "7h"
    assert parse_move(game.engine, game.position, "7h") == move


def test_codes_longer_than_one_character_are_joined_by_a_dash() -> None:
    game = Game.new("nationale", deal=1)
    move = parse_move(game.engine, game.position, "10-3")
    assert (move.src, move.dst) == (17, 10)
    assert move_text(game.engine, game.position, transfer(17, 10)) == "10-3"


def test_stock_redeal_and_removals() -> None:
    klondike = Game.new("klondike")
    assert parse_move(klondike.engine, klondike.position, "s") == STOCK_MOVE
    assert parse_move(klondike.engine, klondike.position, "R") == REDEAL_MOVE
    thirteens = Game.new("thirteens")
    engine, pos = thirteens.engine, thirteens.position
    assert parse_move(engine, pos, "x7+3") == remove(2, 6)
    assert parse_move(engine, pos, "x5") == remove(4)
    assert move_text(engine, pos, remove(2, 6)) == "x3+7"


def test_a_count_is_written_only_when_more_than_one_size_is_legal() -> None:
    used = "KS9S8S7S" + "TS" * 8 + "QS"
    piles = " ".join(f"{n}=TS" for n in range(2, 10))
    text = f"spider:suits=1 1=KS9S8S7S {piles} 10=QS s={_rest_of_one_suit(used)}"
    _, _, pos = parse_position(text)
    engine = Game.new("spider", {"suits": "1"}).engine
    sizes = sorted(m.size for m in engine.legal_moves(pos) if m.src == 0 and m.dst == 1)
    assert sizes == [3]  # only 9S 8S 7S fits on a Ten
    assert move_text(engine, pos, transfer(0, 1, 3)) == "12"
    assert parse_move(engine, pos, "12") == transfer(0, 1, 3)
    assert parse_move(engine, pos, "12:2") == transfer(0, 1, 2)
    assert move_text(engine, pos, transfer(0, 1, 2)) == "12:2"


def _rest_of_one_suit(used: str) -> str:
    pack = [r + "S" for r in "A23456789TJQK" for _ in range(8)]
    for i in range(0, len(used), 2):
        pack.remove(used[i : i + 2])
    return "".join(pack)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not a move"),
        ("1", "is not a move"),
        ("1z", "no pile 'z'"),
        ("12:x", "must be a number"),
        ("x", r"x3 or x3\+7"),
        ("1-2-3", "names two piles"),
    ],
)
def test_bad_move_texts_raise_clear_errors(text: str, message: str) -> None:
    game = Game.new("freecell")
    with pytest.raises(NotationError, match=message):
        parse_move(game.engine, game.position, text)


def test_parsing_only_checks_form() -> None:
    game = Game.new("freecell")
    move = parse_move(game.engine, game.position, "12")
    assert move.kind is MoveKind.TRANSFER and move not in game.legal_moves()


def test_game_specs_read_back_with_defaults_filled_in() -> None:
    info, options = parse_game_spec("klondike:draw=3")
    assert options == (("draw", "3"), ("passes", "unlimited"))
    assert game_spec(info, options) == "klondike:draw=3,passes=unlimited"
    assert parse_game_spec(game_spec(info, options)) == (info, options)
    assert game_spec(get_game("freecell"), ()) == "freecell"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("solitaire", "unknown game"),
        ("klondike:draw=2", "draw must be one of"),
        ("klondike:colour=red", "no option 'colour'"),
        ("klondike:draw", "needs a value"),
    ],
)
def test_bad_game_specs_raise_clear_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_game_spec(text)


def test_a_position_reads_back_exactly() -> None:
    game = Game.new("klondike", {"passes": "3"}, 5)
    while game.position.piles[7]:
        game.play_text("s")
    game.play_text("r")
    text = position_text(game.info, game.options, game.position)
    assert text.startswith("klondike:draw=1,passes=3 1=")
    assert "redeals=1" in text and "|" in text
    assert parse_position(text) == (game.info, game.options, game.position)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty position"),
        ("freecell 1=AH", "missing"),
        ("freecell 1=AHAH", "too many AH"),
        ("freecell 9=AH", "no pile '9'"),
        ("freecell 1", "code=cards"),
        ("freecell 1=A", "two characters each"),
        ("freecell 1=AX", "is not a card"),
        ("freecell 1=AH 1=2H", "given twice"),
        ("freecell a=AH|2H", "no face-down cards"),
        ("klondike redeals=x", "must be a number"),
    ],
)
def test_bad_position_texts_raise_clear_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_position(text)


def test_more_redeals_than_the_game_allows_are_refused() -> None:
    game = Game.new("klondike", {"passes": "1"})
    text = position_text(game.info, game.options, game.position)
    with pytest.raises(NotationError, match="allows 0"):
        parse_position(text + " redeals=1")


def test_a_solver_line_played_is_written_move_by_move_and_reads_back() -> None:
    """A game's moves are each written for their own position, and read back as those moves
    (deal 1,941,286,045's solver line, when this was written, moved one card of two onto pile
    1 at its 91st move: ``71:1``, where ``71`` alone would move both)."""
    game = Game.new("freecell", deal=1_941_286_045)
    found = searcher_for(game.engine.rules).solve(game.position, Budget(nodes=200_000))
    assert isinstance(found, Won)
    for move in found.moves:
        game.play(move)
    texts = game.moves_text()
    pos = Game.new("freecell", deal=1_941_286_045).position
    for text, move in zip(texts, found.moves, strict=True):
        assert parse_move(game.engine, pos, text) == move
        pos = game.engine.play(pos, move)
    assert game.engine.is_won(pos)
