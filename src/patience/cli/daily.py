"""``patience daily prepare``: grade the coming days' daily deals ahead and store them."""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import time
from pathlib import Path
from typing import Any

from patience.cli.args import CliError
from patience.cli.solve import _positive_int
from patience.daily.calendar import day_of, days_from
from patience.daily.deals import NoDailyDeal, daily_deal
from patience.games import GAMES


def register(subparsers: Any) -> None:
    """Add the ``daily`` command."""
    parser = subparsers.add_parser(
        "daily",
        help="prepare the daily deals",
        description="The daily deal of every game, one a day for everyone: drawn from the "
        "server's secret and graded ahead by the solver (node budgets only), so every worker "
        "and machine that shares the database and the secret serves the same one.",
    )
    parser.set_defaults(func=run)
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    make = actions.add_parser(
        "prepare",
        help="grade and store the daily deals of the coming days",
        description="Grade each game's deal for --days days from --from on and store those "
        "not stored yet (a stored day keeps its deal). Prints each day's grades, never a deal.",
    )
    make.add_argument("--days", type=_positive_int, default=7, help="how many days (7)")
    make.add_argument("--from", dest="first", metavar="YYYY-MM-DD", help="first day (today, UTC)")
    make.add_argument("--game", action="append", choices=sorted(GAMES), help="only these games")
    make.add_argument("--db", help="database URL (default: $PATIENCE_DB_URL, else SQLite)")
    make.add_argument(
        "--data-dir",
        type=Path,
        help="directory of the SQLite file and the secret "
        "(default: $PATIENCE_DATA_DIR, else ./data)",
    )


def _first_day(text: str | None) -> str:
    if text is None:
        return day_of(int(time.time() * 1000))
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise CliError(f"--from: not a day: {text!r} (YYYY-MM-DD)") from None


def run(args: argparse.Namespace) -> int:
    """Grade and store the missing daily deals, a line per day."""
    from patience.store.dailies import DailyRow, DailyStore
    from patience.store.repository import Store, StoreUnavailable, sqlite_url
    from patience.web.app import DB_ENV, DEFAULT_DB_NAME, DIR_ENV, make_data_dir
    from patience.web.secret import SecretUnavailable, load_secret

    days = days_from(_first_day(args.first), args.days)
    games = args.game or list(GAMES)
    db = args.db or os.environ.get(DB_ENV) or None
    data_dir = (args.data_dir or Path(os.environ.get(DIR_ENV, "data"))).resolve()
    try:
        if db is None:
            make_data_dir(data_dir)
        secret = load_secret(data_dir)
    except (SecretUnavailable, StoreUnavailable) as error:
        raise CliError(str(error), 1) from None

    async def prepare() -> None:
        store = await Store.open(db or sqlite_url(data_dir / DEFAULT_DB_NAME))
        try:
            dailies = DailyStore(store)
            missing = await dailies.missing(days, games)
            for day in days:
                grades = []
                for game in (g for d, g in missing if d == day):
                    deal = daily_deal(GAMES[game], secret, day)
                    await dailies.keep(
                        DailyRow(deal.day, deal.game, deal.deal, deal.grade, deal.par)
                    )
                    grades.append(f"{game} {deal.grade}")
                print(f"{day}: " + (", ".join(grades) if grades else "ready"), flush=True)
        finally:
            await store.close()

    try:
        asyncio.run(prepare())
    except StoreUnavailable as error:
        raise CliError(f"cannot use the database: {error}", 1) from None
    except NoDailyDeal as error:
        raise CliError(str(error), 1) from None
    return 0
