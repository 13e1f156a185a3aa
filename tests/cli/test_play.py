"""patience play: scripted sessions with moves, undo, redo, moves, quit, errors and the end."""

from __future__ import annotations

import random

from patience.cli.board import table_text
from patience.engine.core import Outcome
from patience.engine.game import Game

from .conftest import Runner, assert_one_line_error


def _boards(out: str) -> list[str]:
    """The boards printed, each from its title line up to its move count."""
    boards, current = [], []
    for line in out.splitlines():
        if line.startswith("FreeCell · ") or line.startswith("Thirteens · "):
            current = [line]
        elif current:
            current.append(line)
            if line.endswith(" move") or line.endswith(" moves"):
                boards.append("\n".join(current))
                current = []
    return boards


def _board_after(game: Game) -> str:
    count = len(game.moves)
    return table_text(game) + f"\n{count} move{'' if count == 1 else 's'}"


def test_move_undo_redo_quit(patience: Runner) -> None:
    result = patience("play", "freecell", "--deal", "1", stdin="1a\nundo\nredo\nquit\n3b\n")
    assert result.status == 0
    assert result.err == ""
    game = Game.new("freecell", deal=1)
    expected = [_board_after(game)]
    game.play_text("1a")
    expected.append(_board_after(game))
    game.undo()
    expected.append(_board_after(game))
    game.redo()
    expected.append(_board_after(game))
    assert _boards(result.out) == expected  # and nothing after quit


def test_an_illegal_move_prints_an_error_and_changes_nothing(patience: Runner) -> None:
    result = patience("play", "freecell", "--deal", "1", stdin="36\nundo\nzz\n1a\n")
    assert result.status == 0
    errors = result.err.splitlines()
    assert errors == [
        "36: 2♥ does not go on 3♦: builds down in alternating colours.",
        "undo: There is nothing to undo.",
        "'zz': no pile 'z' (piles: 1 2 3 4 5 6 7 8 a b c d f1 f2 f3 f4)",
    ]
    boards = _boards(result.out)
    assert len(boards) == 2  # the deal, then after 1a only
    assert boards[1].endswith("1 move")


def test_moves_lists_the_legal_moves(patience: Runner) -> None:
    result = patience("play", "freecell", "--deal", "1", stdin="moves\n")
    game = Game.new("freecell", deal=1)
    assert "1a 1b 1c 1d 2a" in result.out
    assert len(result.out.splitlines()[-1].split()) == len(game.legal_moves())


def test_end_of_input_ends_the_game_cleanly(patience: Runner) -> None:
    result = patience("play", "klondike", stdin="")
    assert result.status == 0
    assert result.out.rstrip().endswith("0 moves")
    assert result.err == ""


def test_open_shows_face_down_cards(patience: Runner) -> None:
    assert "##" in patience("play", "klondike").out
    assert "##" not in patience("play", "klondike", "--open").out


def _random_line(game_id: str, deal: int, want: Outcome) -> list[str] | None:
    game = Game.new(game_id, deal=deal)
    rng = random.Random(deal)
    for _ in range(60):
        if game.outcome() is not Outcome.IN_PLAY:
            break
        game.play(rng.choice(game.legal_moves()))
    return game.moves_text() if game.outcome() is want else None


def _first_line(want: Outcome) -> list[str]:
    lines = (_random_line("thirteens", deal, want) for deal in range(1, 40))
    return next(line for line in lines if line is not None)


def test_a_won_game_says_so_and_ends(patience: Runner) -> None:
    moves = _first_line(Outcome.WON)
    deal = next(d for d in range(1, 40) if _random_line("thirteens", d, Outcome.WON) == moves)
    script = "\n".join([*moves, "undo"]) + "\n"
    result = patience("play", "thirteens", "--deal", str(deal), stdin=script)
    assert result.status == 0
    assert result.out.splitlines()[-1] == f"Won in {len(moves)} moves."
    assert result.err == ""


def test_a_lost_game_says_so_and_still_takes_undo(patience: Runner) -> None:
    deal = next(d for d in range(1, 40) if _random_line("thirteens", d, Outcome.LOST))
    moves = _random_line("thirteens", deal, Outcome.LOST)
    assert moves is not None
    script = "\n".join([*moves, "undo"]) + "\n"
    result = patience("play", "thirteens", "--deal", str(deal), stdin=script)
    lines = result.out.splitlines()
    assert "No moves left: the game is lost (undo, or quit)." in lines
    assert lines[-1] == f"{len(moves) - 1} moves"


def test_a_bad_game_is_one_error_line(patience: Runner) -> None:
    assert_one_line_error(patience("play", "golf"))
    assert_one_line_error(patience("play", "spider", "-o", "suits=3"))
