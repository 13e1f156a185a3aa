"""The Foundations section: how each group of foundations starts and builds, and returns."""

from __future__ import annotations

from patience.rules.piles import PileSpec
from patience.web.rules_text.facts import Facts
from patience.web.rules_text.words import (
    build_phrase,
    dative_article,
    rank_name,
    say,
)


def _foundation_group(specs: list[PileSpec], f: Facts, lang: str) -> str:
    spec = specs[0]
    assert spec.build is not None
    n = len(specs)
    start = rank_name(spec.start_rank, lang)
    end = rank_name(13 if spec.start_rank == 1 else 1, lang)
    suited = spec.suit is not None
    if f.rules.preset:
        begin = say(lang, f"start with their {start}", f"beginnen mit ihrem {start}")
    elif suited:
        first, which = ("das erste", "das") if spec.start_rank == 1 else ("den ersten", "der")
        begin = say(
            lang,
            f"are each started by the first {start} of their suit to be played",
            f"werden jeweils durch {first} {start} ihrer Farbe eröffnet, {which} ins Spiel kommt,",
        )
    else:
        begin = say(
            lang,
            f"are each started by {rank_name(spec.start_rank, lang, article=True)}",
            f"werden jeweils mit {dative_article(spec.start_rank)} {start} eröffnet",
        )
    one_each = say(lang, ", one for each suit,", ", einer für jede Farbe,") if suited else ""
    return say(
        lang,
        f"{n} foundations{one_each} {begin} and build {build_phrase(spec.build, lang)}"
        f" as far as the {end}.",
        f"{n} Grundstapel{one_each} {begin} und werden {build_phrase(spec.build, lang)}"
        f" bis zum {end} gebaut.",
    )


def foundations(f: Facts, lang: str) -> list[str]:
    rules = f.rules
    if not f.foundations:
        return [
            say(
                lang,
                "There are no foundations; no card ever leaves the tableau.",
                "Es gibt keine Grundstapel; keine Karte verlässt je das Tableau.",
            )
        ]
    if rules.auto_suit_runs:
        return [
            say(
                lang,
                f"Nothing is played to the {len(f.foundations)} foundations by hand. As soon as"
                " a pile holds a complete run from King down to Ace in one suit, those 13"
                " cards move to a foundation by themselves.",
                f"Auf die {len(f.foundations)} Grundstapel wird nicht von Hand gespielt."
                " Sobald ein Stapel eine vollständige Folge vom König bis zum Ass in einer"
                " Farbe enthält, wandern diese 13 Karten von selbst auf einen Grundstapel.",
            )
        ]
    groups: dict[tuple[object, ...], list[PileSpec]] = {}
    for spec in f.foundations:
        groups.setdefault((spec.build, spec.start_rank), []).append(spec)
    out = [_foundation_group(g, f, lang) for g in groups.values()]
    if any(s.build is not None and s.build.wrap for s in f.tableau):
        out.append(
            say(
                lang,
                "Unlike the tableau, the foundations never turn the corner between King and Ace.",
                "Anders als auf dem Tableau geht es auf den Grundstapeln nie vom König zum Ass"
                " weiter.",
            )
        )
    if rules.foundation_returns:
        out.append(
            say(
                lang,
                "The top card of a foundation may be taken back onto the tableau, by the"
                " tableau's usual rules: onto a card it fits, or into an empty pile that"
                " would take it.",
                "Die oberste Karte eines Grundstapels darf wieder auf das Tableau geholt"
                " werden, nach dessen üblichen Regeln: auf eine Karte, an die sie passt, oder"
                " auf einen leeren Stapel, der sie nimmt.",
            )
        )
    if rules.foundation_swaps:
        out.append(
            say(
                lang,
                "The top card of a foundation may also move onto another foundation that"
                " takes it, so the rising and the falling pile of one suit can pass cards to"
                " each other.",
                "Die oberste Karte eines Grundstapels darf auch auf einen anderen Grundstapel"
                " wechseln, der sie annimmt; so können der auf- und der absteigende Stapel"
                " einer Farbe einander Karten abgeben.",
            )
        )
    if not rules.foundation_returns and not rules.foundation_swaps:
        out.append(
            say(
                lang,
                "A card on a foundation stays there for good.",
                "Eine Karte auf einem Grundstapel bleibt dort endgültig liegen.",
            )
        )
    return out
