"""Pyramid: one test per rule sentence of RULES.md ("Relatives named by the seeds")."""

from __future__ import annotations

from collections import Counter

import pytest
import rule_positions

from patience.cards import parse_card
from patience.engine.core import Outcome
from patience.engine.errors import IllegalMove
from patience.engine.game import engine_for, start_position
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, Move, Position, remove
from patience.games import get_game

INFO = get_game("pyramid")
RULES = INFO.rules()
ENGINE = engine_for(RULES)
PLACES = [RULES.index(f"p{n}") for n in range(1, 29)]
STOCK, WASTE, DISCARD = RULES.index("s"), RULES.index("w"), RULES.index("h")


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def position(piles: dict[str, str], *, redeals: int = 0) -> Position:
    """These piles (code -> cards, bottom first); every other card has been removed."""
    text = " ".join(f"{code}={''.join(held.split())}" for code, held in piles.items())
    pos = rule_positions.position("pyramid", text, "h")[1]
    return pos._replace(redeals=redeals)


def removal(*codes: str) -> Move:
    return remove(*(RULES.index(c) for c in codes))


def refusal(pos: Position, played: Move) -> str:
    with pytest.raises(IllegalMove) as caught:
        ENGINE.play(pos, played)
    return caught.value.code


def test_28_cards_face_up_in_7_overlapping_rows() -> None:
    start = start_position(INFO, {}, 1)
    assert [len(start.piles[p]) for p in PLACES] == [1] * 28
    assert all(start.down[p] == 0 for p in PLACES)
    rows = Counter(RULES.piles[p].row for p in PLACES)
    assert [rows[r] for r in range(7)] == [1, 2, 3, 4, 5, 6, 7]
    # each card but the bottom row's lies under the two nearest cards of the row below
    assert RULES.piles[PLACES[0]].covered_by == (PLACES[1], PLACES[2])
    assert RULES.piles[PLACES[15]].covered_by == (PLACES[21], PLACES[22])
    assert all(RULES.piles[p].covered_by == () for p in PLACES[21:])
    assert len(start.piles[STOCK]) == 24


def test_a_card_is_free_when_both_cards_covering_it_are_gone() -> None:
    both = position({"p16": "KD", "p22": "2C", "p23": "3C"})
    one = position({"p16": "KD", "p23": "3C"})
    none = position({"p16": "KD"})
    assert refusal(both, removal("p16")) == "covered"
    assert refusal(one, removal("p16")) == "covered"
    assert removal("p16") in ENGINE.legal_moves(none)


def test_remove_two_free_cards_summing_to_13_and_a_king_alone() -> None:
    pos = position({"p22": "6H", "p23": "7C", "p24": "5S", "p25": "9D", "p26": "KS", "p27": "QH"})
    legal = ENGINE.legal_moves(pos)
    assert removal("p22", "p23") in legal
    assert removal("p26") in legal
    assert refusal(pos, removal("p24", "p25")) == "not_thirteen"
    assert refusal(pos, removal("p27")) == "not_thirteen"  # only a King leaves alone
    after = ENGINE.play(pos, removal("p22", "p23"))
    assert Counter(after.piles[DISCARD]) - Counter(pos.piles[DISCARD]) == Counter(cards("6H 7C"))


def test_a_card_never_pairs_with_a_card_covering_it() -> None:
    pos = position({"p16": "6H", "p22": "7C", "p28": "6D"})
    assert refusal(pos, removal("p16", "p22")) == "covered"
    assert removal("p22", "p28") in ENGINE.legal_moves(pos)


def test_the_talon_top_is_playable() -> None:
    pos = position({"p28": "6S", "s": "9H 7D"})
    assert removal("p28", "s") in ENGINE.legal_moves(pos)
    king = position({"s": "9H KC"})
    assert removal("s") in ENGINE.legal_moves(king)


def test_a_stock_move_sends_the_talon_top_to_the_waste_whose_top_is_playable_too() -> None:
    pos = position({"p28": "9S", "s": "JC 4H"})
    after = ENGINE.play(pos, STOCK_MOVE)
    assert list(after.piles[WASTE]) == cards("4H") and list(after.piles[STOCK]) == cards("JC")
    assert removal("p28", "w") in ENGINE.legal_moves(after)


def test_talon_top_and_waste_top_may_pair() -> None:
    pos = position({"s": "8C", "w": "8D 5D"})
    assert removal("s", "w") in ENGINE.legal_moves(pos)
    under = position({"s": "8C", "w": "5D 8D"})
    assert removal("s", "w") not in ENGINE.legal_moves(under)  # only the waste's top plays


def test_three_passes() -> None:
    busy = position({"s": "2C", "w": "3C 4C"})
    assert refusal(busy, REDEAL_MOVE) == "stock_not_empty"
    pos = position({"w": "2C 3C 4C"})
    for used in (1, 2):
        pos = ENGINE.play(pos, REDEAL_MOVE)
        assert pos.redeals == used
        assert list(pos.piles[STOCK]) == cards("4C 3C 2C")  # the waste turned over, in order
        while pos.piles[STOCK]:
            pos = ENGINE.play(pos, STOCK_MOVE)
    assert refusal(pos, REDEAL_MOVE) == "no_redeals_left"
    assert ENGINE.outcome(pos) is Outcome.LOST


def test_win_all_52_removed() -> None:
    pos = position({"s": "KC"})
    assert ENGINE.outcome(pos) is Outcome.IN_PLAY
    assert ENGINE.outcome(ENGINE.play(pos, removal("s"))) is Outcome.WON
    cleared = position({"w": "KC"})  # the pyramid gone is not enough
    assert not ENGINE.is_won(cleared)
