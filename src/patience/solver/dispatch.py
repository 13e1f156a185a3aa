"""Which searcher a game gets: the first family's that takes its rules, else the general
best-first :class:`~patience.solver.search.Searcher`; and searching a position or a deal
with it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

from patience.engine.core import Engine
from patience.engine.game import engine_for, start_position
from patience.engine.position import Position
from patience.games.registry import GameInfo
from patience.rules.game import Rules
from patience.solver.result import Budget, Result
from patience.solver.search import Searcher


def _specialists() -> tuple[Callable[[Engine], Searcher | None], ...]:
    """Searchers made for one family of games, each ``None`` for rules not of its family.

    The first that takes the rules wins; the general best-first :class:`Searcher` is the
    fallback. Each reads the rules (so options such as Spider's suits reach it) and answers
    in the engine's own moves.
    """
    from patience.solver.freecell.search import freecell_searcher
    from patience.solver.klondike.search import klondike_searcher
    from patience.solver.nationale.search import two_way_searcher  # Nationale, Caprice, Tournament
    from patience.solver.removal.feeding import (
        exhaustive_searcher,  # removal and talon-feeding games
    )
    from patience.solver.spider.search import spider_searcher

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
