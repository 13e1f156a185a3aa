"""A compact exhaustive search for the talon-feeding games (Sweet Sixteen and its family).

Where every card class goes onto at most one class and takes at most one
(:func:`chain_tables`), a pile is known by its bottom card's class and its length, so a
position is a sorted tuple of small ints and the number of talon cards dealt. The search
makes its own moves on that and answers in the engine's moves; its moves replay the wins of
:mod:`patience.solver.removal.feeding_levels`. (docs/SOLVERS.md, "Swaps between deals")
"""

from __future__ import annotations

from itertools import pairwise
from operator import itemgetter

from patience.engine.core import Engine
from patience.engine.position import Move, MoveKind, Position

LONGEST = 64
"""Pile codes are ``bottom class * LONGEST + length``; no run is that long."""

State = tuple[tuple[int, ...], int]
"""The tableau piles' codes, sorted, and how many talon cards have been dealt."""

Step = tuple[int, int]
"""A move as the codes of the pile it leaves and the pile it goes to."""


def chain_tables(engine: Engine, classes: tuple[int, ...]) -> tuple[int, ...] | None:
    """For each card class, the class it goes onto (-1 for none); ``None`` if not a chain.

    A chain: every tableau pile builds by one table, every class goes onto at most one
    class, and at most one class goes onto each.
    """
    specs = [engine.specs[t] for t in engine.tableau]
    builds = {s.build for s in specs}
    if len(builds) != 1:
        return None
    build = builds.pop()
    if build is None:
        return None
    fits = build.table
    reps = sorted(set(classes))
    onto = [-1] * 52
    taken: dict[int, int] = {}
    for upper in reps:
        lowers = {classes[lo] for lo in range(52) if fits[lo * 52 + upper]}
        if len(lowers) > 1:
            return None
        if lowers:
            lower = lowers.pop()
            if taken.setdefault(lower, upper) != upper:
                return None
            onto[upper] = lower
    for start in reps:  # no wrap: every chain ends
        card, steps = start, 0
        while card >= 0 and steps <= 52:
            card, steps = onto[card], steps + 1
        if card >= 0:
            return None
    return tuple(onto[classes[c]] for c in range(52))


class FeedingSearch:
    """The tables of one search from one position, and the moves of single positions."""

    def __init__(
        self, engine: Engine, classes: tuple[int, ...], onto: tuple[int, ...], start: Position
    ) -> None:
        self.tableau = engine.tableau
        stock = start.piles[engine.stock]
        self.talon = tuple(classes[c] for c in reversed(stock))
        self.onto = onto
        below = {lower: classes[upper] for upper, lower in enumerate(onto) if lower >= 0}
        self.top_of = [-1] * (52 * LONGEST)
        for bottom in set(classes):
            card = bottom
            for length in range(1, LONGEST):
                self.top_of[bottom * LONGEST + length] = card
                card = below.get(card, -1)
                if card < 0:
                    break
        self.line = [-1] * 52
        self.height = [0] * 52
        for card in set(classes):
            end, steps = card, 0
            while onto[end] >= 0:
                end, steps = onto[end], steps + 1
            self.line[card], self.height[card] = end, -steps
        self.lines = len({self.line[card] for card in set(classes)})
        """How many lines the classes fall into (each ends in a class going onto none)."""
        self.pile_codes = tuple(
            classes[start.piles[t][0]] * LONGEST + len(start.piles[t]) for t in self.tableau
        )
        self.start: State = (tuple(sorted(self.pile_codes)), 0)

    # ------------------------------------------------------------------ moves

    def children(self, state: State) -> list[tuple[Step, State, bool]]:
        """Every move from ``state`` (with whether it deals a talon card), shortest piles first.

        A move is named by the codes of its two piles; alike piles give one move.
        """
        codes, dealt = state
        top_of, onto = self.top_of, self.onto
        tops = [top_of[code] for code in codes]
        by_top: dict[int, list[int]] = {}
        for j, code in enumerate(codes):
            if not j or code != codes[j - 1]:
                by_top.setdefault(tops[j], []).append(j)
        ranked: list[tuple[int, Step, State, bool]] = []
        for i, code in enumerate(codes):
            if i and code == codes[i - 1]:
                continue
            receivers = by_top.get(onto[tops[i]])
            if not receivers:
                continue
            length = code % LONGEST
            for j in receivers:
                after = list(codes)
                after[j] += 1
                if length == 1:
                    after[i] = self.talon[dealt] * LONGEST + 1
                    after.sort()
                    ranked.append((1, (code, codes[j]), (tuple(after), dealt + 1), True))
                else:
                    after[i] -= 1
                    after.sort()
                    ranked.append((length, (code, codes[j]), (tuple(after), dealt), False))
        ranked.sort(key=itemgetter(0))
        return [(step, child, deals) for _, step, child, deals in ranked]

    def moves(self, steps: list[Step]) -> tuple[Move, ...]:
        """The engine's moves for a line of steps, played from the start's own piles."""
        codes = list(self.pile_codes)
        dealt = 0
        out: list[Move] = []
        for src_code, dst_code in steps:
            src = codes.index(src_code)
            dst = codes.index(dst_code)
            out.append(Move(MoveKind.TRANSFER, self.tableau[src], self.tableau[dst], 1))
            codes[dst] += 1
            if src_code % LONGEST == 1:
                codes[src] = self.talon[dealt] * LONGEST + 1
                dealt += 1
            else:
                codes[src] -= 1
        return tuple(out)


def fits_chains(
    engine: Engine, onto: tuple[int, ...], classes: tuple[int, ...], pos: Position
) -> bool:
    """Is every tableau pile of ``pos`` a chain from its bottom, and none empty?"""
    piles = pos.piles
    for t in engine.tableau:
        cards = piles[t]
        if not cards or len(cards) >= LONGEST:
            return False
        for lower, upper in pairwise(cards):
            if onto[upper] != classes[lower]:
                return False
    return True
