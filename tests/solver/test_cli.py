"""``patience solve`` and ``patience stats`` (kept here beside the solver they drive)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from patience.cli import main
from patience.engine.game import Game


def test_solve_prints_a_solution_that_replays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "freecell", "--deal", "2", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["outcome"] == "won"
    assert "every card" in record["note"]
    game = Game.new("freecell", deal=2)
    game.replay(record["moves"])
    assert game.engine.is_won(game.position)


def test_solve_text_output_names_the_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "klondike", "-o", "draw=3", "--deal", "3"]) == 0
    out = capsys.readouterr().out
    assert "proven unwinnable" in out and "sees every card" in out


def test_solve_rejects_a_bad_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "freecell", "--nodes", "0"]) == 2
    assert "patience: error" in capsys.readouterr().err


def test_stats_writes_csv_and_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv_path, chart = tmp_path / "deals.csv", tmp_path / "chart.svg"
    args = ["stats", "thirteens", "--deals", "4", "--start", "3", "--jobs", "1"]
    args += ["--nodes", "2000", "--json", "--csv", str(csv_path), "--chart", str(chart)]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["deals"] == 4
    assert summary["won"] + summary["unwinnable"] + summary["unknown"] == 4
    assert (
        csv_path.read_text().splitlines()[0] == "deal,outcome,nodes,seconds,moves,grade,cpu_seconds"
    )
    assert len(csv_path.read_text().splitlines()) == 5
    assert chart.read_text().startswith("<svg")


def test_deal_winnable_gives_a_winnable_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "thirteens", "--winnable", "--position-text"]) == 0
    assert capsys.readouterr().out.startswith("thirteens")
