"""A compact Spider position for the solver, with its own moves, automatic moves and score.

:class:`SpiderTable` is compiled once from a game's rules (the tableau's build table, which
cards stay together in a run, what the stock deals and when it may) and then works on
:class:`SpiderState` values: the tableau columns with their face-down counts and the cards
left in the stock. Foundations are left out: nothing leaves them, and no move reads them.

Moves are triples ``(src, dst, count)`` over column numbers (0 for the first tableau pile);
:data:`DEAL` is the stock move. :meth:`SpiderTable.moves` lists exactly the engine's legal
moves (tests check this against :meth:`Engine.legal_moves`); :meth:`SpiderTable.after`
applies one with the engine's automatic moves (turning up a bared face-down card and sending
home a complete run, the engine's own test deciding which runs are complete).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

from patience.cards import ACE, rank, suit
from patience.engine.core import Engine
from patience.engine.position import STOCK_MOVE, Move, MoveKind, Position
from patience.rules.piles import Unit

Step = tuple[int, int, int]
"""``(src, dst, count)`` over column numbers; :data:`DEAL` for the stock move."""
DEAL: Step = (-1, -1, 0)
"""The stock move. Compare steps with ``==``, never ``is``: mypyc (``bench/compiled.py``) passes
tuples of ints unboxed, so a step equal to it need not be this object."""

_RUN = 13
"""Cards in a complete run (King to Ace)."""
_KEPT = 1 << 16
"""Columns whose :class:`Reach` or score share is remembered (the latest used)."""


class Weights(NamedTuple):
    """What each feature of a state adds to its score (:meth:`SpiderTable.scorer`)."""

    home: int = 30
    """Each card home."""
    stock: int = 7
    """Taken off for each card still in the stock."""
    down: int = 30
    """Taken off for each face-down card."""
    empty: int = 26
    """Each empty column."""
    suit: int = 20
    """Each face-up card on a neighbour it stays with in a run."""
    follows: int = 2
    """Each face-up card on a neighbour it follows by the build, but does not move with."""
    brk: int = 7
    """Taken off for each face-up card on a neighbour it does not follow."""
    covered: int = 0
    """Taken off for each column with a face-down card."""


DEFAULT_WEIGHTS = Weights()


class SpiderState(NamedTuple):
    """The tableau columns (bottom first), their face-down counts, and the stock (top last).

    Columns and stock are ``bytes`` of card numbers (all below 256): they slice and join
    fast, and keep their hash once computed, so keys made of them are cheap to hash.
    """

    cols: tuple[bytes, ...]
    down: tuple[int, ...]
    stock: bytes


class Reach(NamedTuple):
    """A column's run and where its parts (one card, two, ... the whole run) may go."""

    run: int
    """How many cards at the top of the column move together (:meth:`SpiderTable.run_length`)."""
    lowers: int
    """Every card of the pack on which some part may go, as bits (``1 << card``)."""
    places: tuple[tuple[int, int], ...]
    """In :meth:`SpiderTable.moves`' order: for each part, ``(count, lower)`` for each card
    ``lower`` it may go on, then ``(count, -1)`` if it may go into an empty column (it does
    not empty this one)."""


