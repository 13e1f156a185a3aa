"""bench/options_agree.py: the deal logs of several Klondike options checked against each
other."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench_module import load_bench
from patience.solver.batch.deal_log import DealLog, Header
from patience.solver.batch.stats import DealRecord

bench = load_bench("options_agree")


def _log(path: Path, spec: str, outcomes: dict[int, str]) -> Path:
    with DealLog(path, Header(spec, 1000, None)) as log:
        for deal, outcome in outcomes.items():
            log.add(DealRecord(deal, outcome, 10, 0.01, 0, outcome))
    return path


def test_verdicts_carry_from_narrow_wins_and_wide_proofs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    narrow = _log(
        tmp_path / "d3p3.log",
        "klondike:draw=3,passes=3",
        {1: "won", 2: "unknown", 3: "unknown", 4: "won"},
    )
    wide = _log(
        tmp_path / "d1.log",
        "klondike:draw=1,passes=unlimited",
        {1: "unknown", 2: "unwinnable", 3: "unknown", 4: "won"},
    )
    rows = {r.spec: r for r in bench.compared(bench.gathered([narrow, wide]))}
    d3p3, d1 = rows["klondike:draw=3,passes=3"], rows["klondike:draw=1,passes=unlimited"]
    assert (d3p3.won, d3p3.unknown, d3p3.won_elsewhere, d3p3.lost_elsewhere) == (2, 2, 0, 1)
    assert (d1.won, d1.lost, d1.unknown, d1.won_elsewhere, d1.lost_elsewhere) == (1, 1, 2, 1, 0)
    assert bench.main([str(narrow), str(wide)]) == 0
    out = capsys.readouterr().out
    assert "50.0%–100.0%" in out and "50.0%–75.0%" in out  # d3p3 before and after


def test_a_win_under_a_narrower_option_proved_lost_under_a_wider_one_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    narrow = _log(tmp_path / "a.log", "klondike:draw=3,passes=1", {7: "won"})
    wide = _log(tmp_path / "b.log", "klondike:draw=1,passes=1", {7: "unwinnable"})
    assert bench.main([str(narrow), str(wide)]) == 1
    assert "[7]" in capsys.readouterr().err


def test_one_option_won_in_one_log_and_proved_lost_in_another_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = "klondike:draw=1,passes=1"
    one = _log(tmp_path / "a.log", spec, {5: "won", 6: "unknown"})
    with DealLog(tmp_path / "b.log", Header(spec, 99, 2.0)) as log:  # another budget
        log.add(DealRecord(5, "unwinnable", 10, 0.01, 0, "unwinnable"))
    assert bench.main([str(one), str(tmp_path / "b.log")]) == 1
    assert "[5]" in capsys.readouterr().err


@pytest.mark.parametrize("text", ["hello\n", None], ids=["not a log", "missing"])
def test_a_file_that_is_not_a_log_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | None
) -> None:
    bad = tmp_path / "bad.log"
    if text is not None:
        bad.write_text(text)
    good = _log(tmp_path / "good.log", "klondike:draw=1,passes=1", {1: "won"})
    assert bench.main([str(good), str(bad)]) == 2
    assert "bad.log" in capsys.readouterr().err
