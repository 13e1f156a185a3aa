"""The share card's strip: how a game stood, stretch by stretch, from its review's verdicts.

A game's moves are cut into at most :data:`STRETCHES` stretches as even as can be; each is
marked by the verdict on the position at its end: ``w`` still winnable, ``l`` proven lost,
``u`` unknown (or not judged yet). No card and no move is named.

>>> strip(4, {0: "winnable", 2: "winnable", 3: "lost", 4: "lost"})
['u', 'w', 'l', 'l']
>>> strip(25, {25: "lost"})[-1], len(strip(25, {}))
('l', 10)
>>> strip(0, {0: "winnable"})
[]
"""

from __future__ import annotations

from collections.abc import Mapping

STRETCHES = 10
"""The most marks a strip has (a shorter game has a mark a move)."""

MARKS = {"winnable": "w", "lost": "l"}


def stretch_ends(moves: int, stretches: int = STRETCHES) -> list[int]:
    """The position after the last move of each stretch.

    >>> stretch_ends(25)
    [3, 5, 8, 10, 13, 15, 18, 20, 23, 25]
    """
    count = min(moves, stretches)
    return [-(-moves * (n + 1) // count) for n in range(count)]


def strip(moves: int, statuses: Mapping[int, str]) -> list[str]:
    """The marks of a game of ``moves`` moves, from the review's verdict on each position
    (``statuses``: index → ``winnable``, ``lost`` or ``unknown``; 0 is the deal)."""
    return [MARKS.get(statuses.get(end, ""), "u") for end in stretch_ends(moves)]
