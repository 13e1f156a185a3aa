"""The aim of a game and how it ends."""

from __future__ import annotations

from patience.rules.game import Win
from patience.rules.stock import Action, Redeal
from patience.web.rules_text.facts import Facts
from patience.web.rules_text.words import (
    rank_name,
    say,
)


def aim(f: Facts, lang: str) -> list[str]:
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


def end(f: Facts, lang: str) -> list[str]:
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
