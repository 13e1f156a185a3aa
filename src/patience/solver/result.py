"""What a search answers: won (with the moves), proven unwinnable, or unknown.

The three are distinct types so that no caller can take one for another. Every answer is the
solver's view: it sees every card, face-down and talon cards included.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from patience.engine.position import Move


@dataclass(frozen=True)
class Budget:
    """How much work a search may do: a node count (deterministic) and optionally seconds.

    Seconds are wall-clock seconds, or with ``cpu`` the CPU seconds of the searching process:
    what a core of its own would give, whatever else a shared machine runs (for measurements;
    a player waits wall-clock seconds). The seconds a result reports are by the same clock.

    >>> Budget(1000, 2.0, cpu=True).clock() >= 0
    True
    """

    nodes: int = 200_000
    seconds: float | None = None
    cpu: bool = False

    def __post_init__(self) -> None:
        if self.nodes < 1:
            raise ValueError("a budget needs at least one node")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("a time budget must be positive")

    def clock(self) -> float:
        """Now, in seconds, by this budget's clock (only differences mean anything)."""
        return time.process_time() if self.cpu else time.perf_counter()


class Meter:
    """What a search has used of its budget. The search counts its nodes; the meter compares
    them with the budget and reads the clock only every ``every``-th node (reading it costs).

    >>> meter = Meter(Budget(nodes=10))
    >>> meter.spent(9), meter.spent(10)
    (False, True)
    """

    __slots__ = ("began", "clock", "deadline", "every", "limit")

    def __init__(self, budget: Budget, every: int = 64, began: float | None = None) -> None:
        self.clock = budget.clock
        self.began = self.clock() if began is None else began
        self.limit = budget.nodes
        self.deadline = None if budget.seconds is None else self.began + budget.seconds
        self.every = every

    def late(self, nodes: int) -> bool:
        """Is the time budget spent? (The clock is read when ``nodes`` is a multiple of
        ``every``; otherwise the answer is no.)"""
        deadline = self.deadline
        return deadline is not None and nodes % self.every == 0 and self.clock() > deadline

    def spent(self, nodes: int) -> bool:
        """Is the budget spent after ``nodes`` nodes: the node budget, or the time budget?"""
        return nodes >= self.limit or self.late(nodes)

    def elapsed(self) -> float:
        """Seconds since the search began, by the budget's clock."""
        return self.clock() - self.began


@dataclass(frozen=True)
class Won:
    """A winning line: playing ``moves`` from the position wins the game."""

    moves: tuple[Move, ...]
    nodes: int
    seconds: float
    name = "won"


@dataclass(frozen=True)
class ProvenUnwinnable:
    """Every reachable position was searched (with sound pruning only) and none wins."""

    nodes: int
    seconds: float
    name = "unwinnable"


@dataclass(frozen=True)
class Unknown:
    """The budget ran out before a win was found or every position was searched."""

    nodes: int
    seconds: float
    name = "unknown"


Result = Won | ProvenUnwinnable | Unknown
