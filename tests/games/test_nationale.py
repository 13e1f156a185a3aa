"""Nationale as RULES.md states it: one test per rule sentence, named after it.

Piles: f1–f4 are the Ace piles (♣ ♦ ♥ ♠), f5–f8 the King piles, 1–12 the tableau.
"""

from __future__ import annotations

import pytest
from rule_positions import move, pile, play, position, refused

from patience.cards import ACE, KING, SUITS, make_card, rank, suit
from patience.engine.core import Outcome
from patience.engine.game import engine_for, start_position
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE
from patience.games import get_game
from patience.rules.piles import Kind

NATIONALE = get_game("nationale")
RULES = NATIONALE.rules()
ENGINE = engine_for(RULES)
DEALS = range(1, 31)


def test_one_ace_and_one_king_of_each_suit_are_laid_down_before_the_deal() -> None:
    foundations = RULES.indices(Kind.FOUNDATION)
    assert len(foundations) == 8
    for deal in (1, 2, 3):
        order = NATIONALE.order(RULES, deal)
        assert len(order) == 96
        pos = start_position(NATIONALE, {}, deal)
        bottoms = [pos.piles[f][0] for f in foundations]
        assert bottoms == [make_card(ACE, s) for s in SUITS] + [make_card(KING, s) for s in SUITS]
        for s in SUITS:  # the other Ace and King of each suit are shuffled in
            assert order.count(make_card(ACE, s)) == 1
            assert order.count(make_card(KING, s)) == 1


def test_a_herz_9_fits_the_ace_pile_on_herz_8_and_the_king_pile_on_herz_10() -> None:
    engine, pos = position("nationale", "f3=AH2H3H4H5H6H7H8H f7=KHQHJHTH 1=9H 2=9H", rest="12")
    after = play(engine, pos, "1-f3")
    assert pile(engine, after, "f3").endswith("8H9H")
    after = play(engine, pos, "1-f7")
    assert pile(engine, after, "f7").endswith("TH9H")


def test_the_ace_piles_build_up_in_suit_to_the_king() -> None:
    engine, pos = position("nationale", "f1=AC2C 1=3C 2=3D 3=4C 4=AC", rest="12")
    play(engine, pos, "1-f1")
    refused(engine, pos, move(engine, pos, "2-f1"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "3-f1"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "4-f1"), "does_not_fit")


def test_the_king_piles_build_down_in_suit_to_the_ace() -> None:
    engine, pos = position("nationale", "f6=KDQD 1=JD 2=JH 3=TD 4=KD", rest="12")
    play(engine, pos, "1-f6")
    refused(engine, pos, move(engine, pos, "2-f6"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "3-f6"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "4-f6"), "does_not_fit")


def test_foundations_never_wrap() -> None:
    ace_pile = "f1=AC2C3C4C5C6C7C8C9CTCJCQCKC"
    king_pile = "f6=KDQDJDTD9D8D7D6D5D4D3D2DAD"
    engine, pos = position("nationale", f"{ace_pile} {king_pile} 1=AC 2=KD", rest="12")
    refused(engine, pos, move(engine, pos, "1-f1"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "2-f6"), "does_not_fit")


def test_each_foundation_ends_with_13_cards() -> None:
    ranks = "A23456789TJQK"
    aces = " ".join(f"f{i + 1}=" + "".join(r + s for r in ranks) for i, s in enumerate("CDHS"))
    kings = " ".join(
        f"f{i + 5}=" + "".join(r + s for r in reversed(ranks)) for i, s in enumerate("CDHS")
    )
    engine, pos = position("nationale", f"{aces} {kings} 12=", rest="12")
    assert [len(pos.piles[f]) for f in engine.foundations] == [13] * 8
    assert engine.outcome(pos) is Outcome.WON


def _deal_by_the_rule(deal: int) -> tuple[list[list[int]], list[list[int]]]:
    """The deal re-simulated from RULES.md: (foundations, tableau piles).

    Twelve piles, eight rounds; a card that fits a foundation goes there (Ace pile first) and
    its pile gets no card that round. Only the dealt card is checked.
    """
    foundations = [[make_card(ACE, s)] for s in SUITS] + [[make_card(KING, s)] for s in SUITS]
    tableau: list[list[int]] = [[] for _ in range(12)]
    for turn, card in enumerate(NATIONALE.order(RULES, deal)):
        up, down = foundations[suit(card)], foundations[4 + suit(card)]
        if rank(up[-1]) != KING and rank(card) == rank(up[-1]) + 1:
            up.append(card)
        elif rank(down[-1]) != ACE and rank(card) == rank(down[-1]) - 1:
            down.append(card)
        else:
            tableau[turn % 12].append(card)
    return foundations, tableau


@pytest.mark.parametrize("deal", DEALS)
def test_the_deal_plays_fitting_cards_home_and_skips_their_pile(deal: int) -> None:
    """96 cards face up to 12 piles, row by row (8 rows), each fitting card straight home."""
    pos = start_position(NATIONALE, {}, deal)
    foundations, tableau = _deal_by_the_rule(deal)
    assert [list(pos.piles[f]) for f in ENGINE.foundations] == foundations
    assert [list(pos.piles[t]) for t in ENGINE.tableau] == tableau
    assert not any(pos.down)
    assert all(len(p) <= 8 for p in tableau)


