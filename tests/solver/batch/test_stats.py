"""Totals, the Wilson interval and the chart of many solved deals."""

from __future__ import annotations

import math

import pytest

from patience.solver.batch.chart import svg_chart
from patience.solver.batch.stats import DealRecord, solve_many, summarize, wilson


def test_wilson_interval_matches_the_textbook_value() -> None:
    low, high = wilson(81, 100)
    assert math.isclose(low, 0.7222, abs_tol=1e-3)
    assert math.isclose(high, 0.8749, abs_tol=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert math.isclose(wilson(10, 10)[1], 1.0)


def test_summary_counts_and_bounds() -> None:
    records = [
        DealRecord(1, "won", 10, 0.1, 5, "easy"),
        DealRecord(2, "won", 10, 0.2, 5, "easy"),
        DealRecord(3, "unwinnable", 10, 0.3, 0, "unwinnable"),
        DealRecord(4, "unknown", 10, 0.4, 0, "unknown"),
    ]
    s = summarize(records)
    assert (s.deals, s.won, s.unwinnable, s.unknown) == (4, 2, 1, 1)
    assert math.isclose(s.rate, 2 / 3)
    assert (s.lowest, s.highest) == (0.5, 0.75)
    assert s.max_seconds == 0.4
    chart = svg_chart("t", records)
    assert chart.startswith("<svg") and chart.rstrip().endswith("</svg>")
    assert "won: 50.0%" in chart


def test_solve_many_in_one_process_keeps_deal_order() -> None:
    from patience.solver import Budget

    records = list(solve_many("thirteens", {}, [3, 4, 5], Budget(nodes=2_000), jobs=1))
    assert [r.deal for r in records] == [3, 4, 5]
    assert all(r.outcome in ("won", "unwinnable", "unknown") for r in records)
    assert all(r.cpu_seconds is not None and r.cpu_seconds >= 0 for r in records)


def test_a_win_that_does_not_replay_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import patience.solver
    from patience.solver import Budget, Won, searcher_for

    real = searcher_for

    class Claims:  # answers "won" with no moves from a start that is not won
        def __init__(self, rules: object) -> None:
            self.engine = real(rules).engine

        def solve(self, start: object, budget: object) -> Won:
            return Won((), 1, 0.0)

    monkeypatch.setattr(patience.solver, "searcher_for", Claims)
    with pytest.raises(RuntimeError, match="does not replay"):
        list(solve_many("thirteens", {}, [1], Budget(nodes=10), jobs=1))


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_paused_for_the_search_and_restored(
    monkeypatch: pytest.MonkeyPatch, enabled: bool
) -> None:
    import gc

    import patience.solver
    from patience.solver import Budget, searcher_for

    real = searcher_for
    seen: list[bool] = []

    class Watched:  # the real searcher, noting whether the collector runs while it searches
        def __init__(self, rules: object) -> None:
            self.inner = real(rules)
            self.engine = self.inner.engine

        def solve(self, start: object, budget: object) -> object:
            seen.append(gc.isenabled())
            return self.inner.solve(start, budget)

    monkeypatch.setattr(patience.solver, "searcher_for", Watched)
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        records = list(solve_many("thirteens", {}, [3, 4], Budget(nodes=2_000), jobs=1))
        after = gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()
    assert seen == [False, False]
    assert after is enabled
    assert [r.deal for r in records] == [3, 4]


def test_the_collector_is_restored_when_the_search_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    import patience.solver
    from patience.solver import Budget, searcher_for

    real = searcher_for

    class Fails:
        def __init__(self, rules: object) -> None:
            self.engine = real(rules).engine

        def solve(self, start: object, budget: object) -> object:
            raise MemoryError("out of memory in the search")

    monkeypatch.setattr(patience.solver, "searcher_for", Fails)
    assert gc.isenabled()
    with pytest.raises(MemoryError):
        list(solve_many("thirteens", {}, [1], Budget(nodes=10), jobs=1))
    assert gc.isenabled()
