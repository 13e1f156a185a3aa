"""Building blocks of deal scripts.

A deal script receives the shuffled cards as an iterator, in dealing order, and an empty
table. These helpers cover the common shapes; a game's script strings a few of them together.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from patience.rules.game import Rules
from patience.rules.table import Table


def deal_rows(
    cards: Iterator[int], table: Table, piles: Sequence[int], counts: Sequence[int]
) -> None:
    """Deal row by row, left to right, until pile ``piles[i]`` holds ``counts[i]`` cards.

    Cards go face down; :func:`turn_up_tops` then turns the top of each pile.
    """
    for row in range(max(counts, default=0)):
        for pile, count in zip(piles, counts, strict=True):
            if row < count:
                table.put(pile, next(cards), face_up=False)


def turn_up_tops(table: Table, piles: Iterable[int]) -> None:
    """Turn the top card of each of these piles face up."""
    for pile in piles:
        if table.piles[pile]:
            table.down[pile] = len(table.piles[pile]) - 1


def turn_up_all(table: Table, piles: Iterable[int]) -> None:
    """Turn every card of these piles face up."""
    for pile in piles:
        table.down[pile] = 0


def rest_to_stock(cards: Iterator[int], table: Table, stock: int) -> None:
    """The remaining cards form the face-down stock; the next card dealt is on its top."""
    rest = list(cards)
    table.piles[stock] = rest[::-1]
    table.down[stock] = len(rest)


def deal_with_foundation_plays(
    rules: Rules, cards: Iterator[int], table: Table, piles: Sequence[int], *, skip_pile: bool
) -> None:
    """Deal to ``piles`` in turn, playing each card that fits a foundation straight there.

    With ``skip_pile`` the pile whose card went home gets none this round (Nationale: every
    pile has its eight turns); without it the next card goes to the same pile (Caprice).
    """
    turn = 0
    for card in cards:
        home = rules.foundation_for(table, card)
        if home is not None:
            table.put(home, card)
            if not skip_pile:
                continue
        else:
            table.put(piles[turn % len(piles)], card)
        turn += 1
