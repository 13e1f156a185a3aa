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

import cython

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
"""Columns whose run segments are remembered (the latest used)."""
_CARDS = cython.declare(cython.int, 52)
_ONE = cython.declare(cython.ulonglong, 1)
MOST_COLUMNS = 64
"""The most tableau columns a table takes: the moves keep a set of columns in 64 bits."""


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(i=cython.Py_ssize_t)
def _run(
    chain: cython.p_const_uchar,
    q: cython.p_const_uchar,
    size: cython.Py_ssize_t,
    down: cython.Py_ssize_t,
) -> cython.Py_ssize_t:
    """How many of the ``size`` cards of column ``q`` (``down`` face down) move together."""
    if size <= down:
        return 0
    i = size - 1
    while i > down and chain[q[i - 1] * _CARDS + q[i]]:
        i -= 1
    return size - i


@cython.cfunc
@cython.exceptval(-1)
@cython.locals(d=cython.Py_ssize_t)
def _add(
    out: list[Step], s: cython.Py_ssize_t, targets: cython.ulonglong, count: cython.Py_ssize_t
) -> cython.int:
    """Append a move of ``count`` cards from column ``s`` onto each column of ``targets``."""
    d = 0
    while targets:
        if targets & 1:
            out.append((s, d, count))
        targets >>= 1
        d += 1
    return 0


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


class SpiderTable:
    """Moves, effects and scores of one Spider-like game, read from its rules."""

    def __init__(self, engine: Engine) -> None:
        rules = engine.rules
        self.engine = engine
        self.piles = engine.tableau
        first = engine.specs[self.piles[0]]
        if first.build is None:
            raise ValueError("a Spider tableau needs a build rule")
        if len(self.piles) > MOST_COLUMNS:
            raise ValueError(f"a Spider table takes at most {MOST_COLUMNS} columns")
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
        return _run(self.chain, cards, len(cards), down)

    def may_deal(self, st: SpiderState) -> bool:
        """May the stock be dealt now?"""
        return bool(st.stock) and not (self.blocked_by_gap and not all(st.cols))

    @cython.locals(
        cols=tuple, downs=tuple, cards=bytes, c=cython.Py_ssize_t, chain=cython.p_const_uchar
    )
    def runs(self, st: SpiderState) -> bytes:
        """How many cards at the top of each column move together (:meth:`run_length`)."""
        cols, downs, chain = st.cols, st.down, self.chain
        return bytes([_run(chain, cards, len(cards), downs[c]) for c, cards in enumerate(cols)])

    @cython.locals(
        cols=tuple,
        cards=bytes,
        found=cython.ulonglong,
        c=cython.Py_ssize_t,
        k=cython.Py_ssize_t,
        size=cython.Py_ssize_t,
        q=cython.p_const_uchar,
        fits=cython.p_const_uchar,
        row=cython.Py_ssize_t,
    )
    def takers(self, st: SpiderState, runs: bytes, card: cython.int) -> int:
        """The columns (as bits) some top part of whose run (``runs``, :meth:`runs`) may go
        on ``card``."""
        cols, fits, row = st.cols, self.fits, card * _CARDS
        found = 0
        for c in range(len(cols)):
            cards = cols[c]
            q, size = cards, len(cards)
            for k in range(1, runs[c] + 1):
                if fits[row + q[size - k]]:
                    found |= _ONE << c
                    break
        return found

    @cython.locals(
        cols=tuple,
        downs=tuple,
        cards=bytes,
        unders=tuple,
        tops=list,
        out=list,
        n=cython.Py_ssize_t,
        d=cython.Py_ssize_t,
        s=cython.Py_ssize_t,
        size=cython.Py_ssize_t,
        run=cython.Py_ssize_t,
        count=cython.Py_ssize_t,
        lower=cython.int,
        gaps=cython.ulonglong,
        chain=cython.p_const_uchar,
        q=cython.p_const_uchar,
    )
    def moves(self, st: SpiderState) -> list[Step]:
        """Every legal move: each run (or its top part) onto a column that takes it, then deal."""
        cols, downs = st.cols, st.down
        n = len(cols)
        tops = [0] * _CARDS  # for each card, the columns it tops, as bits
        gaps = 0
        for d in range(n):
            cards = cols[d]
            size = len(cards)
            if size:
                tops[cards[size - 1]] |= _ONE << d
            else:
                gaps |= _ONE << d
        chain, unders = self.chain, self.unders
        out: list[Step] = []
        for s in range(n):
            cards = cols[s]
            q, size = cards, len(cards)
            run = _run(chain, q, size, downs[s])
            for count in range(1, run + 1):
                for lower in unders[q[size - count]]:
                    if tops[lower]:
                        _add(out, s, tops[lower] & ~(_ONE << s), count)
                if count < size and gaps:
                    _add(out, s, gaps, count)
        if self.may_deal(st):
            out.append(DEAL)
        return out

    @cython.locals(start=cython.Py_ssize_t, q=cython.p_const_uchar, fits=cython.p_const_uchar)
    def segments(self, cards: bytes, down: cython.Py_ssize_t) -> tuple[int, ...]:
        """Where the column's top built sequence breaks into runs: the index of each run's
        lowest card, the top run first, going down while each run follows the card under it
        by the build (a card on a face-down card ends it)."""
        q, fits = cards, self.fits
        start = len(cards) - _run(self.chain, q, len(cards), down)
        out = [start]
        while start > down and fits[q[start - 1] * _CARDS + q[start]]:
            start -= _run(self.chain, q, start, down)
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

    @cython.locals(
        cols=list,
        cards=bytes,
        rest=bytes,
        joined=bytes,
        aces=bytes,
        src=cython.Py_ssize_t,
        dst=cython.Py_ssize_t,
        count=cython.Py_ssize_t,
        hidden=cython.Py_ssize_t,
        under=cython.Py_ssize_t,
    )
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
        self, w: Weights = DEFAULT_WEIGHTS, share: Share | None = None
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

    def share_of(self, w: Weights = DEFAULT_WEIGHTS) -> Share:
        """A column's share of the score with weights ``w`` (:class:`Share`)."""
        return Share(self.chain, self.fits, w)

    @staticmethod
    def is_won(st: SpiderState) -> bool:
        """Every card home: no card left in the tableau or the stock."""
        return not st.stock and not any(st.cols)


