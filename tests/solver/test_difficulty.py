"""Difficulty grades follow the solver's work and outcome."""

from __future__ import annotations

from patience.games.registry import Skill
from patience.solver import Grade, ProvenUnwinnable, Unknown, Won, grade_of


def test_grades_by_nodes_and_outcome() -> None:
    assert grade_of(Won((), 300, 0.0)) is Grade.EASY
    assert grade_of(Won((), 301, 0.0)) is Grade.MEDIUM
    assert grade_of(Won((), 3_001, 0.0)) is Grade.HARD
    assert grade_of(Won((), 30_001, 0.0)) is Grade.EXPERT
    assert grade_of(Won((), 30_001, 0.0), Skill.MOSTLY_LUCK) is Grade.WINNABLE
    assert grade_of(ProvenUnwinnable(5, 0.0)) is Grade.UNWINNABLE
    assert grade_of(Unknown(5, 0.0)) is Grade.UNKNOWN
