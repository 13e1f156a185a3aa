"""What the FreeCell family adds to the kernel: safe moves home, whole-run macro moves, and
the scores that order its scans. Compiled by Cython where it can be.

>>> from patience.engine.game import engine_for
>>> from patience.games import get_game
>>> family = Family(Tables(engine_for(get_game("freecell").rules({}))))
>>> columns = (bytes([1, 0]),) + (b"",) * 7  # the Ace of clubs on the two
>>> after, played = family.settle((columns, bytes([EMPTY] * 4), bytes(4)), (1, HOME, 1))
>>> after[0][0], after[2], played  # the two waits for the red Aces
(b'\\x01', b'\\x01\\x00\\x00\\x00', [(0, -1, 1)])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import cython

from patience.cards import SUITS, make_card
from patience.solver.kernel.search import Hooks
from patience.solver.kernel.state import CARDS, EMPTY, HOME, RANK0, SUIT, State, Step, run_length
from patience.solver.kernel.tables import Tables

_NEXT = tuple(tuple(make_card(h + 1, s) if h < 13 else CARDS for h in range(14)) for s in SUITS)
"""The next card each suit needs home, by how many are home (``CARDS`` once it is full)."""


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


@cython.locals(
    w_home=cython.int,
    w_buried=cython.int,
    w_disorder=cython.int,
    w_free=cython.int,
    w_empty=cython.int,
    w_breaks=cython.int,
)
def rank_function(weights: Weights, fits: bytes) -> Callable[[State], int]:
    """The score of a state under ``weights`` (higher is better); ``fits`` is the build.

    What a column costs apart from the cards home is remembered per column (a column
    comes back in many states): its disorder and breaks, and how deep each card lies.
    """
    w_home, w_buried, w_disorder, w_free, w_empty, w_breaks = (
        weights.home,
        weights.buried,
        weights.disorder,
        weights.free_cell,
        weights.empty_column,
        weights.breaks,
    )
    known: dict[bytes, tuple[int, bytes]] = {}

    @cython.locals(size=cython.int, cost=cython.int, low=cython.int, i=cython.int, r=cython.int)
    def column_cost(col: bytes) -> tuple[int, bytes]:
        size = len(col)
        cost = 0
        low = 99
        depth = bytearray(CARDS + 1)  # the last stands for the next card of a finished suit
        for i in range(size):
            card = col[i]
            depth[card] = size - 1 - i
            r = RANK0[card]
            if r > low:
                cost += w_disorder
            else:
                low = r
            if i and not fits[col[i - 1] * CARDS + card]:
                cost += w_breaks * (size - i)
        found = known[col] = (cost, bytes(depth))
        return found

    @cython.locals(
        value=cython.int,
        a=cython.int,
        b=cython.int,
        c=cython.int,
        d=cython.int,
        cost=cython.int,
        depth=bytes,
        col=bytes,
        home=bytes,
        cells=bytes,
    )
    def rank_state(state: State) -> int:
        columns, cells, home = state
        value = w_home * sum(home) + w_free * cells.count(EMPTY)
        a = _NEXT[0][home[0]]
        b = _NEXT[1][home[1]]
        c = _NEXT[2][home[2]]
        d = _NEXT[3][home[3]]
        for col in columns:
            if not col:
                value += w_empty
                continue
            cost, depth = known.get(col) or column_cost(col)
            value -= cost + w_buried * (depth[a] + depth[b] + depth[c] + depth[d])
        return value

    return rank_state


class Family:
    """The FreeCell family's hooks for one set of tables."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.needs = tuple(
            tuple((SUIT[u], RANK0[u] + 1) for u in tables.uppers[c]) for c in range(CARDS)
        )
        """For each card, the (suit, count home) that make it safe to send home: every card
        the tableau's build would lay on it is home (as the engine's safe moves)."""

    def hooks(self, weights: Weights) -> Hooks:
        """The kernel hooks of one scan scored by ``weights``."""
        return Hooks(
            settle=self.settle,
            score=rank_function(weights, self.tables.fits),
            restrict=self.whole_runs if weights.whole_runs else None,
            depth_first=weights.depth_first,
        )

    def safe(self, card: int, home: bytes | bytearray) -> bool:
        """May ``card`` go home now as a safe move?"""
        if home[SUIT[card]] != RANK0[card]:
            return False
        return all(home[s] >= r for s, r in self.needs[card])

    @cython.locals(n=cython.int, src=cython.int, i=cython.int, j=cython.int, moved=cython.bint)
    def settle(self, state: State, step: Step) -> tuple[State, list[Step]]:
        """``state`` (reached by ``step``) after every safe move home, and those moves.

        The state before ``step`` had no safe move left (as every state this leaves): then
        only a move home or the card a move uncovers can make one.
        """
        columns_t, cells_b, home_b = state
        n = self.tables.columns
        src = step[0]
        if step[1] != HOME and not (
            src < n and columns_t[src] and self.safe(columns_t[src][-1], home_b)
        ):
            return state, []
        columns = list(columns_t)
        cells = bytearray(cells_b)
        home = bytearray(home_b)
        played: list[Step] = []
        moved = True
        while moved:
            moved = False
            for i in range(n):
                col = columns[i]
                while col and self.safe(col[-1], home):
                    home[SUIT[col[-1]]] += 1
                    col = col[:-1]
                    played.append((i, HOME, 1))
                    moved = True
                columns[i] = col
            for j in range(len(cells)):
                card = cells[j]
                if card != EMPTY and self.safe(card, home):
                    home[SUIT[card]] += 1
                    cells[j] = EMPTY
                    played.append((n + j, HOME, 1))
                    moved = True
        return (tuple(columns), bytes(cells), bytes(home)), played

    @cython.locals(n=cython.int, src=cython.int, dst=cython.int, count=cython.int)
    def whole_runs(self, state: State, steps: list[Step]) -> list[Step]:
        """Of ``steps``, those that move a column's whole run (or the most of it an empty
        column takes), and a card to a cell only when it is a run of its own: fewer moves,
        but not every move (no proof may rest on them)."""
        columns, cells, _ = state
        tables = self.tables
        n = tables.columns
        gaps = columns.count(b"")
        to_gap = tables.limit[cells.count(EMPTY)][gaps - 1] if gaps else 0
        runs: dict[int, int] = {}
        known = tables.runs
        out: list[Step] = []
        for step in steps:
            src, dst, count = step
            if src >= n or dst == HOME:
                out.append(step)
                continue
            col = columns[src]
            run = runs.get(src)
            if run is None:
                run = runs[src] = known.get(col) or run_length(tables.chain, col)
            if dst >= n:
                if run == 1:
                    out.append(step)
            elif columns[dst]:
                if count == run:
                    out.append(step)
            elif count == min(run, to_gap, len(col) - 1):
                out.append(step)
        return out
