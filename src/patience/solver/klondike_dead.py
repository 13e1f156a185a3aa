"""Dead ends of Klondike: states no line can win, found by ordering the events a win needs.

A win needs three kinds of events; each can happen for the first time only after certain
others have happened (strictly earlier):

* ``L(c)``: tableau card ``c`` leaves the card it lies on now (or the pile's bottom). If ``c``
  is face down, the card ``cover(c)`` lying on it must have left first. Then ``c`` leaves as
  the lowest card of a moved run or alone: home (``cover(c)`` has left, and ``H`` of the card
  below it in its suit has happened), onto one of the two cards it fits (``A`` of that card
  has happened), or, a King that is not at the bottom, into an empty pile (``E`` happened).
* ``H(c)``: ``c`` goes home for the first time: ``H`` of the card below it in its suit first
  (nothing for an Ace), and ``L(c)`` first or in the same move if ``c`` is in the tableau.
  Cards home now have had ``H``.
* ``A(p)``: ``p`` is a tableau pile's top card. A top now has had it. A card in the tableau
  under ``y`` becomes a top only once ``y`` has left it: ``L(y)``. A card in the talon, or one
  at home that may come back, reaches the tableau only onto a top it fits (``A`` of one of
  its two parents) or, a King, into an empty pile (``E``). A pinned card at home (Lemma 1 of
  :mod:`patience.solver.klondike`) never comes back in the winning line that lemma gives.
* ``E``: some pile is empty: one is now, or the bottom card of one has left (``L``).

Each is a necessary condition of the first time the event happens. *Proof that a state
whose least fixed point of these rules misses some* ``H(c)`` *cannot be won.* Take a winning
line (one that never takes a pinned card off its foundation, by Lemma 1) and list its events
in the order they first happen, an ``L`` before an ``H`` of the same move. By induction on that
list, each event's condition is met by events before it in the list, so each is in the least
fixed point; a win has ``H(c)`` for every card. Each condition only weakens the rules (it
asks less than the move needs), so the argument holds for every draw size and redeal limit.
"""

from __future__ import annotations

from patience.cards import ALL_CARDS, KING, is_red, rank
from patience.solver.klondike_state import FACE_DOWN

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


Record = tuple[int, int, bool, int, bool, int, int, int]
"""A tableau card for :func:`dead_end`: its bit, its cover's bit (0 at the top), face down,
the bit of the card under it (0 at the bottom), a King off the bottom, its parents' bits, its
suit, its rank less one."""

PileRecords = tuple[tuple[Record, ...], int, int]
"""A pile's records from its top down, the bits of its cards, and its top's bit."""


def pile_records(pile: bytes) -> PileRecords:
    """What :func:`dead_end` reads of one non-empty pile (the same for every state holding it)."""
    records: list[Record] = []
    cover = 0
    cards = 0
    for j in range(len(pile) - 1, -1, -1):
        byte = pile[j]
        c = byte & _CARD
        below = 1 << (pile[j - 1] & _CARD) if j else 0
        king = _RANK[c] == KING and j > 0
        records.append(
            (1 << c, cover, byte >= FACE_DOWN, below, king, _PARENT_BITS[c], c // 13, _RANK[c] - 1)
        )
        cover = 1 << c
        cards |= cover
    return tuple(records), cards, 1 << (pile[-1] & _CARD)


def dead_end(
    piles: tuple[bytes, ...],
    home: tuple[int, ...],
    pin: list[int],
    known: dict[bytes, PileRecords],
) -> bool:
    """Can no line win from these tableau piles and foundation heights? (See the module.)

    ``pin`` gives each suit's height up to which its foundation cards never come back
    (:func:`patience.solver.klondike_state.pins`; the whole foundation where none ever do).
    Cards neither in ``piles`` nor home are in the talon. ``known`` remembers
    :func:`pile_records` of piles met before.
    """
    homed = 0
    returnable = 0
    for s in range(4):
        homed |= ((1 << home[s]) - 1) << (s * 13)
        returnable |= ((1 << home[s]) - (1 << pin[s])) << (s * 13)
    pending: list[Record] = []
    seen_top = 0
    in_tableau = 0
    empty = False
    for pile in piles:
        if not pile:
            empty = True
            continue
        found = known.get(pile)
        if found is None:
            found = known[pile] = pile_records(pile)
        pending.extend(found[0])
        in_tableau |= found[1]
        seen_top |= found[2]
    left = 0
    height = list(home)
    rest = _ALL & ~in_tableau & ~homed | returnable
    outside: list[tuple[int, bool, int]] = []
    while rest:
        bit = rest & -rest
        rest ^= bit
        c = bit.bit_length() - 1
        outside.append((bit, _RANK[c] == KING, _PARENT_BITS[c]))
    while True:
        progress = False
        stuck = []
        for item in pending:
            bit, cover, face_down, below, king, parents, s, r = item
            if (face_down and not left & cover) or not (
                (king and empty)
                or seen_top & parents
                or ((not cover or left & cover) and height[s] >= r)
            ):
                stuck.append(item)
                continue
            left |= bit
            progress = True
            if below:
                seen_top |= below
            else:
                empty = True
        pending = stuck
        waiting = []
        for entry in outside:
            if empty if entry[1] else seen_top & entry[2]:
                seen_top |= entry[0]
                progress = True
            else:
                waiting.append(entry)
        outside = waiting
        for s in range(4):
            h = height[s]
            base = s * 13
            while h < KING and (left >> (base + h) & 1 or not in_tableau >> (base + h) & 1):
                h += 1
            if h != height[s]:
                height[s] = h
                progress = True
        if not pending:
            return False
        if not progress:
            return True
