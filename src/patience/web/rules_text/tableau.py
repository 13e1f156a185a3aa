"""The tableau (its build rule, what moves at once, what fills a gap), cells and removals."""

from __future__ import annotations

from patience.rules.piles import PileSpec, Start, Unit
from patience.rules.stock import Redeal
from patience.web.rules_text.facts import Facts
from patience.web.rules_text.words import (
    build_example,
    build_phrase,
    dative_article,
    join,
    rank_name,
    say,
)


def _moving(spec: PileSpec, f: Facts, lang: str) -> str:
    if f.rules.supermove:
        return say(
            lang,
            "Strictly, one card moves at a time. As a shortcut a whole run in sequence may"
            " move at once when the free cells and empty columns could carry it across card"
            " by card: at most (empty free cells + 1) × 2^(empty columns) cards, where an"
            " empty column that is the target does not count. With 2 empty cells and 1 empty"
            " column, for example, that is 6 cards.",
            "Genau genommen wird immer nur eine Karte bewegt. Zur Abkürzung darf eine ganze"
            " Folge auf einmal ziehen, wenn die freien Zellen und leeren Spalten sie auch"
            " Karte für Karte hinübertragen könnten: höchstens (leere freie Zellen + 1) ×"
            " 2^(leere Spalten) Karten, wobei eine leere Zielspalte nicht mitzählt. Mit 2"
            " leeren Zellen und 1 leeren Spalte sind das zum Beispiel 6 Karten.",
        )
    if spec.unit is Unit.RUN:
        return say(
            lang,
            "Any run of face-up cards that follows this rule may move together as one unit.",
            "Jede offene Folge, die dieser Regel folgt, darf als Ganzes bewegt werden.",
        )
    if spec.unit is Unit.SUIT_RUN:
        return say(
            lang,
            "A run moves together only when all its cards are of one suit; a mixed run has"
            " to be taken apart from the top.",
            "Eine Folge darf nur dann als Ganzes bewegt werden, wenn alle ihre Karten"
            " dieselbe Farbe haben; eine gemischte Folge muss von oben her abgebaut werden.",
        )
    return say(lang, "Only one card moves at a time.", "Bewegt wird stets nur eine einzelne Karte.")


def _gap(spec: PileSpec, f: Facts, lang: str) -> str | None:
    multi = spec.unit is not Unit.ONE
    if spec.start is Start.ANY:
        return say(
            lang,
            f"Any card{' or run' if multi else ''} may fill an empty pile.",
            f"Jede Karte{' oder Folge' if multi else ''} darf einen leeren Stapel füllen.",
        )
    if spec.start is Start.RANK:
        who = rank_name(spec.start_rank, lang, article=True)
        name = rank_name(spec.start_rank, lang)
        run = say(
            lang,
            f" or a run headed by a {name}",
            f" oder eine Folge, die mit {dative_article(spec.start_rank)} {name} beginnt,",
        )
        return say(
            lang,
            f"Only {who}{run if multi else ''} may fill an empty pile.",
            f"Nur {who}{run if multi else ''} darf einen leeren Stapel füllen.",
        )
    if f.refill:
        refill = (
            say(lang, "the top card of the stock", "die oberste Karte des Talons")
            if f.refill == 1
            else say(
                lang,
                f"the top {f.refill} cards of the stock",
                f"die obersten {f.refill} Karten des Talons",
            )
        )
        redeal = f.rules.stock.redeal is Redeal.GATHER_TABLEAU
        until_en = " until the next redeal" if redeal else ""
        until_de = " bis zur nächsten Neuverteilung" if redeal else ""
        return say(
            lang,
            f"An emptied pile is refilled at once with {refill}; you cannot put cards there"
            f" yourself. Once the stock is used up, empty piles stay empty{until_en}.",
            f"Ein geleerter Stapel bekommt sofort {refill}; selbst darfst du dort"
            f" nichts hinlegen. Ist der Talon aufgebraucht, bleiben leere Stapel{until_de} leer.",
        )
    return None