@cython.cclass
class Share:
    """A column's share of the score: face-down cards count against; each face-up pair of
    neighbours counts for when it stays together in a run, a little when it merely follows
    the build, and against when it breaks the build; an empty column counts for. Cards in the
    column count against (they are not home). Most moves change two columns, so a child's
    score is its parent's with those two shares changed.
    """

    chain: bytes
    fits: bytes
    suit: cython.int
    follows: cython.int
    brk: cython.int
    home: cython.int
    down: cython.int
    covered: cython.int
    empty: cython.int

    def __init__(self, chain: bytes, fits: bytes, w: Weights) -> None:
        self.chain, self.fits = chain, fits
        self.suit, self.follows, self.brk, self.home = w.suit, w.follows, w.brk, w.home
        self.down, self.covered, self.empty = w.down, w.covered, w.empty

    def __call__(self, cards: bytes, hidden: int) -> int:
        return self.of(cards, hidden)

    @cython.ccall
    @cython.locals(
        n=cython.Py_ssize_t,
        i=cython.Py_ssize_t,
        pair=cython.Py_ssize_t,
        value=cython.int,
        q=cython.p_const_uchar,
        chain=cython.p_const_uchar,
        fits=cython.p_const_uchar,
    )
    def of(self, cards: bytes, hidden: cython.Py_ssize_t) -> cython.int:
        """The share of a column of ``cards`` with ``hidden`` face down."""
        n = len(cards)
        if not n:
            return self.empty
        value = -self.down * hidden - self.home * n - (self.covered if hidden else 0)
        q, chain, fits = cards, self.chain, self.fits
        for i in range(hidden + 1, n):
            pair = q[i - 1] * _CARDS + q[i]
            if chain[pair]:
                value += self.suit
            elif fits[pair]:
                value += self.follows
            else:
                value -= self.brk
        return value


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
