"""A compact Klondike state for the solver, its moves, and the pruning rules they obey.

The state keeps only what Klondike's rules read: each tableau pile's cards and face-down
count, each suit's foundation height, and the talon as one sequence ``talon`` (the waste from
its bottom up, then the stock from its top down: the order the stock turns cards) with
``pointer`` cards of it on the waste. Every fact about the rules (how many cards a draw turns,
how many redeals are allowed, whether foundation cards may come back) is read from the game's
:class:`~patience.rules.game.Rules` by :func:`klondike_shape`; the sequences below are the
standard Klondike ones that :func:`klondike_shape` checks the rules for.

The soundness arguments for the pruning are in docs/SOLVERS.md, "Klondike: how the search
proves a loss".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from patience.cards import ACE, ALL_CARDS, KING, is_red, rank, suit
from patience.engine.core import Engine
from patience.rules.build import Direction, Match
from patience.rules.game import Win
from patience.rules.piles import Kind, Start, Unit
from patience.rules.stock import UNLIMITED, Action, Redeal

RED_SUITS = (1, 2)
BLACK_SUITS = (0, 3)

# Moves of the compact state: (kind, a, b, c)
TABLEAU_TO_TABLEAU = 0  # (kind, src pile, dst pile, count)
TABLEAU_HOME = 1  # (kind, src pile, 0, 0)
TALON = 2  # (kind, talon index, dst pile or -1 for home, steps index)
RETURN = 3  # (kind, suit, dst pile, 0)

FACE_DOWN = 64

DRAW, REDEAL = 0, 1
"""Steps through the talon: turn cards from the stock, or turn the waste over."""

_RANK = tuple(rank(c) for c in ALL_CARDS)
_SUIT = tuple(suit(c) for c in ALL_CARDS)
PARENTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p in ALL_CARDS if _RANK[p] == _RANK[c] + 1 and is_red(p) != is_red(c))
    for c in ALL_CARDS
)
"""The two cards each card may be laid on (none for a King)."""


@dataclass(frozen=True)
class Shape:
    """The rules' numbers the state needs: piles, draw size, redeals, foundation returns."""

    tableau: tuple[int, ...]
    foundations: tuple[int, ...]
    stock: int
    waste: int
    draw: int
    redeals: int
    """How many times the waste may be turned over (:data:`UNLIMITED` for no limit)."""
    returns: bool


def klondike_shape(engine: Engine) -> Shape | None:
    """The shape of a Klondike-family game, or ``None`` when the rules are not of the family.

    The family: one full pack; tableau piles building down in alternating colours, giving
    any run, filled only by a King; four foundations up in suit from the Ace; a stock turning
    cards onto a waste, turned over when empty (or never); nothing else (no cells, refills,
    covering, supermoves, removals or automatic runs), won with every card home.
    """
    rules = engine.rules
    specs = engine.specs
    stock_rule = rules.stock
    if (
        sorted(rules.pack) != list(ALL_CARDS)
        or rules.preset
        or rules.pairs_to
        or rules.supermove
        or rules.foundation_swaps
        or rules.auto_suit_runs
        or not rules.auto_flip
        or rules.win is not Win.ALL_HOME
        or engine.cells
        or engine.stock < 0
        or engine.waste < 0
        or stock_rule.action is not Action.TO_WASTE
        or stock_rule.count < 1
        or stock_rule.redeal not in (Redeal.NONE, Redeal.RECYCLE_WASTE)
        or not stock_rule.redeal_when_empty
        or stock_rule.blocked_by_gap
        or stock_rule.top_playable
        or len(engine.foundations) != 4
        or not engine.tableau
    ):
        return None
    for spec in specs:
        if spec.refill or spec.covered_by:
            return None
        if spec.kind is Kind.TABLEAU:
            build = spec.build
            if (
                build is None
                or (build.match, build.direction, build.wrap)
                != (Match.ALTERNATE, Direction.DOWN, False)
                or spec.unit is not Unit.RUN
                or (spec.start, spec.start_rank, spec.suit) != (Start.RANK, KING, None)
            ):
                return None
        elif spec.kind is Kind.FOUNDATION:
            build = spec.build
            if (
                build is None
                or (build.match, build.direction, build.wrap) != (Match.SUIT, Direction.UP, False)
                or (spec.start, spec.start_rank) != (Start.RANK, ACE)
            ):
                return None
    suits = [specs[f].suit for f in engine.foundations]
    if any(s is not None for s in suits) and sorted(suits) != [0, 1, 2, 3]:  # type: ignore[type-var]
        return None
    no_redeal = stock_rule.redeal is Redeal.NONE
    return Shape(
        tableau=engine.tableau,
        foundations=engine.foundations,
        stock=engine.stock,
        waste=engine.waste,
        draw=stock_rule.count,
        redeals=0 if no_redeal else stock_rule.redeals,
        returns=rules.foundation_returns,
    )


