"""The difficulty of a deal, in named grades, from the solver's work and its outcome.

A deal won within 300 search nodes is ``easy``, within 3,000 ``medium``, within 30,000
``hard``, beyond that ``expert``; a game of mostly luck grades only ``winnable``; the others
are ``unwinnable`` and ``unknown``. Grades are stable (changing a threshold changes published
grades, so don't) and measured with :data:`GRADE_BUDGET` in nodes only, never time.
(docs/SOLVERS.md, "Grades")
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from patience.engine.game import start_position
from patience.games.registry import GameInfo, Skill
from patience.solver.dispatch import searcher_for
from patience.solver.result import Budget, ProvenUnwinnable, Result, Won


class Grade(Enum):
    """How hard a deal is."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"
    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"


GRADE_BUDGET = Budget(nodes=200_000)
_LIMITS = ((300, Grade.EASY), (3_000, Grade.MEDIUM), (30_000, Grade.HARD))


def grade_of(result: Result, skill: Skill = Skill.MIXED) -> Grade:
    """The grade a search result earns."""
    if isinstance(result, ProvenUnwinnable):
        return Grade.UNWINNABLE
    if not isinstance(result, Won):
        return Grade.UNKNOWN
    if skill is Skill.MOSTLY_LUCK:
        return Grade.WINNABLE
    for limit, grade in _LIMITS:
        if result.nodes <= limit:
            return grade
    return Grade.EXPERT


def difficulty(info: GameInfo, options: Mapping[str, str] | None, deal: int) -> Grade:
    """The grade of deal ``deal`` (searched with :data:`GRADE_BUDGET`)."""

    searcher = searcher_for(info.rules(options))
    result = searcher.solve(start_position(info, options, deal), GRADE_BUDGET)
    return grade_of(result, info.skill)
