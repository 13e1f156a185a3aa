"""Streaks of daily play: days in a row played (and won), up to today.

A streak still runs on a day not played yet: it breaks only once a whole day went by
without the game.

>>> days = {"2026-12-05": True, "2026-12-06": False, "2026-12-07": True}
>>> streak_of(days, "2026-12-07")
Streak(played=3, won=1, best_played=3, best_won=1)
>>> streak_of(days, "2026-12-08")  # not played yet today: the streak still runs
Streak(played=3, won=1, best_played=3, best_won=1)
>>> streak_of(days, "2026-12-09")
Streak(played=0, won=0, best_played=3, best_won=1)
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Streak:
    """The current and best runs of consecutive days played and won."""

    played: int
    won: int
    best_played: int
    best_won: int


def _longest(days: list[datetime.date]) -> int:
    """The longest run of consecutive ``days`` (sorted)."""
    best = run = 0
    last: datetime.date | None = None
    for day in days:
        run = run + 1 if last is not None and (day - last).days == 1 else 1
        best = max(best, run)
        last = day
    return best


def _current(days: list[datetime.date], today: datetime.date) -> int:
    """The run of consecutive ``days`` (sorted) ending today or yesterday."""
    run = 0
    expected = today if days and days[-1] == today else today - datetime.timedelta(days=1)
    for day in reversed(days):
        if day != expected:
            break
        run += 1
        expected -= datetime.timedelta(days=1)
    return run


def streak_of(days: Mapping[str, bool], today: str) -> Streak:
    """The streaks of a player whose days played map to whether they won that day."""
    date = datetime.date.fromisoformat(today)
    played = sorted(datetime.date.fromisoformat(d) for d in days if d <= today)
    won = [d for d in played if days[d.isoformat()]]
    return Streak(_current(played, date), _current(won, date), _longest(played), _longest(won))
