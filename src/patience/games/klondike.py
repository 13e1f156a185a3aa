"""Klondike: seven piles, a stock drawn one or three at a time, foundations up in suit."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from patience.cards import ALL_CARDS, KING
from patience.games.layout import DOWN_ALTERNATE, foundations, stock, tableau, waste
from patience.games.registry import GameInfo, Option, Skill
from patience.rules.dealing import deal_rows, rest_to_stock, turn_up_tops
from patience.rules.game import Rules
from patience.rules.piles import Start, Unit
from patience.rules.stock import UNLIMITED, Action, Redeal, StockRule
from patience.rules.table import Table

TABLEAU = range(7)
STOCK, WASTE = 7, 8


def _deal(rules: Rules, cards: Iterator[int], table: Table) -> None:
    deal_rows(cards, table, TABLEAU, [n + 1 for n in TABLEAU])
    turn_up_tops(table, TABLEAU)
    rest_to_stock(cards, table, STOCK)


def build(options: Mapping[str, str]) -> Rules:
    passes = options["passes"]
    return Rules(
        piles=(
            *tableau(7, DOWN_ALTERNATE, unit=Unit.RUN, start=Start.RANK, start_rank=KING),
            stock(),
            waste(),
            *foundations(4, column=3),
        ),
        pack=ALL_CARDS,
        deal=_deal,
        stock=StockRule(
            Action.TO_WASTE,
            count=int(options["draw"]),
            redeal=Redeal.RECYCLE_WASTE,
            redeals=UNLIMITED if passes == "unlimited" else int(passes) - 1,
        ),
        foundation_returns=True,
    )


KLONDIKE = GameInfo(
    id="klondike",
    names={"en": "Klondike", "de": "Klondike"},
    family="klondike",
    decks=1,
    skill=Skill.MIXED,
    build=build,
    options=(Option("draw", ("1", "3")), Option("passes", ("unlimited", "3", "1"))),
    related=("spider", "freecell"),
)
