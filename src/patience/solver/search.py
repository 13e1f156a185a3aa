"""The search: best-first over the engine's moves, remembering every position it has seen.

* Positions are remembered by their canonical key (:mod:`patience.solver.canon`), so a
  position met again, or one alike up to swapping interchangeable piles, is not searched twice.
* Before a position is expanded, the engine's safe foundation moves are played (they can never
  cost the game), so they never branch.
* Where the stock turns cards onto a waste, drawing is not a move of its own: each move that
  uses a card the stock cycle can bring up (with the draws before it) is one macro-move. Draws
  commute with every move that touches neither stock nor waste, so no win is lost.
* The score (:mod:`patience.solver.heuristic`) orders the frontier; it never prunes.

Because the only pruning is sound, a search that empties its frontier without a win has proved
the position unwinnable. A search that runs out of budget says so (:class:`Unknown`).
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Iterator

from patience.engine.core import Engine
from patience.engine.position import Move, MoveKind, Position
from patience.rules.stock import Action
from patience.solver.canon import key_function
from patience.solver.heuristic import score_function
from patience.solver.result import Budget, ProvenUnwinnable, Result, Unknown, Won

_CLOCK_EVERY = 64


class Searcher:
    """A solver for one engine; reusable for many positions."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.key = key_function(engine)
        self.score = score_function(engine)
        self._foundations = frozenset(engine.foundations)
        self._cycle_piles = frozenset(p for p in (engine.stock, engine.waste) if p >= 0)
        self._macro = engine.rules.stock.action is Action.TO_WASTE

    # ------------------------------------------------------------------ expansion

    def settle(self, pos: Position) -> tuple[Position, list[Move], list[Move]]:
        """Play safe foundation moves; return the position, those moves, and its legal moves."""
        engine = self.engine
        played: list[Move] = []
        while True:
            moves = engine.legal_moves(pos)
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
        cycle: list[Move] = []
        for move in moves:
            if move.kind is MoveKind.STOCK or move.kind is MoveKind.REDEAL:
                cycle.append(move)
            else:
                yield [move], engine.apply(pos, move)
        seen = {pos}
        drawn: list[Move] = []
        current = pos
        while cycle:
            step = cycle[0]
            current = engine.apply(current, step)
            drawn.append(step)
            if current in seen:
                return
            seen.add(current)
            cycle = []
            for move in engine.legal_moves(current):
                if move.kind is MoveKind.STOCK or move.kind is MoveKind.REDEAL:
                    cycle.append(move)
                elif self._touches_cycle(move):
                    yield [*drawn, move], engine.apply(current, move)

    def _touches_cycle(self, move: Move) -> bool:
        return move.src in self._cycle_piles or move.dst in self._cycle_piles

    # ------------------------------------------------------------------ search

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown."""
        budget = budget or Budget()
        engine = self.engine
        began = time.perf_counter()
        deadline = None if budget.seconds is None else began + budget.seconds
        if engine.is_won(start):
            return Won((), 0, 0.0)
        key, score = self.key, self.score
        parents: list[int] = [-1]
        edges: list[tuple[Move, ...]] = [()]
        seen = {key(start)}
        frontier: list[tuple[int, int, Position]] = [(0, 0, start)]
        nodes = 0
        while frontier:
            if nodes >= budget.nodes:
                return Unknown(nodes, time.perf_counter() - began)
            if (
                deadline is not None
                and nodes % _CLOCK_EVERY == 0
                and time.perf_counter() > deadline
            ):
                return Unknown(nodes, time.perf_counter() - began)
            _, node, raw = heapq.heappop(frontier)
            nodes += 1
            pos, auto, moves = self.settle(raw)
            if auto:
                if engine.is_won(pos):
                    return self._won(parents, edges, node, auto, nodes, began)
                settled = key(pos)
                if settled in seen:
                    continue
                seen.add(settled)
            for line, child in self.successors(pos, moves):
                if engine.is_won(child):
                    return self._won(parents, edges, node, [*auto, *line], nodes, began)
                child_key = key(child)
                if child_key in seen:
                    continue
                seen.add(child_key)
                parents.append(node)
                edges.append((*auto, *line))
                heapq.heappush(frontier, (-score(child), len(parents) - 1, child))
        return ProvenUnwinnable(nodes, time.perf_counter() - began)

    @staticmethod
    def _won(
        parents: list[int],
        edges: list[tuple[Move, ...]],
        node: int,
        last: list[Move],
        nodes: int,
        began: float,
    ) -> Won:
        chunks = [tuple(last)]
        while node > 0:
            chunks.append(edges[node])
            node = parents[node]
        moves = tuple(m for chunk in reversed(chunks) for m in chunk)
        return Won(moves, nodes, time.perf_counter() - began)
