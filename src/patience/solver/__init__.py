"""Solvers over the engine: solutions, hints, winnable deals, lose points and difficulty.

The solver sees every card, face-down and talon cards included; say so wherever a result is
shown. Rules come from the engine only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

from patience.engine.core import Engine
from patience.engine.game import engine_for, start_position
from patience.engine.position import Position
from patience.games.registry import GameInfo
from patience.rules.game import Rules
from patience.solver.result import Budget, ProvenUnwinnable, Result, Unknown, Won
from patience.solver.search import Searcher

__all__ = [
    "Budget",
    "Grade",
    "Hint",
    "LosePoint",
    "ProvenUnwinnable",
    "Result",
    "Searcher",
    "Unknown",
    "Won",
    "difficulty",
    "first_winnable_deal",
    "grade_of",
    "hint",
    "lose_point",
    "searcher_for",
    "solve",
    "solve_deal",
]


def _specialists() -> tuple[Callable[[Engine], Searcher | None], ...]:
    """Searchers made for one family of games, each ``None`` for rules not of its family.

    The first that takes the rules wins; the general best-first :class:`Searcher` is the
    fallback. Each reads the rules (so options such as Spider's suits reach it) and answers
    in the engine's own moves.
    """
    from patience.solver.feeding import exhaustive_searcher  # removal and talon-feeding games
    from patience.solver.freecell import freecell_searcher
    from patience.solver.klondike import klondike_searcher
    from patience.solver.nationale import two_way_searcher  # Nationale, Caprice, Tournament
    from patience.solver.spider import spider_searcher

    return (
        exhaustive_searcher,
        freecell_searcher,
        klondike_searcher,
        two_way_searcher,
        spider_searcher,
    )


@cache
def searcher_for(rules: Rules) -> Searcher:
    """The searcher of these rules (one per distinct rules value)."""
    engine = engine_for(rules)
    for specialist in _specialists():
        found = specialist(engine)
        if found is not None:
            return found
    return Searcher(engine)


def solve(
    info: GameInfo,
    options: Mapping[str, str] | None,
    position: Position,
    budget: Budget | None = None,
) -> Result:
    """Search ``position`` of this game: won (with moves), proven unwinnable, or unknown."""
    return searcher_for(info.rules(options)).solve(position, budget)


def solve_deal(
    info: GameInfo, options: Mapping[str, str] | None, deal: int, budget: Budget | None = None
) -> Result:
    """Search deal number ``deal`` from its start."""
    return solve(info, options, start_position(info, options, deal), budget)


from patience.solver.difficulty import Grade, difficulty, grade_of  # noqa: E402
from patience.solver.hint import Hint, hint  # noqa: E402
from patience.solver.winnable import LosePoint, first_winnable_deal, lose_point  # noqa: E402
