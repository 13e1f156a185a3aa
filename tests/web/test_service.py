"""The game service under concurrency: one lock per game in a worker, and the version check in
the database across workers (two services on one database stand for two processes)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import pytest

from fresh_loop import run_async
from patience.engine.core import Engine
from patience.engine.position import Position
from patience.store.repository import Store, sqlite_url
from patience.views import View, hidden_view
from patience.web.errors import ApiError
from patience.web.service import Action, Games, Live, play_action, restart_action

T = TypeVar("T")


async def _move(games: Games, live_id: str, version: int, text: str) -> Live:
    def make(line: tuple[str, ...], cursor: int) -> Action:
        return play_action(text, line, cursor)

    return await games.act("p", live_id, version, make, None)


def run(db: Path, body: Callable[[Games, Games], Awaitable[T]]) -> T:
    async def main() -> T:
        first, second = await Store.open(sqlite_url(db)), await Store.open(sqlite_url(db))
        try:
            return await body(Games(first), Games(second))
        finally:
            await first.close()
            await second.close()

    return run_async(main())


def test_same_version_twice_in_one_worker(tmp_path: Path) -> None:
    async def body(games: Games, _: Games) -> list[object]:
        live = await games.create("p", "klondike", {}, 4)
        moves = [m for m in live.state("en").legal if m.kind == "transfer"][:1] * 2
        tries = [_move(games, live.record.id, 0, m.text) for m in moves]
        return list(await asyncio.gather(*tries, return_exceptions=True))

    first, second = run(tmp_path / "db", body)
    assert isinstance(first, Live) and first.record.version == 1
    assert isinstance(second, ApiError) and second.status == 409
    assert second.state is not None and second.state("en").version == 1


def test_two_workers_never_overwrite_each_other(tmp_path: Path) -> None:
    async def body(a: Games, b: Games) -> None:
        live = await a.create("p", "klondike", {}, 4)
        game_id = live.record.id
        await b.get("p", game_id)  # b caches version 0
        stock = await _move(a, game_id, 0, "s")  # a moves to version 1
        with pytest.raises(ApiError) as stale:
            await _move(b, game_id, 0, "s")  # b's client is stale
        assert stale.value.status == 409 and stale.value.state is not None
        assert stale.value.state("en").version == 1
        # b's client resynced: b reloads version 1 from the database and plays on
        after = await _move(b, game_id, 1, "s")
        assert after.record.moves == (*stock.record.moves, "s")
        # a's cache was behind; it reloads before acting
        restarted = await a.act("p", game_id, 2, restart_action, None)
        assert restarted.record.cursor == 0 and restarted.record.version == 3

    run(tmp_path / "db", body)


def test_games_evicted_from_the_cache_replay_from_the_store(tmp_path: Path) -> None:
    async def body(games: Games, _: Games) -> None:
        small = Games(games.store, cache_size=1)
        first = await small.create("p", "freecell", {}, 1)
        second = await small.create("p", "freecell", {}, 2)  # pushes the first out
        moved = await _move(small, first.record.id, 0, "1a")
        assert moved.record.moves == ("1a",)
        again = await small.get("p", second.record.id)
        assert again.record == second.record
        assert (await small.get("p", first.record.id)).game.position == moved.game.position

    run(tmp_path / "db", body)


def test_each_move_makes_one_hidden_view(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import patience.web.service as service

    made: list[object] = []

    def counted(engine: Engine, pos: Position) -> View:
        made.append(pos)
        return hidden_view(engine, pos)

    monkeypatch.setattr(service, "hidden_view", counted)

    async def body(games: Games, _: Games) -> list[int]:
        live = await games.create("p", "klondike", {}, 4)
        live.state("en")
        counts = [len(made)]
        for version in range(3):
            live = await _move(games, live.record.id, version, "s")
            assert live.state("en").last is not None
            counts.append(len(made))
        return counts

    assert run(tmp_path / "db", body) == [1, 2, 3, 4]
