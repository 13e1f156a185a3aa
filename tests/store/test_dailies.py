"""Daily deals in the database: written once per day and game, whatever writes again; one
ranked attempt and one nickname per board, kept by the database itself; transfer codes."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sqlalchemy.exc import IntegrityError

from fresh_loop import run_async
from patience.store.dailies import PLAYING, DailyRow, DailyStore, EntryRow, entry_owner
from patience.store.records import GameRecord, unplayed
from patience.store.repository import Store


def test_a_day_s_deal_is_kept_once_and_the_missing_ones_are_named(store_url: str) -> None:
    async def run() -> None:
        store = await Store.open(store_url)
        try:
            dailies = DailyStore(store)
            first = DailyRow("2026-12-07", "freecell", 123, "easy")
            assert await dailies.keep(first)
            assert not await dailies.keep(DailyRow("2026-12-07", "freecell", 456, "hard"))
            assert await dailies.get("2026-12-07", "freecell") == first
            assert await dailies.get("2026-12-08", "freecell") is None
            missing = await dailies.missing(["2026-12-07", "2026-12-08"], ["freecell", "spider"])
            assert missing == [
                ("2026-12-07", "spider"),
                ("2026-12-08", "freecell"),
                ("2026-12-08", "spider"),
            ]
        finally:
            await store.close()

    run_async(run())


def _entry(n: int, player: str, ranked: bool, name: str) -> EntryRow:
    return EntryRow(
        id=f"{n:032x}",
        day="2026-12-07",
        game="freecell",
        player_id=player,
        ranked_player=player if ranked else None,
        nickname=name,
        name_key=name.casefold() if ranked else None,
        game_id=f"{n + 100:032x}",
        status=PLAYING,
        moves=0,
        cards_home=0,
        time_ms=0,
        started_ms=n,
    )


def _record(entry: EntryRow) -> GameRecord:
    return unplayed(entry.game_id, entry_owner(entry.id), "freecell", "", 5, 0)


def test_one_ranked_attempt_and_one_name_per_board(store_url: str) -> None:
    async def run() -> None:
        store = await Store.open(store_url)
        try:
            dailies = DailyStore(store)
            ada = _entry(1, "a" * 32, True, "Ada")
            await dailies.start(ada, _record(ada), "Ada")
            for clash in (_entry(2, "a" * 32, True, "Other"), _entry(3, "b" * 32, True, "ADA")):
                with pytest.raises(IntegrityError):
                    await dailies.start(clash, _record(clash), None)
            practice = [_entry(n, "a" * 32, False, "Ada") for n in (4, 5)]
            for entry in practice:  # practice attempts: as many as wanted, no name kept
                await dailies.start(entry, _record(entry), None)
            bob = _entry(6, "b" * 32, True, "Bob")
            await dailies.start(bob, _record(bob), "Bob")
            assert [e.id for e in await dailies.attempts("2026-12-07", "freecell", "a" * 32)] == [
                ada.id,
                *(e.id for e in practice),
            ]
            assert await dailies.name_taken("2026-12-07", "freecell", "ada", "b" * 32)
            assert not await dailies.name_taken("2026-12-07", "freecell", "ada", "a" * 32)
            with pytest.raises(IntegrityError):
                await dailies.rename("b" * 32, "ada", "ada", "2026-12-07")
            assert await dailies.nickname("b" * 32) == "Bob"  # the failed rename left it
            await dailies.stand(replace(bob, status="won", moves=90, cards_home=52, time_ms=9))
            assert await dailies.counts("2026-12-06", "2026-12-08") == {
                ("2026-12-07", "freecell"): 2
            }
            ended = await dailies.board("2026-12-07", "freecell", ended_only=True)
            assert [(e.nickname, e.status, e.moves) for e in ended] == [("Bob", "won", 90)]
            assert len(await dailies.board("2026-12-07", "freecell", ended_only=False)) == 2
            await dailies.rename("a" * 32, "Ada L.", "ada l.", "2026-12-07")
            assert (await dailies.ranked_of("a" * 32, ""))[0].nickname == "Ada L."
        finally:
            await store.close()

    run_async(run())


def test_a_transfer_code_is_kept_as_its_hash_one_per_player(store_url: str) -> None:
    async def run() -> None:
        store = await Store.open(store_url)
        try:
            dailies = DailyStore(store)
            await dailies.keep_code("a" * 32, "1" * 64, 0)
            assert await dailies.player_of_code("1" * 64) == "a" * 32
            await dailies.keep_code("a" * 32, "2" * 64, 1)  # a new one replaces the last
            assert await dailies.player_of_code("1" * 64) is None
            assert await dailies.player_of_code("2" * 64) == "a" * 32
            await dailies.revoke_code("a" * 32)
            assert await dailies.player_of_code("2" * 64) is None
        finally:
            await store.close()

    run_async(run())
