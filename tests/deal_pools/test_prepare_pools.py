"""Preparing a pool: the same range and budget give the same file, on every run."""

from __future__ import annotations

from pathlib import Path

import pytest

from patience.cli import main
from patience.deal_pools import file_name, parse_pool
from patience.deal_pools.prepare import prepare, reachable
from patience.games import GAMES
from patience.solver.difficulty import Grade


def _prepare_into(out: Path) -> bytes:
    argv = ["pools", "prepare", "klondike:draw=3,passes=1", "freecell", "thirteens"]
    status = main([*argv, "--from", "11", "--deals", "6", "--nodes", "3000", "--out", str(out)])
    assert status == 0
    return b"".join((out / file_name(s)).read_bytes() for s in ("freecell", "thirteens"))


def test_preparing_twice_writes_identical_files(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    assert _prepare_into(one) == _prepare_into(two)
    pool = parse_pool((one / file_name("thirteens")).read_text())
    assert (pool.first, pool.nodes) == (11, 3000) and set(pool.grades) <= {"winnable"}


def test_the_scan_stops_once_every_reachable_grade_is_full() -> None:
    pool = prepare(GAMES["thirteens"], (), first=1, deals=100, nodes=3000, per_grade=2)
    assert len(pool.grades["winnable"]) == 2 and pool.last == pool.grades["winnable"][-1]


def test_a_small_budget_reaches_no_expert_deal() -> None:
    assert Grade.EXPERT not in reachable(GAMES["freecell"], 30_000)
    assert Grade.EXPERT in reachable(GAMES["freecell"], 30_001)


def test_pools_show_lists_every_spec(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pools", "show"]) == 0
    out = capsys.readouterr().out
    assert "klondike:draw=1,passes=1:" in out and "freecell: winnable" in out


def test_a_pool_prepared_on_a_cluster_is_the_same_file(tmp_path: Path, dask_cluster: str) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir()
    there.mkdir()
    argv = [
        "pools",
        "prepare",
        "thirteens",
        "--deals",
        "150",
        "--nodes",
        "3000",
        "--per-grade",
        "3",
    ]
    assert main([*argv, "--out", str(here)]) == 0
    assert main([*argv, "--out", str(there), "--cluster", dask_cluster]) == 0
    written = (here / file_name("thirteens")).read_text()
    assert (there / file_name("thirteens")).read_text() == written
    assert parse_pool(written).last < 150  # the scan stopped early, at the same deal
