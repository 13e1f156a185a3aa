"""Measured win rates (the solver's view: every card known), as `bench/win_rates.py` wrote them.

The figures live in ``win_rates.json`` beside this module, keyed by game spec
(``klondike:draw=1,passes=unlimited``); the bench rewrites it, nothing else does.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("win_rates.json")

MOST_UNKNOWN = 0.2
"""Above this share of unknown deals the rate over decided deals would mislead; show bounds."""


@dataclass(frozen=True)
class Measured:
    """How many of the measured deals were won, proved unwinnable, or left unknown."""

    deals: int
    won: int
    unwinnable: int
    unknown: int

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


def load(path: Path = DATA) -> dict[str, Measured]:
    """Every measured game spec; an absent file means nothing is measured yet."""
    if not path.exists():
        return {}
    raw = json.loads(path.read_text(encoding="utf-8"))
    return {spec: Measured(**row) for spec, row in raw.items()}


def save(rows: Mapping[str, Measured], path: Path = DATA) -> None:
    """Write the figures (sorted, so the file changes only where a figure does)."""
    data = {spec: asdict(rows[spec]) for spec in sorted(rows)}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


@cache
def measured(spec: str) -> Measured | None:
    """The figures of one game spec, if it was measured."""
    return load().get(spec)
