"""The cookie secret: made once, kept private, the same on every start; the env var wins."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from patience.web.secret import ENV, SecretUnavailable, load_secret


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


def test_an_empty_secret_file_is_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Only an interrupted write of an earlier release leaves one, and the server refused to
    # start on it: it never signed a cookie, so nobody is logged out by a new one.
    monkeypatch.delenv(ENV, raising=False)
    (tmp_path / "secret").write_text("\n")
    made = load_secret(tmp_path)
    assert len(made) >= 32 and load_secret(tmp_path) == made


def test_the_secret_is_flushed_and_linked_into_place_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV, raising=False)
    calls: list[str] = []
    real_fsync, real_link = os.fsync, os.link

    def fsync(fd: int) -> None:
        calls.append("fsync")
        real_fsync(fd)

    def link(source: str, target: str) -> None:
        calls.append("link")
        assert Path(source).read_text().strip(), "linked before it was written"
        real_link(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "link", link)
    load_secret(tmp_path)
    assert calls == ["fsync", "link", "fsync"]  # the file, its link, then the directory
    assert [p.name for p in tmp_path.iterdir()] == ["secret"]  # no temporary file is left


def test_a_secret_written_meanwhile_by_another_process_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV, raising=False)
    real_link = os.link

    def first_wins(source: str, target: str) -> None:
        Path(target).write_text("theirs-" + "0" * 57 + "\n")
        real_link(source, target)

    monkeypatch.setattr(os, "link", first_wins)
    assert load_secret(tmp_path) == "theirs-" + "0" * 57


def test_a_full_disk_leaves_no_secret_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV, raising=False)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(SecretUnavailable, match="the disk is full; nothing was written"):
        load_secret(tmp_path)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    assert len(load_secret(tmp_path)) >= 32  # once there is room again
