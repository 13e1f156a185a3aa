"""Each day's deal of a game: drawn from the server's secret, graded ahead by the solver.

The candidates are sealed deals (:func:`patience.duels.sealed.sealed_deal`) keyed by the day and
the game, so the same secret gives the same deals on every machine, and no public list holds
them. The first candidate whose grade is the one the weekday asks for
(:func:`patience.daily.calendar.wanted_grade`) is the day's deal; when none of
:data:`DAILY_TRIES` is, the first winnable one of :data:`FALLBACK_TRIES` (never an unwinnable
or unknown deal).

>>> from patience.games import GAMES
>>> deal = daily_deal(GAMES["freecell"], "secret", "2026-12-07")
>>> deal.day, deal.game, deal.grade, deal == daily_deal(GAMES["freecell"], "secret", "2026-12-07")
('2026-12-07', 'freecell', 'easy', True)
>>> 0 < deal.par < 200
True
"""

from __future__ import annotations

from dataclasses import dataclass

from patience.daily.calendar import wanted_grade
from patience.deal_pools import WINNABLE, load
from patience.deal_pools.prepare import first_fitting
from patience.duels.sealed import sealed_budget, sealed_deal
from patience.engine.game import start_position
from patience.games.registry import GameInfo, Options
from patience.notation import game_spec
from patience.solver import searcher_for
from patience.solver.difficulty import GRADE_BUDGET
from patience.solver.result import Budget, Won

DAILY_TRIES = 40
"""Candidates graded for the weekday's grade (ahead of the day, not on request)."""

FALLBACK_TRIES = 5_000
"""Candidates searched, with the pool's whole node budget, for any winnable deal when none of
the first :data:`DAILY_TRIES` had the weekday's grade (games seldom won, thin pools). At Knotty
Nines' measured rate, 13 winnable deals in 10,000 (docs/win_rates.md), 400 candidates would
leave a day without its daily with a chance of about 0.6, 5,000 with one of about 0.0015; a
day that needs them all costs a solver process a few CPU seconds."""


@dataclass(frozen=True)
class DailyDeal:
    """The deal of ``game`` (default options) on ``day``, its grade, and its par: the moves
    of the winning line the solver found (None when the search that graded it is not won
    again, which a node budget never lets happen)."""

    day: str
    game: str
    deal: int
    grade: str
    par: int | None


class NoDailyDeal(RuntimeError):
    """No candidate of a day was winnable within the budget (the message says which)."""


def daily_deal(info: GameInfo, secret: str, day: str) -> DailyDeal:
    """Grade the day's candidates of ``info`` (default options) and keep the first that fits."""
    options = info.canonical({})
    pool = load(game_spec(info, options))
    nodes = pool.nodes if pool is not None else GRADE_BUDGET.nodes
    grade = wanted_grade(day, pool.kinds() if pool is not None else ())
    key = f"daily {day} {info.id}"
    deals = [sealed_deal(secret, key, n, info.last_deal) for n in range(DAILY_TRIES)]
    budget = sealed_budget(nodes, grade)
    found = first_fitting(info, options, deals, grade, budget)
    if found is None:  # a game seldom won: any winnable deal, with the pool's whole budget
        deals += (
            sealed_deal(secret, key, n, info.last_deal) for n in range(DAILY_TRIES, FALLBACK_TRIES)
        )
        found, budget = first_fitting(info, options, deals, WINNABLE, nodes), nodes
    if found is None:
        raise NoDailyDeal(f"no winnable {info.id} deal among {FALLBACK_TRIES} for {day}")
    deal, found_grade = found
    return DailyDeal(day, info.id, deal, found_grade, par_of(info, options, deal, budget))


def par_of(info: GameInfo, options: Options, deal: int, nodes: int) -> int | None:
    """The moves of the winning line a search of ``nodes`` nodes finds for ``deal``."""
    searcher = searcher_for(info.rules(dict(options)))
    result = searcher.solve(start_position(info, dict(options), deal), Budget(nodes))
    return len(result.moves) if isinstance(result, Won) else None
