"""The search: best-first over the engine's moves, remembering every position it has seen.

Positions are remembered by their canonical key (:mod:`patience.solver.canon`), moves are
:meth:`Engine.search_moves` with safe foundation moves played first and draws folded into
macro-moves, and the score (:mod:`patience.solver.heuristic`) only orders the frontier; the
only pruning is sound, so an emptied frontier proves the position unwinnable, and a search out
of budget says so (:class:`Unknown`). (docs/SOLVERS.md, "The general search: why its proofs
hold")
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator

from patience.engine.core import Engine
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, Move, MoveKind, Position
from patience.rules.stock import Action
from patience.solver.canon import key_function
from patience.solver.heuristic import score_function
from patience.solver.result import Budget, Meter, ProvenUnwinnable, Result, Unknown, Won

_CLOCK_EVERY = 64

_CycleState = tuple[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int], int]
"""Stock and waste cards, their face-down counts, and redeals used."""


class Searcher:
    """A solver for one engine; reusable for many positions."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.key = key_function(engine)
        self.score = score_function(engine)
        self._foundations = frozenset(engine.foundations)
        self._cycle_piles = frozenset(p for p in (engine.stock, engine.waste) if p >= 0)
        rules = engine.rules
        self._macro = (
            rules.stock.action is Action.TO_WASTE
            and engine.waste >= 0
            and not rules.stock.blocked_by_gap
            and not any(spec.refill for spec in engine.specs)
        )
        self._removal = bool(rules.pairs_to)
        self._receivers = (*engine.tableau, *engine.foundations, *engine.cells)
        self._cycles: dict[object, list[tuple[tuple[Move, ...], _CycleState]]] = {}

    def for_hints(self) -> Searcher:
        """The searcher whose lines hints follow (this one): following the first move of each
        line found must lead to a win, so a searcher whose next search from a line's next
        position may turn back gives one that goes on with it."""
        return self

    # ------------------------------------------------------------------ expansion

    def settle(self, pos: Position) -> tuple[Position, list[Move], list[Move]]:
        """Play safe foundation moves; return the position, those moves, and its search moves."""
        engine = self.engine
        played: list[Move] = []
        while True:
            moves = engine.search_moves(pos)
            if not any(m.dst in self._foundations for m in moves if m.kind is MoveKind.TRANSFER):
                return pos, played, moves
            safe = engine.safe_foundation_moves(pos)
            if not safe:
                return pos, played, moves
            pos = engine.apply(pos, safe[0])
            played.append(safe[0])
            if engine.is_won(pos):
                return pos, played, []

    def successors(self, pos: Position, moves: list[Move]) -> Iterator[tuple[list[Move], Position]]:
        """Each move (or macro-move through the stock cycle) and the position it leads to."""
        engine = self.engine
        if not self._macro:
            for move in moves:
                yield [move], engine.apply(pos, move)
            return
        for move in moves:
            if move.kind is not MoveKind.STOCK and move.kind is not MoveKind.REDEAL:
                yield [move], engine.apply(pos, move)
        for drawn, state in self._cycle(pos):
            waste = state[0][1]
            if not waste or not self._may_play(pos, waste[-1]):
                continue
            here = self._splice(pos, state)
            for move in engine.search_moves(here):
                if self._uses_cycle(move):
                    yield [*drawn, move], engine.apply(here, move)

    def _uses_cycle(self, move: Move) -> bool:
        """Is ``move`` a move other than drawing that takes from or gives to stock or waste?"""
        if move.kind is MoveKind.STOCK or move.kind is MoveKind.REDEAL:
            return False
        return move.src in self._cycle_piles or move.dst in self._cycle_piles

    def _may_play(self, pos: Position, card: int) -> bool:
        """Could ``card`` leave the waste at all? (A quick necessary test; the engine decides.)"""
        if self._removal:
            return True
        accepts = self.engine.accepts
        return any(accepts(pos, dst, card) for dst in self._receivers)

    def _cycle(self, pos: Position) -> list[tuple[tuple[Move, ...], _CycleState]]:
        """The states the stock alone reaches from here, each with the stock moves to it.

        Stock moves only change the stock, the waste and the redeal count (checked when the
        searcher is made), so the cycle depends on those alone and is remembered.
        """
        engine = self.engine
        stock, waste = engine.stock, engine.waste
        key = (pos.piles[stock], pos.piles[waste], pos.redeals)
        found = self._cycles.get(key)
        if found is not None:
            return found
        found = []
        seen = {key}
        drawn: list[Move] = []
        current = pos
        while True:
            if engine.stock_move_reason(current) is None:
                step = STOCK_MOVE
            elif engine.redeal_reason(current) is None:
                step = REDEAL_MOVE
            else:
                break
            current = engine.apply(current, step)
            drawn.append(step)
            state_key = (current.piles[stock], current.piles[waste], current.redeals)
            if state_key in seen:
                break
            seen.add(state_key)
            state = (
                (current.piles[stock], current.piles[waste]),
                (current.down[stock], current.down[waste]),
                current.redeals,
            )
            found.append((tuple(drawn), state))
        self._cycles[key] = found
        return found

    def _splice(self, pos: Position, state: _CycleState) -> Position:
        """``pos`` with the stock, waste and redeal count of a cycle state."""
        (stock_cards, waste_cards), (stock_down, waste_down), redeals = state
        stock, waste = self.engine.stock, self.engine.waste
        piles = list(pos.piles)
        down = list(pos.down)
        piles[stock], piles[waste] = stock_cards, waste_cards
        down[stock], down[waste] = stock_down, waste_down
        return Position(tuple(piles), tuple(down), redeals)

    # ------------------------------------------------------------------ search

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown."""
        budget = budget or Budget()
        engine = self.engine
        self._cycles.clear()
        meter = Meter(budget, _CLOCK_EVERY)
        if engine.is_won(start):
            return Won((), 0, 0.0)
        key, score = self.key, self.score
        parents: list[int] = [-1]
        edges: list[tuple[Move, ...]] = [()]
        seen = {key(start)}
        frontier: list[tuple[int, int, Position]] = [(0, 0, start)]
        nodes = 0
        while frontier:
            if meter.spent(nodes):
                return Unknown(nodes, meter.elapsed())
            _, node, raw = heapq.heappop(frontier)
            nodes += 1
            pos, auto, moves = self.settle(raw)
            if auto:
                if engine.is_won(pos):
                    return self._won(parents, edges, node, auto, nodes, meter)
                settled = key(pos)
                if settled in seen:
                    continue
                seen.add(settled)
            for line, child in self.successors(pos, moves):
                if engine.is_won(child):
                    return self._won(parents, edges, node, [*auto, *line], nodes, meter)
                child_key = key(child)
                if child_key in seen:
                    continue
                seen.add(child_key)
                parents.append(node)
                edges.append((*auto, *line))
                heapq.heappush(frontier, (-score(child), len(parents) - 1, child))
        return ProvenUnwinnable(nodes, meter.elapsed())

    @staticmethod
    def _won(
        parents: list[int],
        edges: list[tuple[Move, ...]],
        node: int,
        last: list[Move],
        nodes: int,
        meter: Meter,
    ) -> Won:
        chunks = [tuple(last)]
        while node > 0:
            chunks.append(edges[node])
            node = parents[node]
        moves = tuple(m for chunk in reversed(chunks) for m in chunk)
        return Won(moves, nodes, meter.elapsed())
