"""bench/win_rates.py on a few deals at tiny budgets: extending a row, resuming from a log,
re-checking unknown deals, and refusing what would not add up without changing anything."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from bench_module import load_bench
from patience.solver import Budget
from patience.solver.batch.measured import Measured, load
from patience.solver.batch.stats import DealRecord, solve_many

ROOT = Path(__file__).resolve().parents[2]
SMALL = ["--jobs", "1", "--nodes", "300", "--seconds", "30"]
"""Pyramid at 300 nodes leaves some of deals 1-8 won, some proved lost and some unknown."""


bench = load_bench("win_rates")


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    """A doc with a hand-written "Reading" section, and no figures yet."""
    doc = tmp_path / "win_rates.md"
    doc.write_text("# old\n\n## Reading this table\n\nOur words.\n\n## Difficulty\n\nold\n")
    return ["--doc", str(doc), "--json", str(tmp_path / "rates.json")]


def _run(*args: str) -> int:
    code: int = bench.main(list(args))
    return code


def _row(files: list[str], spec: str = "pyramid") -> Measured:
    return load(Path(files[3]))[spec]


def _outputs(files: list[str]) -> tuple[bytes, bytes]:
    return Path(files[1]).read_bytes(), Path(files[3]).read_bytes()


def test_a_row_extended_by_the_next_deals_equals_one_run_of_them_all(
    files: list[str], tmp_path: Path
) -> None:
    assert _run("--only", "pyramid", "--deals", "5", *SMALL, *files) == 0
    assert _run("--only", "pyramid", "--first", "6", "--deals", "3", *SMALL, *files) == 0
    whole = ["--doc", str(tmp_path / "whole.md"), "--json", str(tmp_path / "whole.json")]
    assert _run("--only", "pyramid", "--deals", "8", *SMALL, *whole) == 0
    pieces, once = _row(files), _row(whole)
    assert (pieces.first, pieces.last) == (once.first, once.last) == (1, 8)
    for name in ("won", "unwinnable", "unknown", "grades", "unknown_deals", "nodes", "seconds"):
        assert getattr(pieces, name) == getattr(once, name)
    assert pieces.median_parts is not None and [n for n, _ in pieces.median_parts] == [5, 3]
    doc = Path(files[1]).read_text()
    assert "| `pyramid` | 1–8 |" in doc and "≈" in doc
    assert "## Reading this table\n\nOur words.\n" in doc


@pytest.mark.parametrize(
    ("first", "budget", "why"),
    [
        ("7", SMALL, "starts at deal 6, not 7"),  # a gap
        ("5", SMALL, "starts at deal 6, not 5"),  # an overlap
        ("6", ["--jobs", "1", "--nodes", "400", "--seconds", "30"], "a row keeps one budget"),
    ],
)
def test_an_extension_with_a_gap_an_overlap_or_another_budget_changes_nothing(
    files: list[str], first: str, budget: list[str], why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run("--only", "pyramid", "--deals", "5", *SMALL, *files) == 0
    before = _outputs(files)
    assert _run("--only", "pyramid", "--first", first, "--deals", "2", *budget, *files) == 2
    assert why in capsys.readouterr().err
    assert _outputs(files) == before


def test_a_row_without_a_clock_has_a_node_budget_alone(files: list[str]) -> None:
    assert (
        _run(
            "--only",
            "pyramid",
            "--deals",
            "3",
            "--jobs",
            "1",
            "--nodes",
            "300",
            "--no-clock",
            *files,
        )
        == 0
    )
    row = _row(files)
    assert (row.nodes, row.seconds) == (300, None)
    assert "| 300 nodes |" in Path(files[1]).read_text()
    more = ["--first", "4", "--deals", "1", "--jobs", "1", "--nodes", "300"]
    assert _run("--only", "pyramid", *more, "--seconds", "30", *files) == 2  # another budget
    assert _run("--only", "pyramid", *more, "--no-clock", *files) == 0
    assert _row(files).last == 4


def test_extending_a_row_that_is_not_there_is_refused(files: list[str]) -> None:
    assert _run("--only", "pyramid", "--first", "6", "--deals", "2", *SMALL, *files) == 2
    assert not Path(files[3]).exists()


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the deals the bench hands to the solver."""
    asked: list[int] = []

    def counted(
        game: str,
        options: dict[str, str],
        deals: Sequence[int],
        budget: Budget,
        jobs: int,
        cluster: str | None,
    ) -> Iterator[DealRecord]:
        asked.extend(deals)
        return solve_many(game, options, deals, budget, jobs, cluster)

    monkeypatch.setattr(bench, "solve_many", counted)
    return asked


