"""A table being dealt or changed: every pile's cards (bottom first) and face-down counts.

Deal scripts and the engine work on a :class:`Table`; the engine freezes it into a position.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Table:
    """Mutable piles. ``down[i]`` cards at the bottom of pile ``i`` lie face down."""

    piles: list[list[int]]
    down: list[int]
    redeals: int = 0

    @classmethod
    def empty(cls, pile_count: int) -> Table:
        return cls([[] for _ in range(pile_count)], [0] * pile_count)

    def put(self, pile: int, card: int, face_up: bool = True) -> None:
        """Lay ``card`` on ``pile``; a face-down card may only go on face-down cards."""
        cards = self.piles[pile]
        if not face_up:
            if self.down[pile] != len(cards):
                raise ValueError("a face-down card cannot go on a face-up card")
            self.down[pile] += 1
        cards.append(card)
