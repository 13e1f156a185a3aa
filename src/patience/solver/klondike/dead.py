"""Dead ends of Klondike: states no line can win, found by ordering the events a win needs.

The events (a tableau card leaving its place ``L``, a card going home ``H``, a card becoming
a tableau top ``A``, a pile becoming empty ``E``) each need others first; :func:`dead_end`
finds their least fixed point, and a state where it misses some ``H(c)`` cannot be won.
(docs/SOLVERS.md, "Dead ends: ordering the events a win needs")
"""

from __future__ import annotations

from collections.abc import Sequence

from patience.cards import ALL_CARDS, KING, is_red, rank
from patience.solver.klondike.state import FACE_DOWN

_RANK = tuple(rank(c) for c in ALL_CARDS)
_PARENT_BITS = tuple(
    sum(
        1 << p
        for p in ALL_CARDS
        if _RANK[c] < KING and _RANK[p] == _RANK[c] + 1 and is_red(p) != is_red(c)
    )
    for c in ALL_CARDS
)
"""For each card, a bit for each of the two cards it may be laid on."""
_ALL = (1 << 52) - 1
_CARD = FACE_DOWN - 1
_SUIT_BITS = (1 << 13) - 1
_KINGS = sum(1 << (s * 13 + KING - 1) for s in range(4))
_BELOW_HEIGHT = tuple(tuple(((1 << h) - 1) << (s * 13) for h in range(14)) for s in range(4))
"""``_BELOW_HEIGHT[s][h]``: the bits of suit ``s``'s cards of rank up to ``h``."""
_EVEN = _SUIT_BITS | _SUIT_BITS << 26
_ODD = _SUIT_BITS << 13 | _SUIT_BITS << 39
"""Clubs and hearts, diamonds and spades: adding 1 at each Ace of one of them, a carry out
of a suit falls in the gap left by the other."""
_EVEN_ACES = 1 | 1 << 26
_ODD_ACES = 1 << 13 | 1 << 39


_PARENTS_OF = {1 << c: _PARENT_BITS[c] for c in ALL_CARDS}
"""For each card's bit, the bits of the two cards it may be laid on."""

PileRecord = tuple[int, int, int, int, int, dict[int, int]]
"""What :func:`dead_end` reads of one pile: the bits of its cards, of its face-up cards, of
its Kings not at the bottom, of its top, of its bottom, and for each card's bit the bit of
the card under it (0 for the bottom card)."""


def pile_record(pile: bytes) -> PileRecord:
    """The :data:`PileRecord` of one non-empty pile (the same for every state holding it)."""
    cards = face_up = kings = 0
    under: dict[int, int] = {}
    below = 0
    for j, byte in enumerate(pile):
        c = byte & _CARD
        bit = 1 << c
        cards |= bit
        if byte < FACE_DOWN:
            face_up |= bit
        if j and _RANK[c] == KING:
            kings |= bit
        under[bit] = below
        below = bit
    return cards, face_up, kings, below, 1 << (pile[0] & _CARD), under


StackRecord = tuple[int, int, dict[int, int]]
"""What :func:`dead_end` reads of the talon's stacks: the bits of their cards, of those
nothing lies on, and for each card's bit the bit of the card under it in its stack (0 for a
bottom card)."""


def stack_record(stacks: Sequence[bytes]) -> StackRecord:
    """The :data:`StackRecord` of ``stacks`` (each bottom first)."""
    stacked = exposed = 0
    under: dict[int, int] = {}
    for stack in stacks:
        below = 0
        for card in stack:
            bit = 1 << card
            stacked |= bit
            under[bit] = below
            below = bit
        exposed |= below
    return stacked, exposed, under


NO_STACKS: StackRecord = (0, 0, {})


def dead_end(
    piles: tuple[bytes, ...],
    home: tuple[int, ...],
    pin: list[int],
    known: dict[bytes, PileRecord],
    stacks: StackRecord = NO_STACKS,
) -> bool:
    """Can no line win from these tableau piles and foundation heights? (See the module.)

    ``stacks`` (:func:`stack_record`) are talon cards that leave the talon top first, on the
    last pass (:mod:`patience.solver.klondike.talon_dead`). ``pin`` gives each suit's height up to
    which its foundation cards never come back (:func:`patience.solver.klondike.state.pins`; the
    whole foundation where none ever do). Cards neither in ``piles`` nor home are in the talon.
    ``known`` remembers :func:`pile_record` of piles met before. The fixed point is found on bits
    of ints, many cards at a time (docs/SOLVERS.md, "Dead ends: ordering the events a win needs").
    """
    below_height = _BELOW_HEIGHT
    homed = (
        below_height[0][home[0]]
        | below_height[1][home[1]]
        | below_height[2][home[2]]
        | below_height[3][home[3]]
    )
    pinned = (
        below_height[0][pin[0]]
        | below_height[1][pin[1]]
        | below_height[2][pin[2]]
        | below_height[3][pin[3]]
    )
    under: dict[int, int] = {}
    pending = face_up = kings = tops = bottoms = 0
    empty = False
    for pile in piles:
        if not pile:
            empty = True
            continue
        found = known.get(pile)
        if found is None:
            found = known[pile] = pile_record(pile)
        pending |= found[0]
        face_up |= found[1]
        kings |= found[2]
        tops |= found[3]
        bottoms |= found[4]
        under.update(found[5])
    stacked, exposed, under_in_stack = stacks
    pending |= stacked
    outside = _ALL & ~pending & ~homed | homed & ~pinned
    parents_of = _PARENTS_OF
    while pending:
        if bottoms & ~pending:
            empty = True  # the bottom card of a pile has left
        # Cards home, in the talon or gone from the tableau go home in order, so a card may
        # go home once every lower card of its suit is among them: in each suit, the cards
        # from the Ace up to the first one still pending.
        done = ~pending
        even = done & _EVEN
        odd = done & _ODD
        homeable = ((even + _EVEN_ACES) ^ even) & _EVEN | ((odd + _ODD_ACES) ^ odd) & _ODD
        # The cards that may be laid on a top: a rank lower, in a suit of the other colour.
        black = ((tops & _SUIT_BITS) | tops >> 39) >> 1
        red = ((tops >> 13 | tops >> 26) & _SUIT_BITS) >> 1
        fit = black << 13 | black << 26 | red | red << 39
        gap_kings = _KINGS if empty else 0
        leaving = (
            pending
            & ~stacked
            & (face_up | tops)
            & ((kings if empty else 0) | fit | tops & homeable)
        )
        freed = pending & exposed & (gap_kings | fit | homeable)  # stack tops leaving the talon
        placed = outside & (fit | gap_kings)
        if not leaving and not freed and not placed:
            return True
        tops |= placed
        outside ^= placed
        pending ^= leaving | freed
        outside |= freed  # placed (or home, and maybe back) from the next round on
        while freed:
            bit = freed & -freed
            freed ^= bit
            exposed |= under_in_stack[bit]
        easy = homeable | kings if empty else homeable
        while leaving:
            bit = leaving & -leaving
            leaving ^= bit
            below = under[bit]  # now a top (0 under a bottom card)
            tops |= below
            # The card under a card that left may leave at once (then its own is a top).
            if below & pending and (parents_of[below] & tops or below & easy):
                pending ^= below
                leaving |= below
    return False
