"""A relaxed pyramid game whose loss proves the real one lost: the talon as a bag.

In the *bag game* the pyramid is as it is, but every talon card still in play may partner a
free pyramid card at any time; every real line clearing the pyramid is a line of it, so when
:meth:`Bag.clearable` says no, no real line wins. Its answers are remembered for the whole
search. Compiled with the pyramid search (``scripts/build_kernel.py``), which calls it in C.
(docs/SOLVERS.md, "The talon as a bag")
"""

from __future__ import annotations

from collections.abc import Callable

import cython

_ONE = cython.declare(cython.ulonglong, 1)


@cython.final
@cython.cclass
class Bag:
    """The bag game over one pyramid (at most 64 places): its places' covers and ranks;
    ``tick`` is called once a state of the bag game is entered (the caller's budget).

    >>> bag = Bag((0b110, 0, 0), (5, 3, 10), 13, lambda: None)  # a 5 under a 3 and a 10
    >>> bag.clearable(0b111, 1 << 4 * 8), bag.clearable(0b111, 0)  # an 8 in the bag, or none
    (True, False)
    """

    def __init__(
        self, cover: tuple[int, ...], ranks: tuple[int, ...], target: int, tick: Callable[[], None]
    ) -> None:
        if not cython.compiled:
            self.cover, self.ranks = [0] * 64, [0] * 64
        self.places = len(cover)
        for i in range(self.places):
            self.cover[i] = cover[i]
            self.ranks[i] = ranks[i]
        self.target = target
        self.tick = tick
        self.known: dict[tuple[int, int], bool] = {}

    @cython.ccall
    @cython.locals(
        free=cython.ulonglong,
        i=cython.int,
        j=cython.int,
        need=cython.int,
        king=cython.int,
        answer=cython.bint,
        known=object,
    )
    def clearable(self, places: cython.ulonglong, bag: cython.ulonglong) -> cython.bint:
        """Can the bag game clear these places with ``bag``: the talon cards in play, how many
        of each rank ``r`` in four bits from bit ``4 * r`` (a rank has at most 15 cards)?"""
        if not places:
            return True
        key = (places, bag)
        known = self.known.get(key)
        if known is not None:
            return known
        self.tick()
        free = 0
        king = -1
        for i in range(self.places):
            if places >> i & 1 and not self.cover[i] & places:
                if self.ranks[i] == self.target and king < 0:
                    king = i
                free |= _ONE << i
        answer = False
        if king >= 0:  # removing it at once loses nothing: it needs no partner
            answer = self.clearable(places & ~(_ONE << king), bag)
        else:
            for i in range(self.places):
                if not free >> i & 1:
                    continue
                need = self.target - self.ranks[i]
                for j in range(i + 1, self.places):
                    if (
                        free >> j & 1
                        and self.ranks[j] == need
                        and self.clearable(places & ~((_ONE << i) | (_ONE << j)), bag)
                    ):
                        answer = True
                        break
                if answer:
                    break
                if bag >> 4 * need & 15:
                    fewer = bag - (_ONE << 4 * need)
                    if self.clearable(places & ~(_ONE << i), fewer):
                        answer = True
                        break
        self.known[key] = answer
        return answer