def test_some_deals_start_with_piles_shorter_than_8() -> None:
    shorter = [
        deal
        for deal in DEALS
        if any(len(start_position(NATIONALE, {}, deal).piles[t]) < 8 for t in ENGINE.tableau)
    ]
    assert shorter


def test_the_ace_pile_is_preferred_when_a_dealt_card_fits_both() -> None:
    """Find a deal where a dealt card fitted both foundations; it must be on the Ace pile."""
    found = 0
    for deal in DEALS:
        foundations = [[make_card(ACE, s)] for s in SUITS] + [[make_card(KING, s)] for s in SUITS]
        pos = start_position(NATIONALE, {}, deal)
        for card in NATIONALE.order(RULES, deal):
            up, down = foundations[suit(card)], foundations[4 + suit(card)]
            fits_up = rank(up[-1]) != KING and rank(card) == rank(up[-1]) + 1
            fits_down = rank(down[-1]) != ACE and rank(card) == rank(down[-1]) - 1
            if fits_up and fits_down:
                found += 1
                assert len(pos.piles[suit(card)]) >= len(up) + 1
            if fits_up:
                up.append(card)
            elif fits_down:
                down.append(card)
    assert found, "no deal in the sample had a card fitting both foundations"


def test_tableau_builds_up_or_down_in_suit_and_a_pik_8_takes_pik_7_and_pik_9() -> None:
    engine, pos = position("nationale", "1=8S 2=7S 3=9S 4=7H 5=9C", rest="12")
    play(engine, pos, "21")
    play(engine, pos, "31")
    refused(engine, pos, move(engine, pos, "41"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "51"), "does_not_fit")


def test_the_direction_may_change() -> None:
    engine, pos = position("nationale", "1=8S 2=7S 3=8S", rest="12")
    after = play(engine, pos, "21", "31")
    assert pile(engine, after, "1").endswith("8S7S8S")


def test_the_tableau_wraps_king_and_ace() -> None:
    engine, pos = position("nationale", "1=KD 2=AD 3=AD 4=KD", rest="12")
    after = play(engine, pos, "21")
    assert pile(engine, after, "1").endswith("KDAD")
    after = play(engine, pos, "43")
    assert pile(engine, after, "3").endswith("ADKD")


def test_one_card_at_a_time() -> None:
    engine, pos = position("nationale", "1=5H6H7H 2=8H 3=", rest="12")
    assert all(m.size == 1 for m in engine.legal_moves(pos))
    refused(engine, pos, move(engine, pos, "12:2"), "one_at_a_time")
    refused(engine, pos, move(engine, pos, "13:2"), "one_at_a_time")


def test_any_card_may_fill_an_empty_pile() -> None:
    engine, pos = position("nationale", "1=5H9C 2= 3=KDQS", rest="12")
    play(engine, pos, "12")
    play(engine, pos, "32")


def test_every_uncovered_card_may_go_to_a_foundation_or_another_pile() -> None:
    engine, pos = position("nationale", "f1=AC2C3C 1=5H4C 2=5C", rest="12")
    play(engine, pos, "1h")
    play(engine, pos, "12")
    refused(engine, pos, move(engine, pos, "1h:2"), "one_at_a_time")


def test_the_top_card_of_a_foundation_may_be_moved_back_onto_the_tableau() -> None:
    engine, pos = position("nationale", "f1=AC2C3C f5=KC 1=4C 2= 3=9H", rest="12")
    after = play(engine, pos, "f1-1")
    assert pile(engine, after, "1").endswith("4C3C")
    play(engine, pos, "f1-2")  # an empty pile
    refused(engine, pos, move(engine, pos, "f1-3"), "does_not_fit")


def test_no_stock_no_redeal() -> None:
    assert not RULES.indices(Kind.STOCK)
    pos = start_position(NATIONALE, {}, 1)
    refused(ENGINE, pos, STOCK_MOVE, "no_stock_move")
    refused(ENGINE, pos, REDEAL_MOVE, "no_redeal")


def test_win_all_104_cards_on_the_foundations() -> None:
    ranks = "A23456789TJQK"
    aces = " ".join(f"f{i + 1}=" + "".join(r + s for r in ranks) for i, s in enumerate("CDHS"))
    kings = " ".join(
        f"f{i + 5}=" + "".join(r + s for r in reversed(ranks)) for i, s in enumerate("CDHS")
    )
    text = aces.replace("QSKS", "QS") + " " + kings + " 1=KS 12="
    engine, pos = position("nationale", text, rest="12")
    assert engine.outcome(pos) is Outcome.IN_PLAY
    assert not engine.is_won(pos)
    after = play(engine, pos, "1h")
    assert engine.outcome(after) is Outcome.WON


def test_out_of_moves_when_no_card_can_move() -> None:
    """No card fits another pile or a foundation, and no foundation card can come back."""
    aces = "f1=AC f2=AD f3=AH f4=AS"
    kings = "f5=KC f6=KD f7=KH f8=KS"
    tableau = "1=5C 2=5D 3=5H 4=5S 5=9C 6=9D 7=9H 8=9S 9=JC 10=JD 11=JH 12=3C|3S"
    engine, pos = position("nationale", f"{aces} {kings} {tableau}", rest="12")
    assert not engine.legal_moves(pos)
    assert engine.outcome(pos) is Outcome.LOST
