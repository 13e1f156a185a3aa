"""The one table of per-game texts: lobby taglines, and what no rule value expresses.

Each game has a tagline, and may add paragraphs to a section (by section key, see
:mod:`patience.web.rules_text.sections`): Nationale's and Caprice's plays during the deal and
redeal, Tournament's reserve. Everything else in the
rules is written from the game's definition. All wording is our own.
"""

from __future__ import annotations

from types import MappingProxyType

from patience.web.rules_text.words import check_lang

Text = tuple[str, str]
"""The same sentence in English and German."""

TAGLINES: MappingProxyType[str, Text] = MappingProxyType(
    {
        "nationale": (
            "All 104 cards open from the first move: two rows of foundations race towards"
            " each other.",
            "Alle 104 Karten offen vom ersten Zug an: zwei Reihen Grundstapel wachsen"
            " aufeinander zu.",
        ),
        "klondike": (
            "The classic: seven piles, a stock to draw from, Aces up to Kings.",
            "Der Klassiker: sieben Stapel, ein Talon zum Ziehen, vom Ass bis zum König.",
        ),
        "spider": (
            "Ten piles and eight runs to complete, King down to Ace, each in one suit.",
            "Zehn Stapel und acht Folgen vom König bis zum Ass, jede in einer Farbe.",
        ),
        "freecell": (
            "Every card visible, four cells to park in: nearly every deal can be won.",
            "Jede Karte sichtbar, vier Zellen zum Parken: fast jede Verteilung ist lösbar.",
        ),
        "thirteens": (
            "Pair cards that make 13 while the stock keeps ten spots full.",
            "Paare, die 13 ergeben, während der Talon zehn Plätze gefüllt hält.",
        ),
        "sweet_sixteen": (
            "Sixteen single cards and no foundations: empty piles to feed in the whole stock.",
            "Sechzehn Einzelkarten, keine Grundstapel: Leere Stapel holen den ganzen Talon"
            " ins Spiel.",
        ),
        "caprice": (
            "Nationale's foundations with gentler building and two chances to redeal.",
            "Die Grundstapel von Nationale, ohne Rundlauf, dafür mit zwei Neuverteilungen.",
        ),
        "tournament": (
            "Eight reserve cards, six short piles and a stock dealt four cards at a time.",
            "Acht Reservekarten, sechs kurze Stapel und ein Talon, der je vier Karten gibt.",
        ),
        "pyramid": (
            "Take the pyramid apart in pairs that add up to 13, with three passes of the stock.",
            "Baue die Pyramide in Paaren ab, die 13 ergeben, mit drei Durchgängen durch den Talon.",
        ),
        "king_tut": (
            "A pyramid to clear with an endless stock, drawn three at a time.",
            "Eine Pyramide zum Abräumen, mit endlosem Talon, von dem je drei Karten kommen.",
        ),
        "trusty_twelve": (
            "Twelve piles, build down whatever the suit, and run the stock dry.",
            "Zwölf Stapel, abwärts ohne Rücksicht auf die Farbe, bis der Talon leer ist.",
        ),
        "knotty_nines": (
            "Sweet Sixteen squeezed onto nine piles: fewer gaps, tighter knots.",
            "Sweet Sixteen auf nur neun Stapeln: weniger Lücken, engere Knoten.",
        ),
    }
)

EXTRAS: MappingProxyType[str, MappingProxyType[str, tuple[Text, ...]]] = MappingProxyType(
    {
        "nationale": MappingProxyType(
            {
                "layout": (
                    (
                        "The deal goes row by row, left to right, eight rounds in all. A card"
                        " that fits a foundation as it comes is played there at once (to the"
                        " Ace pile when both would take it), and its pile simply misses that"
                        " round, so some piles start with fewer than eight cards. Only the card"
                        " being dealt is checked; cards already on the table stay put.",
                        "Ausgeteilt wird Reihe für Reihe von links nach rechts, acht Runden"
                        " lang. Passt eine Karte beim Austeilen auf einen Grundstapel, kommt sie"
                        " sofort dorthin (auf den Ass-Stapel, wenn beide sie nähmen), und ihr"
                        " Stapel geht in dieser Runde leer aus; manche Stapel haben deshalb"
                        " anfangs weniger als acht Karten. Geprüft wird nur die Karte, die gerade"
                        " kommt; was schon liegt, bleibt liegen.",
                    ),
                ),
                "tableau": (
                    (
                        "Every uncovered card may go to a foundation or onto another pile.",
                        "Jede freie Karte darf auf einen Grundstapel oder einen anderen Stapel"
                        " gelegt werden.",
                    ),
                ),
            }
        ),
        "caprice": MappingProxyType(
            {
                "layout": (
                    (
                        "A card that fits a foundation while dealing goes there at once, and"
                        " the next card goes to the same pile instead.",
                        "Passt eine Karte beim Austeilen auf einen Grundstapel, kommt sie"
                        " sofort dorthin, und die nächste Karte geht an denselben Stapel.",
                    ),
                ),
                "stock": (
                    (
                        "A redeal deals the cards out exactly as at the start, cards that fit"
                        " a foundation going home on the way.",
                        "Bei einer Neuverteilung werden die Karten genau wie zu Beginn"
                        " ausgeteilt; Karten, die dabei auf einen Grundstapel passen, wandern"
                        " gleich dorthin.",
                    ),
                ),
            }
        ),
        "tournament": MappingProxyType(
            {
                "layout": (
                    (
                        "The eight reserve cards are dealt first. If not one of them is an Ace"
                        " or a King, they go to the bottom of the pack and eight new ones are"
                        " dealt, until at least one is.",
                        "Zuerst werden die acht Reservekarten ausgelegt. Ist keine davon ein"
                        " Ass oder ein König, kommen sie unter den Packen und acht neue werden"
                        " gegeben, bis mindestens eine dabei ist.",
                    ),
                ),
                "stock": (
                    (
                        "When the stock is spent, the six piles are gathered into a new stock"
                        " and four cards are dealt to each pile again.",
                        "Ist der Talon aufgebraucht, werden die sechs Stapel zu einem neuen"
                        " Talon zusammengeschoben, und jeder Stapel bekommt wieder vier Karten.",
                    ),
                ),
            }
        ),
        "thirteens": MappingProxyType(
            {
                "tableau": (
                    (
                        "When a pair empties two spots at once, the lower-numbered spot is"
                        " refilled first.",
                        "Werden durch ein Paar zwei Plätze zugleich frei, wird zuerst der mit"
                        " der kleineren Nummer aufgefüllt.",
                    ),
                ),
            }
        ),
        "freecell": MappingProxyType(
            {
                "layout": (
                    (
                        "Deal numbers are those of Microsoft FreeCell, so deal 1 here is deal 1"
                        " there.",
                        "Die Nummern der Verteilungen stimmen mit Microsoft FreeCell überein:"
                        " Nummer 1 hier ist Nummer 1 dort.",
                    ),
                ),
            }
        ),
    }
)


def tagline_text(game_id: str, lang: str) -> str:
    """The lobby line of this game; :class:`KeyError` for a game without one."""
    en, de = TAGLINES[game_id]
    return en if check_lang(lang) == "en" else de


def extra(game_id: str, section: str, lang: str) -> tuple[str, ...]:
    """The per-game paragraphs this game adds to ``section`` (often none)."""
    index = 0 if check_lang(lang) == "en" else 1
    texts = EXTRAS.get(game_id, MappingProxyType({})).get(section, ())
    return tuple(text[index] for text in texts)
