"""The store on a failing disk: a database the disk had no room to set up is not left behind,
and a truncated file is refused as damaged at the start. (An empty file, a file that lost its
tables and overwritten pages are in test_runner.py; a full disk under a running server is in
tests/web/test_faults.py.)"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from tests.store.test_repository import record

from fresh_loop import run_async
from patience.store import repository
from patience.store.repository import Store, StoreDamaged, StoreUnavailable, sqlite_url
from small_disk import fill, small_disk


async def _open_and_close(path: Path) -> None:
    store = await Store.open(sqlite_url(path))
    await store.close()


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {name for (name,) in conn.execute("SELECT name FROM sqlite_master")}


def test_a_new_database_the_disk_cannot_hold_is_not_left_to_be_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file may grow by no page past the first: the tables do not fit (a full disk).
    def no_room(dbapi_connection: Any, record: Any) -> None:
        real_pragmas(dbapi_connection, record)
        dbapi_connection.execute("PRAGMA max_page_count = 1")

    real_pragmas = repository._sqlite_pragmas
    monkeypatch.setattr(repository, "_sqlite_pragmas", no_room)
    path = tmp_path / "db"
    with pytest.raises(StoreUnavailable, match="full"):
        run_async(_open_and_close(path))
    assert list(tmp_path.iterdir()) == []  # no file without tables, that every start refuses
    monkeypatch.undo()
    run_async(_open_and_close(path))  # once there is room: a new database
    assert {"games", "players"} <= _tables(path)


def test_a_first_start_on_a_full_disk_starts_afresh_once_there_is_room(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk") as disk:
        (disk / "data").mkdir()
        filler = fill(disk)
        path = disk / "data" / "patience.sqlite3"
        with pytest.raises(StoreUnavailable, match="disk is full") as refused:
            run_async(_open_and_close(path))
        assert not isinstance(refused.value, StoreDamaged)
        assert list(path.parent.iterdir()) == []
        filler.unlink()
        run_async(_open_and_close(path))
        assert {"games", "players"} <= _tables(path)


def test_a_database_that_cannot_be_set_up_is_kept_when_another_process_set_it_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "db"

    async def set_up_meanwhile(self: Store, work: Any) -> None:
        with sqlite3.connect(path) as other:  # another process, first
            other.execute("CREATE TABLE games (id TEXT)")
        raise StoreUnavailable("database is locked")

    monkeypatch.setattr(Store, "write", set_up_meanwhile)
    with pytest.raises(StoreUnavailable, match="locked"):
        run_async(_open_and_close(path))
    assert _tables(path) == {"games"}  # theirs, kept


def _database(path: Path, games: int = 300) -> bytes:
    async def fill_up() -> None:
        store = await Store.open(sqlite_url(path))
        await asyncio.gather(*(store.insert(record(n)) for n in range(1, games + 1)))
        await store.close()

    run_async(fill_up())
    for leftover in path.parent.glob(f"{path.name}-*"):  # the WAL is checkpointed on close
        leftover.unlink()
    return path.read_bytes()


CUTS = {
    "inside the header": lambda size: 10,
    "after the header's first line": lambda size: 16,
    "inside the first page": lambda size: 100,
    "after the first page": lambda size: 4096,
    "half": lambda size: size // 2,
    "the last page lost": lambda size: size - 4096,
}


@pytest.mark.parametrize("where", list(CUTS))
def test_a_truncated_database_is_refused_as_damaged_at_the_start(
    tmp_path: Path, where: str
) -> None:
    whole = _database(tmp_path / "whole")
    cut = CUTS[where](len(whole))
    path = tmp_path / "cut"
    path.write_bytes(whole[:cut])
    with pytest.raises(StoreDamaged, match=r"not an SQLite database|damaged"):
        run_async(_open_and_close(path))
    assert path.read_bytes() == whole[:cut]  # nothing was written over it
