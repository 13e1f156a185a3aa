"""What a search answers: won (with the moves), proven unwinnable, or unknown.

The three are distinct types so that no caller can take one for another. Every answer is the
solver's view: it sees every card, face-down and talon cards included.
"""

from __future__ import annotations

from dataclasses import dataclass

from patience.engine.position import Move


@dataclass(frozen=True)
class Budget:
    """How much work a search may do: a node count (deterministic) and optionally seconds."""

    nodes: int = 200_000
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.nodes < 1:
            raise ValueError("a budget needs at least one node")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("a time budget must be positive")


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
