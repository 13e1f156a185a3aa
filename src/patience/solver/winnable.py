"""Winnable deals and "where did I lose it?".

Both ask the solver whether positions can still be won. :func:`first_winnable_deal` uses node
budgets only, so the same call gives the same deal on every machine and a link to it is stable.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from patience.engine.game import start_position
from patience.engine.position import Move, Position
from patience.games.registry import GameInfo
from patience.solver.dispatch import searcher_for
from patience.solver.result import Budget, ProvenUnwinnable, Won

WINNABLE_BUDGET = Budget(nodes=20_000)
"""The default budget per deal for :func:`first_winnable_deal` (nodes only: deterministic)."""

MAX_DEALS_TRIED = 1_000


def first_winnable_deal(
    info: GameInfo,
    options: Mapping[str, str] | None,
    start: int = 1,
    budget: Budget | None = None,
) -> int:
    """The first deal number at or after ``start`` that the solver proves winnable.

    Only the node count of ``budget`` is used. Raises ``LookupError`` when none of the next
    :data:`MAX_DEALS_TRIED` deals is proved winnable within the budget.
    """

    if start < 1:
        raise ValueError("deal numbers start at 1")
    nodes = Budget(nodes=(budget or WINNABLE_BUDGET).nodes)
    searcher = searcher_for(info.rules(options))
    for deal in range(start, start + MAX_DEALS_TRIED):
        if isinstance(searcher.solve(start_position(info, options, deal), nodes), Won):
            return deal
    raise LookupError(
        f"{info.id}: no deal from {start} to {start + MAX_DEALS_TRIED - 1} "
        f"was proved winnable within {nodes.nodes} nodes"
    )


Status = Literal["found", "still_winnable", "never_winnable", "unknown"]


@dataclass(frozen=True)
class LosePoint:
    """Where a game stopped being winnable.

    ``status`` is ``found`` (move number ``lost_at`` was the first after which no win was
    possible; ``last_winnable`` moves in, a win was still possible), ``still_winnable``,
    ``never_winnable`` (the start could not be won), or ``unknown``: the budget ran out, and
    the answer lies after move ``last_winnable`` and at or before move ``lost_at`` (``None``
    when not even that is known).
    """

    status: Status
    last_winnable: int | None
    lost_at: int | None


def lose_point(
    info: GameInfo,
    options: Mapping[str, str] | None,
    start: Position,
    moves: Sequence[Move],
    budget: Budget | None = None,
) -> LosePoint:
    """Binary search over the move list for the first move that lost the game."""

    searcher = searcher_for(info.rules(options))
    engine = searcher.engine
    positions = [start]
    for move in moves:
        positions.append(engine.play(positions[-1], move))
    verdicts: dict[int, bool | None] = {}

    def winnable(k: int) -> bool | None:
        if k not in verdicts:
            result = searcher.solve(positions[k], budget)
            verdicts[k] = None
            if isinstance(result, Won):
                verdicts[k] = True
            elif isinstance(result, ProvenUnwinnable):
                verdicts[k] = False
        return verdicts[k]

    end = len(moves)
    last = winnable(end)
    if last is True:
        return LosePoint("still_winnable", end, None)
    first = winnable(0)
    if first is False:
        return LosePoint("never_winnable", None, 0)
    good = 0 if first else None
    bad = end if last is False else None
    if good is None or bad is None:
        return LosePoint("unknown", good, bad)
    while bad - good > 1:
        mid = (good + bad) // 2
        verdict = winnable(mid)
        if verdict is None:
            return LosePoint("unknown", good, bad)
        if verdict:
            good = mid
        else:
            bad = mid
    return LosePoint("found", good, bad)
