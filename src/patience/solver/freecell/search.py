"""The FreeCell family's searcher: kernel scans with the family's hooks.

The search runs on the kernel's compact states and its one move generator
(:mod:`patience.solver.kernel`); the family adds safe moves home, whole-run macro moves and
the scores of its scans (:mod:`patience.solver.freecell.hooks`); the kernel plays the safe
moves home. Scans take turns (:data:`SCANS`), each for its own number of nodes, the first
alone at the start: twelve scans of goal-directed macro moves depth first
(:mod:`patience.solver.freecell.macros`; they never prove), then two best first that move
whole runs only (they never prove either), and one depth first and one best first that try
every move and prune only soundly (safe moves home, symmetry), so either of these that runs
out of states proves the deal lost. The line found
is turned back into the engine's moves, which replay with :meth:`Engine.play`.
(docs/SOLVERS.md, "FreeCell: scans that take turns, and which of them prove")
"""

from __future__ import annotations

from patience.engine.core import Engine
from patience.engine.position import Position
from patience.solver.freecell.family import in_family
from patience.solver.freecell.hooks import Family, Ranking, Weights
from patience.solver.freecell.macros import (
    FIRST_ORDER,
    Level,
    MacroScan,
    Order,
    horne_needs,
    parse_order,
)
from patience.solver.kernel.positions import engine_moves, state_of
from patience.solver.kernel.search import Scan, scan, take_turns
from patience.solver.kernel.state import CARDS, HOME, State, cards_home, settle
from patience.solver.kernel.tables import Tables
from patience.solver.result import Budget, Meter, ProvenUnwinnable, Result, Unknown, Won
from patience.solver.search import Searcher

__all__ = [
    "FIRST_ALONE",
    "KERNEL_SCANS",
    "MACRO_ORDERS",
    "MACRO_SCANS",
    "SCANS",
    "FreeCellSearch",
    "Ranking",
    "Weights",
    "freecell_searcher",
]

