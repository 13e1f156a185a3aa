"""``patience backup``: a copy that holds every committed game, made while the server runs,
written whole or not at all."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path

import pytest
from tests.store.test_repository import record

from fresh_loop import run_async
from patience.cli import main
from patience.store.repository import Store, sqlite_url

GAMES = 40


def games_in(path: Path) -> int:
    with sqlite3.connect(path) as connection:
        count: int = connection.execute("SELECT count(*) FROM games").fetchone()[0]
        return count


def backup_while_open(data: Path, dest: Path) -> int:
    """Store games, then back up while the store is still open (its last writes are in the
    -wal file, not yet in the database file); the backup's exit status."""

    async def body() -> int:
        store = await Store.open(sqlite_url(data / "patience.sqlite3"))
        try:
            await store.add_player("alice")
            for n in range(GAMES):
                await store.insert(record(n))
            assert (data / "patience.sqlite3-wal").stat().st_size > 0
            # A plain copy of the file alone misses what is in the -wal file.
            shutil.copy(data / "patience.sqlite3", data / "plain-copy")
            return await asyncio.to_thread(main, ["backup", str(dest), "--data-dir", str(data)])
        finally:
            await store.close()

    return run_async(body())


def test_backup_holds_every_committed_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dest = tmp_path / "backup.sqlite3"
    assert backup_while_open(tmp_path, dest) == 0
    assert games_in(dest) == GAMES
    assert not Path(f"{dest}-wal").exists()  # the copy stands alone
    assert f"backed up {GAMES} games" in capsys.readouterr().out
    try:
        in_plain_copy = games_in(tmp_path / "plain-copy")
    except sqlite3.Error:  # not even the tables are in the file yet
        in_plain_copy = 0
    assert in_plain_copy < GAMES
    assert sorted(p.name for p in tmp_path.iterdir() if "partial" in p.name) == []


def test_a_backup_replaces_the_earlier_one_only_when_complete(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dest = tmp_path / "backup.sqlite3"
    dest.write_bytes(b"the earlier backup")
    (tmp_path / "patience.sqlite3").write_bytes(b"not a database at all, but 32 bytes")
    assert main(["backup", str(dest), "--data-dir", str(tmp_path)]) == 1
    assert "not an SQLite database" in capsys.readouterr().err
    assert dest.read_bytes() == b"the earlier backup"
    (tmp_path / "fresh").mkdir()
    assert backup_while_open(tmp_path / "fresh", dest) == 0
    assert games_in(dest) == GAMES


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--db", "postgresql://db.example/patience"], "back PostgreSQL up with pg_dump"),
        (["--data-dir", "{tmp}/none"], "is not a directory"),
        (["--data-dir", "{tmp}"], "there is no database at"),
    ],
)
def test_what_cannot_be_backed_up_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(["backup", str(tmp_path / "copy"), *argv]) == 1
    error = capsys.readouterr().err
    assert error.startswith("patience: error:") and said in error and error.count("\n") == 1
    assert not (tmp_path / "copy").exists()
