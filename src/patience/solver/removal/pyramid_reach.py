"""Talon cards that can never leave, where several cards are drawn and only the waste's top
plays (King Tut).

A talon card then leaves only from the waste's top, as a King or with a pyramid card of the
partner rank; the cards below the last non-removable card before the first shown removable
one never leave, so they are no partner in the bag game either.
(docs/SOLVERS.md, "Talon cards that can never leave")
"""

from __future__ import annotations


def reachable(ranks: tuple[int, ...], talon: int, cut: int, draw: int, removable: int) -> int:
    """The talon cards that may still leave (a bit each, as ``talon``; see the module).

    ``ranks``: the rank of each card of the row; ``talon``: a bit for each card in play;
    ``cut``: the waste top's row index + 1 (0 for an empty waste); ``draw``: cards a draw
    turns; ``removable``: a bit for each rank that may leave.
    """
    n = talon.bit_count()
    waste = (talon & ((1 << cut) - 1)).bit_count()
    stuck = 0  # the bit of the last card not removable so far
    h = 0
    rest = talon
    while rest:
        low = rest & -rest
        rest ^= low
        if not removable >> ranks[low.bit_length() - 1] & 1:
            stuck = low
        elif (
            h in (waste - 1, n - 1)
            or (h + 1) % draw == 0
            or (h >= waste and (h + 1 - waste) % draw == 0)
        ):
            return talon & ~((stuck << 1) - 1) if stuck else talon
        h += 1
    return 0
