"""Klondike on its last pass: the waste is a stack, so its order adds dead ends.

Once no redeal is left (every pass used, or one pass only), the waste is never turned over
again: a waste card leaves it only from its top, so every card now lying above it in the
waste leaves first (cards drawn later only bury it deeper). :func:`last_pass_dead` gives the
dead-end test of :mod:`patience.solver.klondike_dead` that order too, by handing it the waste
as one more pile (:func:`waste_as_pile`): its top face up, every other card face down (a
face-down card leaves only once the card on it has left, and never as the base of a run),
and the Kings at its bottom left out.

*Proof that a state this test calls dead cannot be won.* The events of that module read for
a waste card ``w`` as: ``L(w)``, ``w`` leaves the waste (it never comes back); ``H(w)``, ``w``
goes home; ``A(w)``, ``w`` is a tableau top. Take a winning line (one moving no pinned
card, Lemma 1 of :mod:`patience.solver.klondike`) and list its events in the order they first
happen. Each event of the waste pile meets, there, the condition the test asks of a pile card:

* ``L(w)``: the card now on ``w`` in the waste has left before (the waste is a stack that is
  never turned over); ``w`` then goes home (``H`` of the card below it in its suit first), onto
  a tableau top it fits (``A`` of that card), or, a King, into an empty pile (``E``). A King
  left out (at the waste's bottom) is a talon card as before; any other King of the waste
  lies above a card of the pile, which is what the test asks of a King going into a gap.
* ``H(w)`` needs ``L(w)`` first or in the same move: ``w`` goes home only from the waste's top.

The test grants more than the game does, which only weakens it: it counts the waste pile's
exposed card as a tableau top (``A``; cards may be laid on it there) and the pile emptying
as a tableau gap (``E``). The other talon cards (the stock) stay what they were, cards
free to be placed or go home. So each event of the winning line is in the least fixed point,
which then holds ``H(c)`` for every card; a state whose fixed point misses one has no win.
The argument holds for every draw size: it reads only the waste, never how the stock turns.
"""

from __future__ import annotations

from patience.cards import KING, rank
from patience.solver.klondike_dead import PileRecord, dead_end
from patience.solver.klondike_state import FACE_DOWN, State, Talon


def on_last_pass(talon: Talon, state: State) -> bool:
    """Is no redeal left to ``state`` (so its waste is never turned over again)?"""
    return not talon.free_cycle and state.redeals >= talon.redeals


def waste_as_pile(waste: bytes) -> bytes:
    """The waste (bottom first) as a tableau pile for :func:`dead_end` (see the module): the
    Kings at its bottom left out, its top face up, the other cards face down."""
    start = 0
    while start < len(waste) and rank(waste[start]) == KING:
        start += 1
    cards = waste[start:]
    if not cards:
        return b""
    return bytes(c + FACE_DOWN for c in cards[:-1]) + cards[-1:]


def last_pass_dead(state: State, pin: list[int], known: dict[bytes, PileRecord]) -> bool:
    """Is ``state``, on its last pass, a dead end once its waste's order counts (see the
    module)? ``pin`` and ``known`` as for :func:`dead_end`. A waste of one card adds nothing."""
    if state.pointer < 2:
        return False
    pile = waste_as_pile(state.talon[: state.pointer])
    if len(pile) < 2:
        return False
    return dead_end((*state.piles, pile), state.home, pin, known)
