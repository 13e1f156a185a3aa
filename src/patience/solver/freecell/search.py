"""The FreeCell family's searcher: kernel scans with the family's hooks.

The search runs on the kernel's compact states and its one move generator
(:mod:`patience.solver.kernel`); the family adds safe moves home, whole-run macro moves and
the scores of its scans (:mod:`patience.solver.freecell.hooks`); the kernel plays the safe
moves home. Scans take turns (:data:`SCANS`), each for its own number of nodes: the first
alone at the start, then the scan of goal-directed macro moves (:data:`MACROS`,
:mod:`patience.solver.freecell.macros`) and twenty short depth-first *gambles* with seeded
noise in their scores (:data:`GAMBLES`), each for one turn, and four scans that stay: two
best first that move whole runs only (they never prove, nor does the first), and one depth
first and one best first that try every move and prune only soundly (safe moves home,
symmetry), so either of these that runs out of states proves the deal lost. The line found
is turned back into the engine's moves, which replay with :meth:`Engine.play`.
(docs/SOLVERS.md, "FreeCell: scans that take turns, and which of them prove")
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from patience.engine.core import Engine
from patience.engine.position import Position
from patience.solver.freecell.family import in_family
from patience.solver.freecell.hooks import Family, Ranking, Weights
from patience.solver.freecell.macros import MacroScan, horne_needs
from patience.solver.kernel.positions import engine_moves, state_of
from patience.solver.kernel.search import Scan, scan, take_turns
from patience.solver.kernel.state import CARDS, HOME, State, cards_home, settle
from patience.solver.kernel.tables import Tables
from patience.solver.result import Budget, Meter, ProvenUnwinnable, Result, Unknown, Won
from patience.solver.search import Searcher

__all__ = [
    "FIRST_ALONE",
    "GAMBLE",
    "GAMBLES",
    "GAMBLE_KINDS",
    "MACROS",
    "SCANS",
    "FreeCellSearch",
    "Ranking",
    "Weights",
    "freecell_searcher",
    "gambles",
]

_CLOCK_EVERY = 64
FIRST_ALONE = 1_000
"""Nodes the first scan searches alone before the others join in."""
GAMBLE = 1_000
"""Nodes a gamble lives, in one turn."""
GAMBLE_KINDS = (
    (Weights(50, 30, 5, 20, 40, breaks=3, whole_runs=True, depth_first=True, jitter=100), 4),
    (Weights(100, 20, 0, 8, 15, breaks=2, whole_runs=True, depth_first=True, jitter=1_000), 12),
    (Weights(50, 30, 5, 20, 40, breaks=3, depth_first=True, jitter=100), 4),
)
"""The kinds of gamble and how many seeds of each: a whole-run kind scored with a little
noise, one whose noise outweighs the score, and one of every move."""


def gambles(kinds: Sequence[tuple[Weights, int]], lifetime: int) -> tuple[Weights, ...]:
    """Seeds 1, 2, ... of each kind, up to its count, seed by seed, each living ``lifetime``
    nodes in one turn.

    >>> [(g.jitter, g.seed) for g in gambles(((Weights(1, 0, 0, 0, 0, jitter=9), 2),
    ...                                        (Weights(2, 0, 0, 0, 0, jitter=7), 1)), 50)]
    [(9, 1), (7, 1), (9, 2)]
    """
    return tuple(
        kind._replace(seed=seed, turn=lifetime, lifetime=lifetime)
        for seed in range(1, max((count for _, count in kinds), default=0) + 1)
        for kind, count in kinds
        if seed <= count
    )


GAMBLES = gambles(GAMBLE_KINDS, GAMBLE)
"""Twenty short depth-first scans with seeded noise in their scores (*gambles*), each for
one turn after the first scan's nodes alone. A deal one of them wins, it mostly wins within
a few hundred nodes (docs/SOLVERS.md, "Gambles")."""
MACROS = Weights(0, 0, 0, 0, 0, macros=True, turn=1_000, lifetime=1_000)
"""The scan of goal-directed macro moves, as the first gamble: 1,000 nodes in one turn
(docs/SOLVERS.md, "Macro moves")."""
SCANS = (
    Weights(60, 5, 3, 10, 25, breaks=1, whole_runs=True, turn=250),
    MACROS,
    *GAMBLES,
    Weights(50, 30, 5, 20, 40, breaks=3, whole_runs=True, turn=500),
    Weights(100, 40, 0, 8, 15, breaks=4, depth_first=True, turn=1_000),
    Weights(60, 5, 3, 10, 25, turn=1_000),
    Weights(100, 20, 0, 8, 15, breaks=2, whole_runs=True, turn=1_000),
)
"""The scans, in turn order, and their turns: chosen from each scan's nodes alone on the
deals of Microsoft 1-32,000 the first does not win alone (bench/freecell_scans.py;
docs/SOLVERS.md, "FreeCell's scans, chosen from a table of each scan alone" and "Gambles")."""


class FreeCellSearch(Searcher):
    """Kernel scans over compact FreeCell states; hints keep :class:`Searcher`'s expansion."""

    def __init__(self, engine: Engine, scans: tuple[Weights, ...] = SCANS) -> None:
        super().__init__(engine)
        self.tables = Tables(engine)
        self.family = Family(self.tables)
        self.horne = horne_needs(self.tables)
        self.scans = scans
        self.turns = [weights.turn for weights in scans]
        self.lifetimes = [weights.lifetime for weights in scans]

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown.

        The node budget counts the states every scan expanded, together.
        """
        budget = budget or Budget()
        began = budget.clock()
        if self.engine.is_won(start):
            return Won((), 0, 0.0)
        tables = self.tables
        state = state_of(tables, start)
        if state is None:  # not a state of this family (e.g. a face-down card): the general search
            return super().solve(start, budget)
        meter = Meter(budget, _CLOCK_EVERY, began)
        state, first = settle(state, (0, HOME, 0), tables.needs)  # a move home: settle it all
        if cards_home(state) == CARDS:
            return Won(engine_moves(tables, start, first), 0, budget.clock() - began)
        makers = [partial(self.scan_of, state, weights) for weights in self.scans]
        late = None if budget.seconds is None else meter.late  # nodes alone: no clock
        found = take_turns(makers, budget.nodes, late, FIRST_ALONE, self.turns, self.lifetimes)
        seconds = budget.clock() - began
        if found.line is not None:
            return Won(engine_moves(tables, start, first + found.line), found.nodes, seconds)
        if found.proven:
            return ProvenUnwinnable(found.nodes, seconds)
        return Unknown(found.nodes, seconds)

    def scan_of(self, state: State, weights: Weights) -> Scan | MacroScan:
        """The scan ``weights`` names, from ``state`` (settled)."""
        if weights.macros:
            return MacroScan(self.tables, state, self.horne)
        return scan(self.tables, state, self.family.hooks(weights))


def freecell_searcher(engine: Engine) -> FreeCellSearch | None:
    """The kernel searcher for a game of the FreeCell family; ``None`` for others."""
    return FreeCellSearch(engine) if in_family(engine) else None
