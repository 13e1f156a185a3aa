"""Klondike on its last pass: the talon's order adds dead ends.

Once no redeal is left (every pass used, or one pass only), the waste is never turned over
again: a waste card leaves it only from its top, so every card now lying above it in the
waste leaves first (cards drawn later only bury it deeper). Drawing more than one card at a
time, the stock's cards are turned in groups fixed already (a play from the waste does not
change the stock): the cards of a group land on the waste together, so each leaves only after
the cards of its group turned above it. :func:`last_pass_dead` adds that order to the events
of :mod:`patience.solver.klondike.dead`, the waste and each such group a stack
(:func:`talon_stacks`) whose cards must leave the talon, top first.

For a card ``w`` of a stack the events read: ``L(w)``, ``w`` leaves the talon (it never comes
back): the card on ``w`` in its stack has left first; then ``w`` goes home (``H`` of the card
below it in its suit first), onto a tableau top it fits (``A`` of that card), or, a King, into
an empty pile (``E``). ``H(w)`` needs ``L(w)`` first or in the same move (``w`` goes home only
from the waste's top). ``A(w)``: ``w`` reaches the tableau only by leaving the talon onto a top
it fits or into a gap, or later from its foundation (unless pinned); the test grants it to
every card that has left and then fits a top or, a King, finds a gap, which asks less.
The other talon cards (drawing one at a time, the stock) stay what they were: cards free to be
placed or go home. A stack never makes a tableau gap and takes no card.

*Proof that a state this test calls dead cannot be won.* Take a winning line (one moving no
pinned card, Lemma 1 of :mod:`patience.solver.klondike.search`) and list its events in the order
they first happen, an ``L`` before an ``H`` of the same move. Each event's condition above
(and those of that module) is met by events before it in the list, so each is in the least
fixed point, which then holds ``H(c)`` for every card; a state whose fixed point misses one
has no win. The argument holds for every draw size.

**Safe moves home from the waste's top on the last pass, every draw size.** Lemma 2 of
:mod:`patience.solver.klondike.search` sends a safe card home from the waste's top only when drawing
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

from patience.solver.klondike.dead import PileRecord, StackRecord, dead_end, stack_record
from patience.solver.klondike.state import State, Talon


def on_last_pass(talon: Talon, state: State) -> bool:
    """Is no redeal left to ``state`` (so its waste is never turned over again)?"""
    return not talon.free_cycle and state.redeals >= talon.redeals


def talon_stacks(talon: Talon, state: State) -> list[bytes]:
    """The talon of ``state``, on its last pass, as stacks (bottom first; see the module): the
    waste and, with more than one card to a draw, each group of cards a draw will turn
    together; those of fewer than two cards left out (they add nothing)."""
    cards, pointer, draw = state.talon, state.pointer, talon.draw
    stacks = [cards[:pointer]]
    if draw > 1:
        stacks.extend(cards[i : i + draw] for i in range(pointer, len(cards), draw))
    return [stack for stack in stacks if len(stack) > 1]


def last_pass_dead(
    talon: Talon,
    state: State,
    pin: list[int],
    known: dict[bytes, PileRecord],
    stacks_known: dict[tuple[bytes, int], StackRecord],
) -> bool:
    """Is ``state`` on its last pass, and a dead end once its talon's order counts (see the
    module)? ``pin`` and ``known`` as for :func:`~patience.solver.klondike.dead.dead_end`;
    ``stacks_known`` remembers the stacks' records by talon and pointer.

    Every dead end :func:`~patience.solver.klondike.dead.dead_end` finds is found here too
    (stack cards only wait longer than talon cards free to be placed), so on the last pass
    this test replaces that one."""
    if not on_last_pass(talon, state):
        return False
    key = (state.talon, state.pointer)
    stacks = stacks_known.get(key)
    if stacks is None:
        stacks = stacks_known[key] = stack_record(talon_stacks(talon, state))
    return dead_end(state.piles, state.home, pin, known, stacks)
