"""The Layout section: the pack, the piles on the table and how the deal fills them."""

from __future__ import annotations

from patience.web.rules_text.facts import Facts
from patience.web.rules_text.words import (
    cards,
    count,
    join,
    rank_name,
    say,
    suit_name,
)


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


def layout(f: Facts, lang: str) -> list[str]:
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
