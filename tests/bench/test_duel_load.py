"""bench/duel_load.py: a small run against a live server prints its table, with moves made and
their events delivered to the other seat, and the players' own lag (no timing asserted). It
runs as a script: its ``asyncio.run`` needs a process whose main thread runs no event loop
(the browser tests' does).
"""

from __future__ import annotations

import subprocess
import sys

from bench_module import BENCH


def test_two_duels_print_their_row_with_events_delivered() -> None:
    command = [sys.executable, str(BENCH / "duel_load.py"), "--duels", "2", "--seconds", "3"]
    done = subprocess.run(
        [*command, "--think-ms", "200"], capture_output=True, text=True, timeout=120, check=False
    )
    out = done.stdout.splitlines()
    header = next(n for n, line in enumerate(out) if line.startswith("run "))
    row = out[header + 1].split()
    assert row[:3] == ["sqlite", "1w", "2"], done.stdout + done.stderr
    duels, moves, events, errors = int(row[4]), int(row[5]), int(row[10]), int(row[15])
    assert duels >= 2 and moves > 0 and events > 0 and errors == 0, done.stdout
    summary = next(line for line in out if line.startswith("sqlite 1w 2 duels:"))
    assert "load average" in summary and "players' lag p99" in summary, summary
