"""``patience serve``: the web app on uvicorn (SQLite in a data directory, or a database URL).

The web stack, the store and uvicorn are imported only when the command runs, so the other
commands, which build this parser too, never load them.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from patience.cli.args import CliError

if TYPE_CHECKING:
    from patience.web.limits import LimitConfig


def register(subparsers: Any) -> None:
    """Add the ``serve`` command."""
    parser = subparsers.add_parser(
        "serve",
        help="serve the web app (http://127.0.0.1:8000)",
        description="Serve every game in the browser. Games are kept in SQLite under the data "
        "directory unless --db names a database (sqlite:///path or postgresql://...).",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument(
        "--db", help="database URL (default: $PATIENCE_DB_URL, else SQLite in the data directory)"
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        help="directory for the SQLite file and the cookie secret "
        "(default: $PATIENCE_DATA_DIR, else ./data)",
    )
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--solvers",
        type=int,
        metavar="N",
        help="solver processes per worker, for hints and reviews "
        "(default: $PATIENCE_SOLVERS, else one per core and at least two)",
    )
    parser.add_argument(
        "--live-games",
        type=int,
        metavar="N",
        help="games each worker keeps in memory; fewer than are played at once makes every "
        "move replay its game (default: $PATIENCE_LIVE_GAMES, else 2048: some 300 MB)",
    )
    parser.add_argument(
        "--no-daily-prep",
        dest="daily_prep",
        action="store_false",
        help="with one worker, do not grade the missing daily deals in the background "
        "(several workers never do: run `patience daily prepare`)",
    )
    limits = parser.add_argument_group(
        "rate limits",
        "Each is RATE/BURST (requests a second on average, at once) or 'off'; the default is "
        "$PATIENCE_LIMIT_MOVES / $PATIENCE_LIMIT_GAMES, else 20/200 moves and 0.5/30 games.",
    )
    limits.add_argument(
        "--limit-moves", metavar="RATE/BURST", help="moves, undos, hints ... per player"
    )
    limits.add_argument("--limit-games", metavar="RATE/BURST", help="new games per player")
    limits.add_argument(
        "--limit-address-factor",
        metavar="N",
        help="an address may do N times what one player may "
        "(default: $PATIENCE_LIMIT_ADDRESS_FACTOR, else 10)",
    )
    parser.set_defaults(func=run)


def _limits(args: argparse.Namespace) -> LimitConfig:
    """The limits of the environment, with those given on the command line in their place."""
    from patience.web.limits import LimitConfig

    given = {
        (LimitConfig.ENV["moves"], "--limit-moves"): args.limit_moves,
        (LimitConfig.ENV["games"], "--limit-games"): args.limit_games,
        (LimitConfig.ADDRESS_ENV, "--limit-address-factor"): args.limit_address_factor,
    }
    environ = dict(os.environ)
    for (name, flag), value in given.items():
        if value is not None:
            try:
                LimitConfig.from_environment({name: value})
            except ValueError as error:
                raise CliError(f"{flag}: {error}") from None
            environ[name] = value
    try:
        return LimitConfig.from_environment(environ)
    except ValueError as error:
        raise CliError(str(error)) from None


def _check_database(url: str, data_dir: Path | None) -> None:
    """Open the database once before serving (making ``data_dir`` for SQLite first), so a bad
    URL or directory is one clear line, not a trace."""
    import asyncio

    from patience.store.repository import Store, StoreDamaged, StoreUnavailable
    from patience.web.app import make_data_dir

    async def check() -> None:
        if data_dir is not None:
            make_data_dir(data_dir)
        store = await Store.open(url)
        await store.close()

    try:
        asyncio.run(check())
    except StoreDamaged as error:
        raise CliError(f"the database is damaged: {error}", 1) from None
    except StoreUnavailable as error:
        raise CliError(f"cannot use the database: {error}", 1) from None


QUIET: dict[str, Any] = {"log_level": "warning", "access_log": False}
"""uvicorn logs warnings and errors only; with its access log off it does not even work out
each request's line (which its log level would drop anyway)."""


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    import uvicorn

    from patience.store.repository import sqlite_url
    from patience.web.app import DB_ENV, DEFAULT_DB_NAME, DIR_ENV, LIVE_GAMES_ENV, create_app
    from patience.web.secret import ENV as SECRET_ENV
    from patience.web.secret import SecretUnavailable, load_secret
    from patience.web.solver_pool import SOLVERS_ENV

    if args.workers < 1:
        raise CliError("--workers must be at least 1")
    if args.solvers is not None:
        if args.solvers < 1:
            raise CliError("--solvers must be at least 1")
        os.environ[SOLVERS_ENV] = str(args.solvers)
    if args.live_games is not None:
        if args.live_games < 1:
            raise CliError("--live-games must be at least 1")
        os.environ[LIVE_GAMES_ENV] = str(args.live_games)
    limits = _limits(args)
    db: str | None = args.db or os.environ.get(DB_ENV) or None
    data_dir = (args.data_dir or Path(os.environ.get(DIR_ENV, "data"))).resolve()
    try:
        secret = load_secret(data_dir)
    except SecretUnavailable as error:  # a read-only or full data directory
        raise CliError(str(error), 1) from None
    _check_database(db or sqlite_url(data_dir / DEFAULT_DB_NAME), None if db else data_dir)
    print(f"patience: serving http://{args.host}:{args.port} (data in {data_dir})", flush=True)
    if args.workers == 1:
        app = create_app(db, data_dir, secret, limits, prepare_dailies=args.daily_prep)
        uvicorn.run(app, host=args.host, port=args.port, **QUIET)
        return 0
    # Several processes: each builds its app from the environment.
    os.environ[DIR_ENV] = str(data_dir)
    os.environ[SECRET_ENV] = secret
    os.environ.update(limits.environment())
    if db:
        os.environ[DB_ENV] = db
    uvicorn.run(
        "patience.web.app:app_from_environment",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        **QUIET,
    )
    return 0
