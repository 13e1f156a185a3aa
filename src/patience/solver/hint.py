"""Hints: the next move of a winning line, or a plain best guess marked as such."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from patience.engine.position import Move, Position
from patience.games.registry import GameInfo
from patience.notation import move_text
from patience.rules.game import Rules
from patience.solver.dispatch import searcher_for
from patience.solver.result import Budget, ProvenUnwinnable, Result, Won
from patience.solver.search import Searcher

HINT_BUDGET = Budget(nodes=5_000, seconds=0.8)
"""Small enough for a button: a fraction of a second on this machine."""


@dataclass(frozen=True)
class Hint:
    """A suggested move (``None`` when there is none), why, and what the search found."""

    move: Move | None
    text: str
    source: Literal["solver", "heuristic"]
    outcome: Result


def hint(
    info: GameInfo,
    options: Mapping[str, str] | None,
    position: Position,
    budget: Budget | None = None,
) -> Hint:
    """The next move of a winning line within ``budget``, else the heuristic's best move."""

    searcher = searcher_for(info.rules(options)).for_hints()
    engine = searcher.engine
    rules = info.rules(options)
    going_on = _LINES.pop((rules, position), None)
    outcome = Won(going_on, 0, 0.0) if going_on else searcher.solve(position, budget or HINT_BUDGET)
    if isinstance(outcome, Won) and outcome.moves:
        first = outcome.moves[0]
        _remember((rules, engine.apply(position, first)), outcome.moves[1:])
        text = f"Play {move_text(engine, position, first)}: it starts a winning line"
        return Hint(first, text + " (the solver sees every card).", "solver", outcome)
    move = best_move(searcher, position)
    if move is None:
        text = "The game is won." if engine.is_won(position) else "No move is left."
        return Hint(None, text, "heuristic", outcome)
    if isinstance(outcome, ProvenUnwinnable):
        why = "No win is possible from here (the solver sees every card); best guess"
    else:
        why = "No winning line found in time; best guess"
    return Hint(move, f"{why}: {move_text(engine, position, move)}.", "heuristic", outcome)


_LINES: OrderedDict[tuple[Rules, Position], tuple[Move, ...]] = OrderedDict()
"""The rest of each line a hint started, by the position its first move leads to (the
latest :data:`LINES_KEPT`, in this process): the next hint goes on with it, so following
hints wins even where a search from the next position would take another way."""
LINES_KEPT = 4_096


def _remember(key: tuple[Rules, Position], rest: tuple[Move, ...]) -> None:
    if rest:
        _LINES[key] = rest
        while len(_LINES) > LINES_KEPT:
            _LINES.popitem(last=False)


def best_move(searcher: Searcher, position: Position) -> Move | None:
    """The search move whose result scores best (the first of equals), or ``None``."""
    engine = searcher.engine
    best: tuple[int, Move] | None = None
    for move in engine.search_moves(position):
        value = searcher.score(engine.apply(position, move))
        if best is None or value > best[0]:
            best = (value, move)
    return None if best is None else best[1]
