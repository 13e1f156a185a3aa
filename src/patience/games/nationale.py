"""Nationale and its relatives Caprice and Tournament: two decks, eight suit foundations.

Four foundations build up in suit from the Ace, four down in suit from the King.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from patience.cards import ACE, ALL_CARDS, KING, SUITS, make_card, rank
from patience.games.layout import cells, shift_rows, stock, suit_foundations, tableau
from patience.games.registry import GameInfo, Skill
from patience.rules.build import Build, Direction, Match
from patience.rules.dealing import deal_with_foundation_plays, rest_to_stock
from patience.rules.game import Rules
from patience.rules.piles import Start
from patience.rules.stock import Action, Redeal, StockRule
from patience.rules.table import Table

TWO_DECKS = ALL_CARDS + ALL_CARDS
FOUNDATIONS = range(8)
TWELVE = range(8, 20)
ACES_AND_KINGS = tuple(make_card(r, s) for r in (ACE, KING) for s in SUITS)


def _lay_out_aces_and_kings(table: Table) -> None:
    for pile, card in zip(FOUNDATIONS, ACES_AND_KINGS, strict=True):
        table.put(pile, card)


def _nationale_deal(rules: Rules, cards: Iterator[int], table: Table) -> None:
    _lay_out_aces_and_kings(table)
    deal_with_foundation_plays(rules, cards, table, TWELVE, skip_pile=True)


def build_nationale(options: Mapping[str, str]) -> Rules:
    return Rules(
        piles=(
            *suit_foundations(column=2),
            *shift_rows(
                tableau(12, Build(Match.SUIT, Direction.BOTH, wrap=True), start=Start.ANY), 1
            ),
        ),
        pack=TWO_DECKS,
        preset=ACES_AND_KINGS,
        deal=_nationale_deal,
        foundation_returns=True,
    )


def _caprice_redeal(rules: Rules, cards: Iterator[int], table: Table) -> None:
    deal_with_foundation_plays(rules, cards, table, TWELVE, skip_pile=False)


def _caprice_deal(rules: Rules, cards: Iterator[int], table: Table) -> None:
    _lay_out_aces_and_kings(table)
    _caprice_redeal(rules, cards, table)


def build_caprice(options: Mapping[str, str]) -> Rules:
    return Rules(
        piles=(
            *suit_foundations(column=2),
            *shift_rows(tableau(12, Build(Match.SUIT, Direction.BOTH), start=Start.ANY), 1),
        ),
        pack=TWO_DECKS,
        preset=ACES_AND_KINGS,
        deal=_caprice_deal,
        stock=StockRule(redeal=Redeal.GATHER_TABLEAU, redeals=2, redeal_when_empty=False),
        redeal_script=_caprice_redeal,
    )


RESERVE = range(8, 16)
PILES = range(16, 22)
TOURNAMENT_STOCK = 22


def _tournament_deal(rules: Rules, cards: Iterator[int], table: Table) -> None:
    pack = list(cards)
    # Eight reserve cards; while none is an Ace or a King they go under the pack and eight
    # more are dealt. Two decks hold sixteen Aces and Kings, so this ends.
    while not any(rank(c) in (ACE, KING) for c in pack[:8]):
        pack = pack[8:] + pack[:8]
    rest = iter(pack)
    for pile in RESERVE:
        table.put(pile, next(rest))
    for pile in PILES:
        for _ in range(4):
            table.put(pile, next(rest))
    rest_to_stock(rest, table, TOURNAMENT_STOCK)


def build_tournament(options: Mapping[str, str]) -> Rules:
    return Rules(
        piles=(
            *shift_rows(suit_foundations(column=2), 1),
            *cells(8, [f"r{i}" for i in range(1, 9)]),
            *shift_rows(tableau(6, refill=4), 2),
            *shift_rows([stock(column=7)], 3),
        ),
        pack=TWO_DECKS,
        deal=_tournament_deal,
        stock=StockRule(Action.EACH_TABLEAU, count=4, redeal=Redeal.GATHER_TABLEAU, redeals=2),
        foundation_swaps=True,
    )


NATIONALE = GameInfo(
    id="nationale",
    names={"en": "Nationale", "de": "Nationale"},
    family="nationale",
    decks=2,
    skill=Skill.MOSTLY_SKILL,
    build=build_nationale,
    related=("caprice", "tournament", "klondike"),
)

CAPRICE = GameInfo(
    id="caprice",
    names={"en": "Caprice", "de": "Caprice"},
    family="nationale",
    decks=2,
    skill=Skill.MOSTLY_SKILL,
    build=build_caprice,
    related=("nationale", "tournament"),
)

TOURNAMENT = GameInfo(
    id="tournament",
    names={"en": "Tournament", "de": "Tournament"},
    family="nationale",
    decks=2,
    skill=Skill.MIXED,
    build=build_tournament,
    related=("nationale", "caprice"),
)
