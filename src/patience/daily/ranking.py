"""The daily leaderboard's order: won before unfinished; among won games fewer moves, then
less time; among unfinished ones more cards on the foundations, then less time.

>>> won_fast, won_long = Result(True, 80, 52, 300_000), Result(True, 95, 52, 100_000)
>>> stuck = Result(False, 40, 30, 50_000)
>>> [r.moves for r in sorted([stuck, won_long, won_fast], key=order_key)]
[80, 95, 40]
>>> ranks([won_fast, won_fast, stuck])
[1, 1, 3]
>>> better_than(3, [1, 1, 3, 4])
25
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    """How a ranked attempt stands: won or not, moves played, cards home, time from start."""

    won: bool
    moves: int
    cards_home: int
    time_ms: int


def order_key(result: Result) -> tuple[int, int, int]:
    """Smaller is better: the board sorts by it."""
    if result.won:
        return (0, result.moves, result.time_ms)
    return (1, -result.cards_home, result.time_ms)


def ranks(ordered: Sequence[Result]) -> list[int]:
    """The rank of each of ``ordered`` (sorted by :func:`order_key`): equal results share a
    rank, and the next one skips as many places ("1, 1, 3")."""
    found: list[int] = []
    for place, result in enumerate(ordered, 1):
        tied = found and order_key(ordered[place - 2]) == order_key(result)
        found.append(found[-1] if tied else place)
    return found


def better_than(rank: int, all_ranks: Sequence[int]) -> int:
    """The share (percent, rounded down) of the field that did worse than ``rank``."""
    if not all_ranks:
        return 0
    worse = sum(1 for other in all_ranks if other > rank)
    return worse * 100 // len(all_ranks)


@dataclass(frozen=True)
class Field:
    """How the field did: how many won in how many moves, how many stopped with how many
    cards home (each a sorted list of (value, count))."""

    won_moves: list[tuple[int, int]]
    unfinished_cards: list[tuple[int, int]]


def field_of(results: Sequence[Result]) -> Field:
    """The field's chart.

    >>> field_of([Result(True, 80, 52, 1), Result(True, 80, 52, 2), Result(False, 9, 3, 1)])
    Field(won_moves=[(80, 2)], unfinished_cards=[(3, 1)])
    """
    won = Counter(r.moves for r in results if r.won)
    unfinished = Counter(r.cards_home for r in results if not r.won)
    return Field(sorted(won.items()), sorted(unfinished.items()))