class State(NamedTuple):
    """The solver's Klondike position.

    Each pile is bytes, bottom first, a face-down card written as the card plus
    :data:`FACE_DOWN` (so a key tells face-down cards from face-up ones).
    """

    piles: tuple[bytes, ...]
    down: tuple[int, ...]
    home: tuple[int, int, int, int]
    """Each suit's foundation height (0 to 13)."""
    talon: bytes
    pointer: int
    """How many talon cards are on the waste (the waste top is ``talon[pointer - 1]``)."""
    redeals: int


FITS = bytes(
    _RANK[lower] == _RANK[upper] + 1 and is_red(lower) != is_red(upper)
    for lower in ALL_CARDS
    for upper in ALL_CARDS
)
"""``FITS[lower * 52 + upper]`` is 1 where ``upper`` may be laid on ``lower``."""


def run_start(pile: bytes, down: int) -> int:
    """The index of the lowest card of the run at the top of ``pile`` (``len`` if none)."""
    i = len(pile) - 1
    if i < down:
        return len(pile)
    while i > down and FITS[pile[i - 1] * 52 + pile[i]]:
        i -= 1
    return i


def pins(home: tuple[int, int, int, int]) -> list[int]:
    """For each suit, the height up to which its foundation cards never need to come back.

    The greatest heights, at most the foundations', where a red suit's is at most one more
    than either black suit's and the other way round (see :mod:`patience.solver.klondike.search`).
    """
    pin = list(home)
    changed = True
    while changed:
        changed = False
        low_red = min(pin[1], pin[2]) + 1
        low_black = min(pin[0], pin[3]) + 1
        for s in BLACK_SUITS:
            if pin[s] > low_red:
                pin[s] = low_red
                changed = True
        for s in RED_SUITS:
            if pin[s] > low_black:
                pin[s] = low_black
                changed = True
    return pin


def safe_home(card: int, home: tuple[int, int, int, int], pin: list[int]) -> bool:
    """May ``card`` go home now without costing the game (Lemma 2 of the module)?"""
    s = _SUIT[card]
    r = _RANK[card]
    if home[s] != r - 1 or pin[s] != r - 1:
        return False
    opposite = BLACK_SUITS if s in RED_SUITS else RED_SUITS
    return all(pin[o] >= r - 1 for o in opposite)


Reach = tuple[int, int, tuple[int, ...]]
"""A pointer the stock reaches, the redeals used by then, and the steps to it."""


class Talon:
    """The stock's cycle for one draw size and redeal limit: which talon cards can be played."""

    def __init__(self, draw: int, redeals: int) -> None:
        self.draw = draw
        self.redeals = redeals
        self.free_cycle = redeals == UNLIMITED
        self._reach: dict[tuple[int, int, int], list[Reach]] = {}
        self._routes: dict[tuple[int, int, int], dict[int, tuple[int, ...]]] = {}
        self._used: dict[tuple[int, int, int], dict[int, int]] = {}

    def reachable(self, size: int, pointer: int, redeals: int) -> list[Reach]:
        """Each pointer the stock alone reaches (first time, fewest redeals), its redeals and steps.

        Includes the pointer itself with no steps.
        """
        key = (size, pointer, redeals)
        found = self._reach.get(key)
        if found is not None:
            return found
        found = [(pointer, redeals, ())]
        seen = {pointer}
        steps: list[int] = []
        p, r = pointer, redeals
        while True:
            if p < size:
                p = min(p + self.draw, size)
                steps.append(DRAW)
            elif size and (self.free_cycle or r < self.redeals):
                p = 0
                if not self.free_cycle:
                    r += 1
                steps.append(REDEAL)
            else:
                break
            if p in seen:
                if self.free_cycle:
                    break
                continue
            seen.add(p)
            found.append((p, r, tuple(steps)))
        self._reach[key] = found
        self._routes[key] = {p: route for p, _, route in found}
        return found

    def route(self, size: int, pointer: int, redeals: int, target: int) -> tuple[int, ...] | None:
        """The steps from ``pointer`` to ``target``, or ``None`` when the stock cannot get there."""
        return self.routes(size, pointer, redeals).get(target)

    def routes(self, size: int, pointer: int, redeals: int) -> dict[int, tuple[int, ...]]:
        """The steps to each pointer :meth:`reachable` lists."""
        found = self._routes.get((size, pointer, redeals))
        if found is None:
            self.reachable(size, pointer, redeals)
            found = self._routes[size, pointer, redeals]
        return found

    def covers(self, size: int, pointer: int, redeals: int, other: int, other_redeals: int) -> bool:
        """Do talon steps alone lead from (``pointer``, ``redeals``) to pointer ``other`` with at
        most ``other_redeals`` redeals used? (Then a state there covers one at ``other`` with
        the same tableau and foundations: see :mod:`patience.solver.klondike.cover`.)"""
        key = (size, pointer, redeals)
        found = self._used.get(key)
        if found is None:
            found = self._used[key] = {p: r for p, r, _ in self.reachable(size, pointer, redeals)}
        used = found.get(other)
        return used is not None and used <= other_redeals
