"""Why a move was refused, in the player's language.

The engine raises :class:`~patience.engine.errors.IllegalMove` with a stable ``code`` and
``params`` that are values, not words (see :mod:`patience.engine.reasons`): cards in the
two-character form, a build or start rule as its settings. :func:`reason_text` words them
with the vocabulary of the rules texts, cards named as the page's cards show them.

>>> reason_text("too_many", {"capacity": "4"}, "de")
'Freie Zellen und leere Spalten reichen nur für 4 Karten.'
>>> reason_text("does_not_fit", {"card": "QH", "target": "JC",
...     "match": "suit", "direction": "up", "wrap": "no"}, "de")
'D♥ passt nicht auf B♣: gebaut wird aufwärts in derselben Farbe.'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from patience.cards import CardParseError, parse_card
from patience.engine.reasons import build_of, start_of
from patience.rules.build import Build
from patience.rules.piles import Start
from patience.web.rules_text.words import (
    build_phrase,
    card_name,
    check_lang,
    rank_name,
    say,
    suit_name,
)

_Text = tuple[str, str]

REASONS: MappingProxyType[str, _Text] = MappingProxyType(
    {
        "does_not_fit": (
            "{card} does not go on {target}{rule}.",
            "{card} passt nicht auf {target}{rule}.",
        ),
        "cannot_start": (
            "{card} cannot go into this empty place{rule}.",
            "{card} darf nicht auf diesen leeren Platz{rule}.",
        ),
        "too_many": (
            "Free cells and empty columns can carry only {capacity} cards.",
            "Freie Zellen und leere Spalten reichen nur für {capacity} Karten.",
        ),
        "cell_taken": ("That cell is already taken.", "Diese Zelle ist schon belegt."),
        "covered": ("That card is not free yet.", "Diese Karte ist noch nicht frei."),
        "face_down": (
            "Face-down cards cannot be moved.",
            "Verdeckte Karten dürfen nicht bewegt werden.",
        ),
        "one_at_a_time": (
            "Only one card may move here at a time.",
            "Hier darf nur eine Karte auf einmal bewegt werden.",
        ),
        "not_a_run": (
            "Those cards do not form a run that may move together.",
            "Diese Karten bilden keine Folge, die zusammen ziehen darf.",
        ),
        "not_a_suit_run": (
            "Only a run of one suit may move together.",
            "Nur eine Folge in einer Farbe darf zusammen bewegt werden.",
        ),
        "source_empty": ("There is no card there.", "Dort liegt keine Karte."),
        "source_fixed": (
            "Cards cannot be taken from that pile.",
            "Von diesem Stapel dürfen keine Karten genommen werden.",
        ),
        "target_fixed": (
            "Cards cannot be put there.",
            "Dorthin dürfen keine Karten gelegt werden.",
        ),
        "pointless": (
            "Moving a whole pile into an empty place changes nothing.",
            "Einen ganzen Stapel auf einen leeren Platz zu legen, ändert nichts.",
        ),
        "stock_empty": ("The stock is empty.", "Der Talon ist leer."),
        "gap_before_deal": (
            "Fill every empty pile before dealing.",
            "Fülle erst jeden leeren Stapel, bevor du austeilst.",
        ),
        "no_stock_move": (
            "In this game you never deal from the stock yourself.",
            "In diesem Spiel wird vom Talon nie von Hand ausgeteilt.",
        ),
        "no_redeal": ("This game has no redeal.", "Dieses Spiel kennt keine Neuverteilung."),
        "no_redeals_left": ("No redeals are left.", "Es sind keine Neuverteilungen mehr übrig."),
        "stock_not_empty": (
            "Use up the stock before starting it again.",
            "Spiele erst den Talon leer, bevor du neu beginnst.",
        ),
        "waste_empty": (
            "The waste is empty: there is nothing to turn over.",
            "Der Ablagestapel ist leer: Es gibt nichts umzudrehen.",
        ),
        "nothing_to_gather": (
            "There are no cards to gather.",
            "Es gibt keine Karten zum Einsammeln.",
        ),
        "not_thirteen": (
            "{cards} make {total}, not {goal}.",
            "{cards} ergeben {total}, nicht {goal}.",
        ),
        "no_removals": (
            "In this game cards are moved, not removed.",
            "In diesem Spiel werden Karten bewegt, nicht entfernt.",
        ),
        "remove_only": (
            "In this game cards are only removed, never moved.",
            "In diesem Spiel werden Karten nur entfernt, nie bewegt.",
        ),
        "no_such_pile": (
            "That move names no card or pile on the table.",
            "Dieser Zug nennt keine Karte und keinen Stapel auf dem Tisch.",
        ),
        "notation": (
            "The move “{move}” cannot be read.",
            "Der Zug „{move}“ ist nicht lesbar.",
        ),
        "illegal": ("That move is not allowed now.", "Dieser Zug ist jetzt nicht erlaubt."),
        "nothing_to_undo": ("There is nothing to undo.", "Es gibt nichts rückgängig zu machen."),
        "nothing_to_redo": ("There is nothing to redo.", "Es gibt nichts zu wiederholen."),
    }
)
"""Every reason code the engine raises, in English and German."""


def _build_rule(build: Build | None, lang: str) -> str:
    if build is None:
        return say(lang, "nothing is built on this pile", "auf diesen Stapel wird nichts gelegt")
    return say(
        lang, f"cards build {build_phrase(build, lang)}", f"gebaut wird {build_phrase(build, lang)}"
    )


def _start_rule(start: Start, start_rank: int, suit: int | None, lang: str) -> str:
    if start is Start.ANY:
        return say(lang, "any card may start it", "jede Karte darf ihn beginnen")
    if start is Start.NONE:
        return say(
            lang, "only the game fills this place", "nur das Spiel selbst füllt diesen Platz"
        )
    who = rank_name(start_rank, lang, article=True)
    if suit is not None:
        who += say(lang, f" of {suit_name(suit, lang)}", f" in {suit_name(suit, lang)}")
    return say(lang, f"only {who} may start it", f"nur {who} darf ihn beginnen")


_CARD_PARAMS = ("card", "target")


def _values(code: str, params: Mapping[str, str], lang: str) -> dict[str, str]:
    """The blanks of ``code``'s wording in ``lang``, filled from the engine's parameters."""
    values = dict(params)
    for name in _CARD_PARAMS:
        if name in params:
            values[name] = card_name(parse_card(params[name]), lang)
    if "cards" in params:
        values["cards"] = " + ".join(
            card_name(parse_card(c), lang) for c in params["cards"].split()
        )
    if code == "does_not_fit":
        values["rule"] = f": {_build_rule(build_of(params), lang)}"
    elif code == "cannot_start":
        values["rule"] = f": {_start_rule(*start_of(params), lang)}" if "start" in params else ""
    return values


def reason_text(code: str, params: Mapping[str, str], lang: str) -> str:
    """The engine's refusal ``code`` with its ``params``, worded in ``lang``.

    An unknown code or language, or a missing or malformed parameter, raises
    :class:`ValueError`.
    """
    check_lang(lang)
    try:
        en, de = REASONS[code]
    except KeyError:
        raise ValueError(f"no wording for the reason code {code!r}") from None
    try:
        return say(lang, en, de).format(**_values(code, params, lang))
    except KeyError as missing:
        raise ValueError(f"reason {code!r} needs the parameter {missing}") from None
    except CardParseError as error:
        raise ValueError(f"reason {code!r}: {error}") from None
