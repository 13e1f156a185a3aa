"""Measured win rates and difficulty (the solver's view: every card known), as
`bench/win_rates.py` wrote them.

The figures live in ``win_rates.json`` beside this module, keyed by game spec
(``klondike:draw=1,passes=unlimited``); the bench rewrites it, nothing else does. Each entry
counts the deals won, proved unwinnable and left unknown, and (from later runs on) the grade
of every won deal (:mod:`patience.solver.difficulty`). An entry without grades is read as it
is: its difficulty is simply not known.

**A game's difficulty** is the grade of its *typical winnable deal*: put the winnable deals in
order of grade (easy, medium, hard, expert) and take the one in the middle. The unknown deals
may be winnable or not; one that is winnable needed more search than the budget gave it, so it
is harder than every deal that was won. The middle deal is therefore somewhere between the
middle of the won deals (if no unknown deal is winnable) and the middle of the won and unknown
deals together, the unknown ones last (if all are). When both give the same grade, that grade
is the game's; when they differ, or fewer than :data:`FEWEST_WON` deals were won, the figure
is not known. In a game of mostly luck every won deal has the grade ``winnable``: its
difficulty is luck, and the lobby says so beside the share of winnable deals.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from patience.solver.difficulty import Grade

DATA = Path(__file__).with_name("win_rates.json")

MOST_UNKNOWN = 0.05
"""Above this share of unknown deals the rate over decided deals would mislead; show bounds.

The unknown deals are no random sample: they are the hard ones, and where losses are hard to
prove (Klondike, Tournament, Spider) mostly lost ones, so won over decided overstates the
rate (Klondike draw 1: 840 won, 19 proved, 141 unknown would read 98% against about 82%
published)."""

FEWEST_WON = 30
"""Fewer won deals than this say too little about a typical deal."""

SEARCH_GRADES = (Grade.EASY, Grade.MEDIUM, Grade.HARD, Grade.EXPERT)
"""The grades a search gives a won deal, easiest first."""

WON_GRADES = (*SEARCH_GRADES, Grade.WINNABLE)
"""Every grade a won deal can have."""


class BadFigures(ValueError):
    """A measured entry that does not add up."""


@dataclass(frozen=True)
class Measured:
    """How many of the measured deals were won, proved unwinnable, or left unknown, and how
    many won deals had each grade (``None`` where the run did not record grades)."""

    deals: int
    won: int
    unwinnable: int
    unknown: int
    grades: Mapping[str, int] | None = field(default=None)
    nodes: int | None = None
    """The node budget a deal had (``None`` in entries from before it was recorded)."""
    seconds: float | None = None
    """The time budget a deal had, if any was recorded."""
    median_seconds: float | None = None
    """The median time the solver took over a deal, if recorded."""

    def __post_init__(self) -> None:
        if min(self.won, self.unwinnable, self.unknown) < 0:
            raise BadFigures(f"negative counts in {self}")
        if self.won + self.unwinnable + self.unknown != self.deals:
            raise BadFigures(f"won, unwinnable and unknown do not add up to the deals: {self}")
        if self.grades is not None:
            names = {grade.value for grade in WON_GRADES}
            if not set(self.grades) <= names or min(self.grades.values(), default=0) < 0:
                raise BadFigures(f"grades of won deals must be counts of {sorted(names)}")
            if sum(self.grades.values()) != self.won:
                raise BadFigures(f"the grades do not add up to the won deals: {self}")

    @property
    def bounds(self) -> tuple[float, float]:
        """The winnable share if every unknown deal is lost, and if every one is won."""
        return self.won / self.deals, (self.won + self.unknown) / self.deals

    @property
    def rate(self) -> float | None:
        """Won over decided deals, or ``None`` where too many deals are unknown."""
        decided = self.won + self.unwinnable
        if not decided or self.unknown > MOST_UNKNOWN * self.deals:
            return None
        return self.won / decided

    @property
    def typical_grade(self) -> Grade | None:
        """The grade of the typical winnable deal (see the module's docstring), or ``None``
        where the figures cannot tell it.

        >>> Measured(100, 60, 30, 10, {"easy": 40, "medium": 20}).typical_grade
        <Grade.EASY: 'easy'>
        >>> Measured(100, 60, 0, 40, {"easy": 40, "medium": 20}).typical_grade is None
        True
        """
        if self.grades is None or self.won < FEWEST_WON:
            return None
        if self.grades.get(Grade.WINNABLE.value, 0) == self.won:
            return Grade.WINNABLE
        counts = [self.grades.get(grade.value, 0) for grade in SEARCH_GRADES]
        if sum(counts) != self.won:
            return None  # luck and search grades mixed: no single reading
        if_none_winnable = _middle(counts, 0)
        if_all_winnable = _middle(counts, self.unknown)
        return if_none_winnable if if_none_winnable is if_all_winnable else None


def _middle(counts: list[int], harder: int) -> Grade | None:
    """The grade of the middle deal (the later of two) of ``counts`` (per search grade) and
    ``harder`` deals that come after all of them; ``None`` if the middle deal is one of those."""
    middle = (sum(counts) + harder) // 2
    for grade, count in zip(SEARCH_GRADES, counts, strict=True):
        if middle < count:
            return grade
        middle -= count
    return None


def grade_counts(grades: Iterable[str]) -> dict[str, int]:
    """How many won deals had each grade, easiest first, from the grades of every deal."""
    return _in_order(Counter(grades))


def _in_order(counts: Mapping[str, int]) -> dict[str, int]:
    return {g.value: counts[g.value] for g in WON_GRADES if counts.get(g.value)}


def _entry(row: Mapping[str, Any]) -> Measured:
    return Measured(
        deals=row["deals"],
        won=row["won"],
        unwinnable=row["unwinnable"],
        unknown=row["unknown"],
        grades=row.get("grades"),
        nodes=row.get("nodes"),
        seconds=row.get("seconds"),
        median_seconds=row.get("median_seconds"),
    )


def load(path: Path = DATA) -> dict[str, Measured]:
    """Every measured game spec; an absent file means nothing is measured yet. Entries from
    before grades were recorded load with ``grades`` ``None``."""
    if not path.exists():
        return {}
    raw = json.loads(path.read_text(encoding="utf-8"))
    return {spec: _entry(row) for spec, row in raw.items()}


def save(rows: Mapping[str, Measured], path: Path = DATA) -> None:
    """Write the figures (sorted, so the file changes only where a figure does)."""
    data: dict[str, dict[str, Any]] = {}
    for spec in sorted(rows):
        row = rows[spec]
        entry: dict[str, Any] = {
            "deals": row.deals,
            "won": row.won,
            "unwinnable": row.unwinnable,
            "unknown": row.unknown,
        }
        if row.grades is not None:
            entry["grades"] = _in_order(row.grades)
        for name in ("nodes", "seconds", "median_seconds"):
            if (value := getattr(row, name)) is not None:
                entry[name] = value
        data[spec] = entry
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


@cache
def measured(spec: str) -> Measured | None:
    """The figures of one game spec, if it was measured."""
    return load().get(spec)
