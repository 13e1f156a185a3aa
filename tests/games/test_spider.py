"""Spider as RULES.md states it: one test per rule sentence, named after it.

Scoring (Microsoft's 500 − moves + 100 per run) belongs to the scoring tests.
"""

from __future__ import annotations

from collections import Counter

import pytest
from rule_positions import move, pile, play, position, refused

from patience.cards import HEARTS, SPADES, suit
from patience.engine.core import Outcome
from patience.engine.game import engine_for, start_position
from patience.engine.position import STOCK_MOVE
from patience.games import get_game
from patience.rules.piles import Kind

SPIDER = get_game("spider")
SUITS = ["4", "2", "1"]
TOPS = ["KH", "KD", "KC", "KS", "QH", "QD", "QC", "QS", "JH", "JD"]
"""Ten cards for the ten piles, none of which takes another."""
FULL_RUN = "KSQSJSTS9S8S7S6S5S4S3S2S"
"""King to Two of spades: an Ace makes it complete."""


@pytest.mark.parametrize("suits", SUITS)
def test_10_piles_54_cards_6_on_the_first_four_only_tops_face_up_50_in_the_stock(
    suits: str,
) -> None:
    rules = SPIDER.rules({"suits": suits})
    (stock,) = rules.indices(Kind.STOCK)
    for deal in (1, 2, 3):
        pos = start_position(SPIDER, {"suits": suits}, deal)
        tableau = rules.indices(Kind.TABLEAU)
        assert [len(pos.piles[t]) for t in tableau] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
        assert [pos.down[t] for t in tableau] == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
        assert len(pos.piles[stock]) == 50


@pytest.mark.parametrize(("suits", "kinds"), [("4", 4), ("2", 2), ("1", 1)])
def test_options_4_suits_2_suits_1_suit(suits: str, kinds: int) -> None:
    pack = SPIDER.rules({"suits": suits}).pack
    assert len(pack) == 104
    assert len({suit(c) for c in pack}) == kinds
    assert set(Counter(pack).values()) == {8 // kinds}
    if kinds == 2:
        assert {suit(c) for c in pack} == {SPADES, HEARTS}


def test_build_down_regardless_of_suit() -> None:
    engine, pos = position("spider", "1=9S 2=8H 3=8S 4=8D 5=7C 6=TH", rest="s")
    for text in ("21", "31", "41"):
        play(engine, pos, text)
    refused(engine, pos, move(engine, pos, "51"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "61"), "does_not_fit")


def test_only_a_run_of_one_suit_moves_as_a_unit() -> None:
    engine, pos = position("spider", "1=KD|9S8S7S 2=TH 3=KC|9D8S7S 4=9C", rest="s")
    after = play(engine, pos, "12:3")
    assert pile(engine, after, "2") == "TH9S8S7S"
    assert pile(engine, after, "1") == "KD"
    play(engine, pos, "34:2")
    refused(engine, pos, move(engine, pos, "34:3"), "not_a_suit_run")


def test_any_card_or_run_fills_an_empty_pile() -> None:
    engine, pos = position("spider", "1=KD|9S8S7S 2= 3=KC|5H", rest="s")
    for size in (1, 2, 3):
        play(engine, pos, f"12:{size}")
    play(engine, pos, "32")


def test_the_stock_deals_one_card_face_up_onto_every_pile() -> None:
    top = "AC2C3C4C5C6C7C8C9CTC"
    tableau = " ".join(f"{n}={card}" for n, card in enumerate(TOPS, 1))
    engine, pos = position("spider", f"{tableau} s={top}", rest="s")
    after = play(engine, pos, "s")
    # the top card of the stock (TC) goes to pile 1, the next to pile 2, …
    assert [pile(engine, after, str(n)) for n in range(1, 11)] == [
        card + top[-2 * n : len(top) - 2 * (n - 1)] for n, card in enumerate(TOPS, 1)
    ]
    assert not any(after.down[t] for t in engine.tableau)
    assert len(after.piles[engine.stock]) == len(pos.piles[engine.stock]) - 10


def test_the_stock_is_not_dealt_while_a_pile_is_empty() -> None:
    tableau = " ".join(f"{n}={card}" for n, card in enumerate(TOPS[:9], 1)) + " 10="
    engine, pos = position("spider", tableau, rest="s")
    refused(engine, pos, STOCK_MOVE, "gap_before_deal")


def test_a_complete_king_to_ace_run_of_one_suit_goes_to_a_foundation_automatically() -> None:
    engine, pos = position("spider", f"1=5C|{FULL_RUN} 2=KH|AS", rest="s")
    after = play(engine, pos, "21")
    assert pile(engine, after, "1") == "5C"  # the run left and the card beneath turned up
    assert pile(engine, after, "f1") == FULL_RUN + "AS"
    assert pile(engine, after, "2") == "KH"


def test_a_king_to_ace_run_of_mixed_suits_stays() -> None:
    engine, pos = position("spider", f"1=5C|{FULL_RUN} 2=KH|AH", rest="s")
    after = play(engine, pos, "21")
    assert pile(engine, after, "1") == "5C|" + FULL_RUN + "AH"
    assert not any(after.piles[f] for f in engine.foundations)


def test_a_run_completed_by_the_stock_goes_home_too() -> None:
    tableau = f"1=5C|{FULL_RUN} " + " ".join(f"{n}={c}" for n, c in enumerate(TOPS[1:], 2))
    engine, pos = position("spider", f"{tableau} s=2C3C4C5C6C7C8C9CTCAS", rest="s")
    after = play(engine, pos, "s")
    assert pile(engine, after, "1") == "5C"
    assert pile(engine, after, "f1") == FULL_RUN + "AS"


def test_win_all_8_runs_removed() -> None:
    runs = " ".join(f"f{n}=" + FULL_RUN + "AS" for n in range(1, 8))
    engine, pos = position("spider:suits=1", f"{runs} f8={FULL_RUN}AS s=", rest="s")
    assert engine.outcome(pos) is Outcome.WON
    engine, pos = position("spider:suits=1", f"{runs} 1={FULL_RUN} 2=AS s=", rest="s")
    assert engine.outcome(pos) is Outcome.IN_PLAY
    after = play(engine, pos, "21")
    assert engine.outcome(after) is Outcome.WON


def test_out_of_moves_when_nothing_moves_and_the_stock_is_empty() -> None:
    # Tops one suit apart and no two a rank apart downwards: no move, no stock.
    tops = "1=KS 2=JS 3=9S 4=7S 5=5S 6=3S 7=AS 8=KS 9=JS"
    engine, pos = position("spider:suits=1", f"{tops} 10=9S s=", rest="10")
    assert not engine.legal_moves(pos)
    assert engine.outcome(pos) is Outcome.LOST
    assert engine_for(SPIDER.rules({"suits": "1"})) is engine
