"""patience review: a verdict per move, the losing move, and clear errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

from tests.web.web_helpers import LOSING_MOVE, LOST_DEAL, LOST_MOVES

from patience.engine.game import Game
from patience.engine.position import Move
from patience.games import get_game
from patience.notation import parse_record, record_text
from patience.review import Judge

from .conftest import Runner, assert_one_line_error


def _thrown_away_freecell() -> tuple[Game, int]:
    """FreeCell deal 1: the solver's line until a move that provably loses, then that move."""
    info = get_game("freecell")
    game = Game(info, {}, 1)
    judge = Judge(info, {})
    engine = game.engine
    for move in judge.verdict(game.start).line:
        losing: Move | None = next(
            (
                other
                for other in engine.legal_moves(game.position)
                if judge.verdict(engine.apply(game.position, other)).status == "lost"
            ),
            None,
        )
        if losing is not None:
            game.play(losing)
            return game, len(game.moves)
        game.play(move)
    raise AssertionError("no losing move along the line")


def test_a_record_is_reviewed_with_its_losing_move(patience: Runner, tmp_path: Path) -> None:
    game, losing = _thrown_away_freecell()
    record = tmp_path / "game.txt"
    record.write_text(record_text(game.save()) + "\n")
    result = patience("review", "--record", str(record), "--json")
    assert result.status == 0, result.err
    answer = json.loads(result.out)
    assert answer["losing_move"] == losing
    assert [m["kind"] for m in answer["marks"] if m["kind"] == "losing"] == ["losing"]
    verdicts = [m["verdict"] for m in answer["moves"]]
    assert verdicts == ["winnable"] * (losing - 1) + ["lost"]
    assert answer["start"] == "winnable" and answer["every_card_known"] is False
    text = patience("review", "--record", str(record))
    assert f"Losing move: {losing} ({game.moves_text()[-1]})" in text.out
    assert answer["luck"] is None and "could see" not in text.out  # FreeCell hides no card


def test_a_hidden_card_game_says_whether_the_loss_was_a_mistake(
    patience: Runner, tmp_path: Path
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text(" ".join(LOST_MOVES))
    result = patience("review", "klondike", "--deal", str(LOST_DEAL), "--moves", str(moves))
    assert result.status == 0, result.err
    assert (
        "By what the player could see: unlucky. With the 27 cards never seen dealt again 8 "
        "ways, the move lost a win in 1, kept one in 3; of the others, 3 had no win and 1 stayed "
        "unknown."
    ) in result.out
    answer = json.loads(
        patience("review", "klondike", "--deal", "6", "--moves", str(moves), "--json").out
    )
    assert answer["luck"]["move"] == LOSING_MOVE and answer["luck"]["judgement"] == "unlucky"


def test_moves_from_standard_input_and_a_won_game(patience: Runner) -> None:
    info = get_game("freecell")
    game = Game(info, {}, 1)
    for move in Judge(info, {}).verdict(game.start).line:
        game.play(move)
    result = patience(
        "review",
        "freecell",
        "--deal",
        "1",
        "--moves",
        "-",
        "--json",
        stdin="\n".join(game.moves_text()),
    )
    answer = json.loads(result.out)
    assert answer["losing_move"] is None
    assert {m["verdict"] for m in answer["moves"]} == {"winnable"}


def test_a_record_round_trips() -> None:
    game = Game.new("klondike", {"draw": "3"}, 5)
    game.play_text("s")
    assert Game.load(parse_record(record_text(game.save()))).moves_text() == ["s"]


def test_bad_input_is_one_line(patience: Runner, tmp_path: Path) -> None:
    missing = str(tmp_path / "none")
    assert_one_line_error(patience("review", "freecell", "--moves", missing), 1)
    bad = tmp_path / "bad.txt"
    bad.write_text("3a 1h\n")  # the second move is illegal
    assert_one_line_error(patience("review", "freecell", "--moves", str(bad)), 1)
    bad.write_text("freecell 3a\n")
    assert_one_line_error(patience("review", "--record", str(bad)))
    bad.write_text("freecell deal=x 3a\n")
    assert_one_line_error(patience("review", "--record", str(bad)))
    assert_one_line_error(patience("review", "--moves", str(bad)))
    bad.write_bytes(b"\xff\xfe")
    assert_one_line_error(patience("review", "freecell", "--moves", str(bad)), 1)
