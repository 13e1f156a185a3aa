"""The rules of one game, in sections, written from its definition.

Each paragraph is worded from a rule value (a :class:`~patience.rules.build.Build`, a
:class:`~patience.rules.stock.StockRule`, the pile specs, the deal's shape); what no value
expresses comes from the per-game table in :mod:`patience.web.rules_text.per_game`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from patience.rules.game import Win
from patience.rules.piles import PileSpec, Start, Unit
from patience.rules.stock import UNLIMITED, Action, Redeal
from patience.web.rules_text.facts import Facts
from patience.web.rules_text.per_game import extra
from patience.web.rules_text.scoring import scoring_paragraphs
from patience.web.rules_text.words import (
    build_example,
    build_phrase,
    cards,
    count,
    join,
    rank_name,
    say,
    suit_name,
)


@dataclass(frozen=True)
class Section:
    """One heading of a game's rules and its paragraphs."""

    title: str
    paragraphs: tuple[str, ...]


def piles_word(n: int, lang: str) -> str:
    return count(n, lang, "pile", "piles", "Stapel", "Stapel")


# --------------------------------------------------------------------------- aim


def _aim(f: Facts, lang: str) -> list[str]:
    rules = f.rules
    if rules.win is Win.STOCK_EMPTY:
        return [
            say(
                lang,
                "Work the whole stock into play: every card you clear from the tableau is"
                " replaced from the stock, and the game is won once the stock runs out.",
                "Bringe den ganzen Talon ins Spiel: Jede Lücke, die du auf dem Tableau"
                " schaffst, wird aus dem Talon gefüllt, und sobald er leer ist, hast du"
                " gewonnen.",
            )
        ]
    if rules.win is Win.CLEARED:
        return [
            say(
                lang,
                f"Clear away all {len(rules.win_piles)} cards of the pyramid by removing"
                f" cards whose values add up to {rules.pairs_to}.",
                f"Räume alle {len(rules.win_piles)} Karten der Pyramide ab, indem du Karten"
                f" entfernst, deren Werte zusammen {rules.pairs_to} ergeben.",
            )
        ]
    if f.removal:
        return [
            say(
                lang,
                f"Remove all {f.card_total} cards from the table, two at a time when their"
                f" values add up to {rules.pairs_to}; a {rank_name(rules.pairs_to, lang)}"
                " leaves on its own.",
                f"Entferne alle {f.card_total} Karten vom Tisch, jeweils zwei, deren Werte"
                f" zusammen {rules.pairs_to} ergeben; ein {rank_name(rules.pairs_to, lang)}"
                " geht allein.",
            )
        ]
    if rules.auto_suit_runs:
        runs = len(f.foundations)
        return [
            say(
                lang,
                f"Sort all {f.card_total} cards into {runs} complete runs, each from King"
                " down to Ace in one suit. A finished run leaves the table by itself.",
                f"Ordne alle {f.card_total} Karten zu {runs} vollständigen Folgen vom König"
                " abwärts bis zum Ass in einer Farbe. Eine fertige Folge verlässt den Tisch"
                " von selbst.",
            )
        ]
    return [
        say(
            lang,
            f"Bring all {f.card_total} cards onto the {len(f.foundations)} foundations.",
            f"Bringe alle {f.card_total} Karten auf die {len(f.foundations)} Grundstapel.",
        )
    ]


# --------------------------------------------------------------------------- layout


def _pack(f: Facts, lang: str) -> str:
    decks = f.info.decks
    if len(f.suits) < 4:
        names = join([suit_name(s, lang) for s in f.suits], lang)
        sets = f.card_total // 13
        return say(
            lang,
            f"{f.card_total} cards in {names} only: {sets} sets of Ace to King.",
            f"{f.card_total} Karten, nur {names}: {sets} Sätze von Ass bis König.",
        )
    return say(
        lang,
        "One pack of 52 cards."
        if decks == 1
        else f"{decks} packs of 52 cards, {f.card_total} in all.",
        "Ein Blatt zu 52 Karten."
        if decks == 1
        else f"{decks} Blätter zu 52 Karten, insgesamt {f.card_total}.",
    )


