"""Thirteens and its relatives Pyramid and King Tut: remove cards in pairs adding up to 13.

Ace counts 1, Jack 11, Queen 12; a King (13) leaves alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from patience.cards import ALL_CARDS
from patience.games.layout import discard, stock, tableau, waste
from patience.games.registry import GameInfo, Skill
from patience.rules.dealing import rest_to_stock, turn_up_all
from patience.rules.game import Rules, Win
from patience.rules.piles import Kind, PileSpec
from patience.rules.stock import UNLIMITED, Action, Redeal, StockRule
from patience.rules.table import Table

SPOTS = range(10)
THIRTEENS_STOCK = 10


def _thirteens_deal(rules: Rules, cards: Iterator[int], table: Table) -> None:
    for spot in SPOTS:
        table.put(spot, next(cards))
    rest_to_stock(cards, table, THIRTEENS_STOCK)


def build_thirteens(options: Mapping[str, str]) -> Rules:
    return Rules(
        piles=(*tableau(10, refill=1, per_row=5), stock(column=5), discard(column=6)),
        pack=ALL_CARDS,
        deal=_thirteens_deal,
        pairs_to=13,
    )


ROWS = 7
PYRAMID = range(28)
PYRAMID_STOCK, PYRAMID_WASTE = 28, 29


def pyramid_piles() -> list[PileSpec]:
    """28 places in seven rows; the card at row r, place i is covered by the two below it.

    Place numbers run row by row from the apex: ``p1`` is the apex, ``p22``–``p28`` the
    bottom row.
    """
    piles: list[PileSpec] = []
    for row in range(ROWS):
        for place in range(row + 1):
            first_below = (row + 1) * (row + 2) // 2 + place
            covers = (first_below, first_below + 1) if row < ROWS - 1 else ()
            piles.append(
                PileSpec(
                    Kind.TABLEAU,
                    f"p{len(piles) + 1}",
                    covered_by=covers,
                    row=row,
                    column=2 * place + (ROWS - 1 - row),
                )
            )
    return piles


def _pyramid_deal(rules: Rules, cards: Iterator[int], table: Table) -> None:
    for place in PYRAMID:
        table.put(place, next(cards))
    rest_to_stock(cards, table, PYRAMID_STOCK)
    turn_up_all(table, PYRAMID)


def _pyramid_rules(stock_rule: StockRule, win: Win) -> Rules:
    return Rules(
        piles=(
            *pyramid_piles(),
            stock(column=0),
            waste(column=2),
            discard(column=12),
        ),
        pack=ALL_CARDS,
        deal=_pyramid_deal,
        stock=stock_rule,
        pairs_to=13,
        win=win,
        win_piles=tuple(PYRAMID),
    )


def build_pyramid(options: Mapping[str, str]) -> Rules:
    return _pyramid_rules(
        StockRule(
            Action.TO_WASTE, count=1, redeal=Redeal.RECYCLE_WASTE, redeals=2, top_playable=True
        ),
        Win.ALL_HOME,
    )


def build_king_tut(options: Mapping[str, str]) -> Rules:
    return _pyramid_rules(
        StockRule(Action.TO_WASTE, count=3, redeal=Redeal.RECYCLE_WASTE, redeals=UNLIMITED),
        Win.CLEARED,
    )


THIRTEENS = GameInfo(
    id="thirteens",
    names={"en": "Thirteens", "de": "Thirteens"},
    family="thirteens",
    decks=1,
    skill=Skill.MOSTLY_LUCK,
    build=build_thirteens,
    related=("pyramid", "king_tut"),
)

PYRAMID_GAME = GameInfo(
    id="pyramid",
    names={"en": "Pyramid", "de": "Pyramide"},
    family="thirteens",
    decks=1,
    skill=Skill.MIXED,
    build=build_pyramid,
    related=("thirteens", "king_tut"),
)

KING_TUT = GameInfo(
    id="king_tut",
    names={"en": "King Tut", "de": "King Tut"},
    family="thirteens",
    decks=1,
    skill=Skill.MIXED,
    build=build_king_tut,
    related=("thirteens", "pyramid"),
)
