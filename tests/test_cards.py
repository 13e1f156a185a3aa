"""Cards as small ints and their text forms."""

from __future__ import annotations

import pytest

from patience.cards import (
    ALL_CARDS,
    CardParseError,
    card_symbol,
    card_text,
    cards_text,
    is_red,
    make_card,
    parse_card,
    rank,
    suit,
)


def test_52_cards_each_rank_and_suit_once() -> None:
    pairs = sorted((rank(c), suit(c)) for c in ALL_CARDS)
    assert pairs == [(r, s) for r in range(1, 14) for s in range(4)]
    assert {make_card(rank(c), suit(c)) for c in ALL_CARDS} == set(ALL_CARDS)


def test_ace_is_1_and_king_13_suits_in_the_order_clubs_diamonds_hearts_spades() -> None:
    assert (rank(parse_card("AC")), suit(parse_card("AC"))) == (1, 0)
    assert (rank(parse_card("KS")), suit(parse_card("KS"))) == (13, 3)
    assert [suit(parse_card(f"5{s}")) for s in "CDHS"] == [0, 1, 2, 3]


def test_diamonds_and_hearts_are_red_clubs_and_spades_black() -> None:
    assert [is_red(parse_card(f"7{s}")) for s in "CDHS"] == [False, True, True, False]


@pytest.mark.parametrize("card", ALL_CARDS)
def test_every_card_reads_back_from_its_text_and_symbol(card: int) -> None:
    assert parse_card(card_text(card)) == card
    assert parse_card(card_symbol(card)) == card
    assert parse_card(card_text(card).lower()) == card


@pytest.mark.parametrize(
    ("text", "card"), [("10♦", "TD"), ("TD", "TD"), (" qh ", "QH"), ("1S", "AS")]
)
def test_input_forms_are_accepted(text: str, card: str) -> None:
    assert card_text(parse_card(text)) == card


@pytest.mark.parametrize("text", ["", "X", "1X", "11H", "ZZ", "A"])
def test_a_text_that_names_no_card_is_refused_clearly(text: str) -> None:
    with pytest.raises(CardParseError, match="is not a card"):
        parse_card(text)


def test_symbols_are_for_people() -> None:
    assert card_symbol(parse_card("TD")) == "10♦"
    assert cards_text([parse_card("AC"), parse_card("KS")]) == "AC KS"


def test_make_card_refuses_what_is_no_card() -> None:
    with pytest.raises(ValueError, match="no card"):
        make_card(14, 0)
