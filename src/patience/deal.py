"""Seeded shuffles that never change between releases.

Our own generator, fully specified here so any implementation can reproduce a deal:

1. The seed of deal ``n`` of game ``g`` is the first 8 bytes, big-endian, of
   ``sha256(f"patience:{g}:{n}")``. Rule options never enter the seed: they choose the cards
   in the pack (Spider's suits) and the rules, not the shuffle.
2. The generator is SplitMix64 (Steele, Lea & Flood 2014): ``state += 0x9E3779B97F4A7C15``,
   then the output is mixed with the constants ``0xBF58476D1CE4E5B9`` and ``0x94D049BB133111EB``.
3. A number below ``n`` is an output ``x`` taken ``% n``, drawing again while ``x`` falls in the
   top ``2**64 % n`` values (no bias).
4. The shuffle is Fisher–Yates from the last position down: for ``i = len-1 … 1`` swap item ``i``
   with item ``below(i + 1)``. The pack starts in the order it is given; the deal takes cards from
   index 0 on.

FreeCell instead uses Microsoft's numbering (:func:`microsoft_freecell_deal`), so deal #1 is the
deal every FreeCell player knows.

>>> from patience.cards import cards_text
>>> cards_text(shuffled(list(range(5)), seed_for("klondike", 1)))
'2C 3C 4C AC 5C'
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from typing import TypeVar

from patience.cards import Card, make_card

T = TypeVar("T")

_MASK64 = (1 << 64) - 1

MICROSOFT_MAX_DEAL = 2**31 - 1
"""Microsoft's generator is defined for these seeds; deals 1–32000 are the original set."""

MAX_DEAL = 2**53
"""The last deal number of our own shuffle: the largest whole number that JSON readers and
JavaScript hold exactly, so a deal number survives every link and every client."""

_DEAL_TEXT = re.compile(r"[0-9]{1,16}")


class BadDeal(ValueError):
    """A deal number that is unreadable or outside its game's range."""


def deal_from_text(text: str, last: int = MAX_DEAL) -> int:
    """Read a deal number from 1 to ``last`` written in ASCII digits; :class:`BadDeal` else.

    >>> deal_from_text("17")
    17
    >>> deal_from_text("²")
    Traceback (most recent call last):
    ...
    patience.deal.BadDeal: a deal number is a whole number from 1 to 9007199254740992, not '²'
    """
    if _DEAL_TEXT.fullmatch(text) is None or not 1 <= int(text) <= last:
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise BadDeal(f"a deal number is a whole number from 1 to {last}, not {shown!r}")
    return int(text)


def seed_for(game_id: str, deal_number: int) -> int:
    """The 64-bit seed of a deal, as described in the module docstring."""
    digest = hashlib.sha256(f"patience:{game_id}:{deal_number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class SplitMix64:
    """The SplitMix64 generator: 64-bit outputs from a 64-bit state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform number in ``range(n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        reject_from = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < reject_from:
                return x % n


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """A new list holding ``items`` in the order of the seeded Fisher–Yates shuffle."""
    out = list(items)
    rng = SplitMix64(seed)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def microsoft_freecell_deal(deal_number: int) -> list[list[Card]]:
    """The eight columns of Microsoft FreeCell deal ``deal_number``, bottom card first.

    Microsoft's generator: ``state = (state * 214013 + 2531011) mod 2**31`` and each random
    number is ``state >> 16``. The pack lists cards Ace-to-King, each rank in the order
    ♣ ♦ ♥ ♠; each step takes the card at ``random % cards_left``, deals it to the next column
    (row by row, left to right) and moves the last card of the pack into its place.

    >>> from patience.cards import cards_text
    >>> cards_text(column[0] for column in microsoft_freecell_deal(1))
    'JD 2D 9H JC 5D 7H 7C 5H'
    """
    if not 1 <= deal_number <= MICROSOFT_MAX_DEAL:
        raise ValueError(f"Microsoft FreeCell deals run from 1 to {MICROSOFT_MAX_DEAL}")
    pack = [make_card(i // 4 + 1, i % 4) for i in range(52)]
    state = deal_number
    columns: list[list[Card]] = [[] for _ in range(8)]
    for dealt in range(52):
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        left = 52 - dealt
        j = (state >> 16) % left
        columns[dealt % 8].append(pack[j])
        pack[j] = pack[left - 1]
    return columns
