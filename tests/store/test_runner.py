"""Database work off the event loop: writes committed in groups, a failing write alone."""

from __future__ import annotations

import asyncio
import doctest
import sqlite3
import threading
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import event, text
from sqlalchemy.engine import Connection
from tests.store.test_repository import record

import patience.store.turns
from fresh_loop import run_async
from patience.store.repository import Store, StoreDamaged, StoreUnavailable, sqlite_url
from patience.store.turns import WriterTurns


def test_concurrent_writes_share_commits_and_are_all_kept(tmp_path: Path) -> None:
    commits = 0

    async def main() -> list[str]:
        nonlocal commits
        store = await Store.open(sqlite_url(tmp_path / "db"))

        def count(*_: object) -> None:
            nonlocal commits
            commits += 1

        event.listen(store.engine, "commit", count)
        try:
            await asyncio.gather(*(store.insert(record(n)) for n in range(1, 201)))
            return [r.id for r in await store.player_games("alice")]
        finally:
            await store.close()

    ids = run_async(main())
    assert len(ids) == 200
    assert commits < 200  # many moves, fewer flushes


def test_a_failing_write_fails_alone(tmp_path: Path) -> None:
    async def main() -> tuple[list[object], int]:
        store = await Store.open(sqlite_url(tmp_path / "db"))
        try:
            await store.insert(record(1))
            tries = [store.insert(record(n)) for n in (2, 1, 3)]  # 1 again: a duplicate id
            results = await asyncio.gather(*tries, return_exceptions=True)
            return results, len(await store.player_games("alice"))
        finally:
            await store.close()

    results, kept = run_async(main())
    assert results[0] is None and results[2] is None and isinstance(results[1], Exception)
    assert kept == 3


def test_every_commit_is_flushed_to_the_disk(tmp_path: Path) -> None:
    async def main() -> tuple[int, str]:
        store = await Store.open(sqlite_url(tmp_path / "db"))
        try:
            return await store.write(
                lambda conn: (
                    conn.execute(text("PRAGMA synchronous")).scalar_one(),
                    conn.execute(text("PRAGMA journal_mode")).scalar_one(),
                )
            )
        finally:
            await store.close()

    assert run_async(main()) == (2, "wal")  # 2 is FULL


def test_a_write_waiting_for_another_process_leaves_the_loop_free(tmp_path: Path) -> None:
    path = tmp_path / "db"
    run_async(_open_and_close(path))
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock

    async def main() -> list[str]:
        store = await Store.open(sqlite_url(path))
        events: list[str] = []
        try:
            writing = asyncio.create_task(store.insert(record(1)))
            await asyncio.sleep(0.05)
            events.append("loop still running")  # the loop kept going while the write waited
            assert not writing.done()
            threading.Timer(0.05, other.rollback).start()
            await writing
            events.append("written")
            return events
        finally:
            await store.close()

    assert run_async(main()) == ["loop still running", "written"]
    other.close()


async def _open_and_close(path: Path) -> None:
    store = await Store.open(sqlite_url(path))
    await store.close()


def test_an_emptied_database_file_is_refused_not_started_anew(tmp_path: Path) -> None:
    path = tmp_path / "db"
    run_async(_open_and_close(path))
    for leftover in tmp_path.glob("db-*"):
        leftover.unlink()
    path.write_bytes(b"")
    with pytest.raises(StoreDamaged, match=r"empty \(0 bytes\): the database lost its tables"):
        run_async(_open_and_close(path))
    assert path.stat().st_size == 0  # nothing was written over it


def test_a_database_that_lost_its_tables_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db"
    sqlite3.connect(path).execute("CREATE TABLE other (x)").connection.close()
    with pytest.raises(StoreDamaged, match=r"lost its tables \(games, players missing\)"):
        run_async(_open_and_close(path))


def test_a_damaged_file_says_it_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "db"

    async def fill() -> None:
        store = await Store.open(sqlite_url(path))
        await asyncio.gather(*(store.insert(record(n)) for n in range(1, 400)))
        await store.close()

    run_async(fill())
    data = bytearray(path.read_bytes())
    data[4096 : 4096 * 6] = b"\xa5" * (4096 * 5)  # pages of the games table overwritten
    path.write_bytes(bytes(data))

    async def read() -> None:
        store = await Store.open(sqlite_url(path))
        try:
            await store.player_games("alice")
        finally:
            await store.close()

    with pytest.raises(StoreDamaged, match="damaged"):
        run_async(read())
    assert issubclass(StoreDamaged, StoreUnavailable)


def test_a_read_opens_no_transaction_and_a_write_still_does(store_url: str) -> None:
    """No BEGIN before a read and no ROLLBACK after it (PostgreSQL: two round trips)."""

    def in_transaction(conn: Connection) -> bool:
        conn.execute(text("SELECT 1")).scalar_one()
        driver = conn.connection.driver_connection
        if conn.dialect.name == "postgresql":
            return bool(driver.info.transaction_status != psycopg.pq.TransactionStatus.IDLE)
        return bool(driver.in_transaction)

    async def run() -> None:
        store = await Store.open(store_url)
        try:
            assert await store.read(in_transaction) is False
            if store.engine.dialect.name == "postgresql":
                assert await store.write(in_transaction) is True
        finally:
            await store.close()

    run_async(run())


def test_a_sqlite_writer_waits_for_its_turn_and_writes_the_moment_it_is_let_go(
    tmp_path: Path,
) -> None:
    """Another process's writer (here, its lock taken by hand) holds the turn: a write waits
    for it, not for SQLite's lock with its sleeps, and commits once the turn is let go."""
    database = tmp_path / "db"
    other = WriterTurns(database)

    async def main() -> tuple[bool, int]:
        store = await Store.open(sqlite_url(database))
        try:
            with other:
                write = asyncio.ensure_future(store.insert(record(1)))
                await asyncio.sleep(0.3)
                waited = not write.done()
            await asyncio.wait_for(write, 30)
            return waited, len(await store.player_games("alice"))
        finally:
            await store.close()
            other.close()

    assert run_async(main()) == (True, 1)


def test_the_turns_doctests_pass() -> None:
    result = doctest.testmod(patience.store.turns)
    assert result.attempted > 0 and result.failed == 0, result


def test_postgresql_writes_do_not_wait_for_a_slow_one(pg_url: str) -> None:
    """Several writers on PostgreSQL: a write that takes long (here a 3 s sleep in its
    transaction) leaves the others to commit meanwhile; SQLite's one writer would not."""

    async def main() -> tuple[bool, int]:
        store = await Store.open(pg_url)
        try:
            slow = asyncio.ensure_future(
                store.write(lambda conn: conn.execute(text("SELECT pg_sleep(3)")))
            )
            await asyncio.sleep(0.2)  # the slow one has begun
            await asyncio.gather(*(store.insert(record(n)) for n in range(1, 6)))
            passed = not slow.done()
            await slow
            return passed, len(await store.player_games("alice"))
        finally:
            await store.close()

    assert run_async(main()) == (True, 5)
