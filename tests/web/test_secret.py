"""The cookie secret: made once, kept private, the same on every start; the env var wins."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from patience.web.secret import ENV, load_secret


def test_secret_is_made_once_and_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    first = load_secret(tmp_path / "data")
    assert len(first) >= 32
    assert load_secret(tmp_path / "data") == first
    mode = stat.S_IMODE((tmp_path / "data" / "secret").stat().st_mode)
    assert mode == 0o600


def test_environment_secret_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, "from-the-environment")
    assert load_secret(tmp_path) == "from-the-environment"
    assert not (tmp_path / "secret").exists()


def test_empty_secret_file_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    (tmp_path / "secret").write_text("")
    with pytest.raises(RuntimeError, match="empty"):
        load_secret(tmp_path)