def tableau(f: Facts, lang: str) -> list[str]:
    spec = f.tableau[0]
    out: list[str] = []
    if f.removal:
        out.append(
            say(
                lang,
                "Nothing is built on the tableau: cards only leave it, by being removed.",
                "Auf dem Tableau wird nicht gebaut: Karten verlassen es nur, indem sie"
                " entfernt werden.",
            )
        )
    elif spec.build is None:
        where = [say(lang, "a foundation", "einen Grundstapel")]
        if f.cells:
            where.append(say(lang, "an empty reserve cell", "ein leeres Reservefeld"))
        out.append(
            say(
                lang,
                "Nothing may be built on the tableau piles. Their top cards may go to"
                f" {join(where, lang, 'or')}.",
                "Auf die Tableau-Stapel darf nichts gelegt werden. Ihre obersten Karten"
                f" dürfen auf {join(where, lang, 'oder')} gespielt werden.",
            )
        )
    else:
        out.append(
            say(
                lang,
                f"Build {build_phrase(spec.build, lang)}. {build_example(spec.build, lang)}",
                f"Gebaut wird {build_phrase(spec.build, lang)}. {build_example(spec.build, lang)}",
            )
        )
        out.append(_moving(spec, f, lang))
    gap = _gap(spec, f, lang)
    if gap:
        out.append(gap)
    if f.tableau_down is not None and any(f.tableau_down) and f.rules.auto_flip:
        out.append(
            say(
                lang,
                "A face-down card turns face up by itself as soon as it is uncovered; face-down"
                " cards cannot be moved.",
                "Eine verdeckte Karte wird von selbst umgedreht, sobald sie frei liegt;"
                " verdeckte Karten dürfen nicht bewegt werden.",
            )
        )
    return out


def cells(f: Facts, lang: str) -> list[str]:
    n = len(f.cells)
    if f.cells_dealt:
        to = [say(lang, "the foundations", "die Grundstapel")]
        if f.tableau_receives:
            to.append(say(lang, "the tableau", "das Tableau"))
        return [
            say(
                lang,
                f"Each reserve cell holds one card. Its card may go to {join(to, lang, 'or')}."
                " An emptied cell takes any top card from the tableau.",
                f"Jedes Reservefeld fasst eine Karte. Sie darf auf {join(to, lang, 'oder')}"
                " gespielt werden. Ein leeres Feld nimmt jede oberste Karte des Tableaus auf.",
            )
        ]
    return [
        say(
            lang,
            f"The {n} free cells each hold one card. Any top card may be parked in an empty"
            " cell and later played on to the tableau or a foundation.",
            f"Die {n} freien Zellen fassen je eine Karte. Jede oberste Karte darf in einer"
            " leeren Zelle abgestellt und später weiter auf das Tableau oder einen"
            " Grundstapel gespielt werden.",
        )
    ]


def _pairs(goal: int, lang: str) -> str:
    pairs = [
        f"{rank_name(high, lang)} + {rank_name(goal - high, lang)}"
        for high in range(goal - 1, goal // 2, -1)
    ]
    return join(pairs, lang)


def removing(f: Facts, lang: str) -> list[str]:
    rules = f.rules
    goal = rules.pairs_to
    alone = rank_name(goal, lang)
    out = [
        say(
            lang,
            f"Remove two free cards whose values add up to {goal}: {_pairs(goal, lang)}."
            f" Ace counts 1, Jack 11, Queen 12; suits play no part. A {alone} counts {goal}"
            " on its own and is removed alone.",
            f"Entferne zwei freie Karten, deren Werte zusammen {goal} ergeben:"
            f" {_pairs(goal, lang)}. Das Ass zählt 1, der Bube 11, die Dame 12; die Farben"
            f" spielen keine Rolle. Ein {alone} zählt allein {goal} und wird einzeln entfernt.",
        )
    ]
    if f.pyramid:
        covers = max(len(s.covered_by) for s in f.tableau)
        out.append(
            say(
                lang,
                f"A pyramid card is free once the {covers} cards overlapping it from the row"
                " below are gone; the bottom row is free from the start.",
                f"Eine Karte der Pyramide ist frei, sobald die {covers} Karten, die sie aus der"
                " Reihe darunter überdecken, fort sind; die unterste Reihe ist von Anfang an"
                " frei.",
            )
        )
    else:
        out.append(
            say(
                lang,
                "Every card on the tableau is free.",
                "Jede Karte auf dem Tableau ist frei.",
            )
        )
    if rules.stock.top_playable and f.has_waste:
        out.append(
            say(
                lang,
                "The top card of the stock lies face up and is free, and so is the top card of"
                " the waste; they may also pair with each other.",
                "Die oberste Karte des Talons liegt offen und ist frei, ebenso die oberste"
                " Karte des Ablagestapels; auch diese beiden dürfen ein Paar bilden.",
            )
        )
    elif f.has_waste:
        out.append(
            say(
                lang,
                "The top card of the waste is free too.",
                "Auch die oberste Karte des Ablagestapels ist frei.",
            )
        )
    elif f.has_stock:
        out.append(
            say(
                lang,
                "The stock's cards take no part until they are in the tableau.",
                "Die Karten des Talons spielen erst mit, wenn sie auf dem Tableau liegen.",
            )
        )
    return out
