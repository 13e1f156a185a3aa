"""A relaxed pyramid game whose loss proves the real one lost: the talon as a bag.

In the *bag game* the pyramid is as it is, but every talon card still in play may partner a
free pyramid card at any time; every real line clearing the pyramid is a line of it, so when
:meth:`Bag.clearable` says no, no real line wins. Its answers are remembered for the whole
search. (docs/SOLVERS.md, "The talon as a bag")
"""

from __future__ import annotations

from collections.abc import Callable


class Bag:
    """The bag game over one pyramid: its places' covers and ranks; ``tick`` is called once
    a state of the bag game is entered (the caller's budget)."""

    def __init__(
        self, cover: tuple[int, ...], ranks: tuple[int, ...], target: int, tick: Callable[[], None]
    ) -> None:
        self.cover = cover
        self.ranks = ranks
        self.target = target
        self.tick = tick
        self.known: dict[tuple[int, tuple[int, ...]], bool] = {}

    def clearable(self, places: int, bag: tuple[int, ...]) -> bool:
        """Can the bag game clear these places with ``bag`` (talon cards in play by rank)?"""
        if not places:
            return True
        key = (places, bag)
        known = self.known.get(key)
        if known is not None:
            return known
        self.tick()
        cover, ranks, target = self.cover, self.ranks, self.target
        free = [i for i in range(len(cover)) if places >> i & 1 and not cover[i] & places]
        answer = False
        king = next((i for i in free if ranks[i] == target), None)
        if king is not None:  # removing it at once loses nothing: it needs no partner
            answer = self.clearable(places & ~(1 << king), bag)
        else:
            for n, i in enumerate(free):
                need = target - ranks[i]
                for j in free[n + 1 :]:
                    if ranks[j] == need and self.clearable(places & ~(1 << i | 1 << j), bag):
                        answer = True
                        break
                if answer:
                    break
                if bag[need]:
                    fewer = (*bag[:need], bag[need] - 1, *bag[need + 1 :])
                    if self.clearable(places & ~(1 << i), fewer):
                        answer = True
                        break
        self.known[key] = answer
        return answer
