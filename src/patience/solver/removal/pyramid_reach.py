"""Talon cards that can never leave, where several cards are drawn and only the waste's top
plays (King Tut).

A talon card then leaves only from the waste's top, as a King or with a pyramid card of the
partner rank; the cards below the last non-removable card before the first shown removable
one never leave, so they are no partner in the bag game either. Compiled with the pyramid
search (``scripts/build_kernel.py``), which calls it in C.
(docs/SOLVERS.md, "Talon cards that can never leave")
"""

from __future__ import annotations

import cython

from patience.solver.removal import bits

_ONE = cython.declare(cython.ulonglong, 1)


@cython.ccall
@cython.locals(
    n=cython.int,
    waste=cython.int,
    stuck=cython.ulonglong,
    h=cython.int,
    rest=cython.ulonglong,
    low=cython.ulonglong,
    at=cython.int,
)
def reachable(
    ranks: bytes,
    talon: cython.ulonglong,
    cut: cython.int,
    draw: cython.int,
    removable: cython.ulonglong,
) -> cython.ulonglong:
    """The talon cards that may still leave (a bit each, as ``talon``; see the module).

    ``ranks``: the rank of each card of the row, a byte each; ``talon``: a bit for each card
    in play; ``cut``: the waste top's row index + 1 (0 for an empty waste); ``draw``: cards a
    draw turns; ``removable``: a bit for each rank that may leave.

    >>> bin(reachable(bytes([3, 7, 13]), 0b111, 0, 3, 1 << 13))  # the King shows; 3 and 7 stay
    '0b100'
    """
    n = bits.count(talon)
    waste = bits.count(talon & ((_ONE << cut) - 1))
    stuck = 0  # the bit of the last card not removable so far
    h = 0
    rest = talon
    while rest:
        at = bits.low(rest)
        low = rest & (~rest + 1)
        rest ^= low
        if not removable >> ranks[at] & 1:
            stuck = low
        elif (
            h == waste - 1
            or h == n - 1
            or (h + 1) % draw == 0
            or (h >= waste and (h + 1 - waste) % draw == 0)
        ):
            return talon & ~((stuck << 1) - 1) if stuck else talon
        h += 1
    return 0
