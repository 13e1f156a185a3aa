"""Solvers over the engine: solutions, hints, winnable deals, lose points and difficulty.

The solver sees every card, face-down and talon cards included; say so wherever a result is
shown. Rules come from the engine only.
"""

from __future__ import annotations

from patience.solver.difficulty import Grade, difficulty, grade_of
from patience.solver.dispatch import searcher_for, solve, solve_deal
from patience.solver.hint import Hint, hint
from patience.solver.kernel.compiled import install
from patience.solver.result import Budget, ProvenUnwinnable, Result, Unknown, Won
from patience.solver.search import Searcher
from patience.solver.winnable import LosePoint, first_winnable_deal, lose_point

install()  # before a compiled module is first imported: it picks which copy loads

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
