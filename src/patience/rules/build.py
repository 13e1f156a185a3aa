"""Build rules: which card may be laid on which.

A :class:`Build` answers "may ``upper`` go on ``lower``?" for one pile. It is a pure value;
``fits`` reads a table made once per distinct rule.

>>> from patience.cards import parse_card as c
>>> Build(Match.ALTERNATE, Direction.DOWN).fits(c("9C"), c("8H"))
True
>>> Build(Match.ALTERNATE, Direction.DOWN).fits(c("9D"), c("8H"))  # a red 8 on a red 9
False
>>> Build(Match.SUIT, Direction.BOTH, wrap=True).fits(c("KS"), c("AS"))
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from patience.cards import ALL_CARDS, is_red, rank, suit


class Match(Enum):
    """How the suits of two neighbouring cards must relate."""

    SUIT = "suit"
    ALTERNATE = "alternate"
    ANY = "any"


class Direction(Enum):
    """Whether a pile builds up, down, or either way."""

    UP = "up"
    DOWN = "down"
    BOTH = "both"


def _suits_match(match: Match, lower: int, upper: int) -> bool:
    if match is Match.SUIT:
        return suit(lower) == suit(upper)
    if match is Match.ALTERNATE:
        return is_red(lower) != is_red(upper)
    return True


def _ranks_follow(direction: Direction, wrap: bool, lower: int, upper: int) -> bool:
    step = (rank(upper) - rank(lower)) % 13 if wrap else rank(upper) - rank(lower)
    up = step == 1
    down = step == (12 if wrap else -1)
    if direction is Direction.UP:
        return up
    if direction is Direction.DOWN:
        return down
    return up or down


@cache
def _table(match: Match, direction: Direction, wrap: bool) -> bytes:
    return bytes(
        _suits_match(match, lower, upper) and _ranks_follow(direction, wrap, lower, upper)
        for lower in ALL_CARDS
        for upper in ALL_CARDS
    )


@dataclass(frozen=True)
class Build:
    """Cards go on a pile when their suits ``match`` and ranks follow ``direction``.

    ``wrap`` makes King and Ace neighbours.
    """

    match: Match
    direction: Direction
    wrap: bool = False
    _fits: bytes = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_fits", _table(self.match, self.direction, self.wrap))

    def fits(self, lower: int, upper: int) -> bool:
        """May ``upper`` be laid on ``lower``?"""
        return bool(self._fits[lower * 52 + upper])

    @property
    def table(self) -> bytes:
        """``table[lower * 52 + upper]`` is 1 where ``fits(lower, upper)``."""
        return self._fits
