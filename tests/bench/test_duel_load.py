"""bench/duel_load.py: a small run against a live server prints its table, with moves made and
their events delivered to the other seat (no timing asserted)."""

from __future__ import annotations

import pytest

from bench_module import load_bench

bench = load_bench("duel_load")


def test_two_duels_print_their_row_with_events_delivered(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench.main(["--duels", "2", "--seconds", "3", "--think-ms", "200"])
    out = capsys.readouterr().out.splitlines()
    header = next(n for n, line in enumerate(out) if line.startswith("run "))
    row = out[header + 1].split()
    assert row[:3] == ["sqlite", "1w", "2"]
    duels, moves, events, errors = int(row[4]), int(row[5]), int(row[10]), int(row[15])
    assert duels >= 2 and moves > 0 and events > 0 and errors == 0
    assert any(line.startswith("sqlite 1w 2 duels:") and "load average" in line for line in out)