def test_a_killed_run_resumes_from_its_log_and_solves_only_the_deals_not_logged(
    files: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "run.log"
    run = ["--only", "pyramid", "--deals", "6", *SMALL, "--log", str(log), *files]
    asked = _counting(monkeypatch)
    assert _run(*run) == 0
    finished = _row(files)
    lines = log.read_text().splitlines(keepends=True)
    assert len(lines) == 1 + 6 and asked == [1, 2, 3, 4, 5, 6]
    log.write_text("".join(lines[:5]) + lines[5][:20])  # killed while logging deal 5
    asked.clear()
    assert _run(*run) == 0
    assert asked == [5, 6]
    deals = [json.loads(line)["deal"] for line in log.read_text().splitlines()[1:]]
    assert deals == [1, 2, 3, 4, 5, 6]
    resumed = _row(files)  # the same figures; only the times of deals 5 and 6 were taken again
    assert replace(resumed, median_seconds=None) == replace(finished, median_seconds=None)
    asked.clear()
    assert _run(*run) == 0  # all logged: nothing to solve
    assert asked == []
    assert _row(files) == resumed
    extend = ["--only", "pyramid", "--first", "7", "--deals", "2", *SMALL, "--log", str(log)]
    assert _run(*extend, *files) == 0  # the next piece of the row, in the same log
    assert asked == [7, 8]
    assert len(log.read_text().splitlines()) == 1 + 8


def test_a_log_of_another_budget_or_more_than_one_spec_is_refused(
    files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "run.log"
    assert _run("--only", "pyramid", "--deals", "2", *SMALL, "--log", str(log), *files) == 0
    before, logged = _outputs(files), log.read_bytes()
    other = ["--jobs", "1", "--nodes", "301", "--seconds", "30"]
    assert _run("--only", "pyramid", "--deals", "3", *other, "--log", str(log), *files) == 2
    assert "another measurement" in capsys.readouterr().err
    assert _run("--only", "klondike", "--deals", "1", *SMALL, "--log", str(log), *files) == 2
    assert "single spec" in capsys.readouterr().err
    assert (_outputs(files), log.read_bytes()) == (before, logged)


def test_a_recheck_solves_exactly_the_unknown_deals_again_and_narrows_the_bounds(
    files: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _run("--only", "pyramid", "--deals", "8", *SMALL, *files) == 0
    row = _row(files)
    assert row.unknown_deals, "the small budget is meant to leave some deals unknown"
    asked = _counting(monkeypatch)
    larger = ["--jobs", "1", "--nodes", "1000", "--seconds", "30"]
    log = tmp_path / "recheck.log"
    assert _run("--recheck", "pyramid", *larger, "--log", str(log), *files) == 0
    assert asked == list(row.unknown_deals)
    asked.clear()
    assert _run("--recheck", "pyramid", *larger, "--log", str(log), *files) == 0
    assert asked == []  # a recheck resumes from its log too
    again = list(solve_many("pyramid", {}, row.unknown_deals, Budget(1000, 30.0), jobs=1))
    checked = _row(files)
    check = checked.recheck
    assert check is not None and (check.nodes, check.seconds, check.last) == (1000, 30.0, 8)
    assert check.won == sum(r.outcome == "won" for r in again)
    assert check.unwinnable == sum(r.outcome == "unwinnable" for r in again)
    assert check.unknown_deals == tuple(r.deal for r in again if r.outcome == "unknown")
    assert checked.rechecked_bounds == (
        (row.won + check.won) / 8,
        (row.won + row.unknown - check.unwinnable) / 8,
    )
    doc = Path(files[1]).read_text()
    lowest, highest = checked.rechecked_bounds
    line = f"| `pyramid` | {len(again)} of deals 1–8 | 1,000 nodes / 30 s | {check.won} |"
    assert "## Re-checked unknown deals" in doc and line in doc
    assert f"| {lowest:.1%}–{highest:.1%} |" in doc


def test_a_recheck_needs_a_larger_budget_and_a_kept_list(
    files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run("--only", "pyramid", "--deals", "4", *SMALL, *files) == 0
    before = _outputs(files)
    for budget in (SMALL, ["--nodes", "2000", "--seconds", "1"], ["--nodes", "200"]):
        assert _run("--recheck", "pyramid", "--jobs", "1", *budget, *files) == 2
        assert "not larger" in capsys.readouterr().err
    assert _run("--recheck", "thirteens", "--nodes", "9000", *files) == 2
    assert "no row" in capsys.readouterr().err
    assert _outputs(files) == before
    path = Path(files[3])
    raw = json.loads(path.read_text())
    del raw["pyramid"]["unknown_deals"]  # as rows measured before the lists were kept
    path.write_text(json.dumps(raw))
    assert _run("--recheck", "pyramid", "--nodes", "9000", *files) == 2
    assert "kept no list" in capsys.readouterr().err


def test_rows_written_before_the_new_fields_still_make_the_doc_and_extend(
    files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    old = {"deals": 10, "won": 8, "unwinnable": 1, "unknown": 1, "nodes": 300, "seconds": 30.0}
    Path(files[3]).write_text(json.dumps({"caprice": old}))
    assert _run("--only", "thirteens", "--deals", "3", *SMALL, *files) == 0
    doc = Path(files[1]).read_text()
    assert "| `caprice` | 1–10 | 8 | 1 | 1 |" in doc
    assert "Re-checked" not in doc
    assert load(Path(files[3]))["caprice"].deals == 10
    assert _run("--only", "caprice", "--first", "11", "--deals", "2", *SMALL, *files) == 0
    assert "kept no list" in capsys.readouterr().out
    extended = load(Path(files[3]))["caprice"]
    assert (extended.first, extended.last, extended.unknown_deals) == (1, 12, None)
    assert extended.won + extended.unwinnable + extended.unknown == 12


def test_only_takes_game_ids_and_specs_with_defaults_left_out(
    files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.selected("klondike:draw=3;thirteens") == [
        "klondike:draw=3,passes=unlimited",
        "thirteens",
    ]
    assert len(bench.selected("klondike")) == 6
    for wrong in ("klondik", "klondike:draw=5"):
        assert _run("--only", wrong, "--deals", "1", *SMALL, *files) == 2
        assert wrong.split(":")[0] in capsys.readouterr().err
    assert not Path(files[3]).exists()


def test_deals_solved_from_the_top_join_a_row_as_if_solved_in_one_run(
    files: list[str], tmp_path: Path
) -> None:
    up, down = tmp_path / "up.log", tmp_path / "down.log"
    assert _run("--only", "thirteens", "--deals", "2", *SMALL, *files) == 0
    before = _outputs(files)
    assert (
        _run("--only", "pyramid", "--deals", "8", "--from-top", "--log", str(down), *SMALL, *files)
        == 0
    )
    assert _outputs(files) == before  # no row written
    logged = [json.loads(line)["deal"] for line in down.read_text().splitlines()[1:]]
    assert logged == [8, 7, 6, 5, 4, 3, 2, 1]
    assert _run("--only", "pyramid", "--deals", "3", "--log", str(up), *SMALL, *files) == 0
    solved = down.read_text()
    assert (
        _run(
            "--only", "pyramid", "--first", "4", "--deals", "5", "--log", str(down), *SMALL, *files
        )
        == 0
    )
    assert down.read_text() == solved  # read from the log, nothing solved again
    whole = ["--doc", str(tmp_path / "whole.md"), "--json", str(tmp_path / "whole.json")]
    assert _run("--only", "pyramid", "--deals", "8", *SMALL, *whole) == 0
    joined, once = _row(files), _row(whole)
    for name in ("first", "last", "won", "unwinnable", "unknown", "grades", "unknown_deals"):
        assert getattr(joined, name) == getattr(once, name)


def test_solving_from_the_top_needs_a_log(files: list[str]) -> None:
    assert _run("--only", "thirteens", "--deals", "2", *SMALL, *files) == 0
    before = _outputs(files)
    assert _run("--only", "pyramid", "--deals", "3", "--from-top", *SMALL, *files) == 2
    assert _outputs(files) == before


def test_a_row_measured_on_a_cluster_equals_one_measured_here(
    files: list[str], tmp_path: Path, dask_cluster: str
) -> None:
    clockless = ["--nodes", "300", "--no-clock", "--only", "pyramid", "--deals", "8"]
    assert _run(*clockless, "--jobs", "1", *files) == 0
    there = ["--doc", str(tmp_path / "there.md"), "--json", str(tmp_path / "there.json")]
    assert _run(*clockless, "--cluster", dask_cluster, *there) == 0
    here, far = _row(files), _row(there)
    for name in ("won", "unwinnable", "unknown", "grades", "unknown_deals", "first", "last"):
        assert getattr(far, name) == getattr(here, name)
