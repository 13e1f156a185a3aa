"""Skill play: what a duel of this game is, what open cards show in it, and how it is decided.

The terms of a duel and what open cards reveal are worded from the game's facts; how the
result is decided is the duel page's own text (the UI strings ``duel_rules_*``, the rules of
:mod:`patience.duels.result`), so that rule is written in one place only.

>>> from patience.games import get_game
>>> from patience.web.rules_text.facts import facts
>>> info = get_game("freecell")
>>> print(skill(facts(info, info.canonical()), "en")[1])  # doctest: +ELLIPSIS
Every card of FreeCell lies face up from the deal on, so open and hidden cards show the same...
"""

from __future__ import annotations

from patience.duels.clock import CLOCK_MINUTES, DEADLINE_HOURS
from patience.duels.series import BEST_OF
from patience.rules.game import Win
from patience.web.rules_text.facts import Facts
from patience.web.rules_text.words import join, say
from patience.web.ui_strings import UI_STRINGS

DECIDED_BY = ("duel_rules_won", "duel_rules_both_won", "duel_rules_unfinished", "duel_rules_equal")
"""The duel page's paragraphs on how a duel is decided, in the order the page shows them."""


def skill(f: Facts, lang: str) -> list[str]:
    """What a duel of this game is, what open cards show, how the result is decided."""
    t = UI_STRINGS[lang]
    return [
        _terms(f, lang),
        _open_cards(f, lang),
        *(t[key] for key in DECIDED_BY),
        _cards_home(f, lang),
    ]


def _terms(f: Facts, lang: str) -> str:
    name = f.info.names[lang]
    minutes = join([str(m) for m in CLOCK_MINUTES if m], lang, say(lang, "or", "oder"))
    rounds = join([str(n) for n in BEST_OF if n > 1], lang, say(lang, "or", "oder"))
    hours = join([str(h) for h in DEADLINE_HOURS], lang, say(lang, "or", "oder"))
    return say(
        lang,
        f"In a duel, two players play the very same deal of {name}, every card in the same"
        " order, each at their own table: at the same time, or in turn (the challenger"
        f" first, the other within {hours} hours). The challenger sets the terms for both: open"
        f" or hidden cards, a clock of {minutes} minutes for each player or none, whether"
        f" moves may be taken back, and one duel or a series of {rounds} on fresh deals;"
        " whoever takes the free seat agrees to them. There are no hints in a duel.",
        f"In einem Duell spielen zwei Personen genau dieselbe Partie {name}, alle Karten in"
        " derselben Reihenfolge, jede an ihrem eigenen Tisch: gleichzeitig oder nacheinander"
        f" (erst wer herausfordert, dann das Gegenüber innerhalb von {hours} Stunden). Wer"
        " herausfordert, legt die Bedingungen für beide fest: offene oder verdeckte Karten,"
        f" eine Uhr mit {minutes} Minuten für jede Seite oder keine, ob Züge"
        f" zurückgenommen werden dürfen, und ein Duell oder eine Serie von {rounds} auf"
        " neuen Partien; wer den freien Platz einnimmt, ist damit einverstanden."
        " Tipps gibt es im Duell nicht.",
    )


def _open_cards(f: Facts, lang: str) -> str:
    name = f.info.names[lang]
    shown: list[tuple[str, str]] = []
    if f.face_down:
        shown.append(("the face-down cards", "die verdeckten Karten"))
    if f.stock_hidden and f.rules.stock.top_playable:
        shown.append(
            (
                "the cards of the stock under its top card, in their order",
                "die Karten des Talons unter der obersten, in ihrer Reihenfolge",
            )
        )
    elif f.stock_hidden:
        shown.append(
            (
                "every card of the stock, in the order it will come",
                "jede Karte des Talons in der Reihenfolge, in der sie kommt",
            )
        )
    if not shown:
        return say(
            lang,
            f"Every card of {name} lies face up from the deal on, so open and hidden cards"
            " show the same table and luck plays no part either way: only planning counts."
            " A duel with hidden cards differs only in its deal, which stays sealed until the"
            " duel ends.",
            f"In {name} liegt vom Austeilen an jede Karte offen, offene und verdeckte Karten"
            " zeigen also denselben Tisch, und Glück spielt so oder so keine Rolle: nur die"
            " Planung zählt. Ein Duell mit verdeckten Karten unterscheidet sich allein in der"
            " Partie, die bis zum Ende des Duells versiegelt bleibt.",
        )
    closed = UI_STRINGS[lang]["duel_cards_closed"]
    en = join([s[0] for s in shown], lang)
    de = join([s[1] for s in shown], lang)
    if f.order_free:
        return say(
            lang,
            f"With every card open, the skill format, both players see from the first move {en}."
            f" With hidden cards, everything is {closed}. Either way no choice in {name} changes"
            " how a game ends: in whatever order the cards leave, the same cards are removed"
            " in the end. A duel on the same deal is therefore a race: played to the end, both"
            " players remove the same cards, and the time taken decides it.",
            f"Mit offenen Karten, dem Skill-Format, sehen beide vom ersten Zug an {de}. Mit"
            f" verdeckten Karten ist alles {closed}. So oder so ändert in {name} keine"
            " Entscheidung, wie eine Partie ausgeht: In welcher Reihenfolge die Karten auch"
            " gehen, am Ende sind dieselben Karten entfernt. Ein Duell auf derselben Partie"
            " ist daher ein Wettlauf: Zu Ende gespielt, entfernen beide dieselben Karten, und"
            " die benötigte Zeit entscheidet.",
        )
    return say(
        lang,
        f"With every card open, the skill format, both players see from the first move {en}."
        f" Luck then plays no part: the better planning wins. With hidden cards, everything is"
        f" {closed}.",
        f"Mit offenen Karten, dem Skill-Format, sehen beide vom ersten Zug an {de}; das"
        " Glück spielt also keine Rolle, es gewinnt die bessere Planung. Mit verdeckten"
        f" Karten ist alles {closed}.",
    )


def _cards_home(f: Facts, lang: str) -> str:
    """What the rules' "cards home" are in this game (:func:`patience.scoring.score`)."""
    name = f.info.names[lang]
    if f.rules.win is Win.STOCK_EMPTY:
        en, de = "the cards dealt out of the stock", "die aus dem Talon ausgeteilten Karten"
    elif f.removal:
        en, de = "the cards removed", "die entfernten Karten"
    elif f.rules.auto_suit_runs:
        en, de = (
            "the cards of the runs that have left the table",
            "die Karten der Folgen, die den Tisch verlassen haben",
        )
    else:
        en, de = "the cards on the foundations", "die Karten auf den Grundstapeln"
    return say(
        lang,
        f"In {name}, the cards home are {en}.",
        f"Als abgelegt zählen in {name} {de}.",
    )
