"""Hints: the next move of a winning line, or a plain best guess marked as such."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from patience.engine.core import Engine
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


class KeptLines:
    """The rest of each winning line a hint started, by the position its first move leads to
    (the latest ``size``): the next hint there goes on with it, so following hints wins even
    where a search from the next position would take another way.

    >>> from patience.engine.game import Game
    >>> from patience.engine.position import MoveKind
    >>> game = Game.new("freecell", deal=1)
    >>> kept = KeptLines()
    >>> line = (Move(MoveKind.TRANSFER, 0, 8, 1), Move(MoveKind.TRANSFER, 0, 9, 1))
    >>> kept.keep(game.engine, game.position, line)
    >>> after = game.engine.play(game.position, line[0])
    >>> kept.going_on(game.engine, after) == line[1:], kept.going_on(game.engine, after)
    (True, None)
    """

    def __init__(self, size: int = 4_096) -> None:
        self.size = size
        self._lines: OrderedDict[tuple[Rules, Position], tuple[Move, ...]] = OrderedDict()

    def keep(self, engine: Engine, position: Position, line: Sequence[Move]) -> None:
        """Keep the rest of ``line``, a winning line from ``position`` whose first move is
        hinted, for the position that move leads to."""
        if len(line) > 1:
            self._lines[(engine.rules, engine.apply(position, line[0]))] = tuple(line[1:])
            while len(self._lines) > self.size:
                self._lines.popitem(last=False)

    def going_on(self, engine: Engine, position: Position) -> tuple[Move, ...] | None:
        """The line kept for ``position`` (taken: its first move is hinted again, and the rest
        kept for where that leads), or ``None``."""
        line = self._lines.pop((engine.rules, position), None)
        if line is not None:
            self.keep(engine, position, line)
        return line


def hint(
    info: GameInfo,
    options: Mapping[str, str] | None,
    position: Position,
    budget: Budget | None = None,
    kept: KeptLines | None = None,
) -> Hint:
    """The next move of a winning line within ``budget``, else the heuristic's best move.
    With ``kept``, a line kept there for ``position`` goes on without a search, and the line
    found is kept (the caller keeps ``kept`` between hints)."""

    searcher = searcher_for(info.rules(options)).for_hints()
    engine = searcher.engine
    going_on = None if kept is None else kept.going_on(engine, position)
    if going_on is not None:
        outcome: Result = Won(going_on, 0, 0.0)
    else:
        outcome = searcher.solve(position, budget or HINT_BUDGET)
        if kept is not None and isinstance(outcome, Won):
            kept.keep(engine, position, outcome.moves)
    if isinstance(outcome, Won) and outcome.moves:
        first = outcome.moves[0]
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


def best_move(searcher: Searcher, position: Position) -> Move | None:
    """The search move whose result scores best (the first of equals), or ``None``."""
    engine = searcher.engine
    best: tuple[int, Move] | None = None
    for move in engine.search_moves(position):
        value = searcher.score(engine.apply(position, move))
        if best is None or value > best[0]:
            best = (value, move)
    return None if best is None else best[1]
