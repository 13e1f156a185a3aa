"""Days of the daily deal: UTC days, their roll-over, and the grade each weekday asks for.

>>> day_of(0), day_of(DAY_MS - 1), day_of(DAY_MS)
('1970-01-01', '1970-01-01', '1970-01-02')
>>> next_day_ms(DAY_MS + 5) == 2 * DAY_MS
True
>>> wanted_grade("2026-12-07", ("any", "winnable", "easy", "medium", "hard"))  # a Monday
'easy'
>>> wanted_grade("2026-12-13", ("any", "winnable", "easy", "medium", "hard"))  # Sunday
'hard'
>>> wanted_grade("2026-12-13", ("any", "winnable"))
'winnable'
"""

from __future__ import annotations

import datetime

from patience.deal_pools import GRADED_KINDS, WINNABLE

DAY_MS = 86_400_000

WEEK_GRADES = ("easy", "easy", "medium", "medium", "hard", "hard", "expert")
"""The grade asked for on Monday, Tuesday, ... Sunday: the week runs from easier to harder."""


def day_of(ms: int) -> str:
    """The UTC day (``YYYY-MM-DD``) of a moment in milliseconds since the epoch."""
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.UTC).date().isoformat()


def day_start_ms(day: str) -> int:
    """The first millisecond of ``day`` (UTC); ``ValueError`` for a day that is not one."""
    date = datetime.date.fromisoformat(day)
    start = datetime.datetime(date.year, date.month, date.day, tzinfo=datetime.UTC)
    return int(start.timestamp() * 1000)


def next_day_ms(ms: int) -> int:
    """When the day of ``ms`` ends and the next deal is dealt."""
    return day_start_ms(day_of(ms)) + DAY_MS


def days_from(day: str, count: int) -> list[str]:
    """``count`` days from ``day`` on.

    >>> days_from("2026-12-31", 2)
    ['2026-12-31', '2027-01-01']
    """
    start = datetime.date.fromisoformat(day)
    return [(start + datetime.timedelta(days=n)).isoformat() for n in range(count)]


def wanted_grade(day: str, kinds: tuple[str, ...]) -> str:
    """The grade the day's deal should have among the ``kinds`` a game's pool offers: the
    weekday's, or the nearest easier one the game has, or ``winnable`` for a game whose deals
    are not graded by difficulty."""
    weekday = datetime.date.fromisoformat(day).weekday()
    wanted = GRADED_KINDS.index(WEEK_GRADES[weekday])
    for grade in reversed(GRADED_KINDS[: wanted + 1]):
        if grade in kinds:
            return grade
    return WINNABLE
