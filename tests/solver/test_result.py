"""Budgets and meters: which clock a time budget is counted on."""

from __future__ import annotations

import itertools
import time

import pytest

from patience.engine.game import start_position
from patience.games import GAMES, get_game
from patience.solver import searcher_for
from patience.solver.result import Budget, Meter, Unknown


def test_a_budget_needs_a_node_and_a_positive_time() -> None:
    with pytest.raises(ValueError, match="at least one node"):
        Budget(nodes=0)
    with pytest.raises(ValueError, match="positive"):
        Budget(10, seconds=0.0)


def test_a_cpu_budget_is_not_spent_while_the_process_waits() -> None:
    wall, cpu = Meter(Budget(10**9, 0.02)), Meter(Budget(10**9, 0.02, cpu=True))
    time.sleep(0.1)  # waiting uses wall-clock time but next to no CPU time
    assert wall.late(0)
    assert not cpu.late(0)
    assert cpu.elapsed() < 0.02 < wall.elapsed()


SEARCHED_DEAL = {"knotty_nines": 9, "trusty_twelve": 2}
"""A deal that takes each game's searcher a few hundred nodes or more (deal 1 by default)."""


CASES = [(game, {}) for game in sorted(GAMES)] + [("klondike", {"passes": "3"})]
"""Every game, and Klondike with a sub-game searched first (klondike_subgame)."""


@pytest.mark.parametrize(("game", "options"), CASES, ids=lambda v: str(v))
@pytest.mark.parametrize("cpu", [True, False])
def test_every_searcher_counts_its_time_budget_on_the_budgets_clock(
    game: str, options: dict[str, str], cpu: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wall clock that leaps a minute at every reading stops a wall-clock budget of a
    minute at its first reading, and does not touch a CPU budget."""
    info = get_game(game)
    searcher = searcher_for(info.rules(options))
    start = start_position(info, options, SEARCHED_DEAL.get(game, 1))
    leaps = itertools.count(step=60.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(leaps))
    result = searcher.solve(start, Budget(3_000, 59.0, cpu=cpu))
    stopped_by_the_clock = isinstance(result, Unknown) and result.nodes < 3_000
    assert stopped_by_the_clock is not cpu
