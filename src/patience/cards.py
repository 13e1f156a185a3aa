"""Cards as small ints, with their ranks, suits, colours and text forms.

A card is an ``int`` from 0 to 51: ``suit * 13 + rank - 1``, suits in the order
clubs, diamonds, hearts, spades (♣ ♦ ♥ ♠) and ranks Ace = 1 … King = 13. Games with two
decks simply hold every value twice; a card's identity is its value.

>>> card = parse_card("QH")
>>> rank(card), suit(card), is_red(card)
(12, 2, True)
>>> card_text(card), card_symbol(card)
('QH', 'Q♥')
>>> card_text(parse_card("10♠"))
'TS'
"""

from __future__ import annotations

from collections.abc import Iterable

Card = int

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANKS = tuple(range(1, 14))

SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_LETTERS = "A23456789TJQK"

ALL_CARDS: tuple[Card, ...] = tuple(range(52))

_RANK: tuple[int, ...] = tuple(c % 13 + 1 for c in ALL_CARDS)
_SUIT: tuple[int, ...] = tuple(c // 13 for c in ALL_CARDS)
_RED: tuple[bool, ...] = tuple(c // 13 in (DIAMONDS, HEARTS) for c in ALL_CARDS)


class CardParseError(ValueError):
    """A text that names no card."""


def make_card(rank_: int, suit_: int) -> Card:
    """The card of this rank (1–13) and suit (0–3).

    >>> card_text(make_card(KING, SPADES))
    'KS'
    """
    if rank_ not in RANKS or suit_ not in SUITS:
        raise ValueError(f"no card of rank {rank_} and suit {suit_}")
    return suit_ * 13 + rank_ - 1


def rank(card: Card) -> int:
    """Ace = 1 … King = 13."""
    return _RANK[card]


def suit(card: Card) -> int:
    """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return _SUIT[card]


def is_red(card: Card) -> bool:
    """Diamonds and hearts are red; clubs and spades black."""
    return _RED[card]


def card_text(card: Card) -> str:
    """The two-character form: rank letter (``T`` for ten) and suit letter."""
    return RANK_LETTERS[_RANK[card] - 1] + SUIT_LETTERS[_SUIT[card]]


def card_symbol(card: Card) -> str:
    """The form for people: ``10♦``, ``Q♥``."""
    r = _RANK[card]
    return ("10" if r == 10 else RANK_LETTERS[r - 1]) + SUIT_SYMBOLS[_SUIT[card]]


_SUIT_BY_CHAR = {ch: i for i, ch in enumerate(SUIT_LETTERS)} | {
    ch: i for i, ch in enumerate(SUIT_SYMBOLS)
}
_SUIT_BY_CHAR |= {"♤": SPADES, "♡": HEARTS, "♢": DIAMONDS, "♧": CLUBS}
_RANK_BY_TEXT = {ch: i + 1 for i, ch in enumerate(RANK_LETTERS)} | {"10": 10, "1": 1}


def parse_card(text: str) -> Card:
    """Read ``AH``, ``TD``, ``10♦``, ``qs`` (case and spaces do not matter).

    >>> parse_card("AC"), parse_card("KS")
    (0, 51)
    >>> parse_card("1X")
    Traceback (most recent call last):
    ...
    patience.cards.CardParseError: '1X' is not a card (try AH, TD or 10♦)
    """
    cleaned = text.strip().upper()
    if len(cleaned) >= 2:
        rank_ = _RANK_BY_TEXT.get(cleaned[:-1])
        suit_ = _SUIT_BY_CHAR.get(cleaned[-1])
        if rank_ is not None and suit_ is not None:
            return suit_ * 13 + rank_ - 1
    raise CardParseError(f"{text!r} is not a card (try AH, TD or 10♦)")


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in two-character form, separated by spaces.

    >>> cards_text([0, 51])
    'AC KS'
    """
    return " ".join(card_text(c) for c in cards)
