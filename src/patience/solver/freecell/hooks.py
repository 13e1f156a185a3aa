"""What the FreeCell family adds to the kernel: whole-run macro moves and the scores that
order its scans (the safe moves home are the kernel's, from the engine's rule). Compiled by
Cython where it can be.

>>> from patience.engine.game import engine_for
>>> from patience.games import get_game
>>> from patience.solver.kernel.state import EMPTY, board_of
>>> family = Family(Tables(engine_for(get_game("freecell").rules({}))))
>>> score = Ranking(Weights(60, 5, 3, 10, 25), family.tables.fits)
>>> def column(*cards):
...     return board_of(((bytes(cards),) + (b"",) * 7, bytes([EMPTY] * 4), bytes(4)))
>>> score(column(1, 0))  # the Ace of clubs on the two: 4 free cells, 7 empty columns
215
>>> score(column(0, 1))  # the two on the Ace: buried once (5), out of order (3)
207
>>> noisy = Ranking(Weights(60, 5, 3, 10, 25, jitter=10, seed=1), family.tables.fits)
>>> 215 <= noisy(column(1, 0)) < 225  # the same board, the same noise, below 10
True
"""

from __future__ import annotations

from typing import NamedTuple

import cython

from patience.solver.kernel.moves import RUNS_AT
from patience.solver.kernel.search import Hooks, Restrict, Score
from patience.solver.kernel.state import CARDS, EMPTY, RANK0, SUIT, TO_HOME
from patience.solver.kernel.tables import Tables

_SUIT = cython.declare(bytes, SUIT)
_RANK0 = cython.declare(bytes, RANK0)
_CARDS = cython.declare(cython.int, CARDS)
_EMPTY = cython.declare(cython.int, EMPTY)
_TO_HOME = cython.declare(cython.int, TO_HOME)
_RUNS_AT = cython.declare(cython.int, RUNS_AT)
_FNV = cython.declare(cython.uint, 16777619)
_MIX1 = cython.declare(cython.uint, 0x85EBCA6B)
_MIX2 = cython.declare(cython.uint, 0xC2B2AE35)
"""FNV-1a's prime and MurmurHash3's ``fmix32`` multipliers, for the noise of jittered scans."""


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _u32(x: cython.uint) -> cython.uint:
    """``x`` as a 32-bit unsigned int: compiled it is one and wraps; interpreted it is cut."""
    if not cython.compiled:
        x &= 0xFFFFFFFF
    return x


class Weights(NamedTuple):
    """What a scan's score rewards: cards home, free cells and empty columns; and what it
    punishes: cards lying on the next card a suit needs (per card above it), and cards
    lying anywhere on a lower card of their own column (one of them must move first)."""

    home: int
    buried: int
    disorder: int
    free_cell: int
    empty_column: int
    breaks: int = 0
    """Per card above a card it does not follow by the build (it cannot move with it)."""
    whole_runs: bool = False
    """Move whole runs only (:meth:`Family.whole_runs`): such a scan never proves anything."""
    depth_first: bool = False
    """Search depth first, the children tried best score first, instead of best first."""
    turn: int = 500
    """Nodes the scan searches in one turn when the scans take turns."""
    lifetime: int = 0
    """Nodes after which the scan leaves the turns (0: it stays until it wins or runs out)."""
    jitter: int = 0
    """Seeded noise: each score gains a number below ``jitter`` drawn from a hash of the board
    and :attr:`seed` (0: none). Scans alike but for their seeds try moves of about equal
    score in different orders (as fc-solve's "random-dfs" scans shuffle theirs)."""
    seed: int = 0
    macros: str = ""
    """The order of a scan of goal-directed macro moves instead (:mod:`~.macros`,
    :func:`~.macros.parse_order`; the scores go unused, :attr:`seed` draws its shuffled
    orders): such a scan never proves anything. Empty: not such a scan."""