def _piles_list(f: Facts, lang: str) -> str:
    parts = [
        count(
            len(f.tableau),
            lang,
            "tableau pile",
            "tableau piles",
            "Tableau-Stapel",
            "Tableau-Stapel",
        )
        if not f.pyramid
        else say(
            lang,
            f"a pyramid of {len(f.tableau)} cards",
            f"eine Pyramide aus {len(f.tableau)} Karten",
        )
    ]
    if f.cells:
        if f.cells_dealt:
            parts.append(
                count(
                    len(f.cells),
                    lang,
                    "reserve cell",
                    "reserve cells",
                    "Reservefeld",
                    "Reservefelder",
                )
            )
        else:
            parts.append(
                count(len(f.cells), lang, "free cell", "free cells", "freie Zelle", "freie Zellen")
            )
    if f.foundations and not f.removal:
        parts.append(
            count(
                len(f.foundations), lang, "foundation", "foundations", "Grundstapel", "Grundstapel"
            )
        )
    if f.has_stock:
        parts.append(say(lang, "a stock", "ein Talon"))
    if f.has_waste:
        parts.append(say(lang, "a waste pile", "ein Ablagestapel"))
    return say(lang, f"On the table: {join(parts, lang)}.", f"Auf dem Tisch: {join(parts, lang)}.")


def _preset(f: Facts, lang: str) -> str | None:
    preset = f.rules.preset
    if not preset:
        return None
    ranks = sorted({c % 13 + 1 for c in preset})
    names = join(
        [say(lang, f"one {rank_name(r, lang)}", rank_name(r, lang, article=True)) for r in ranks],
        lang,
    )
    return say(
        lang,
        f"Before the cards are shuffled, {names} of every suit are taken out and laid down"
        " as the first cards of the foundations.",
        f"Vor dem Mischen werden {names} jeder Farbe herausgenommen und als erste Karten"
        " der Grundstapel ausgelegt.",
    )


def _shape(f: Facts, lang: str) -> str:
    sizes, down = f.tableau_sizes, f.tableau_down
    n = len(f.tableau)
    if f.pyramid:
        rows = len({spec.row for spec in f.tableau})
        return say(
            lang,
            f"The {n} pyramid cards are dealt face up in {rows} rows, from a single card at"
            f" the top to {rows} at the bottom; each row half covers the one above it.",
            f"Die {n} Karten der Pyramide liegen offen in {rows} Reihen, von einer Karte an"
            f" der Spitze bis zu {rows} in der untersten Reihe; jede Reihe deckt die"
            " darüberliegende zur Hälfte ab.",
        )
    if sizes is None:
        dealt = f.card_total - len(f.rules.preset) - f.stock_size
        return say(
            lang,
            f"The other {dealt} cards are dealt face up to the {n} tableau piles in turn.",
            f"Die übrigen {dealt} Karten werden reihum offen auf die {n} Tableau-Stapel verteilt.",
        )
    if len(set(sizes)) == 1:
        spread = say(
            lang,
            f"Each tableau pile gets {cards(sizes[0], lang)}",
            f"Jeder Tableau-Stapel erhält {cards(sizes[0], lang)}",
        )
    else:
        listed = join([str(s) for s in sizes], lang)
        spread = say(
            lang,
            f"The tableau piles get {listed} cards, from left to right",
            f"Die Tableau-Stapel erhalten von links nach rechts {listed} Karten",
        )
    if down is not None and any(down):
        if all(d == s - 1 for d, s in zip(down, sizes, strict=True)):
            face = say(
                lang,
                "; only the top card of each lies face up",
                "; nur die oberste Karte liegt jeweils offen",
            )
        else:
            face = say(lang, "; some lie face down", "; manche liegen verdeckt")
    else:
        face = say(lang, ", all face up", ", alle offen")
    return spread + face + "."


def _layout(f: Facts, lang: str) -> list[str]:
    out = [_pack(f, lang), _piles_list(f, lang)]
    preset = _preset(f, lang)
    if preset:
        out.append(preset)
    out.append(_shape(f, lang))
    if f.cells_dealt:
        out.append(
            say(
                lang,
                f"Each of the {len(f.cells)} reserve cells is dealt one card face up.",
                f"Jedes der {len(f.cells)} Reservefelder erhält eine offene Karte.",
            )
        )
    if f.has_stock:
        out.append(
            say(
                lang,
                f"The remaining {f.stock_size} cards form the stock, face down.",
                f"Die restlichen {f.stock_size} Karten bilden verdeckt den Talon.",
            )
        )
    return out


