"""The Stock section: what using the stock does, and the redeals the StockRule allows."""

from __future__ import annotations

from patience.rules.stock import UNLIMITED, Action, Redeal
from patience.web.rules_text.facts import Facts
from patience.web.rules_text.words import (
    count,
    say,
)


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
        _gathering_order(lang),
        _counter(lang),
    ]


def _gathering_order(lang: str) -> str:
    """The order of ``Redeal.GATHER_TABLEAU`` (``Engine._redeal``): pile by pile, bottom up."""
    return say(
        lang,
        "The cards come out again in the order they lay: the first pile from its bottom card"
        " up, then the second pile, and so on.",
        "Die Karten kommen dabei in der Reihenfolge wieder heraus, in der sie lagen: zuerst der"
        " erste Stapel von seiner untersten Karte an, dann der zweite Stapel und so weiter.",
    )


def _counter(lang: str) -> str:
    return say(
        lang,
        "A counter on the table shows how many are left.",
        "Ein Zähler auf dem Tisch zeigt, wie viele noch übrig sind.",
    )


def stock(f: Facts, lang: str) -> list[str]:
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
