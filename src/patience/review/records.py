"""A review's findings as plain records (JSON-ready, in no language), moves in notation.

>>> from patience.engine.game import Game
>>> from patience.review.verdict import Judge
>>> from patience.review.game_review import Review
>>> game = Game.new("freecell", deal=1)
>>> review = Review(Judge(game.info, game.options), game.start, game.moves)
>>> [event_record(review, event) for event in review.events()]
[{'type': 'step', 'index': 0, 'status': 'winnable', 'searched': True}]
"""

from __future__ import annotations

from typing import Any

from patience.notation import move_text
from patience.review.band import Step
from patience.review.game_review import Event, Review
from patience.review.luck import Luck
from patience.review.marks import Mark


def event_record(review: Review, event: Event) -> dict[str, Any]:
    """A step of the band, a mark or the losing move's luck as a record (docs/WEB_API.md,
    reviews)."""
    if isinstance(event, Step):
        return {
            "type": "step",
            "index": event.index,
            "status": event.status,
            "searched": event.searched,
        }
    if isinstance(event, Luck):
        return luck_record(event)
    return mark_record(review, event)


def luck_record(luck: Luck) -> dict[str, Any]:
    """The losing move judged in worlds the player could not tell apart, with its judgement
    (``mistake``, ``unlucky`` or ``None``: left open)."""
    return {
        "type": "luck",
        "move": luck.move,
        "unseen": luck.unseen,
        "worlds": luck.worlds,
        "lost": luck.lost,
        "kept": luck.kept,
        "no_win": luck.no_win,
        "unknown": luck.unknown,
        "judgement": luck.judgement,
    }


def mark_record(review: Review, mark: Mark) -> dict[str, Any]:
    """A mark as a record; ``instead`` (a move that kept a win) in notation."""
    before = review.positions[mark.move - 1]
    instead = None
    if mark.instead is not None:
        instead = move_text(review.judge.engine, before, mark.instead)
    return {
        "type": "mark",
        "move": mark.move,
        "kind": mark.kind,
        "instead": instead,
        "nodes": mark.nodes,
        "stuck": mark.stuck,
        "winning_before": mark.winning_before,
        "winning_after": mark.winning_after,
    }


def end_record(review: Review) -> dict[str, Any]:
    """The last record of a review: whether every position was looked at for marks, and
    the losing move (``None``: none proven)."""
    return {"type": "end", "complete": review.complete, "losing_move": review.band.losing_move}
