"""Duels in the store: a seat is taken once even by two players at once, a seat ends once, a
result is stored once, and the event log numbers every event in one order; on SQLite and (with
a test server) PostgreSQL."""

from __future__ import annotations

import asyncio
import doctest
import uuid
from dataclasses import replace
from functools import partial
from pathlib import Path

from sqlalchemy.engine import Connection

import patience.store.duels
from fresh_loop import run_async
from patience.store.duels import (
    DuelRow,
    DuelStore,
    SeatEnded,
    SeatRow,
    append_event,
    append_progress,
    seat_owner,
)
from patience.store.records import GameRecord
from patience.store.repository import Store, sqlite_url

DUEL = "d" * 32


def _duel() -> DuelRow:
    return DuelRow(
        DUEL, "freecell", "", 5, "open", 300_000, "live", 0, True, "easy", "easy", 1, None, None, 0,
        DUEL, 1, 1, None,
    )  # fmt: skip


def _seat(seat: int, player: str) -> SeatRow:
    return SeatRow(DUEL, seat, player, player.title(), None, 2, None, None)


def _record(seat: int) -> GameRecord:
    return GameRecord(
        uuid.uuid4().hex, seat_owner(DUEL, seat), "freecell", "", 5, (), 0, 0, 0,
        "in_play", None, None, None, 3, 3,
    )  # fmt: skip


async def _created(url: str) -> tuple[Store, DuelStore]:
    store = await Store.open(url)
    duels = DuelStore(store)
    await duels.create(_duel(), _seat(0, "ada"), ({"type": "seat", "seat": 0},))
    return store, duels


def test_two_players_opening_the_link_at_once_get_one_seat(store_url: str) -> None:
    async def run() -> None:
        store, duels = await _created(store_url)
        try:
            tries = [
                duels.start(
                    _seat(1, name),
                    {0: _record(0), 1: _record(1)},
                    10,
                    ({"type": "start"},),
                    started=True,
                )
                for name in ("bob", "cleo")
            ]
            taken = await asyncio.gather(*tries)
            assert sorted(taken) == [False, True]
            stored = await duels.get(DUEL)
            assert stored is not None and stored.duel.started_ms == 10
            assert [s.player_id for s in stored.seats] == ["ada", "bob" if taken[0] else "cleo"]
            games = [s.game_id for s in stored.seats]
            assert None not in games and len(set(games)) == 2
            assert await duels.duel_of_game(str(games[1])) == DUEL
            assert [e["type"] for _, e in await duels.events(DUEL, 0)] == ["seat", "start"]
        finally:
            await store.close()

    run_async(run())


def test_a_seat_ends_once_and_the_result_is_stored_once(store_url: str) -> None:
    async def run() -> None:
        store, duels = await _created(store_url)
        try:
            await duels.start(_seat(1, "bob"), {0: _record(0), 1: _record(1)}, 10, (), started=True)
            assert await duels.end_seat(DUEL, 1, "won", 50, {"type": "end", "seat": 1})
            assert not await duels.end_seat(DUEL, 1, "time", 60, {"type": "end", "seat": 1})
            first = {"winner": 1, "reason": "won"}
            results = await asyncio.gather(
                duels.decide(DUEL, first, 70), duels.decide(DUEL, {"winner": 0}, 71)
            )
            assert sorted(results) == [False, True]
            stored = await duels.get(DUEL)
            assert stored is not None
            assert (stored.seats[1].finish, stored.seats[1].finished_ms) == ("won", 50)
            kept = stored.duel.result
            events = [e for _, e in await duels.events(DUEL, 0)]
            assert events[-1] == {"type": "result", **(kept or {})}
            assert [e["type"] for e in events].count("result") == 1
        finally:
            await store.close()

    run_async(run())


def test_events_are_numbered_in_one_order_and_read_after_a_number(store_url: str) -> None:
    async def run() -> None:
        store, duels = await _created(store_url)
        try:
            appends = [
                partial(append_event, duel_id=DUEL, at_ms=20 + n, event={"type": "progress"})
                for n in range(8)
            ]
            numbers = await asyncio.gather(*(store.write(append) for append in appends))
            assert sorted(numbers) == list(range(2, 10))
            after = await duels.events(DUEL, 5)
            assert [seq for seq, _ in after] == [6, 7, 8, 9]
            stored = await duels.get(DUEL)
            assert stored is not None and stored.duel.events == 9
            assert await duels.get("e" * 32) is None
        finally:
            await store.close()

    run_async(run())


def test_the_events_since_each_duel_s_number_come_in_one_read(store_url: str) -> None:
    async def run() -> None:
        store, duels = await _created(store_url)
        try:
            other = DUEL.replace("d", "e")
            seat = replace(_seat(0, "bob"), duel_id=other)
            await duels.create(replace(_duel(), id=other), seat, ({"type": "seat"},))
            for n in range(4):
                for duel in (DUEL, other):
                    await store.write(partial(append_event, duel_id=duel, at_ms=n, event={"n": n}))
            found = await duels.events_since({DUEL: 3, other: 4, "f" * 32: 0})
            assert [(duel, seq) for duel, seq, _ in found] == [(DUEL, 4), (DUEL, 5), (other, 5)]
            assert [event["n"] for _, _, event in found] == [2, 3, 3]
            assert await duels.events_since({}) == []
        finally:
            await store.close()

    run_async(run())


