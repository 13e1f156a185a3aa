"""Spider: ten piles, build down regardless of suit, move runs of one suit, clear eight runs."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from patience.cards import HEARTS, RANKS, SPADES, SUITS, make_card
from patience.games.layout import DOWN_ANY, foundations, stock, tableau
from patience.games.registry import GameInfo, Option, Skill
from patience.rules.dealing import deal_rows, rest_to_stock, turn_up_tops
from patience.rules.game import Rules
from patience.rules.piles import Start, Unit
from patience.rules.stock import Action, StockRule
from patience.rules.table import Table

TABLEAU = range(10)
STOCK = 10

_SUITS_FOR = {"4": SUITS, "2": (SPADES, HEARTS), "1": (SPADES,)}


def pack(suit_count: str) -> tuple[int, ...]:
    """104 cards: two decks, or the same ranks in two suits or one suit, eight runs in all."""
    suits = _SUITS_FOR[suit_count]
    copies = 8 // len(suits)
    return tuple(make_card(r, s) for _ in range(copies) for s in suits for r in RANKS)


def _deal(rules: Rules, cards: Iterator[int], table: Table) -> None:
    deal_rows(cards, table, TABLEAU, [6, 6, 6, 6, 5, 5, 5, 5, 5, 5])
    turn_up_tops(table, TABLEAU)
    rest_to_stock(cards, table, STOCK)


def build(options: Mapping[str, str]) -> Rules:
    return Rules(
        piles=(
            *tableau(10, DOWN_ANY, unit=Unit.SUIT_RUN, start=Start.ANY),
            stock(),
            *foundations(8, build=None, column=2),
        ),
        pack=pack(options["suits"]),
        deal=_deal,
        stock=StockRule(Action.EACH_TABLEAU, count=1, blocked_by_gap=True),
        auto_suit_runs=True,
    )


SPIDER = GameInfo(
    id="spider",
    names={"en": "Spider", "de": "Spider"},
    family="spider",
    decks=2,
    skill=Skill.MOSTLY_SKILL,
    build=build,
    options=(Option("suits", ("4", "2", "1")),),
    related=("klondike", "freecell"),
)
