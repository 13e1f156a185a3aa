"""Klondike on its last pass: the talon's order adds dead ends.

Once no redeal is left the waste is a stack whose cards leave top first, and drawing more
than one card each group a draw will turn is one too (:func:`talon_stacks`).
:func:`last_pass_dead` adds that order to the events of :mod:`patience.solver.klondike.dead`;
once :func:`on_last_pass` holds, a safe card may go home from the waste's top for every draw
size. (docs/SOLVERS.md, "The last pass: the talon's order adds dead ends")
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
