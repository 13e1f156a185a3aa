"""``patience serve`` refuses bad settings with one clear line (the serving itself is tested
through a real server in tests/web/test_restart.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from patience.cli import main


def test_unreachable_database_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(
        ["serve", "--data-dir", str(tmp_path), "--db", "postgresql://nobody@127.0.0.1:1/none"]
    )
    assert status == 1
    error = capsys.readouterr().err
    assert error.startswith("patience: error: cannot use the database") and error.count("\n") == 1


def test_workers_must_be_positive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--data-dir", str(tmp_path), "--workers", "0"]) == 2
    assert "--workers" in capsys.readouterr().err


def test_a_data_directory_that_cannot_hold_the_secret_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PATIENCE_SECRET", raising=False)
    (tmp_path / "file").write_text("not a directory")
    assert main(["serve", "--data-dir", str(tmp_path / "file" / "data")]) == 1
    error = capsys.readouterr().err
    assert error.startswith("patience: error: cannot read or write the cookie secret")
    assert error.count("\n") == 1 and "Traceback" not in error
