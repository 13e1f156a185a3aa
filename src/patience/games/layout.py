"""Pile builders shared by the game definitions, with their notation codes and grid places."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from patience.cards import ACE, KING, SUITS
from patience.rules.build import Build, Direction, Match
from patience.rules.piles import Kind, PileSpec, Start, Unit

UP_IN_SUIT = Build(Match.SUIT, Direction.UP)
DOWN_IN_SUIT = Build(Match.SUIT, Direction.DOWN)
DOWN_ALTERNATE = Build(Match.ALTERNATE, Direction.DOWN)
DOWN_ANY = Build(Match.ANY, Direction.DOWN)


def tableau(
    count: int,
    build: Build | None = None,
    *,
    unit: Unit = Unit.ONE,
    start: Start = Start.NONE,
    start_rank: int = 0,
    refill: int = 0,
    row: int = 1,
    per_row: int = 0,
) -> list[PileSpec]:
    """``count`` tableau piles coded ``1``, ``2``, …; ``per_row`` wraps them onto more rows."""
    width = per_row or count
    return [
        PileSpec(
            Kind.TABLEAU,
            str(i + 1),
            build,
            start,
            start_rank,
            unit=unit,
            refill=refill,
            row=row + i // width,
            column=i % width,
        )
        for i in range(count)
    ]


def foundations(
    count: int, *, build: Build | None = UP_IN_SUIT, start_rank: int = ACE, column: int = 0
) -> list[PileSpec]:
    """Foundations coded ``f1``, ``f2``, …, any suit, started by ``start_rank``."""
    start = Start.RANK if build is not None else Start.NONE
    return [
        PileSpec(Kind.FOUNDATION, f"f{i + 1}", build, start, start_rank, column=column + i)
        for i in range(count)
    ]


def suit_foundations(column: int = 0) -> list[PileSpec]:
    """Nationale's eight: an Ace pile up and a King pile down for each suit, in suit order."""
    aces = [
        PileSpec(
            Kind.FOUNDATION, f"f{s + 1}", UP_IN_SUIT, Start.RANK, ACE, suit=s, column=column + s
        )
        for s in SUITS
    ]
    kings = [
        PileSpec(
            Kind.FOUNDATION, f"f{s + 5}", DOWN_IN_SUIT, Start.RANK, KING, suit=s, column=column + s
        )
        for s in SUITS
    ]
    return aces + [replace(k, row=1) for k in kings]


def cells(count: int, codes: Sequence[str] = "abcd", *, column: int = 0) -> list[PileSpec]:
    """Free cells: hold any one card."""
    return [PileSpec(Kind.CELL, codes[i], start=Start.ANY, column=column + i) for i in range(count)]


def stock(column: int = 0) -> PileSpec:
    return PileSpec(Kind.STOCK, "s", column=column)


def waste(column: int = 1) -> PileSpec:
    return PileSpec(Kind.WASTE, "w", column=column)


def discard(column: int = 0, row: int = 0) -> PileSpec:
    """Where removed cards go (removal games)."""
    return PileSpec(Kind.FOUNDATION, "h", column=column, row=row)


def shift_rows(piles: list[PileSpec], by: int) -> list[PileSpec]:
    """The same piles, lower in the layout grid."""
    return [replace(p, row=p.row + by) for p in piles]