_CLOCK_EVERY = 64
FIRST_ALONE = 245
"""Nodes the first scan searches alone before the others join in (fc-solve's first quota)."""
MACRO_ORDERS = (
    (FIRST_ORDER, 0),
    ("0[124]=j[36]= 55:016[234j]=", 0),
    ("0j26[34]", 6),
    ("012j3 9:[012]j[468] 15:[012346j8]=", 10468),
    ("01[234j] 9:012[46j]", 44250),
    ("[01][234j] 5:[0123][46j] 13:[012346j]=", 18296),
    ("[01][234j] 5:[0123][46j] 13:[012346j]=", 33627),
    ("012346j 13:01[8j46]= 26:26[01348j]=", 0),
    ("[01]=[2346j89]=", 0),
    ("[01][234j] 7:[0123][46j]", 98361),
    ("[01][234j] 8:[0123][46j]", 38693),
    ("[01][2346j89]", 8),
)
"""The orders (and seeds of their shuffled groups) of the macro scans: those of twelve of
fc-solve's looking-glass scans in its order, without its kind 5, which is not built
(docs/SOLVERS.md, "Macro scans first")."""
MACRO_SCANS = tuple(
    Weights(0, 0, 0, 0, 0, macros=order, seed=seed, turn=500) for order, seed in MACRO_ORDERS
)
"""The macro scans of :data:`MACRO_ORDERS`, 500 states a turn."""
KERNEL_SCANS = (
    Weights(60, 5, 3, 10, 25, breaks=1, whole_runs=True, turn=250),
    Weights(50, 30, 5, 20, 40, breaks=3, whole_runs=True, turn=500),
    Weights(100, 40, 0, 8, 15, breaks=4, depth_first=True, turn=1_000),
    Weights(60, 5, 3, 10, 25, turn=1_000),
    Weights(100, 20, 0, 8, 15, breaks=2, whole_runs=True, turn=1_000),
)
"""The kernel's scans: two best first that move whole runs only, one depth first and one
best first of every move (the two that prove), and a third whole-run scan."""
_M, _K = MACRO_SCANS, KERNEL_SCANS
SCANS = tuple(
    scan._replace(turn=scan.turn // 2)
    for scan in (*(_M[k] for k in (0, 6, 8, 5, 2, 9, 3, 1, 7, 4, 10, 11)), *_K)
)
"""The scans, in turn order, each for half its turn above: the first macro scan, the other
macro scans in the order that wins the most hard deals soonest (chosen on the odd deals of
1-32,000, checked on the even ones), then the kernel's (docs/SOLVERS.md, "Turns in a better
order")."""
HINT_SCANS = (KERNEL_SCANS[0], *MACRO_SCANS, *KERNEL_SCANS[1:])
"""The scans of the searcher hints follow (:meth:`FreeCellSearch.for_hints`): the whole-run
best-first scan leads, alone for :data:`HINT_ALONE` nodes. Its lines go greedily home, so
the line found from the next position goes on with the last one; a depth-first macro line
searched again from its next position can turn back (following such hints from deal 2 went
round in circles)."""
HINT_ALONE = 1_000


class FreeCellSearch(Searcher):
    """Kernel scans over compact FreeCell states; hints keep :class:`Searcher`'s expansion."""

    def __init__(
        self, engine: Engine, scans: tuple[Weights, ...] = SCANS, alone: int = FIRST_ALONE
    ) -> None:
        super().__init__(engine)
        self.alone = alone
        self._for_hints: FreeCellSearch | None = None
        self.tables = Tables(engine)
        self.family = Family(self.tables)
        self.horne = horne_needs(self.tables)
        self.orders: dict[str, Order] = {w.macros: parse_order(w.macros) for w in scans if w.macros}
        self.scans = scans
        self.turns = [weights.turn for weights in scans]
        self.lifetimes = [weights.lifetime for weights in scans]
        self.spare: list[Level] = []
        """Levels the macro scans of a search give back for the next search's."""

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown.

        The node budget counts the states every scan expanded, together.
        """
        budget = budget or Budget()
        began = budget.clock()
        tables = self.tables
        begun = state_of(tables, start)
        if begun is None:  # not a state of this family (e.g. a face-down card): the general search
            return super().solve(start, budget)
        meter = Meter(budget, _CLOCK_EVERY, began)
        state, first = settle(begun, (0, HOME, 0), tables.needs)  # a move home: settle it all
        if cards_home(state) == CARDS:
            if not first:  # won already, as every searcher answers a won start
                return Won((), 0, 0.0)
            return Won(engine_moves(tables, start, begun, first), 0, budget.clock() - began)
        made: list[Scan | MacroScan] = []

        def make(k: int) -> Scan | MacroScan:
            made.append(self.scan_of(state, self.scans[k]))
            return made[-1]

        late = None if budget.seconds is None else meter.late  # nodes alone: no clock
        try:
            found = take_turns(make, budget.nodes, late, self.alone, self.turns, self.lifetimes)
        finally:
            for each in made:
                if isinstance(each, MacroScan):
                    each.release()
        seconds = budget.clock() - began
        if found.line is not None:
            line = engine_moves(tables, start, begun, first + found.line)
            return Won(line, found.nodes, seconds)
        if found.proven:
            return ProvenUnwinnable(found.nodes, seconds)
        return Unknown(found.nodes, seconds)

    def for_hints(self) -> FreeCellSearch:
        """The searcher of :data:`HINT_SCANS`, made once."""
        if self._for_hints is None:
            self._for_hints = FreeCellSearch(self.engine, HINT_SCANS, HINT_ALONE)
        return self._for_hints

    def scan_of(self, state: State, weights: Weights) -> Scan | MacroScan:
        """The scan ``weights`` names, from ``state`` (settled)."""
        if weights.macros:
            order = self.orders.get(weights.macros) or parse_order(weights.macros)
            return MacroScan(self.tables, state, self.horne, order, weights.seed, self.spare)
        return scan(self.tables, state, self.family.hooks(weights))


def freecell_searcher(engine: Engine) -> FreeCellSearch | None:
    """The kernel searcher for a game of the FreeCell family; ``None`` for others."""
    return FreeCellSearch(engine) if in_family(engine) else None