def test_the_events_logged_since_a_mark_come_once_each_for_the_duels_wanted(
    tmp_path: Path,
) -> None:
    """SQLite: a first read gives the mark only; each later one the events committed since,
    of the duels wanted, above the number wanted for each; concurrent writes lose none."""

    async def run() -> None:
        store, duels = await _created(sqlite_url(tmp_path / "store.sqlite3"))
        try:
            mark, found = await duels.logged_since(None, {DUEL: 0})
            assert found == []
            other = DUEL.replace("d", "e")
            seat = replace(_seat(0, "bob"), duel_id=other)
            await duels.create(replace(_duel(), id=other), seat, ({"type": "seat"},))
            appends = [
                partial(append_event, duel_id=duel, at_ms=n, event={"type": "progress", "n": n})
                for n in range(6)
                for duel in (DUEL, other)
            ]
            await asyncio.gather(*(store.write(append) for append in appends))
            mark, found = await duels.logged_since(mark, {DUEL: 3})
            assert [(duel, seq) for duel, seq, _ in found] == [(DUEL, n) for n in range(4, 8)]
            assert [event["n"] for _, _, event in found] == [2, 3, 4, 5]
            await store.write(partial(append_event, duel_id=other, at_ms=9, event={"n": 9}))
            later, found = await duels.logged_since(mark, {DUEL: 0})
            assert found == [] and later > mark
            assert await duels.logged_since(later, {other: 0}) == (later, [])  # told once
        finally:
            await store.close()

    run_async(run())


def test_the_duel_store_doctests_pass() -> None:
    result = doctest.testmod(patience.store.duels)
    assert result.attempted > 0 and result.failed == 0, result


def test_a_move_s_progress_comes_back_with_the_events_since_or_rolls_back(store_url: str) -> None:
    async def run() -> None:
        store, duels = await _created(store_url)
        try:
            await duels.start(_seat(1, "bob"), {0: _record(0), 1: _record(1)}, 10, (), started=True)
            moved = {"type": "progress", "seat": 0, "moves": 1}
            news = await store.write(partial(_progress, seat=0, after=0, event=moved))
            assert news == [(1, {"type": "seat", "seat": 0}), (2, moved)]
            news = await store.write(partial(_progress, seat=0, after=2, event=moved))
            assert news == [(3, moved)]
            assert await duels.end_seat(DUEL, 1, "won", 50, {"type": "end", "seat": 1})
            news = await store.write(partial(_progress, seat=0, after=3, event=moved))
            assert news == [(4, {"type": "end", "seat": 1}), (5, moved)]  # the other seat's end
            assert await duels.end_seat(DUEL, 0, "resigned", 60, {"type": "end", "seat": 0})
            try:
                await store.write(partial(_progress, seat=0, after=5, event=moved))
            except SeatEnded:
                pass
            else:
                raise AssertionError("a move after its seat ended was stored")
            assert [seq for seq, _ in await duels.events(DUEL, 0)] == [1, 2, 3, 4, 5, 6]
        finally:
            await store.close()

    run_async(run())


def test_a_seat_ended_while_its_move_waited_for_the_duel_is_seen_and_rolls_the_move_back(
    store_url: str,
) -> None:
    """Another worker ends the seat and commits while the move's statement waits for the
    duel's row: on PostgreSQL that statement's own read was taken before, so the end must be
    read again (the gap in the numbers tells), not missed."""

    async def run() -> None:
        store, duels = await _created(store_url)
        try:
            await duels.start(_seat(1, "bob"), {0: _record(0), 1: _record(1)}, 10, (), started=True)
            ended = {"type": "end", "seat": 0, "finish": "time"}
            other = store.engine.connect()  # another worker's transaction, holding the duel
            other.begin()
            append_event(other, DUEL, 50, ended)
            moved = {"type": "progress", "seat": 0, "moves": 1}
            move = asyncio.ensure_future(
                store.write(partial(_progress, seat=0, after=1, event=moved))
            )
            await asyncio.sleep(0.5)  # the move's statement has begun and waits for the row
            assert not move.done()
            await asyncio.to_thread(other.commit)
            other.close()
            try:
                await asyncio.wait_for(move, 30)
            except SeatEnded:
                pass
            else:
                raise AssertionError("a move after its seat ended was stored")
            assert [event for _, event in await duels.events(DUEL, 1)] == [ended]
        finally:
            await store.close()

    run_async(run())


def _progress(
    conn: Connection, *, seat: int, after: int, event: dict[str, object]
) -> list[tuple[int, dict[str, object]]]:
    return append_progress(conn, DUEL, seat, after, 40, event)
