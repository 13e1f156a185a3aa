"""The searcher of the Nationale family: two foundations a suit, one building up from the Ace
and one down from the King, fed one card at a time from tableau piles, cells or a talon.

Nationale, Caprice and Tournament share that shape; :func:`two_way_searcher` reads it from the
rules (:func:`~patience.solver.nationale.moves.takes_board`), never from the game's name. Quick
searches over fewer moves (wins only) take a share of the budget, then a complete best-first
search over the boards of :mod:`patience.solver.nationale.moves`, whose only cuts (keys, the
engine's moves with cells alike, a cell card home at once in Tournament) are sound, so an
emptied frontier is a proof. (docs/SOLVERS.md, "Nationale family: what the two-way search
may skip")
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from operator import itemgetter

from patience.engine.core import Engine
from patience.engine.position import Position, transfer
from patience.solver.nationale.moves import Board, Step, TwoWayBoard, takes_board
from patience.solver.nationale.score import BoardScore
from patience.solver.nationale.walk import EMPTY, WON, BoardWalk, Line
from patience.solver.result import Budget, ProvenUnwinnable, Result, Unknown, Won
from patience.solver.search import Searcher

_CLOCK_EVERY = 64
_FIRST_TURN = 500
"""Boards each quick search expands in its first turn; every round doubles it."""
_ALL, _DIGS, _NO_RETURNS = "all", "digs", "no returns"
"""Search modes: every move; only digs; every move but foundations giving cards back."""
_QUICK_SHARE = {_DIGS: 0.875, _NO_RETURNS: 0.3}
"""The share of the budget the quick searches may use before the complete search."""
_DIG_WEIGHTS = (
    *((20, 50), (4, 100), (30, 0), (4, 30), (10, 100), (8, 60)),
    *((4, 200), (40, 100), (15, 150), (60, 200), (1, 100), (2, 60)),
)
"""The (depth, full cell) weights of the dig searches taking turns (measured: docs/SOLVERS.md,
"Nationale family", "Tuning figures")."""


Walk = Generator[None, None, Line | None]
"""A search expanding one board per step, returning the winning moves or ``None``."""


def _cell_home(board_rules: TwoWayBoard) -> Callable[[Board, int], Step | None] | None:
    """A cell card going home that loses nothing, when there is one (docs/SOLVERS.md)."""
    rules = board_rules.engine.rules
    if not board_rules.cells or rules.foundation_returns or not rules.foundation_swaps:
        return None
    cells = board_rules.cells
    home_of = board_rules.home_of
    homes = board_rules.homes
    moved = board_rules.moved

    def forced(board: Board, redeals: int) -> Step | None:
        taken = None
        for c in cells:
            cards = board[c]
            if not cards:
                continue
            up, down = home_of[cards[-1]]
            if len(board[up]) + len(board[down]) == 13:
                continue  # one card of every rank home: which end takes it may matter
            taken = taken if taken is not None else homes(board)
            for _swaps, home in taken.get(cards[-1], ()):
                return (transfer(c, home),), moved(board, c, home), redeals
        return None

    return forced


class TwoWaySearcher(Searcher):
    """Best-first search over compact boards of the Nationale family (docs/SOLVERS.md)."""

    def __init__(self, engine: Engine) -> None:
        super().__init__(engine)
        self.board = TwoWayBoard(engine)
        # a full cell weighs most where cells are the only room (tuned: docs/SOLVERS.md,
        # "Nationale family", "Tuning figures")
        depth, full_cell = (4, 100) if self.board.cells else (10, 0)
        self.board_score = BoardScore(self.board, depth, full_cell)
        self.attempts = (
            tuple(BoardScore(self.board, d, c) for d, c in _DIG_WEIGHTS)
            if self.board.cells
            else (self.board_score,)
        )
        self.forced = _cell_home(self.board)
        rules = engine.rules
        # where the quick search without returns came first, the complete search orders by
        # cards home and gaps alone (why: docs/SOLVERS.md, "The search", Nationale family)
        self.complete_score = (
            BoardScore(self.board, 0, 0) if rules.foundation_returns else self.board_score
        )
        quick = _DIGS if self.board.cells else _NO_RETURNS if rules.foundation_returns else None
        self.quick = None if quick is None else (quick, _QUICK_SHARE[quick])
        foundations = set(self.board.foundations)
        self._outside = itemgetter(*(i for i in range(len(engine.specs)) if i not in foundations))

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown.

        A quicker search over fewer moves may come first with a share of the budget (see the
        module); only the complete search that follows can prove anything.
        """
        first = self.board.board_of(start)
        if first is None:
            return super().solve(start, budget)  # a card face down: the general search
        try:
            return self._solve(first, start.redeals, budget or Budget())
        finally:
            self.board.forget()
            for score in {self.board_score, self.complete_score, *self.attempts}:
                score.forget()

    def _solve(self, first: Board, redeals: int, budget: Budget) -> Result:
        clock = budget.clock
        began = clock()
        deadline = None if budget.seconds is None else began + budget.seconds
        if self._won_board(first):
            return Won((), 0, 0.0)
        used = 0
        if self.quick is not None:
            mode, part = self.quick
            until = None if budget.seconds is None else began + budget.seconds * part
            most = max(1, int(budget.nodes * part))
            walks = [self._walk(first, redeals, mode, score) for score in self.attempts]
            quota = _FIRST_TURN
            while walks and used < most and (until is None or clock() < until):
                for walk in walks:  # the searches take turns, each turn twice the last
                    cap = min(quota, most - used)
                    if cap <= 0:
                        break
                    moves, nodes, exhausted = self._run(walk, cap, until, clock)
                    used += nodes
                    if moves is not None:
                        return Won(moves, used, clock() - began)
                    if exhausted:
                        walks = []  # the same moves in another order: all would exhaust
                        break
                quota *= 2
            if used >= budget.nodes:
                return Unknown(used, clock() - began)
        walk = self._walk(first, redeals, _ALL, self.complete_score)
        moves, nodes, exhausted = self._run(walk, budget.nodes - used, deadline, clock)
        seconds = clock() - began
        if moves is not None:
            return Won(moves, used + nodes, seconds)
        if exhausted:
            return ProvenUnwinnable(used + nodes, seconds)
        return Unknown(used + nodes, seconds)

    def _won_board(self, board: Board) -> bool:
        return not any(self._outside(board))

    @staticmethod
    def _run(
        walk: Walk, most: int, deadline: float | None, clock: Callable[[], float]
    ) -> tuple[Line | None, int, bool]:
        """Resume ``walk`` for at most ``most`` boards and until ``deadline``: the winning moves
        (or ``None``), the boards expanded, and whether the frontier was emptied."""
        nodes = 0
        try:
            while nodes < most:
                if deadline is not None and nodes % _CLOCK_EVERY == 0 and clock() > deadline:
                    break
                nodes += 1
                next(walk)
        except StopIteration as stop:
            moves: Line | None = stop.value
            return moves, nodes if moves is not None else nodes - 1, moves is None
        return None, nodes, False

    def _walk(self, first: Board, redeals0: int, mode: str, score: BoardScore) -> Walk:
        """Best-first from ``first``, one board expanded per step; it returns the winning
        moves, or ``None`` when the frontier is empty (a proof only in mode ``_ALL``)."""
        digs = mode == _DIGS
        returns = mode == _ALL
        if not digs and self.board.sorted_tableau:
            walk = BoardWalk(
                self.board,
                first,
                redeals0,
                score,
                forced=None,
                digs=False,
                returns=returns,
                sorted_walk=True,
            )
        else:
            walk = BoardWalk(self.board, first, redeals0, score, self.forced, digs, returns)
        while True:
            done = walk.step()
            if done == WON:
                return walk.line
            if done == EMPTY:
                return None
            yield


def two_way_searcher(engine: Engine) -> TwoWaySearcher | None:
    """The family's searcher for rules of its shape (read from the piles); ``None`` for others."""
    return TwoWaySearcher(engine) if takes_board(engine) else None
