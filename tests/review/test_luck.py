"""The losing move judged by what the player could see: worlds the player cannot tell from the
real one, the same on every run, and a judgement that counts every world."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.web.web_helpers import LOSING_MOVE, LOST_DEAL, LOST_MOVES

from patience.engine.game import Game
from patience.engine.position import MoveKind
from patience.review import Judge, Luck, Mark, Review, judge_luck
from patience.review.luck import deals_alike, outcome, seen_cards, tally, unseen_slots, world
from patience.views import hidden_view

HIDDEN_CARD_GAMES = ["klondike", "spider", "pyramid", "king_tut", "nationale"]


def _random_game(game_id: str, deal: int, length: int, seed: int) -> Game:
    game = Game.new(game_id, deal=deal)
    chooser = random.Random(seed)
    for _ in range(length):
        legal = game.engine.legal_moves(game.position)
        if not legal:
            break
        game.play(chooser.choice(legal))
    return game


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(HIDDEN_CARD_GAMES),
    st.integers(1, 500),
    st.integers(0, 60),
    st.integers(0, 2**32),
    st.binary(min_size=1, max_size=8),
)
def test_a_world_looks_the_same_to_the_player_and_keeps_every_card(
    game_id: str, deal: int, length: int, seed: int, salt: bytes
) -> None:
    game = _random_game(game_id, deal, length, seed)
    engine, position = game.engine, game.position
    seen = seen_cards(engine, game.positions)
    slots = unseen_slots(engine, position, seen)
    other = world(position, slots, salt)
    assert hidden_view(engine, other) == hidden_view(engine, position)
    assert other.down == position.down and other.redeals == position.redeals
    assert Counter(c for p in other.piles for c in p) == Counter(
        c for p in position.piles for c in p
    )
    moved = {(i, d) for i, pile in enumerate(position.piles) for d in range(len(pile))}
    moved = {s for s in moved if other.piles[s[0]][s[1]] != position.piles[s[0]][s[1]]}
    assert moved <= set(slots), "a card the player has seen stayed where it is"
    assert world(position, slots, salt) == other, "the same seed deals the same world"
    assert set(engine.legal_moves(other)) == set(engine.legal_moves(position))


def test_stock_cards_seen_before_a_redeal_are_not_dealt_again() -> None:
    game = Game.new("klondike", deal=1)
    while not game.moves or game.moves[-1].kind != MoveKind.REDEAL:
        stock = [m for m in game.engine.legal_moves(game.position) if m.kind != MoveKind.TRANSFER]
        game.play(stock[0])
    engine = game.engine
    slots = unseen_slots(engine, game.position, seen_cards(engine, game.positions))
    stock = engine.stock
    assert game.position.piles[stock], "the waste went back to the stock, face down"
    assert not any(pile == stock for pile, _ in slots)
    assert len(slots) == sum(game.position.down) - len(game.position.piles[stock]) == 21


def test_the_frozen_lost_klondike_game_was_unlucky_by_what_could_be_seen() -> None:
    game = Game.new("klondike", deal=LOST_DEAL)
    game.replay(LOST_MOVES)
    luck = judge_luck(Judge(game.info, game.options), game.positions, game.moves, LOSING_MOVE - 1)
    # 27 cards were never shown; in 8 worlds of them, w5 kept a win or had none to lose in 6:
    # bad luck, whatever the world the probes left unknown holds (judged whole: lost 2).
    assert luck == Luck(LOSING_MOVE, 27, 8, lost=1, kept=3, no_win=3, unknown=1)
    assert luck.judgement == "unlucky"
    again = judge_luck(Judge(game.info, game.options), game.positions, game.moves, LOSING_MOVE - 1)
    assert again == luck


def test_the_review_judges_the_losing_move_right_after_marking_it() -> None:
    game = Game.new("klondike", deal=LOST_DEAL)
    game.replay(LOST_MOVES)
    review = Review(Judge(game.info, game.options), game.start, game.moves)
    events = list(review.events())
    losing = next(i for i, e in enumerate(events) if isinstance(e, Mark) and e.kind == "losing")
    assert isinstance(events[losing + 1], Luck) and events[losing + 1] == review.luck
    assert sum(isinstance(e, Luck) for e in events) == 1


def test_a_game_without_hidden_cards_is_judged_in_the_real_world_only() -> None:
    game = Game.new("freecell", deal=1)
    game.play_text("3a")
    judge = Judge(game.info, game.options)
    assert judge_luck(judge, game.positions, game.moves, 0) == Luck(1, 0, 1, 0, 1, 0, 0)
    review = Review(judge, game.start, game.moves)
    assert not any(isinstance(e, Luck) for e in review.events()) and review.luck is None


@pytest.mark.parametrize(
    ("counts", "judgement"),
    [
        ((5, 3, 0, 0), "mistake"),
        ((4, 4, 0, 0), "unlucky"),
        ((4, 0, 0, 4), None),
        ((0, 0, 8, 0), "unlucky"),
        ((3, 1, 1, 3), None),
    ],
)
def test_a_judgement_needs_a_majority_of_proofs(
    counts: tuple[int, int, int, int], judgement: str | None
) -> None:
    lost, kept, no_win, unknown = counts
    assert Luck(5, 30, 8, lost, kept, no_win, unknown).judgement == judgement


@pytest.mark.parametrize(("game_id", "deal", "move"), [("klondike", 6, 39), ("pyramid", 19, 5)])
def test_worlds_left_unknown_once_the_judgement_is_settled_change_nothing(
    game_id: str, deal: int, move: int
) -> None:
    """The same worlds judged with whole budgets each: the same judgement, and every world the
    probes-first judgement decided is decided alike (bench/review.py's losing moves)."""
    game = _random_game(game_id, deal, move, deal)
    judge = Judge(game.info, game.options)
    luck = judge_luck(judge, game.positions, game.moves, move - 1)
    tried, unseen = deals_alike(judge, game.positions, game.moves, move - 1)
    whole = tally(
        move - 1,
        unseen,
        [outcome(judge, start, game.moves[-1], probe_only=False) for start in tried],
    )
    assert luck.judgement == whole.judgement is not None
    assert luck.unknown > whole.unknown, "a world that could not change it stayed unknown"
    assert luck.lost <= whole.lost and luck.kept <= whole.kept and luck.no_win <= whole.no_win
