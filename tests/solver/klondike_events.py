"""The events of :mod:`patience.solver.klondike.dead` written out rule by rule, as an oracle
for its bit-set fixed point, and random cases to compare the two on."""

from __future__ import annotations

import random
from typing import NamedTuple

from patience.cards import KING, make_card, rank, suit
from patience.solver.klondike.state import FACE_DOWN, PARENTS


def dead_by_events(
    piles: list[list[int]],
    down: list[int],
    stacks: list[list[int]],
    home: list[int],
    pin: list[int],
) -> bool:
    """The events of :mod:`patience.solver.klondike.dead` (with talon stacks, those of
    :mod:`patience.solver.klondike.talon_dead`), each rule written out as the modules state
    it, iterated to their least fixed point: is some card never home?"""
    left: set[int] = set()
    homed = {make_card(r, s) for s in range(4) for r in range(1, home[s] + 1)}
    tops = {pile[-1] for pile in piles if pile}
    empty = any(not pile for pile in piles)
    in_tableau = {card for pile in piles for card in pile}
    stacked = {card for stack in stacks for card in stack}
    kept = {make_card(r, s) for s in range(4) for r in range(1, pin[s] + 1)}  # home for good

    def lower_home(card: int) -> bool:
        return rank(card) == 1 or make_card(rank(card) - 1, suit(card)) in homed

    def fits(card: int) -> bool:
        return any(p in tops for p in PARENTS[card])

    changed = True
    while changed:
        changed = False
        for pile, d in zip(piles, down, strict=True):
            for j, card in enumerate(pile):
                free = j + 1 == len(pile) or pile[j + 1] in left
                if card in left or (j < d and not free):
                    continue
                if (
                    (rank(card) == KING and j > 0 and empty)
                    or fits(card)
                    or (free and lower_home(card))
                ):
                    left.add(card)
                    changed = True
                    if j:
                        tops.add(pile[j - 1])
                    else:
                        empty = True
        for stack in stacks:
            for j, card in enumerate(stack):
                if card in left or (j + 1 < len(stack) and stack[j + 1] not in left):
                    continue
                if (rank(card) == KING and empty) or fits(card) or lower_home(card):
                    left.add(card)
                    changed = True
        for card in range(52):
            free = card in left or card not in in_tableau | stacked
            if card not in homed and lower_home(card) and free:
                homed.add(card)
                changed = True
            placeable = empty if rank(card) == KING else fits(card)
            if placeable and free and card not in in_tableau | kept | tops:
                tops.add(card)
                changed = True
    return len(homed) < 52


class Case(NamedTuple):
    """Tableau piles (with face-down counts), talon stacks, foundation heights and pins."""

    piles: list[list[int]]
    down: list[int]
    stacks: list[list[int]]
    home: list[int]
    pin: list[int]

    def state_piles(self) -> tuple[bytes, ...]:
        """The piles as the searcher's state holds them."""
        return tuple(
            bytes(c + FACE_DOWN if j < d else c for j, c in enumerate(pile))
            for pile, d in zip(self.piles, self.down, strict=True)
        )


def random_case(seed: int, away: int, piles: int, talon: float, stacks: int) -> Case:
    """``away`` cards off the foundations, any pins; of them, a share ``talon`` in the talon
    (half of it in ``stacks`` stacks, if any, in any order) and the rest on ``piles`` tableau
    piles in any order, with any face-down counts."""
    chooser = random.Random(seed)
    home = [13, 13, 13, 13]
    for _ in range(away):
        s = chooser.choice([s for s in range(4) if home[s]])
        home[s] -= 1
    pin = [chooser.randint(0, h) for h in home]
    rest = [make_card(r, s) for s in range(4) for r in range(home[s] + 1, 14)]
    chooser.shuffle(rest)
    tableau: list[list[int]] = [[] for _ in range(piles)]
    stacked: list[list[int]] = [[] for _ in range(stacks)]
    for card in rest:
        roll = chooser.random()
        if stacked and roll < talon / 2:
            chooser.choice(stacked).append(card)
        elif roll >= talon:
            tableau[chooser.randrange(piles)].append(card)
    down = [chooser.randint(0, max(0, len(pile) - 1)) for pile in tableau]
    return Case(tableau, down, stacked, home, pin)
