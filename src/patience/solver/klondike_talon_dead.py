"""Klondike on its last pass: the talon's order adds dead ends.

Once no redeal is left (every pass used, or one pass only), the waste is never turned over
again: a waste card leaves it only from its top, so every card now lying above it in the
waste leaves first (cards drawn later only bury it deeper). Drawing more than one card at a
time, the stock's cards are turned in groups fixed already (a play from the waste does not
change the stock): the cards of a group land on the waste together, so each leaves only after
the cards of its group turned above it. :func:`last_pass_dead` gives the dead-end test of
:mod:`patience.solver.klondike_dead` that order too, by handing it the waste and each such
group as one more pile (:func:`talon_piles`, :func:`waste_as_pile`): its top face up, every
other card face down (a face-down card leaves only once the card on it has left, and never
as the base of a run), and the Kings at its bottom left out.

*Proof that a state this test calls dead cannot be won.* The events of that module read for
a card ``w`` of the waste or of a group as: ``L(w)``, ``w`` leaves the talon (it never comes
back); ``H(w)``, ``w`` goes home; ``A(w)``, ``w`` is a tableau top. Take a winning line (one
moving no pinned card, Lemma 1 of :mod:`patience.solver.klondike`) and list its events in the
order they first happen. Each event of such a pile meets, there, the condition the test asks
of a pile card:

* ``L(w)``: the card on ``w`` in its pile has left before (the waste is a stack that is
  never turned over; a card of a group is turned with the cards above it lying on it, and
  leaves only from the waste's top); ``w`` then goes home (``H`` of the card below it in its
  suit first), onto a tableau top it fits (``A`` of that card), or, a King, into an empty pile
  (``E``). A King left out (at a pile's bottom) is a talon card as before; any other King of
  the pile lies above a card of it, which is what the test asks of a King going into a gap.
* ``H(w)`` needs ``L(w)`` first or in the same move: ``w`` goes home only from the waste's top.

The test grants more than the game does, which only weakens it: it counts such a pile's
exposed card as a tableau top (``A``; cards may be laid on it there) and the pile emptying
as a tableau gap (``E``). The other talon cards (drawing one at a time, the stock) stay what
they were, cards free to be placed or go home. So each event of the winning line is in the
least fixed point, which then holds ``H(c)`` for every card; a state whose fixed point misses
one has no win. The argument holds for every draw size. (The test grants so much that it
can miss a dead end the tableau's own test finds: the searcher asks both.)

**Safe moves home from the waste's top on the last pass, every draw size.** Lemma 2 of
:mod:`patience.solver.klondike` sends a safe card home from the waste's top only when drawing
one card at a time, since with three a card taken out of the talon shifts what later draws
show. On the last pass it does not: ``c``, on the waste's top, is never turned again and no
waste is turned over, so with ``c`` home the stock is the same as in the line ``L*`` of that
proof and each draw turns the same cards, and the waste is ``L*``'s less ``c``, in the same
order. While ``L*`` leaves ``c`` in the waste, a waste top it plays is ours too (it lies above
``c``); when ``L*`` plays ``c`` home the move is skipped, and when it lays ``c`` on the
tableau, ``c`` comes back from its foundation to the same place (or, where foundation cards
never come back, the move is skipped: nothing can be laid on ``c``, so it only covers a
card). Every other step is as in that proof, so the searcher may play such a card at once
for every draw size once :func:`on_last_pass` holds.
"""

from __future__ import annotations

from patience.cards import KING, rank
from patience.solver.klondike_dead import PileRecord, dead_end
from patience.solver.klondike_state import FACE_DOWN, State, Talon


def on_last_pass(talon: Talon, state: State) -> bool:
    """Is no redeal left to ``state`` (so its waste is never turned over again)?"""
    return not talon.free_cycle and state.redeals >= talon.redeals


def waste_as_pile(waste: bytes) -> bytes:
    """A stack of talon cards (bottom first) as a tableau pile for :func:`dead_end` (see the
    module): the Kings at its bottom left out, its top face up, the other cards face down."""
    start = 0
    while start < len(waste) and rank(waste[start]) == KING:
        start += 1
    cards = waste[start:]
    if not cards:
        return b""
    return bytes(c + FACE_DOWN for c in cards[:-1]) + cards[-1:]


def talon_piles(talon: Talon, state: State) -> list[bytes]:
    """The talon of ``state``, on its last pass, as tableau piles for :func:`dead_end` (see the
    module): the waste and, with more than one card to a draw, each group of cards a draw will
    turn together; each as :func:`waste_as_pile` gives it, those of fewer than two cards left
    out (they add nothing)."""
    cards, pointer, draw = state.talon, state.pointer, talon.draw
    stacks = [cards[:pointer]]
    if draw > 1:
        stacks.extend(cards[i : i + draw] for i in range(pointer, len(cards), draw))
    piles = [waste_as_pile(stack) for stack in stacks]
    return [pile for pile in piles if len(pile) > 1]


def last_pass_dead(
    talon: Talon, state: State, pin: list[int], known: dict[bytes, PileRecord]
) -> bool:
    """Is ``state`` on its last pass, and a dead end once its talon's order counts (see the
    module)? ``pin`` and ``known`` as for :func:`dead_end`."""
    if not on_last_pass(talon, state):
        return False
    extra = talon_piles(talon, state)
    return bool(extra) and dead_end((*state.piles, *extra), state.home, pin, known)