class SpiderTable:
    """Moves, effects and scores of one Spider-like game, read from its rules."""

    def __init__(self, engine: Engine) -> None:
        rules = engine.rules
        self.engine = engine
        self.piles = engine.tableau
        first = engine.specs[self.piles[0]]
        if first.build is None:
            raise ValueError("a Spider tableau needs a build rule")
        fits = first.build.table
        self.fits = fits
        if first.unit is Unit.SUIT_RUN:
            same = [c // 13 for c in range(52)]
            self.chain = bytes(
                fits[lo * 52 + up] and same[lo] == same[up] for lo in range(52) for up in range(52)
            )
        else:
            self.chain = fits
        in_pack = set(rules.pack)
        self.mixed = any(
            fits[lo * 52 + up] and not self.chain[lo * 52 + up] for lo in in_pack for up in in_pack
        )
        """Can a card follow another by the build without moving with it (so that several
        runs can be built down in one column)?"""
        self.unders = tuple(
            tuple(lo for lo in range(52) if fits[lo * 52 + up] and lo in in_pack)
            for up in range(52)
        )
        """The cards of the pack each card may go on (only those can top a column)."""
        self.suits = len({suit(c) for c in rules.pack})
        """How many suits the pack has."""
        self.deal_rounds = rules.stock.count
        self.blocked_by_gap = rules.stock.blocked_by_gap
        self.aces = bytes(rank(c) == ACE for c in range(52))
        """Which cards are Aces (a run goes home only when an Ace tops it)."""
        self._reach_of = lru_cache(maxsize=_KEPT)(self.reach)
        """:meth:`reach`, remembering the columns it saw last."""
        self._segments_of = lru_cache(maxsize=_KEPT)(self.segments)
        """:meth:`segments`, remembering the columns it saw last."""

    # ------------------------------------------------------------------ conversion

    def state(self, pos: Position) -> SpiderState:
        """The compact form of an engine position."""
        return SpiderState(
            tuple(bytes(pos.piles[t]) for t in self.piles),
            tuple(pos.down[t] for t in self.piles),
            bytes(pos.piles[self.engine.stock]),
        )

    def move(self, step: Step) -> Move:
        """The engine's move for a step."""
        if step == DEAL:
            return STOCK_MOVE
        src, dst, count = step
        return Move(MoveKind.TRANSFER, self.piles[src], self.piles[dst], count)

    # ------------------------------------------------------------------ moves

    def run_length(self, cards: bytes, down: int) -> int:
        """How many cards at the top of a column move together."""
        if len(cards) <= down:
            return 0
        chain = self.chain
        i = len(cards) - 1
        while i > down and chain[cards[i - 1] * 52 + cards[i]]:
            i -= 1
        return len(cards) - i

    def may_deal(self, st: SpiderState) -> bool:
        """May the stock be dealt now?"""
        return bool(st.stock) and not (self.blocked_by_gap and not all(st.cols))

    def reach(self, cards: bytes, down: int) -> Reach:
        """A column's run and where its parts may go (:class:`Reach`)."""
        unders = self.unders
        run = self.run_length(cards, down)
        places = []
        for count in range(1, run + 1):
            places += [(count, lower) for lower in unders[cards[-count]]]
            if count < len(cards):
                places.append((count, -1))
        lowers = sum({1 << lower for _, lower in places if lower >= 0})
        return Reach(run, lowers, tuple(places))

    def reaches(self, st: SpiderState) -> list[Reach]:
        """:meth:`reach` of every column (remembered for the columns met before)."""
        return list(map(self._reach_of, st.cols, st.down))

    def moves(self, st: SpiderState, reaches: list[Reach] | None = None) -> list[Step]:
        """Every legal move: each run (or its top part) onto a column that takes it, then deal.

        ``reaches`` are the columns' :meth:`reaches` when the caller has them.
        """
        cols = st.cols
        tops: dict[int, list[int]] = {}
        gaps: list[int] = []
        topped = 0
        for d, cards in enumerate(cols):
            if not cards:
                gaps.append(d)
            elif cards[-1] in tops:
                tops[cards[-1]].append(d)
            else:
                tops[cards[-1]] = [d]
                topped |= 1 << cards[-1]
        out: list[Step] = []
        append = out.append
        for s, (_, lowers, places) in enumerate(self.reaches(st) if reaches is None else reaches):
            if not gaps and not lowers & topped:
                continue
            for count, lower in places:
                if lower < 0:
                    for d in gaps:
                        append((s, d, count))
                elif lower in tops:
                    for d in tops[lower]:
                        if d != s:
                            append((s, d, count))
        if self.may_deal(st):
            out.append(DEAL)
        return out

    def segments(self, cards: bytes, down: int) -> tuple[int, ...]:
        """Where the column's top built sequence breaks into runs: the index of each run's
        lowest card, the top run first, going down while each run follows the card under it
        by the build (a card on a face-down card ends it)."""
        fits = self.fits
        start = len(cards) - self.run_length(cards, down)
        out = [start]
        while start > down and fits[cards[start - 1] * 52 + cards[start]]:
            start -= self.run_length(cards[:start], down)
            out.append(start)
        return tuple(out)

    def sequence_moves(self, st: SpiderState) -> list[Step]:
        """Moves of several runs at once, built down, through the empty columns.

        A step ``(src, dst, count)`` whose ``count`` is more than the source's run moves the
        top ``count`` cards: whole runs (at least two), each following the one under it by
        the build, onto a card their lowest card follows or into an empty column. It stands
        for the plain moves :meth:`expand` gives, which need ``2 ** e`` runs at most, ``e``
        the empty columns other than ``dst``; its effect is :meth:`after`'s for the step.
        Only the whole sequence moves, or a part of it onto a card of its lowest card's run
        (:attr:`chain`); into an empty column only the whole sequence, off a card it does not
        follow.
        """
        if not self.mixed:
            return []
        cols = st.cols
        gaps = [d for d, cards in enumerate(cols) if not cards]
        if not gaps:
            return []
        chain = self.chain
        tops: dict[int, list[int]] = {}
        for d, cards in enumerate(cols):
            if cards:
                tops.setdefault(cards[-1], []).append(d)
        most = 1 << len(gaps)
        out: list[Step] = []
        for s, cards in enumerate(cols):
            if not cards:
                continue
            starts = self._segments_of(cards, st.down[s])
            last = len(starts) - 1
            for k in range(1, min(len(starts), most)):
                at = starts[k]
                low = cards[at]
                count = len(cards) - at
                for lower in self.unders[low]:
                    if k == last or chain[lower * 52 + low]:
                        out += [(s, d, count) for d in tops.get(lower, ()) if d != s]
                if k == last and k < most >> 1 and at:
                    out += [(s, d, count) for d in gaps]
        return out

    def expand(self, st: SpiderState, step: Step) -> list[Step]:
        """The plain moves that make ``step`` (itself, unless it is a sequence move of
        :meth:`sequence_moves`): the top half of the runs into an empty column, the rest onto
        the target, the half back on top, each part moved the same way with the empty
        columns left."""
        if step == DEAL:
            return [step]
        src, dst, count = step
        cards = st.cols[src]
        if count <= self.run_length(cards, st.down[src]):
            return [step]
        at = len(cards) - count
        starts = [x for x in self._segments_of(cards, st.down[src]) if x >= at]
        free = [d for d, c in enumerate(st.cols) if not c and d != dst]
        if starts[-1] != at or len(starts) > 1 << len(free):
            raise ValueError(f"{step} is not a move of whole runs through the empty columns")
        bounds = [*reversed(starts), len(cards)]
        sizes = [high - low for low, high in pairwise(bounds)]
        return _plan(src, dst, sizes, free)

    # ------------------------------------------------------------------ effects

    def after(self, st: SpiderState, step: Step) -> SpiderState:
        """The state after a legal step and the automatic moves it brings."""
        cols = list(st.cols)
        if step == DEAL:
            down = list(st.down)
            stock = st.stock
            for _ in range(self.deal_rounds):
                for t in range(len(cols)):
                    if stock:
                        cols[t] += stock[-1:]
                        stock = stock[:-1]
            for t in range(len(cols)):
                self._settle(cols, down, t)
            return SpiderState(tuple(cols), tuple(down), stock)
        src, dst, count = step
        cards = cols[src]
        rest = cols[src] = cards[:-count]
        joined = cols[dst] = cols[dst] + cards[-count:]
        # _settle changes a column only when it bares a face-down card or tops a run of 13
        aces, hidden, under = self.aces, st.down[src], st.down[dst]
        if not (
            (hidden and hidden == len(rest))
            or (len(rest) - hidden >= _RUN and aces[rest[-1]])
            or (under and under == len(joined))
            or (len(joined) - under >= _RUN and aces[joined[-1]])
        ):
            return SpiderState(tuple(cols), st.down, st.stock)
        down = list(st.down)
        self._settle(cols, down, src)
        self._settle(cols, down, dst)
        return SpiderState(tuple(cols), tuple(down), st.stock)

    def _settle(self, cols: list[bytes], down: list[int], t: int) -> None:
        """Send home complete runs from column ``t`` and turn up a bared face-down card."""
        while True:
            cards = cols[t]
            if down[t] and down[t] == len(cards):
                down[t] -= 1
            if (
                len(cards) - down[t] >= _RUN
                and self.aces[cards[-1]]
                and self.run_length(cards, down[t]) >= _RUN
                and Engine.complete_run_on(cards, down[t])
            ):
                cols[t] = cards[:-_RUN]
                continue
            return

    # ------------------------------------------------------------------ score

    def scorer(
        self, w: Weights = DEFAULT_WEIGHTS, share: Callable[[bytes, int], int] | None = None
    ) -> Callable[[SpiderState], int]:
        """How promising a state looks (higher is better); orders the search, never prunes.

        Cards home count for, cards in the stock against; then each column's share
        (:meth:`share_of`; ``share`` when the caller has made it for ``w``).
        """
        column = share or self.share_of(w)
        w_home, w_stock = w.home, w.stock
        total = self.engine.card_total

        def score(st: SpiderState) -> int:
            stock = len(st.stock)
            return (total - stock) * w_home - w_stock * stock + sum(map(column, st.cols, st.down))

        return score

    def share_of(self, w: Weights = DEFAULT_WEIGHTS) -> Callable[[bytes, int], int]:
        """A column's share of the score: face-down cards count against; each face-up pair of
        neighbours counts for when it stays together in a run, a little when it merely follows
        the build, and against when it breaks the build; an empty column counts for. Cards in
        the column count against (they are not home). Each column's share is remembered (most
        moves change two columns, so a child's score is its parent's plus two changes).
        """
        chain, fits = self.chain, self.fits
        w_suit, w_follows, w_break, w_home = w.suit, w.follows, w.brk, w.home

        def column(cards: bytes, hidden: int) -> int:
            n = len(cards)
            if not n:
                return w.empty
            value = -w.down * hidden - w_home * n - (w.covered if hidden else 0)
            for i in range(hidden + 1, n):
                pair = cards[i - 1] * 52 + cards[i]
                if chain[pair]:
                    value += w_suit
                elif fits[pair]:
                    value += w_follows
                else:
                    value -= w_break
            return value

        return lru_cache(maxsize=_KEPT)(column)

    @staticmethod
    def is_won(st: SpiderState) -> bool:
        """Every card home: no card left in the tableau or the stock."""
        return not st.stock and not any(st.cols)


def _plan(src: int, dst: int, sizes: list[int], free: list[int]) -> list[Step]:
    """Plain moves taking runs of ``sizes`` cards (lowest run first, each following the one
    under it) from the top of ``src`` to ``dst`` with the empty columns ``free``."""
    if len(sizes) == 1:
        return [(src, dst, sizes[0])]
    half = len(sizes) // 2
    spare, rest = free[0], free[1:]
    top, bottom = sizes[-half:], sizes[:-half]
    return (
        _plan(src, spare, top, rest) + _plan(src, dst, bottom, rest) + _plan(spare, dst, top, rest)
    )
