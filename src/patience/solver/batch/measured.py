"""Measured win rates and difficulty (the solver's view: every card known), as
`bench/win_rates.py` wrote them.

The figures live in ``win_rates.json`` beside this module, keyed by game spec; the bench
rewrites it, nothing else does. :attr:`Measured.typical_grade` is a game's difficulty (the
grade of its typical winnable deal, bounded by the unknown deals), and :meth:`Measured.extended`
adds a later run of the next deals at the same budget.
(docs/SOLVERS.md, "A game's difficulty and win rate from many deals")
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from patience.solver.difficulty import Grade

DATA = Path(__file__).with_name("win_rates.json")

MOST_UNKNOWN = 0.05
"""Above this share of unknown deals the rate over decided deals would mislead; show bounds
(why, with an example: docs/SOLVERS.md, "A game's difficulty and win rate from many deals")."""

FEWEST_WON = 30
"""Fewer won deals than this say too little about a typical deal."""

SEARCH_GRADES = (Grade.EASY, Grade.MEDIUM, Grade.HARD, Grade.EXPERT)
"""The grades a search gives a won deal, easiest first."""

WON_GRADES = (*SEARCH_GRADES, Grade.WINNABLE)
"""Every grade a won deal can have."""


class BadFigures(ValueError):
    """A measured entry that does not add up."""


class NotAnExtension(ValueError):
    """A run that cannot extend an entry: another budget, or not the next deals."""


@dataclass(frozen=True)
class Recheck:
    """An entry's unknown deals (those up to deal ``last``) solved again with a larger budget:
    how many it won and proved unwinnable, and the deals it still left unknown."""

    nodes: int
    seconds: float | None
    last: int
    won: int
    unwinnable: int
    unknown_deals: tuple[int, ...]

    @property
    def unknown(self) -> int:
        """How many of the re-solved deals are still unknown."""
        return len(self.unknown_deals)


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
    """The median time the solver took over a deal, if recorded (for an extended entry, the
    mean of its runs' medians weighted by deals: see ``median_parts``)."""
    first: int = 1
    """The first deal measured; the entry covers deals ``first`` to :attr:`last`."""
    unknown_deals: tuple[int, ...] | None = None
    """The numbers of the unknown deals, in order (``None`` where the run did not keep them)."""
    median_parts: tuple[tuple[int, float], ...] | None = None
    """Per run of an extended entry, its deals and its median seconds (``None``: one run)."""
    recheck: Recheck | None = None
    """The unknown deals solved again with a larger budget, if that was done."""

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
        if self.first < 1:
            raise BadFigures(f"deals are numbered from 1: {self}")
        if self.median_parts is not None and sum(n for n, _ in self.median_parts) != self.deals:
            raise BadFigures(f"the runs' medians do not cover the deals: {self}")
        if self.unknown_deals is not None:
            self._check_unknown_deals(self.unknown_deals)
        elif self.recheck is not None:
            raise BadFigures(f"a recheck needs the list of unknown deals: {self}")

    def _check_unknown_deals(self, unknown: tuple[int, ...]) -> None:
        if len(unknown) != self.unknown or list(unknown) != sorted(set(unknown)):
            raise BadFigures(f"the list of unknown deals does not match their count: {self}")
        if unknown and not self.first <= unknown[0] <= unknown[-1] <= self.last:
            raise BadFigures(f"unknown deals outside deals {self.first}-{self.last}: {self}")
        check = self.recheck
        if check is None:
            return
        again = [deal for deal in unknown if deal <= check.last]
        if (
            check.last > self.last
            or min(check.won, check.unwinnable) < 0
            or check.won + check.unwinnable + check.unknown != len(again)
            or not set(check.unknown_deals) <= set(again)
        ):
            raise BadFigures(f"the recheck does not match the unknown deals: {self}")

    @property
    def last(self) -> int:
        """The last deal measured."""
        return self.first + self.deals - 1

    @property
    def rechecked_bounds(self) -> tuple[float, float] | None:
        """The bounds once the recheck is counted: a deal won at either budget is won, one
        proved unwinnable is lost (``None`` without a recheck)."""
        check = self.recheck
        if check is None:
            return None
        return (
            (self.won + check.won) / self.deals,
            (self.won + self.unknown - check.unwinnable) / self.deals,
        )

    def refuse_extension(self, first: int, nodes: int, seconds: float | None) -> None:
        """Raise :class:`NotAnExtension` unless a run from deal ``first`` at this budget
        would continue this entry exactly."""
        if (self.nodes, self.seconds) != (nodes, seconds):
            raise NotAnExtension(
                f"deals {self.first}-{self.last} were measured with "
                f"{_budget_text(self.nodes, self.seconds)}, this run has "
                f"{_budget_text(nodes, seconds)}: a row keeps one budget"
            )
        if first != self.last + 1:
            raise NotAnExtension(
                f"the row covers deals {self.first}-{self.last}, so an extension starts at deal "
                f"{self.last + 1}, not {first}"
            )

    def extended(self, more: Measured) -> Measured:
        """This entry and ``more``, a run of the deals right after it at the same budget.

        Counts and grades add; the unknown deals are kept where both runs kept them; the
        recheck, if any, stays (it covers the deals it names). The medians cannot be merged:
        each run's is kept, and ``median_seconds`` is their mean weighted by deals.
        """
        self.refuse_extension(more.first, more.nodes or 0, more.seconds)
        grades = None
        if self.grades is not None and more.grades is not None:
            grades = _in_order(Counter(self.grades) + Counter(more.grades))
        unknown = None
        if self.unknown_deals is not None and more.unknown_deals is not None:
            unknown = self.unknown_deals + more.unknown_deals
        parts = None
        median = None
        if self.median_seconds is not None and more.median_seconds is not None:
            parts = (
                *(self.median_parts or ((self.deals, self.median_seconds),)),
                *(more.median_parts or ((more.deals, more.median_seconds),)),
            )
            weighted = sum(n * m for n, m in parts) / sum(n for n, _ in parts)
            median = round(weighted, 4)
        return replace(
            self,
            deals=self.deals + more.deals,
            won=self.won + more.won,
            unwinnable=self.unwinnable + more.unwinnable,
            unknown=self.unknown + more.unknown,
            grades=grades,
            median_seconds=median,
            unknown_deals=unknown,
            median_parts=parts,
        )

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


def _budget_text(nodes: int | None, seconds: float | None) -> str:
    if nodes is None:
        return "no recorded budget"
    return f"{nodes:,} nodes" + ("" if seconds is None else f" / {seconds:g} s")


def compact(deals: Iterable[int]) -> str:
    """Deal numbers in increasing order as ranges: ``[3, 17, 18, 19]`` is ``"3,17-19"``.

    >>> compact([3, 17, 18, 19]), expand("3,17-19")
    ('3,17-19', (3, 17, 18, 19))
    """
    spans: list[list[int]] = []
    for deal in deals:
        if spans and deal == spans[-1][1] + 1:
            spans[-1][1] = deal
        else:
            spans.append([deal, deal])
    return ",".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


def expand(text: str) -> tuple[int, ...]:
    """The deal numbers that :func:`compact` wrote."""
    deals: list[int] = []
    for item in filter(None, text.split(",")):
        low, dash, high = item.partition("-")
        if not low.isdigit() or (dash and not (high.isdigit() and int(high) > int(low))):
            raise BadFigures(f"not a deal or a range of deals: {item!r}")
        deals.extend(range(int(low), int(high or low) + 1))
    return tuple(deals)


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
    unknown = row.get("unknown_deals")
    parts = row.get("median_parts")
    check = row.get("recheck")
    entry = Measured(
        deals=row["deals"],
        won=row["won"],
        unwinnable=row["unwinnable"],
        unknown=row["unknown"],
        grades=row.get("grades"),
        nodes=row.get("nodes"),
        seconds=row.get("seconds"),
        median_seconds=row.get("median_seconds"),
        first=row.get("first", 1),
        unknown_deals=None if unknown is None else expand(unknown),
        median_parts=None if parts is None else tuple((n, m) for n, m in parts),
        recheck=None if check is None else _recheck(check),
    )
    if row.get("last", entry.last) != entry.last:
        raise BadFigures(f"deals {entry.first}-{row['last']} are not {entry.deals} deals")
    return entry


def _recheck(row: Mapping[str, Any]) -> Recheck:
    return Recheck(
        nodes=row["nodes"],
        seconds=row.get("seconds"),
        last=row["last"],
        won=row["won"],
        unwinnable=row["unwinnable"],
        unknown_deals=expand(row["unknown_deals"]),
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
        entry["first"], entry["last"] = row.first, row.last
        if row.unknown_deals is not None:
            entry["unknown_deals"] = compact(row.unknown_deals)
        if row.median_parts is not None:
            entry["median_parts"] = [list(part) for part in row.median_parts]
        if (check := row.recheck) is not None:
            entry["recheck"] = {
                "nodes": check.nodes,
                "seconds": check.seconds,
                "last": check.last,
                "won": check.won,
                "unwinnable": check.unwinnable,
                "unknown_deals": compact(check.unknown_deals),
            }
        data[spec] = entry
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


@cache
def measured(spec: str) -> Measured | None:
    """The figures of one game spec, if it was measured."""
    return load().get(spec)
