"""Reviews of finished games: where a game was lost, and what was played well.

Built on the solvers and the engine as they are: :class:`Judge` gives a position's verdict,
:class:`Band` the verdicts along a game, :class:`Review` the band and the marks as they are
found. Every verdict sees every card; :attr:`Review.every_card_known` says when that is more
than the player saw, and then :class:`Luck` judges the losing move in deals the player could
not tell from the real one. docs/REVIEW.md describes the order of the searches and what each mark
means.
"""

from __future__ import annotations

from patience.review.band import Band, Step
from patience.review.game_review import Event, Review
from patience.review.luck import Judgement, Luck, judge_luck
from patience.review.marks import Count, Mark, MarkKind, winning_moves
from patience.review.verdict import REVIEW_BUDGET, Judge, Status, Verdict, VerdictStore

__all__ = [
    "REVIEW_BUDGET",
    "Band",
    "Count",
    "Event",
    "Judge",
    "Judgement",
    "Luck",
    "Mark",
    "MarkKind",
    "Review",
    "Status",
    "Step",
    "Verdict",
    "VerdictStore",
    "judge_luck",
    "winning_moves",
]
