"""Sweet Sixteen and its relatives Trusty Twelve and Knotty Nines.

One card on each pile, build down one card at a time; an emptied pile takes the talon's top
card at once. The game is won the moment the talon is empty.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from patience.cards import ALL_CARDS
from patience.games.layout import DOWN_ALTERNATE, DOWN_ANY, stock, tableau
from patience.games.registry import GameInfo, Skill
from patience.rules.build import Build
from patience.rules.dealing import rest_to_stock
from patience.rules.game import Rules, Win
from patience.rules.table import Table


def _family(piles: int, build: Build) -> Callable[[Mapping[str, str]], Rules]:
    def deal(rules: Rules, cards: Iterator[int], table: Table) -> None:
        for pile in range(piles):
            table.put(pile, next(cards))
        rest_to_stock(cards, table, piles)

    def build_rules(options: Mapping[str, str]) -> Rules:
        return Rules(
            piles=(*tableau(piles, build, refill=1, per_row=8), stock(column=8)),
            pack=ALL_CARDS,
            deal=deal,
            win=Win.STOCK_EMPTY,
        )

    return build_rules


SWEET_SIXTEEN = GameInfo(
    id="sweet_sixteen",
    names={"en": "Sweet Sixteen", "de": "Sweet Sixteen"},
    family="sweet_sixteen",
    decks=1,
    skill=Skill.MIXED,
    build=_family(16, DOWN_ALTERNATE),
    related=("trusty_twelve", "knotty_nines"),
)

TRUSTY_TWELVE = GameInfo(
    id="trusty_twelve",
    names={"en": "Trusty Twelve", "de": "Trusty Twelve"},
    family="sweet_sixteen",
    decks=1,
    skill=Skill.MIXED,
    build=_family(12, DOWN_ANY),
    related=("sweet_sixteen", "knotty_nines"),
)

KNOTTY_NINES = GameInfo(
    id="knotty_nines",
    names={"en": "Knotty Nines", "de": "Knotty Nines"},
    family="sweet_sixteen",
    decks=1,
    skill=Skill.MIXED,
    build=_family(9, DOWN_ANY),
    related=("sweet_sixteen", "trusty_twelve"),
)
