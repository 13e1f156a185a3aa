"""The difficulty of a deal, in named grades, from the solver's work and its outcome.

Grades (stable; changing a threshold changes published grades, so don't):

* ``easy``: won within 300 search nodes;
* ``medium``: won within 3,000 nodes;
* ``hard``: won within 30,000 nodes;
* ``expert``: won, needing more than 30,000 nodes;
* ``winnable``: a game of mostly luck that can be won; its choices matter too little to
  grade by the search, so only the outcome counts;
* ``unwinnable``: proved impossible (the solver sees every card);
* ``unknown``: the budget ran out first.

A node is one position the search expanded, so grades depend on the solver's ordering; they
are measured with :data:`GRADE_BUDGET` and only node counts, never time.
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
