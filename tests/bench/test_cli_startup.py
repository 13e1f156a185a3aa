"""bench/cli_startup.py: the two commands timed in one run, and the table it prints."""

from __future__ import annotations

from bench_module import load_bench

bench = load_bench("cli_startup")


def test_one_run_times_both_commands_and_reports_the_difference() -> None:
    times = bench.measure(1)
    assert list(times) == ["patience games", "python -c pass"]
    assert all(len(seconds) == 1 and seconds[0] > 0 for seconds in times.values())
    table = bench.report(times).splitlines()
    assert table[1].startswith("patience games") and table[2].startswith("python -c pass")
    assert table[3].startswith("patience games costs ")


def test_the_report_reads_medians() -> None:
    table = bench.report({"patience games": [0.3, 0.1, 0.2], "python -c pass": [0.02, 0.01, 0.03]})
    assert table.splitlines()[1].split()[-2:] == ["200", "100"]
    assert table.endswith("costs 180 ms beyond starting Python")