@cython.cclass
class Ranking(Score):
    """The score of a board under ``weights`` (higher is better); ``fits`` is the build.
    The noise of a jittered scan is a 32-bit FNV-1a hash of the board's bytes from the seed,
    mixed as MurmurHash3 ends (its ``fmix32``), the same compiled and interpreted."""

    w_home: cython.int
    w_buried: cython.int
    w_disorder: cython.int
    w_free: cython.int
    w_empty: cython.int
    w_breaks: cython.int
    jitter: cython.uint
    seed: cython.uint
    fits: bytes

    def __init__(self, weights: Weights, fits: bytes) -> None:
        self.w_home = weights.home
        self.w_buried = weights.buried
        self.w_disorder = weights.disorder
        self.w_free = weights.free_cell
        self.w_empty = weights.empty_column
        self.w_breaks = weights.breaks
        self.jitter = weights.jitter
        self.seed = weights.seed
        self.fits = fits

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.locals(
        f=cython.p_const_uchar,
        n=cython.int,
        c=cython.int,
        h=cython.int,
        i=cython.int,
        k=cython.int,
        at=cython.int,
        size=cython.int,
        card=cython.int,
        r=cython.int,
        low=cython.int,
        value=cython.int,
        cost=cython.int,
        x=cython.uint,
        rank0=cython.p_const_uchar,
        suit=cython.p_const_uchar,
    )
    def rank(self, q: cython.p_const_uchar) -> cython.int:
        f = self.fits
        rank0 = _RANK0
        suit = _SUIT
        n = q[0]
        c = q[1]
        h = 2 + n + c
        value = self.w_home * (q[h] + q[h + 1] + q[h + 2] + q[h + 3])
        for i in range(c):
            if q[2 + n + i] == _EMPTY:
                value += self.w_free
        at = h + 4
        for i in range(n):
            size = q[2 + i]
            if not size:
                value += self.w_empty
                continue
            cost = 0
            low = 99
            for k in range(size):
                card = q[at + k]
                r = rank0[card]
                if r > low:
                    cost += self.w_disorder
                else:
                    low = r
                if k and not f[q[at + k - 1] * _CARDS + card]:
                    cost += self.w_breaks * (size - k)
                if r == q[h + suit[card]]:  # the next card its suit needs home
                    cost += self.w_buried * (size - 1 - k)
            value -= cost
            at += size
        if self.jitter:
            x = self.seed
            for i in range(at):
                x = _u32((x ^ q[i]) * _FNV)
            x = _u32((x ^ (x >> 16)) * _MIX1)  # mixed, so that every bit of the board counts
            x = _u32((x ^ (x >> 13)) * _MIX2)
            value += cython.cast(cython.int, (x ^ (x >> 16)) % self.jitter)
        return value


class Family:
    """The FreeCell family's hooks for one set of tables."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def hooks(self, weights: Weights) -> Hooks:
        """The kernel hooks of one scan scored by ``weights``."""
        return Hooks(
            score=Ranking(weights, self.tables.fits),
            safe_home=True,
            restrict=WholeRuns(self.tables.limits) if weights.whole_runs else None,
            depth_first=weights.depth_first,
        )


@cython.cclass
class WholeRuns(Restrict):
    """Of a board's steps, keep those that move a column's whole run (or the most of it an
    empty column takes), and a card to a cell only when it is a run of its own: fewer moves,
    but not every move (no proof may rest on them). ``limits`` are the tables' supermove
    limits (:attr:`~.tables.Tables.limits`)."""

    limits: bytes

    def __init__(self, limits: bytes) -> None:
        self.limits = limits

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.locals(
        s=cython.p_uchar,
        mark=cython.p_const_uchar,
        n=cython.int,
        c=cython.int,
        i=cython.int,
        j=cython.int,
        src=cython.int,
        dst=cython.int,
        moved=cython.int,
        run=cython.int,
        gaps=cython.int,
        free=cython.int,
        to_gap=cython.int,
        most=cython.int,
        made=cython.int,
        keep=cython.bint,
    )
    def narrow(
        self,
        q: cython.p_const_uchar,
        steps: cython.p_uchar,
        marks: cython.p_const_uchar,
        count: cython.int,
    ) -> cython.int:
        s = steps
        mark = marks
        n = q[0]
        c = q[1]
        gaps = 0
        for i in range(n):
            if not q[2 + i]:
                gaps += 1
        free = 0
        for j in range(c):
            if q[2 + n + j] == _EMPTY:
                free += 1
        to_gap = self.limits[free * (n + 1) + gaps - 1] if gaps else 0
        made = 0
        for i in range(count):
            src = s[3 * i]
            dst = s[3 * i + 1]
            moved = s[3 * i + 2]
            if src >= n or dst == _TO_HOME:
                keep = True
            else:
                run = mark[_RUNS_AT + src]
                if dst >= n:
                    keep = run == 1
                elif q[2 + dst]:
                    keep = moved == run
                else:
                    most = run if run < to_gap else to_gap
                    if most > q[2 + src] - 1:
                        most = q[2 + src] - 1
                    keep = moved == most
            if keep:
                for j in range(3):
                    s[3 * made + j] = s[3 * i + j]
                made += 1
        return made
