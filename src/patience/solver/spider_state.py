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
from typing import NamedTuple

from patience.cards import ACE, rank
from patience.engine.core import Engine
from patience.engine.position import STOCK_MOVE, Move, MoveKind, Position
from patience.rules.piles import Unit

Step = tuple[int, int, int]
"""``(src, dst, count)`` over column numbers; :data:`DEAL` for the stock move."""
DEAL: Step = (-1, -1, 0)

_RUN = 13
"""Cards in a complete run (King to Ace)."""
_SHARES_KEPT = 1 << 18
"""Column scores a scorer remembers before it starts afresh."""


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
    """The tableau columns (bottom first), their face-down counts, and the stock (top last)."""

    cols: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    stock: tuple[int, ...]


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
        self.unders = tuple(tuple(lo for lo in range(52) if fits[lo * 52 + up]) for up in range(52))
        self.deal_rounds = rules.stock.count
        self.blocked_by_gap = rules.stock.blocked_by_gap

    # ------------------------------------------------------------------ conversion

    def state(self, pos: Position) -> SpiderState:
        """The compact form of an engine position."""
        return SpiderState(
            tuple(pos.piles[t] for t in self.piles),
            tuple(pos.down[t] for t in self.piles),
            pos.piles[self.engine.stock],
        )

    def move(self, step: Step) -> Move:
        """The engine's move for a step."""
        if step == DEAL:
            return STOCK_MOVE
        src, dst, count = step
        return Move(MoveKind.TRANSFER, self.piles[src], self.piles[dst], count)

    # ------------------------------------------------------------------ moves

    def run_length(self, cards: tuple[int, ...], down: int) -> int:
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

    def runs(self, st: SpiderState) -> list[int]:
        """The run length of every column."""
        length = self.run_length
        return [length(cards, hidden) for cards, hidden in zip(st.cols, st.down, strict=True)]

    def moves(self, st: SpiderState, runs: list[int] | None = None) -> list[Step]:
        """Every legal move: each run (or its top part) onto a column that takes it, and deal.

        ``runs`` are the columns' run lengths when the caller has them.
        """
        cols = st.cols
        if runs is None:
            runs = self.runs(st)
        unders = self.unders
        tops: dict[int, list[int]] = {}
        gaps: list[int] = []
        for d, cards in enumerate(cols):
            if cards:
                tops.setdefault(cards[-1], []).append(d)
            else:
                gaps.append(d)
        out: list[Step] = []
        for s, cards in enumerate(cols):
            run = runs[s]
            size = len(cards)
            for count in range(1, run + 1):
                head = cards[-count]
                for lower in unders[head]:
                    for d in tops.get(lower, ()):
                        if d != s:
                            out.append((s, d, count))
                if gaps and count < size:
                    for d in gaps:
                        out.append((s, d, count))
        if self.may_deal(st):
            out.append(DEAL)
        return out

    # ------------------------------------------------------------------ effects

    def after(self, st: SpiderState, step: Step) -> SpiderState:
        """The state after a legal step and the automatic moves it brings."""
        cols = list(st.cols)
        down = list(st.down)
        if step == DEAL:
            stock = list(st.stock)
            for _ in range(self.deal_rounds):
                for t in range(len(cols)):
                    if stock:
                        cols[t] = (*cols[t], stock.pop())
            for t in range(len(cols)):
                self._settle(cols, down, t)
            return SpiderState(tuple(cols), tuple(down), tuple(stock))
        src, dst, count = step
        cards = cols[src]
        cols[dst] = cols[dst] + cards[-count:]
        cols[src] = cards[:-count]
        self._settle(cols, down, src)
        self._settle(cols, down, dst)
        return SpiderState(tuple(cols), tuple(down), st.stock)

    def _settle(self, cols: list[tuple[int, ...]], down: list[int], t: int) -> None:
        """Send home complete runs from column ``t`` and turn up a bared face-down card."""
        while True:
            cards = cols[t]
            if down[t] and down[t] == len(cards):
                down[t] -= 1
            if (
                len(cards) - down[t] >= _RUN
                and rank(cards[-1]) == ACE
                and self.run_length(cards, down[t]) >= _RUN
                and Engine.complete_run_on(cards, down[t])
            ):
                cols[t] = cards[:-_RUN]
                continue
            return

    # ------------------------------------------------------------------ score

    def scorer(self, w: Weights = DEFAULT_WEIGHTS) -> Callable[[SpiderState], int]:
        """How promising a state looks (higher is better); orders the search, never prunes.

        Cards home count for, cards in the stock and face-down cards against; each face-up
        pair of neighbours counts for when it stays together in a run, a little when it merely
        follows the build, and against when it breaks the build; empty columns count for.
        Each column's share is remembered (most moves change two columns).
        """
        chain, fits = self.chain, self.fits
        w_suit, w_follows, w_break, w_home = w.suit, w.follows, w.brk, w.home
        total = self.engine.card_total
        shares: dict[tuple[tuple[int, ...], int], int] = {}

        def column(cards: tuple[int, ...], hidden: int) -> int:
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

        def score(st: SpiderState) -> int:
            if len(shares) > _SHARES_KEPT:
                shares.clear()
            value = (total - len(st.stock)) * w_home - w.stock * len(st.stock)
            for pair in zip(st.cols, st.down, strict=True):
                share = shares.get(pair)
                if share is None:
                    share = shares[pair] = column(*pair)
                value += share
            return value

        return score

    @staticmethod
    def is_won(st: SpiderState) -> bool:
        """Every card home: no card left in the tableau or the stock."""
        return not st.stock and not any(st.cols)
