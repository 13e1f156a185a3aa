"""Klondike lifts: a run moved off a face-up card is played only together with a use of it.

A *lift* of a card ``y`` is a move of a run from the tableau whose lowest card ``r`` lies on
``y``, face up; a *use* of ``y`` sends it home, lays a card other than ``r`` on it, or moves a
run whose lowest card is ``y``. :func:`lift_lines` yields the lines Lemma 4 keeps (a move that
is not a lift, a lift followed at once by a use, or two lifts and a move using both), for
every option but drawing one with unlimited redeals.
(docs/SOLVERS.md, "Lemma 4: lifts used at once")
"""

from __future__ import annotations

from collections.abc import Callable

from patience.cards import ALL_CARDS, KING, rank, suit
from patience.solver.klondike.state import (
    PARENTS,
    RETURN,
    TABLEAU_HOME,
    TABLEAU_TO_TABLEAU,
    TALON,
    State,
    run_start,
)

_RANK = tuple(rank(c) for c in ALL_CARDS)
_SUIT = tuple(suit(c) for c in ALL_CARDS)
_RELATED = tuple(
    frozenset(PARENTS[card]) | {c for c in ALL_CARDS if card in PARENTS[c]} for card in ALL_CARDS
)
"""For each card, those it may be laid on and those that may be laid on it."""

InnerMove = tuple[int, int, int, tuple[int, ...]]
Line = tuple[list[InnerMove], State]


def lifted(state: State, move: InnerMove) -> int:
    """The card ``move`` lifts (see the module) in ``state``, or -1 if it is not a lift."""
    if move[0] != TABLEAU_TO_TABLEAU:
        return -1
    pile = state.piles[move[1]]
    under = len(pile) - move[3][0] - 1
    return pile[under] if under >= state.down[move[1]] else -1


def laid_card(state: State, move: InnerMove) -> int:
    """The card ``move`` lays on a tableau pile (the lowest card of a run), or -1 if none."""
    kind, a, b, extra = move
    if b < 0 or kind == TABLEAU_HOME:
        return -1
    if kind == TABLEAU_TO_TABLEAU:
        return state.piles[a][-extra[0]]
    if kind == TALON:
        return state.talon[a]
    return a * 13 + state.home[a] - 1 if kind == RETURN else -1


def uses(state: State, move: InnerMove, pile: int, lifted_card: int) -> bool:
    """Does ``move`` (in ``state``, where pile ``pile`` has its lifted card on top) use that
    top: send it home, lay on it a card other than ``lifted_card``, or move it alone?"""
    kind, a, b, extra = move
    if kind == TABLEAU_HOME:
        return a == pile
    if kind == TABLEAU_TO_TABLEAU and a == pile:
        return extra[0] == 1
    return b == pile and laid_card(state, move) != lifted_card


def lift_lines(
    state: State,
    lift: InnerMove,
    moves: Callable[[State], list[InnerMove]],
    apply: Callable[[State, InnerMove], State],
    onto: Callable[[State, int], list[InnerMove]],
) -> list[Line]:
    """The lines of Lemma 4 starting with ``lift`` (a lift in ``state``): the lift and a use of
    its card, or the lift, a lift of another card and a move using both. ``moves`` gives a
    state's moves, ``onto`` those of them laying a card on a pile's top, ``apply`` plays one."""
    pile = lift[1]
    moved = state.piles[pile][-lift[3][0]]
    after = apply(state, lift)
    out = [([lift, move], apply(after, move)) for move in card_uses(after, pile, moved, onto)]
    for move in second_lifts(after, pile):
        other = move[1]
        other_moved = after.piles[other][-move[3][0]]
        second = apply(after, move)
        for last in moves(second):
            if (
                last[0] == TABLEAU_TO_TABLEAU
                and last[3][0] == 1
                and {last[1], last[2]} == {pile, other}
                and uses(second, last, pile, moved)
                and uses(second, last, other, other_moved)
            ):
                out.append(([lift, move, last], apply(second, last)))
    return out


def second_lifts(state: State, pile: int) -> list[InnerMove]:
    """The lifts of the move generator in ``state`` off a card that the top of ``pile`` may be
    laid on or may take (only those can end in a move using both freed cards)."""
    piles, down = state.piles, state.down
    tops = {p[-1]: i for i, p in enumerate(piles) if len(p) > down[i]}
    empty = piles.index(b"") if b"" in piles else -1
    out: list[InnerMove] = []
    for card in _RELATED[piles[pile][-1]]:
        for i, other in enumerate(piles):
            at = other.find(card)
            if at < 0:
                continue
            if i != pile and down[i] <= at < len(other) - 1 and at + 1 >= run_start(other, down[i]):
                size = (len(other) - at - 1,)
                lowest = other[at + 1]
                if _RANK[lowest] == KING:
                    if empty >= 0:
                        out.append((TABLEAU_TO_TABLEAU, i, empty, size))
                else:
                    out.extend(
                        (TABLEAU_TO_TABLEAU, i, tops[parent], size)
                        for parent in PARENTS[lowest]
                        if tops.get(parent, pile) != pile  # onto the first card: a use of it
                    )
            break
    return out


def card_uses(
    state: State, pile: int, lifted_card: int, onto: Callable[[State, int], list[InnerMove]]
) -> list[InnerMove]:
    """The moves of the move generator that use the top of ``pile`` (just freed by lifting
    ``lifted_card`` off it): it goes home, moves alone, or takes a card (``onto``)."""
    piles, down, home = state.piles, state.down, state.home
    card = piles[pile][-1]
    suit, rank = _SUIT[card], _RANK[card]
    out: list[InnerMove] = []
    if home[suit] == rank - 1:
        out.append((TABLEAU_HOME, pile, 0, ()))
    if rank == KING:
        if len(piles[pile]) > 1 and b"" in piles:
            out.append((TABLEAU_TO_TABLEAU, pile, piles.index(b""), (1,)))
    else:
        for i, other in enumerate(piles):
            if len(other) > down[i] and other[-1] in PARENTS[card]:
                out.append((TABLEAU_TO_TABLEAU, pile, i, (1,)))
    out.extend(move for move in onto(state, pile) if laid_card(state, move) != lifted_card)
    return out
