"""The repository on SQLite (and PostgreSQL when configured): round trips, the version check,
the open game of a player, broken games, and clear errors when the database is unusable."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

import pytest

from fresh_loop import run_async
from patience.store.records import GameRecord
from patience.store.repository import Store, StoreUnavailable, sqlite_url, updated

T = TypeVar("T")


def record(n: int, **changes: object) -> GameRecord:
    base = GameRecord(
        id=f"{n:032x}",
        player_id="alice",
        game="klondike",
        options="draw=1,passes=unlimited",
        deal=n,
        moves=("s", "36", "10-3"),
        cursor=2,
        version=0,
        elapsed_ms=1234,
        outcome="in_play",
        won_ms=None,
        won_moves=None,
        broken=None,
        created_ms=n,
        updated_ms=n,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def run(url: str, body: Callable[[Store], Awaitable[T]]) -> T:
    async def main() -> T:
        store = await Store.open(url)
        try:
            return await body(store)
        finally:
            await store.close()

    return run_async(main())


def test_round_trip(store_url: str) -> None:
    async def body(store: Store) -> None:
        await store.add_player("alice")
        await store.add_player("alice")
        await store.insert(record(1))
        assert await store.get(record(1).id) == record(1)
        assert await store.get("f" * 32) is None

    run(store_url, body)


def test_save_needs_the_expected_version(store_url: str) -> None:
    async def body(store: Store) -> None:
        await store.insert(record(1))
        newer = updated(record(1), moves=("s",), cursor=1)
        assert newer.version == 1
        assert await store.save(newer, expected_version=0)
        assert not await store.save(updated(record(1), cursor=0), expected_version=0)
        assert await store.get(newer.id) == newer

    run(store_url, body)


def test_a_save_commits_what_goes_with_it_or_nothing(store_url: str) -> None:
    async def body(store: Store) -> None:
        await store.insert(record(1))
        ran: list[int] = []
        newer = updated(record(1), cursor=1)
        assert not await store.save(newer, expected_version=5, also=lambda _: ran.append(5))
        assert ran == []  # a stale save writes nothing else either

        def fails(_: object) -> None:
            raise StoreUnavailable("the write that goes with the save failed")

        with pytest.raises(StoreUnavailable):
            await store.save(newer, expected_version=0, also=fails)
        assert await store.get(newer.id) == record(1)  # rolled back with it
        assert await store.save(newer, expected_version=0, also=lambda _: ran.append(0))
        assert ran == [0] and await store.get(newer.id) == newer

    run(store_url, body)


def test_concurrent_saves_only_one_wins(store_url: str) -> None:
    async def body(store: Store) -> list[bool]:
        await store.insert(record(1))
        tries = [updated(record(1), cursor=c) for c in (0, 1, 3)]
        return list(await asyncio.gather(*(store.save(t, 0) for t in tries)))

    assert sorted(run(store_url, body)) == [False, False, True]


def test_current_game(store_url: str) -> None:
    async def body(store: Store) -> None:
        await store.insert(record(1))
        await store.insert(record(2, outcome="won"))
        await store.insert(record(3, options="draw=3,passes=unlimited"))
        options = "draw=1,passes=unlimited"
        assert await store.current("alice", "klondike", options) is None  # latest is won
        found = await store.current("alice", "klondike", options, deal=1)
        assert found is not None and found.id == record(1).id
        assert await store.current("bob", "klondike", options, deal=1) is None
        assert [r.deal for r in await store.player_games("alice")] == [1, 2, 3]

    run(store_url, body)


def test_broken_games_are_not_resumed(store_url: str) -> None:
    async def body(store: Store) -> None:
        await store.insert(record(1))
        await store.mark_broken(record(1).id, "move 2 ('36'): no card")
        stored = await store.get(record(1).id)
        assert stored is not None and stored.outcome == "broken" and stored.broken
        assert await store.current("alice", "klondike", "draw=1,passes=unlimited", 1) is None

    run(store_url, body)


def test_unusable_database_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a directory")
    with pytest.raises(StoreUnavailable):
        run(sqlite_url(tmp_path / "file" / "db.sqlite3"), lambda store: store.get("x"))


def test_not_a_database_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "garbage.sqlite3"
    path.write_bytes(b"this is no database" * 100)
    with pytest.raises(StoreUnavailable):
        run(sqlite_url(path), lambda store: store.get("x"))


def test_purge_unplayed_keeps_played_and_recent_games(store_url: str) -> None:
    async def body(store: Store) -> list[int]:
        await store.add_player("alice")
        await store.insert(record(1, moves=(), cursor=0, updated_ms=100))  # old, never moved
        await store.insert(record(2, updated_ms=100))  # old but played
        await store.insert(record(3, moves=(), cursor=0, updated_ms=5000))  # recent
        assert await store.purge_unplayed(before_ms=1000) == 1
        return [r.deal for r in await store.player_games("alice")]

    assert run(store_url, body) == [2, 3]


def test_an_old_aiosqlite_url_opens_on_the_standard_driver(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"

    async def body(store: Store) -> str:
        await store.insert(record(7))
        return str(store.engine.url.drivername)

    assert run(f"sqlite+aiosqlite:///{path}", body) == "sqlite"
    assert run(sqlite_url(path), lambda store: store.get(record(7).id)) == record(7)


def test_unfinished_games_are_the_begun_open_ones_newest_first(store_url: str) -> None:
    async def body(store: Store) -> list[tuple[str, int, int]]:
        for game in (
            record(1),  # open, with moves
            record(2, moves=(), cursor=0),  # never moved
            record(3, outcome="won", won_ms=10, won_moves=3),
            record(4, outcome="lost"),
            record(5, won_ms=10, won_moves=3, cursor=1),  # won, then a move undone
            record(6, player_id="bob"),
            record(7, game="freecell", options="", updated_ms=50),  # moved in last
            record(8, deal=1, updated_ms=20),  # deal 1 again: this one is resumed
            record(9, deal=9, updated_ms=9),
            record(10, deal=9, updated_ms=30, outcome="won", won_ms=5, won_moves=2),
        ):
            await store.insert(game)
        found = await store.unfinished_games("alice", limit=10)
        assert await store.unfinished_games("alice", limit=1) == found[:1]
        assert found[0].moves_made == 2
        return [(g.game, g.deal, g.updated_ms) for g in found]

    assert run(store_url, body) == [("freecell", 7, 50), ("klondike", 1, 20)]


def test_statistics_count_the_games_started_since_the_last_reset(store_url: str) -> None:
    async def body(store: Store) -> None:
        for game in (record(1, created_ms=100), record(2, created_ms=200), record(3)):
            await store.insert(game)
        await store.insert(record(4, player_id="bob", created_ms=100))
        assert [r.deal for r in await store.stats_games("alice")] == [3, 1, 2]
        await store.reset_stats("alice", at_ms=150)
        assert [r.deal for r in await store.stats_games("alice")] == [2]
        await store.reset_stats("alice", at_ms=300)
        assert await store.stats_games("alice") == []
        assert [r.deal for r in await store.stats_games("bob")] == [4]
        # The games themselves are kept.
        assert len(await store.player_games("alice")) == 3

    run(store_url, body)
