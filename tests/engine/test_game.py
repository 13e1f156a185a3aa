"""A game with history: illegal moves change nothing, undo/redo steps, save and load."""

from __future__ import annotations

import pytest

from patience.deal import BadDeal
from patience.engine.errors import IllegalMove, NotationError
from patience.engine.game import Game, SavedGame, start_position
from patience.engine.position import REDEAL_MOVE, Move
from patience.games import get_game


def test_an_illegal_move_leaves_the_game_untouched() -> None:
    game = Game.new("klondike", deal=2)
    game.play_text("s")
    before = (game.position, game.moves, game.can_redo)
    with pytest.raises(IllegalMove) as caught:
        game.play(REDEAL_MOVE)
    assert caught.value.code == "stock_not_empty"
    assert (game.position, game.moves, game.can_redo) == before


def test_a_move_and_its_automatic_moves_undo_as_one_step() -> None:
    games = (Game.new("klondike", deal=deal) for deal in range(1, 50))
    game = next(g for g in games if any(_uncovers(g, m) for m in g.legal_moves()))
    move = next(m for m in game.legal_moves() if _uncovers(game, m))
    down_before = game.position.down[move.src]
    game.play(move)
    assert game.position.down[move.src] == down_before - 1  # a card turned up by itself
    game.undo()
    assert game.position == game.start


def _uncovers(game: Game, move: Move) -> bool:
    pos = game.position
    return pos.down[move.src] > 0 and move.size == len(pos.piles[move.src]) - pos.down[move.src]


def test_playing_a_new_move_drops_the_redo_line() -> None:
    game = Game.new("freecell", deal=1)
    game.play_text("1a")
    game.undo()
    assert game.can_redo
    game.play_text("2a")
    assert not game.can_redo
    with pytest.raises(IllegalMove) as caught:
        game.redo()
    assert caught.value.code == "nothing_to_redo"


def test_undo_with_nothing_to_undo_says_so() -> None:
    game = Game.new("spider")
    with pytest.raises(IllegalMove) as caught:
        game.undo()
    assert caught.value.code == "nothing_to_undo"


def test_restart_goes_back_to_the_deal_and_keeps_the_moves_to_redo() -> None:
    game = Game.new("freecell", deal=1)
    for text in ("1a", "2b", "3c"):
        game.play_text(text)
    end = game.position
    game.restart()
    assert game.position == game.start
    for _ in range(3):
        game.redo()
    assert game.position == end


def test_save_and_load_replay_exactly() -> None:
    game = Game.new("klondike", {"draw": "3"}, deal=4)
    for _ in range(12):
        game.play(game.legal_moves()[-1])
    saved = game.save()
    assert saved == SavedGame("klondike", (("draw", "3"), ("passes", "unlimited")), 4, saved.moves)
    assert Game.load(saved).position == game.position


def test_a_saved_game_that_does_not_replay_names_the_move() -> None:
    saved = SavedGame("freecell", (), 1, ("1a", "1a", "zz"))
    with pytest.raises(IllegalMove, match=r"move 2 \('1a'\)"):
        Game.load(saved)
    with pytest.raises(NotationError, match="move 2"):
        Game.load(SavedGame("freecell", (), 1, ("1a", "zz")))


def test_deal_numbers_run_within_the_games_range() -> None:
    with pytest.raises(BadDeal, match="klondike deals run from 1 to 9007199254740992, not 0"):
        start_position(get_game("klondike"), None, 0)
    with pytest.raises(BadDeal, match="freecell deals run from 1 to 2147483647"):
        start_position(get_game("freecell"), None, 2**31)
    assert start_position(get_game("freecell"), None, 2**31 - 1)
    assert start_position(get_game("klondike"), None, 2**53)


def test_the_same_deal_is_the_same_position_every_time() -> None:
    assert (
        Game.new("spider", {"suits": "2"}, 9).start == Game.new("spider", {"suits": "2"}, 9).start
    )
    assert Game.new("spider", deal=9).start != Game.new("spider", deal=10).start


def test_what_a_position_offers_is_the_engines_answer_after_moves_undo_and_redo() -> None:
    game = Game.new("klondike", deal=3)
    engine = game.engine
    for step in ("s", "s", "undo", "redo", "restart"):
        if step == "undo":
            game.undo()
        elif step == "redo":
            game.redo()
        elif step == "restart":
            game.restart()
        else:
            game.play_text(step)
        pos = game.position
        assert game.legal_moves() == engine.legal_moves(pos)
        assert list(game.choices().search) == engine.search_moves(pos)
        assert game.outcome() is engine.outcome(pos)
        assert game.safe_foundation_moves() == engine.safe_foundation_moves(pos)
    assert game.choices() is game.choices()  # worked out once for the position


def test_the_moves_a_game_lists_are_the_callers_to_change() -> None:
    game = Game.new("freecell", deal=1)
    game.legal_moves().clear()
    assert game.legal_moves() == game.engine.legal_moves(game.position)
