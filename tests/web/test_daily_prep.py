"""A server of its own grades the daily deals it lacks on its solvers: the same deals as
``patience daily prepare`` with the same secret, each stored once."""

from __future__ import annotations

from pathlib import Path

from daily_helpers import MONDAY

from fresh_loop import run_async
from patience.daily.deals import daily_deal
from patience.games import GAMES
from patience.store.dailies import DailyStore
from patience.store.repository import Store, sqlite_url
from patience.web.daily_prep import PREPARED_DAYS, prepare_missing
from patience.web.solver_pool import SolverPool


def test_missing_days_are_prepared_once_as_the_command_would(tmp_path: Path) -> None:
    run_async(_prepare(tmp_path))


async def _prepare(tmp_path: Path) -> None:
    store = await Store.open(sqlite_url(tmp_path / "db.sqlite3"))
    pool = SolverPool(2)
    try:
        clock = lambda: MONDAY + 5  # noqa: E731
        stored = await prepare_missing(store, pool, "secret", clock, games=["freecell"])
        assert stored == PREPARED_DAYS
        assert await prepare_missing(store, pool, "secret", clock, games=["freecell"]) == 0
        dailies = DailyStore(store)
        for day in ("2026-12-07", "2026-12-08", "2026-12-09"):
            row = await dailies.get(day, "freecell")
            made = daily_deal(GAMES["freecell"], "secret", day)
            assert row is not None and (row.deal, row.grade, row.par) == (
                made.deal,
                made.grade,
                made.par,
            )
        assert await dailies.get("2026-12-10", "freecell") is None
    finally:
        pool.close()
        await store.close()
