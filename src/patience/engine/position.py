"""Positions and moves: small immutable values, hashable so solvers can remember them."""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from patience.rules.table import Table


class Position(NamedTuple):
    """Every pile's cards (bottom first), the face-down count of each, and redeals used."""

    piles: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    redeals: int = 0

    @classmethod
    def from_table(cls, table: Table) -> Position:
        return cls(tuple(map(tuple, table.piles)), tuple(table.down), table.redeals)

    def to_table(self) -> Table:
        return Table([list(p) for p in self.piles], list(self.down), self.redeals)


class MoveKind(IntEnum):
    """What a move does."""

    TRANSFER = 0
    """``size`` cards from the top of ``src`` onto ``dst``."""
    STOCK = 1
    """Use the stock: turn cards to the waste or deal onto the tableau."""
    REDEAL = 2
    """Start again: turn the waste over, or gather and redeal the tableau."""
    REMOVE = 3
    """The free card on ``src`` (and the one on ``dst`` when it is not -1) leave the game."""


class Move(NamedTuple):
    """A player's move. Build them with :func:`transfer`, :data:`STOCK_MOVE` and friends."""

    kind: MoveKind
    src: int = -1
    dst: int = -1
    size: int = 1
    """How many cards move (or leave, for a removal)."""


def transfer(src: int, dst: int, count: int = 1) -> Move:
    """Move ``count`` cards from pile ``src`` to pile ``dst``."""
    return Move(MoveKind.TRANSFER, src, dst, count)


def remove(first: int, second: int = -1) -> Move:
    """Remove the free card of ``first`` (and of ``second``), lower pile first."""
    if second != -1 and second < first:
        first, second = second, first
    return Move(MoveKind.REMOVE, first, second, 1 if second == -1 else 2)


STOCK_MOVE = Move(MoveKind.STOCK)
REDEAL_MOVE = Move(MoveKind.REDEAL)