# --------------------------------------------------------------------------- tableau


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
            f" oder eine Folge, die mit {_dative(spec.start_rank)} {name} beginnt,",
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


def _tableau(f: Facts, lang: str) -> list[str]:
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


# --------------------------------------------------------------------------- cells


def _cells(f: Facts, lang: str) -> list[str]:
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


# --------------------------------------------------------------------------- foundations


def _dative(rank: int) -> str:
    """The German indefinite article in the dative for a rank (einem Ass, einer Dame)."""
    return "einem" if rank in (1, 11, 13) else "einer"


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
            f"werden jeweils mit {_dative(spec.start_rank)} {start} eröffnet",
        )
    one_each = say(lang, ", one for each suit,", ", einer für jede Farbe,") if suited else ""
    return say(
        lang,
        f"{n} foundations{one_each} {begin} and build {build_phrase(spec.build, lang)}"
        f" as far as the {end}.",
        f"{n} Grundstapel{one_each} {begin} und werden {build_phrase(spec.build, lang)}"
        f" bis zum {end} gebaut.",
    )


def _foundations(f: Facts, lang: str) -> list[str]:
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


# --------------------------------------------------------------------------- removing


def _pairs(goal: int, lang: str) -> str:
    pairs = [
        f"{rank_name(high, lang)} + {rank_name(goal - high, lang)}"
        for high in range(goal - 1, goal // 2, -1)
    ]
    return join(pairs, lang)


def _removing(f: Facts, lang: str) -> list[str]:
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


# --------------------------------------------------------------------------- stock


def _redeals(f: Facts, lang: str) -> list[str]:
    rule = f.rules.stock
    k = rule.redeals
    if rule.redeal is Redeal.NONE:
        return [say(lang, "There is no redeal.", "Es gibt keine Neuverteilung.")]
    if rule.redeal is Redeal.RECYCLE_WASTE:
        if k == UNLIMITED:
            return [
                say(
                    lang,
                    "When the stock is empty, turn the waste over to form a new stock, its"
                    " order unchanged, as often as you like.",
                    "Ist der Talon leer, wird der Ablagestapel in unveränderter Reihenfolge"
                    " umgedreht und bildet einen neuen Talon, so oft du willst.",
                )
            ]
        if k == 0:
            return [
                say(
                    lang,
                    "You go through the stock only once: the waste is never turned over.",
                    "Der Talon wird nur einmal durchgespielt: Der Ablagestapel wird nie umgedreht.",
                )
            ]
        return [
            say(
                lang,
                f"When the stock is empty, the waste may be turned over to form a new stock,"
                f" its order unchanged: {count(k, lang, 'time', 'times', 'Mal', 'Mal')} at"
                f" most, so {k + 1} passes through the stock in all.",
                f"Ist der Talon leer, darf der Ablagestapel in unveränderter Reihenfolge zu"
                f" einem neuen Talon umgedreht werden: höchstens {k}-mal, also {k + 1}"
                " Durchgänge insgesamt.",
            ),
            _counter(lang),
        ]
    when = (
        say(lang, "once the stock is spent", "sobald der Talon aufgebraucht ist")
        if rule.redeal_when_empty and f.has_stock
        else say(lang, "whenever you choose", "wann immer du willst")
    )
    times = (
        say(lang, "as often as you like", "beliebig oft")
        if k == UNLIMITED
        else say(
            lang,
            f"{count(k, lang, 'time', 'times', '', '')} in all, so {k + 1} rounds",
            f"insgesamt {k}-mal, also {k + 1} Runden",
        )
    )
    return [
        say(
            lang,
            f"The tableau piles may be gathered up and dealt again, without shuffling,"
            f" {when}: {times}.",
            f"Die Tableau-Stapel dürfen ohne Mischen eingesammelt und neu ausgeteilt werden,"
            f" {when}: {times}.",
        ),
        _counter(lang),
    ]


def _counter(lang: str) -> str:
    return say(
        lang,
        "A counter on the table shows how many are left.",
        "Ein Zähler auf dem Tisch zeigt, wie viele noch übrig sind.",
    )


def _stock(f: Facts, lang: str) -> list[str]:
    rule = f.rules.stock
    if not f.has_stock:
        if rule.redeal is Redeal.NONE:
            return [
                say(
                    lang,
                    "There is no stock: every card is on the table from the start, and there"
                    " is no redeal.",
                    "Es gibt keinen Talon: Alle Karten liegen von Anfang an auf dem Tisch, und"
                    " es gibt keine Neuverteilung.",
                )
            ]
        return [say(lang, "There is no stock.", "Es gibt keinen Talon."), *_redeals(f, lang)]
    out: list[str] = []
    if rule.action is Action.NONE:
        out.append(
            say(
                lang,
                "You never deal from the stock yourself; its only job is to refill emptied"
                " tableau piles, and it is never turned over.",
                "Vom Talon wird nie von Hand ausgeteilt; er dient nur dazu, geleerte"
                " Tableau-Stapel aufzufüllen, und wird nie umgedreht.",
            )
        )
        return out
    if rule.action is Action.TO_WASTE:
        if rule.count == 1:
            out.append(
                say(
                    lang,
                    "A click on the stock turns its top card face up onto the waste.",
                    "Ein Klick auf den Talon legt seine oberste Karte offen auf den Ablagestapel.",
                )
            )
        else:
            out.append(
                say(
                    lang,
                    f"A click on the stock turns {rule.count} cards at once onto the waste"
                    " (fewer when fewer are left); only the last of them lies on top.",
                    f"Ein Klick auf den Talon legt {rule.count} Karten auf einmal auf den"
                    " Ablagestapel (weniger, wenn nicht mehr übrig sind); nur die letzte"
                    " davon liegt oben.",
                )
            )
        if not f.removal:
            out.append(
                say(
                    lang,
                    "Only the top card of the waste may be played.",
                    "Vom Ablagestapel ist immer nur die oberste Karte spielbar.",
                )
            )
    else:
        each = say(
            lang,
            f"{'one card' if rule.count == 1 else f'{rule.count} cards'} onto every tableau pile",
            f"{'eine Karte' if rule.count == 1 else f'{rule.count} Karten'} auf jeden"
            " Tableau-Stapel",
        )
        out.append(
            say(
                lang, f"A click on the stock deals {each}.", f"Ein Klick auf den Talon legt {each}."
            )
        )
        if rule.blocked_by_gap:
            out.append(
                say(
                    lang,
                    "You may not deal while any tableau pile is empty: fill every gap first.",
                    "Solange ein Tableau-Stapel leer ist, darf nicht ausgeteilt werden: Fülle"
                    " erst jede Lücke.",
                )
            )
    out.extend(_redeals(f, lang))
    return out


# --------------------------------------------------------------------------- end


def _end(f: Facts, lang: str) -> list[str]:
    rules = f.rules
    if rules.win is Win.STOCK_EMPTY:
        return [
            say(
                lang,
                "You win the moment the stock is empty, whatever the tableau looks like. The"
                " game is lost when cards are still in the stock and no card can move.",
                "Du gewinnst in dem Augenblick, in dem der Talon leer ist, ganz gleich, wie"
                " das Tableau aussieht. Verloren ist das Spiel, wenn noch Karten im Talon"
                " liegen und keine Karte mehr ziehen kann.",
            )
        ]
    if rules.win is Win.CLEARED:
        won = say(
            lang,
            "You win as soon as the pyramid is cleared, even with cards left in the stock or"
            " on the waste.",
            "Du gewinnst, sobald die Pyramide abgeräumt ist, auch wenn noch Karten im Talon"
            " oder auf dem Ablagestapel liegen.",
        )
    elif f.removal:
        won = say(
            lang,
            f"You win when all {f.card_total} cards are removed.",
            f"Du gewinnst, wenn alle {f.card_total} Karten entfernt sind.",
        )
    elif rules.auto_suit_runs:
        won = say(
            lang,
            f"You win when all {len(f.foundations)} runs have left the table.",
            f"Du gewinnst, wenn alle {len(f.foundations)} Folgen den Tisch verlassen haben.",
        )
    else:
        won = say(
            lang,
            f"You win when all {f.card_total} cards are on the foundations.",
            f"Du gewinnst, wenn alle {f.card_total} Karten auf den Grundstapeln liegen.",
        )
    return [won, _lost(f, lang)]


def _lost(f: Facts, lang: str) -> str:
    rule = f.rules.stock
    helps: list[tuple[str, str]] = []
    if f.has_stock and rule.action is not Action.NONE:
        helps.append(("the stock", "der Talon"))
    if rule.redeal is Redeal.RECYCLE_WASTE and rule.redeals != 0:
        helps.append(("turning the waste over", "das Umdrehen des Ablagestapels"))
    elif rule.redeal is Redeal.GATHER_TABLEAU:
        helps.append(("a redeal", "eine Neuverteilung"))
    if not helps:
        return say(
            lang,
            "The game is lost when no move is left.",
            "Verloren ist das Spiel, wenn kein Zug mehr möglich ist.",
        )
    if len(helps) == 1:
        ((en, de),) = helps
        en_tail, de_tail = (
            f"{en} can bring no new card into play",
            f"{de} keine neue Karte ins Spiel bringen kann",
        )
    else:
        (en, de), (en2, de2) = helps
        en_tail = f"neither {en} nor {en2} can bring a new card into play"
        de_tail = f"weder {de} noch {de2} eine neue Karte ins Spiel bringen kann"
    return say(
        lang,
        f"The game is lost when no move is left and {en_tail}.",
        f"Verloren ist das Spiel, wenn kein Zug mehr möglich ist und {de_tail}.",
    )


# --------------------------------------------------------------------------- skill play


def _skill(f: Facts, lang: str) -> list[str]:
    hidden: list[tuple[str, str]] = []
    if f.has_stock:
        hidden.append(("the order of the stock", "die Reihenfolge des Talons"))
    if f.tableau_down is None or any(f.tableau_down):
        hidden.append(("the face-down cards", "die verdeckten Karten"))
    out = [
        say(
            lang,
            "In skill play two players get exactly the same deal, cards in the same order."
            " Whoever gets further wins; if neither finishes, the higher score wins.",
            "Im Skill-Modus bekommen zwei Spieler genau dieselbe Verteilung, die Karten in"
            " derselben Reihenfolge. Wer weiterkommt, gewinnt; schafft es keiner ganz, gewinnt"
            " die höhere Punktzahl.",
        )
    ]
    if hidden:
        en = join([h[0] for h in hidden], lang)
        de = join([h[1] for h in hidden], lang)
        out.append(
            say(
                lang,
                f"Every card is shown, {en} included, so luck plays no part: only your"
                " planning counts.",
                f"Alle Karten sind zu sehen, auch {de}; das Glück spielt also keine Rolle,"
                " nur deine Planung zählt.",
            )
        )
    else:
        out.append(
            say(
                lang,
                "All cards of this game lie open anyway, so both players face the very same"
                " puzzle.",
                "In diesem Spiel liegen ohnehin alle Karten offen, beide Spieler lösen also"
                " genau dieselbe Aufgabe.",
            )
        )
    return out


def _scoring(f: Facts, lang: str) -> list[str]:
    return scoring_paragraphs(f.info, lang)


# --------------------------------------------------------------------------- assembly

_Writer = Callable[[Facts, str], list[str]]

_TITLES: dict[str, tuple[str, str]] = {
    "aim": ("Aim", "Ziel"),
    "layout": ("Layout", "Aufbau"),
    "tableau": ("Tableau", "Tableau"),
    "removing": ("Removing cards", "Karten entfernen"),
    "cells": ("Free cells", "Freie Zellen"),
    "reserve": ("Reserve", "Reserve"),
    "foundations": ("Foundations", "Grundstapel"),
    "stock": ("Stock", "Talon"),
    "end": ("End of the game", "Spielende"),
    "scoring": ("Scoring", "Punkte"),
    "skill": ("Skill play", "Skill-Modus"),
}


def _plan(f: Facts) -> list[tuple[str, _Writer]]:
    plan: list[tuple[str, _Writer]] = [
        ("aim", _aim),
        ("layout", _layout),
        ("tableau", _tableau),
    ]
    if f.removal:
        plan.append(("removing", _removing))
    if f.cells:
        plan.append(("reserve" if f.cells_dealt else "cells", _cells))
    if not f.removal:
        plan.append(("foundations", _foundations))
    plan += [("stock", _stock), ("end", _end), ("scoring", _scoring), ("skill", _skill)]
    return plan


def sections_for(f: Facts, lang: str) -> list[Section]:
    """Every section of this game's rules in ``lang``; a section with nothing to say is left out."""
    out: list[Section] = []
    for key, writer in _plan(f):
        paragraphs = writer(f, lang) + list(extra(f.info.id, key, lang))
        if paragraphs:
            en, de = _TITLES[key]
            out.append(Section(say(lang, en, de), tuple(paragraphs)))
    return out
