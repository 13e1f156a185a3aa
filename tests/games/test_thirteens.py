"""Thirteens as RULES.md states it: one test per rule sentence, named after it.

Piles: spots 1–10, the talon ``s`` (its top is the last card written), removed cards ``h``.
"""

from __future__ import annotations

import pytest
from rule_positions import move, pile, play, position, refused

from patience.engine.core import Outcome
from patience.engine.game import start_position
from patience.engine.position import STOCK_MOVE, remove, transfer
from patience.games import get_game
from patience.rules.piles import Kind

THIRTEENS = get_game("thirteens")
SPOTS = " ".join(
    f"{n}={card}"
    for n, card in enumerate(["3C", "4D", "5H", "6S", "2C", "2D", "9H", "TS", "8C", "QD"], 1)
)
"""Ten spot cards: pairs 3+TS, 4+9, 5+8, 2+J (no Jack here), Q+A (no Ace)."""


def test_10_spots_with_one_face_up_card_each_and_42_cards_in_a_face_down_talon() -> None:
    rules = THIRTEENS.rules()
    (talon,) = rules.indices(Kind.STOCK)
    for deal in (1, 2, 3):
        pos = start_position(THIRTEENS, {}, deal)
        spots = rules.indices(Kind.TABLEAU)
        assert len(spots) == 10
        assert all(len(pos.piles[s]) == 1 and pos.down[s] == 0 for s in spots)
        assert len(pos.piles[talon]) == 42 == pos.down[talon]


@pytest.mark.parametrize(
    ("first", "second"), [("3C", "TS"), ("4D", "9H"), ("5H", "8C"), ("2C", "JH"), ("AS", "QD")]
)
def test_remove_two_spot_cards_whose_values_add_up_to_13_suits_do_not_matter(
    first: str, second: str
) -> None:
    engine, pos = position("thirteens", f"1={first} 2=6S 3={second} s=7C", rest="h")
    after = play(engine, pos, "x1+3")
    assert pile(engine, after, "h").endswith(first + second)


def test_two_cards_that_do_not_make_13_stay() -> None:
    engine, pos = position("thirteens", f"{SPOTS} s=7C", rest="h")
    error = refused(engine, pos, move(engine, pos, "x1+2"), "not_thirteen")
    assert error.params["total"] == "7"


def test_a_king_is_removed_alone() -> None:
    engine, pos = position("thirteens", "1=KC 2=6S s=7C", rest="h")
    after = play(engine, pos, "x1")
    assert pile(engine, after, "h").endswith("KC")
    refused(engine, pos, move(engine, pos, "x2"), "not_thirteen")


def test_no_building() -> None:
    engine, pos = position("thirteens", "1=7C 2=6D 3=8H s=7H", rest="h")
    refused(engine, pos, transfer(1, 0), "remove_only")
    refused(engine, pos, transfer(0, 2), "remove_only")


def test_the_talon_top_is_not_playable() -> None:
    engine, pos = position("thirteens", f"{SPOTS} s=JC", rest="h")  # JC would pair with 2C
    refused(engine, pos, remove(4, engine.stock), "covered")
    refused(engine, pos, STOCK_MOVE, "no_stock_move")
    assert all(engine.stock not in (m.src, m.dst) for m in engine.legal_moves(pos))


def test_an_emptied_spot_is_refilled_at_once_with_the_talons_top_card() -> None:
    engine, pos = position("thirteens", f"{SPOTS} s=7H6C", rest="h")
    after = play(engine, pos, "x1+8")  # 3C + TS
    assert pile(engine, after, "1") == "6C"
    assert pile(engine, after, "8") == "7H"


def test_two_spots_emptied_together_refill_the_lower_numbered_spot_first() -> None:
    engine, pos = position("thirteens", f"{SPOTS} s=7HJC", rest="h")
    for text in ("x3+9", "x9+3"):  # 5H + 8C, named in either order
        after = play(engine, pos, text)
        assert pile(engine, after, "3") == "JC"
        assert pile(engine, after, "9") == "7H"


def test_once_the_talon_is_empty_spots_stay_empty() -> None:
    engine, pos = position("thirteens", f"{SPOTS} s=", rest="h")
    after = play(engine, pos, "x1+8")
    assert pile(engine, after, "1") == ""
    assert pile(engine, after, "8") == ""


def test_win_all_52_cards_removed() -> None:
    engine, pos = position("thirteens", "1=5D 2=8S s=", rest="h")
    assert engine.outcome(pos) is Outcome.IN_PLAY
    assert engine.outcome(play(engine, pos, "x1+2")) is Outcome.WON


def test_out_of_moves_no_pair_and_no_king_among_the_spot_cards() -> None:
    spots = " ".join(
        f"{n}={c}"
        for n, c in enumerate(["AC", "AD", "AH", "AS", "2C", "2D", "2H", "2S", "3C", "3D"], 1)
    )
    engine, pos = position("thirteens", f"{spots} s=QH", rest="s")
    assert not engine.legal_moves(pos)
    assert engine.outcome(pos) is Outcome.LOST
    engine, pos = position("thirteens", spots.replace("3D", "KD") + " s=QH", rest="s")
    assert engine.outcome(pos) is Outcome.IN_PLAY
