"""Daily deals in the database: written once per day and game, whatever writes again."""

from __future__ import annotations

from fresh_loop import run_async
from patience.store.dailies import DailyRow, DailyStore
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
