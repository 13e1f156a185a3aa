"""The scoring profiles a game offers, in words, read from :mod:`patience.scoring`.

>>> from patience.games import get_game
>>> [p.split(":")[0] for p in scoring_paragraphs(get_game("spider"), "en")[1:]]
['Microsoft Spider', 'No score']
"""

from __future__ import annotations

from patience import scoring as s
from patience.games.registry import GameInfo
from patience.rules.game import Win
from patience.web.rules_text.words import join, say

_NAMES = {
    s.STANDARD: ("Standard", "Standard"),
    s.VEGAS: ("Vegas", "Vegas"),
    s.SPIDER: ("Microsoft Spider", "Microsoft Spider"),
    s.CARDS_HOME: ("Cards home", "Abgelegte Karten"),
    s.NONE: ("No score", "Ohne Punkte"),
}


def profile_name(profile: str, lang: str) -> str:
    """The name of a scoring profile as the rules text calls it."""
    en, de = _NAMES[profile]
    return say(lang, en, de)


def _n(value: int, lang: str, *, sign: bool = False) -> str:
    """A number as people write it: thousands grouped, a real minus sign, ``+`` if asked."""
    text = f"{abs(value):,}"
    if lang == "de":
        text = text.replace(",", ".")
    if value < 0:
        return "−" + text
    return ("+" if sign else "") + text


def _standard(lang: str) -> str:
    def n(v: int) -> str:
        return _n(v, lang, sign=True)

    return say(
        lang,
        f"Standard (the way Windows Solitaire counts): {n(s.TO_FOUNDATION)} for a card played"
        f" to a foundation, {n(s.WASTE_TO_TABLEAU)} for a card from the waste to the tableau,"
        f" {n(s.TURN_CARD)} for every tableau card turned face up and"
        f" {n(s.FOUNDATION_TO_TABLEAU)} for a card taken back from a foundation;"
        f" {n(-s.TIME_PENALTY)} for every {s.TIME_STEP} seconds of play. The score never goes"
        f" below 0. A game won after {s.BONUS_AFTER} seconds or more earns a bonus of"
        f" {_n(s.BONUS, lang)} divided by the seconds played.",
        f"Standard (so wie Windows-Solitär zählt): {n(s.TO_FOUNDATION)} für eine Karte auf"
        f" einen Grundstapel, {n(s.WASTE_TO_TABLEAU)} für eine Karte vom Ablagestapel aufs"
        f" Tableau, {n(s.TURN_CARD)} für jede aufgedeckte Tableau-Karte und"
        f" {n(s.FOUNDATION_TO_TABLEAU)} für eine Karte, die vom Grundstapel zurückgeholt wird;"
        f" {n(-s.TIME_PENALTY)} für je {s.TIME_STEP} Sekunden Spielzeit. Unter 0 fällt der"
        f" Stand nie. Ein Sieg nach {s.BONUS_AFTER} Sekunden oder mehr bringt einen Bonus von"
        f" {_n(s.BONUS, lang)} geteilt durch die gespielten Sekunden.",
    )


def _vegas(lang: str) -> str:
    return say(
        lang,
        f"Vegas: you start at {_n(s.VEGAS_ANTE, lang)} (the stake) and get"
        f" {_n(s.VEGAS_CARD, lang, sign=True)} for every card on a foundation. The score may"
        " stay negative; time does not count.",
        f"Vegas: Du beginnst bei {_n(s.VEGAS_ANTE, lang)} (dem Einsatz) und bekommst"
        f" {_n(s.VEGAS_CARD, lang, sign=True)} für jede Karte auf einem Grundstapel. Der Stand"
        " darf negativ bleiben; die Zeit zählt nicht.",
    )


def _spider(lang: str) -> str:
    return say(
        lang,
        f"Microsoft Spider: you start with {_n(s.SPIDER_START, lang)} points, lose"
        f" {_n(-s.SPIDER_MOVE, lang)} for every move (dealing from the stock included) and gain"
        f" {_n(s.SPIDER_RUN, lang)} for every completed run.",
        f"Microsoft Spider: Du beginnst mit {_n(s.SPIDER_START, lang)} Punkten, verlierst"
        f" {_n(-s.SPIDER_MOVE, lang)} für jeden Zug (auch für das Austeilen vom Talon) und"
        f" bekommst {_n(s.SPIDER_RUN, lang)} für jede fertige Folge.",
    )


def _cards_home(info: GameInfo, lang: str) -> str:
    rules = info.rules()
    if rules.win is Win.STOCK_EMPTY:
        what = say(lang, "card dealt from the stock", "Karte, die aus dem Talon kommt")
    elif rules.pairs_to:
        what = say(lang, "card removed", "entfernte Karte")
    else:
        what = say(lang, "card on the foundations", "Karte auf den Grundstapeln")
    name = profile_name(s.CARDS_HOME, lang)
    return say(lang, f"{name}: one point for every {what}.", f"{name}: ein Punkt für jede {what}.")


def _none(lang: str) -> str:
    return say(
        lang,
        f"{profile_name(s.NONE, lang)}: the game is played without a score.",
        f"{profile_name(s.NONE, lang)}: gespielt wird ganz ohne Punktestand.",
    )


def scoring_paragraphs(info: GameInfo, lang: str) -> list[str]:
    """Which scores the game offers (the default first) and how each is counted."""
    profiles = s.profiles_for(info)
    default = profile_name(profiles[0], lang) + say(lang, " (the default)", " (voreingestellt)")
    names = join(
        [default, *(profile_name(p, lang) for p in profiles[1:])], lang, say(lang, "or", "oder")
    )
    out = [
        say(
            lang,
            f"Scores for this game: {names}. Choose the one shown under Settings, where the"
            " score can also be hidden.",
            f"Wertungen für dieses Spiel: {names}. Welche gezeigt wird, wählst du unter"
            " Einstellungen; dort lässt sich der Punktestand auch ausblenden.",
        )
    ]
    for profile in profiles:
        if profile == s.STANDARD:
            out.append(_standard(lang))
        elif profile == s.VEGAS:
            out.append(_vegas(lang))
        elif profile == s.SPIDER:
            out.append(_spider(lang))
        elif profile == s.CARDS_HOME:
            out.append(_cards_home(info, lang))
        elif profile == s.NONE:
            out.append(_none(lang))
        else:
            raise ValueError(f"no wording for the scoring profile {profile!r}")
    return out
