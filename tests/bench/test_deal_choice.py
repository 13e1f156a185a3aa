"""bench/deal_choice.py: every offered kind timed through the app, and the table it prints."""

from __future__ import annotations

from bench_module import load_bench

bench = load_bench("deal_choice")


def test_one_round_times_each_offered_kind() -> None:
    times = bench.measure(1, ["freecell", "thirteens"])
    assert list(times) == ["any", "winnable", "easy", "medium", "hard", "expert"][: len(times)]
    assert len(times["any"]) == len(times["winnable"]) == 2 and len(times["easy"]) == 1
    assert all(s > 0 for seconds in times.values() for s in seconds)


def test_the_report_reads_median_and_95th_percentile() -> None:
    table = bench.report({"hard": [0.001 * n for n in range(1, 21)]}, "0.50 0.40 0.30 1/99 7")
    assert table.splitlines()[1].split() == ["hard", "20", "10.5", "19.0"]
    assert table.endswith("load average: 0.50 0.40 0.30 1/99 7")
