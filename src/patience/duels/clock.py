"""A seat's clock in a duel: the server's time, started for both seats at once.

``limit_ms`` 0 means no clock: a game then ends only when it is won or given up.

>>> clock = Clock(started_ms=1_000, limit_ms=180_000)
>>> clock.used(61_000)
60000
>>> clock.ran_out(181_000), clock.used(500_000)
(True, 180000)
>>> clock.used(500_000, finished_ms=31_000)
30000
>>> Clock(1_000, 0).ran_out(10**12)
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

CLOCK_MINUTES = (0, 3, 5, 10)
"""The clocks a duel may have, in minutes (0: none)."""

DEADLINE_HOURS = (1, 24, 72)
"""How long, in a duel in turn, the second seat may take after the first seat's game ended."""

DEFAULT_DEADLINE_HOURS: Final = 24


@dataclass(frozen=True)
class Clock:
    """When a seat's clock started (server milliseconds) and how long it runs (0: forever)."""

    started_ms: int
    limit_ms: int

    @property
    def ends_ms(self) -> int | None:
        """When the time is up (None without a clock)."""
        return self.started_ms + self.limit_ms if self.limit_ms else None

    def ran_out(self, now_ms: int) -> bool:
        ends = self.ends_ms
        return ends is not None and now_ms >= ends

    def used(self, now_ms: int, finished_ms: int | None = None) -> int:
        """The time the seat has used at ``now_ms`` (or when its game ended), at most the
        clock's limit."""
        stop = now_ms if finished_ms is None else finished_ms
        ends = self.ends_ms
        if ends is not None:
            stop = min(stop, ends)
        return max(stop - self.started_ms, 0)
