"""The small vocabulary the rules texts are made of, in English and German.

Card and rank names, build rules and lists, each for one language. Everything that turns a
rule value into words lives here, so the sections and the move reasons say it the same way.

>>> from patience.rules.build import Build, Direction, Match
>>> build_phrase(Build(Match.ALTERNATE, Direction.DOWN), "de")
'abwärts in abwechselnden Farben (Rot auf Schwarz, Schwarz auf Rot)'
>>> rank_name(13, "en", article=True)
'a King'
>>> join(["a", "b", "c"], "de")
'a, b und c'
>>> from patience.cards import parse_card
>>> card_name(parse_card("QH"), "de"), card_name(parse_card("TD"), "en")
('D♥', '10♦')
"""

from __future__ import annotations

from collections.abc import Sequence

from patience.cards import ALL_CARDS, SUIT_SYMBOLS, Card, make_card, rank, suit
from patience.rules.build import Build, Direction, Match
from patience.web.ui_strings import UI_STRINGS

LANGS = ("en", "de")


def check_lang(lang: str) -> str:
    """``lang`` itself when it is one we write; :class:`ValueError` otherwise."""
    if lang not in LANGS:
        raise ValueError(f"no rules text in language {lang!r} (languages: {', '.join(LANGS)})")
    return lang


def say(lang: str, en: str, de: str) -> str:
    """The English or the German wording, whichever ``lang`` asks for."""
    return en if check_lang(lang) == "en" else de


_RANKS_EN = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")
_RANKS_DE = ("Ass", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Bube", "Dame", "König")
_ARTICLE_EN = {1: "an", 8: "an"}
_ARTICLE_DE = {11: "ein", 12: "eine", 13: "ein", 1: "ein"}
_SUITS_EN = ("clubs", "diamonds", "hearts", "spades")
_SUITS_DE = ("Kreuz", "Karo", "Herz", "Pik")


def rank_name(rank: int, lang: str, *, article: bool = False) -> str:
    """The rank's name (``'King'``, ``'Dame'``), with an indefinite article if asked."""
    name = say(lang, _RANKS_EN[rank - 1], _RANKS_DE[rank - 1])
    if not article:
        return name
    if lang == "en":
        return f"{_ARTICLE_EN.get(rank, 'a')} {name}"
    return f"{_ARTICLE_DE.get(rank, 'eine')} {name}"


def dative_article(rank: int) -> str:
    """The German indefinite article in the dative for a rank: einem Ass, einer Dame."""
    return "einem" if rank in (1, 11, 13) else "einer"


def suit_name(suit: int, lang: str) -> str:
    """``'spades'`` / ``'Pik'``."""
    return say(lang, _SUITS_EN[suit], _SUITS_DE[suit])


def card_name(card: Card, lang: str) -> str:
    """A card as the page's cards show it: its rank index in ``lang`` (the UI strings'
    ``index_…``: German B, D, K) and its suit symbol."""
    r = rank(card)
    index = UI_STRINGS[check_lang(lang)].get(f"index_{r}", str(r))
    return index + SUIT_SYMBOLS[suit(card)]


def join(items: Sequence[str], lang: str, word: str = "") -> str:
    """``a, b and c`` (or with ``word`` instead of and/und, e.g. ``or``)."""
    last = word or say(lang, "and", "und")
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def count(n: int, lang: str, one_en: str, many_en: str, one_de: str, many_de: str) -> str:
    """``1 card`` / ``3 cards``, with the noun in the right number."""
    return f"{n} " + (say(lang, one_en, one_de) if n == 1 else say(lang, many_en, many_de))


def cards(n: int, lang: str) -> str:
    """``one card`` / ``5 Karten`` (one in words, as the subject or object of a sentence)."""
    if n == 1:
        return say(lang, "one card", "eine Karte")
    return count(n, lang, "card", "cards", "Karte", "Karten")


_DIRECTION = {
    Direction.UP: ("up", "aufwärts"),
    Direction.DOWN: ("down", "abwärts"),
    Direction.BOTH: ("up or down", "auf- oder abwärts"),
}
_MATCH = {
    Match.SUIT: ("in suit", "in derselben Farbe"),
    Match.ALTERNATE: (
        "in alternating colours (red on black, black on red)",
        "in abwechselnden Farben (Rot auf Schwarz, Schwarz auf Rot)",
    ),
    Match.ANY: ("regardless of suit and colour", "ohne Rücksicht auf die Farbe"),
}


def build_phrase(build: Build, lang: str) -> str:
    """How cards follow each other on a pile: ``'down in alternating colours (…)'``."""
    index = 0 if check_lang(lang) == "en" else 1
    text = f"{_DIRECTION[build.direction][index]} {_MATCH[build.match][index]}"
    if build.wrap:
        text += say(
            lang,
            ", King and Ace counting as neighbours",
            ", wobei König und Ass als Nachbarn gelten",
        )
    return text


def build_example(build: Build, lang: str) -> str:
    """One worked example of the rule, read from the rule itself: which cards go on a card."""
    lower = make_card(13, 3) if build.wrap else make_card(9, 0)
    fitting = [card_name(c, lang) for c in ALL_CARDS if build.fits(lower, c)]
    name = card_name(lower, lang)
    return say(
        lang,
        f"On the {name} you may lay {join(fitting, lang, 'or')}.",
        f"Auf {name} passt {join(fitting, lang, 'oder')}.",
    )
