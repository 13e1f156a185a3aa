"""Talon cards that can never leave, where several cards are drawn and only the waste's top
plays (King Tut).

A talon card then leaves only from the waste's top, as a King or with a pyramid card of the
partner rank; call it *removable* when it is a King or that rank is on a place (places only
empty, so a card not removable now never is). Number the talon's cards in play along the row
(the waste from its bottom up, then the stock from its top down). The cards *shown* without a
talon card leaving are the waste's top, the tops after each draw of this pass and those of
every later pass (row positions ``k - 1, 2k - 1, ...`` and the last, drawing ``k``); pyramid
removals do not change them. Let ``j`` be the first shown removable card (none: no talon card
ever leaves, as the first to leave is shown) and ``s`` the last card below ``j`` that is not
removable.

*No card below s ever leaves.* Take the first moment a card ``h`` below ``s`` not shown
before becomes the waste's top. Until then no card below ``s`` has left (those shown are not
removable, being below ``j``; ``s`` never leaves), so ``h`` has as many cards before it as at
the start and is not the last card: a draw of a later pass does not end on it, nor does one
of this pass (the stock's groups of ``k`` are fixed until it is turned over); and the card
above it in the row (``s`` or one below) has not left, so no removal uncovers it. So ``h``
never becomes the top, and the cards below ``s`` that are shown never leave.
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
