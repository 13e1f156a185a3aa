"""The web application: ``create_app(db_url, data_dir, secret)``."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware

from patience.store.repository import Store, StoreUnavailable, now_ms, sqlite_url
from patience.web import api, daily_api, daily_pages, duel_api, pages, review_api
from patience.web.assets import Assets, Compression
from patience.web.collector import tuned_collector
from patience.web.dailies import DailyDesk
from patience.web.daily_prep import keep_prepared
from patience.web.duels import DuelHall
from patience.web.guard import Guard
from patience.web.limits import LimitConfig, Limits
from patience.web.players import Players
from patience.web.reviews import ReviewDesk
from patience.web.secret import load_secret
from patience.web.service import LIVE_GAMES, Games
from patience.web.solver_pool import SOLVERS_ENV, SolverPool, default_solvers
from patience.web.timing import ServerTiming

logger = logging.getLogger(__name__)

DEFAULT_DB_NAME = "patience.sqlite3"
STATIC_DIR = Path(__file__).parent / "static"


def create_app(
    db_url: str | None,
    data_dir: Path | str,
    secret: str,
    limits: LimitConfig | None = None,
    static_dir: Path = STATIC_DIR,
    solvers: int | None = None,
    prepare_dailies: bool = False,
    live_games: int | None = None,
) -> Starlette:
    """The app; games are kept at ``db_url``, else in SQLite under ``data_dir``; ``solvers``
    processes search (default: $PATIENCE_SOLVERS, else one per core and at least two);
    ``prepare_dailies``: a server of one worker grades the daily deals it lacks itself;
    ``live_games``: how many games a worker keeps in memory (default: $PATIENCE_LIVE_GAMES,
    else :data:`LIVE_GAMES`)."""
    data_path = Path(data_dir)
    url = db_url or sqlite_url(data_path / DEFAULT_DB_NAME)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if db_url is None:
            make_data_dir(data_path)
        store = await Store.open(url)
        pool = SolverPool(solvers or solvers_from_environment())
        app.state.games = Games(store, live_games or live_games_from_environment())
        app.state.solvers = pool
        app.state.reviews = ReviewDesk(store, pool, clock=lambda: app.state.now())
        app.state.duels = DuelHall(store, app.state.games, pool, secret)
        app.state.dailies = DailyDesk(
            store, app.state.games, app.state.reviews, clock=lambda: app.state.now()
        )
        tasks = [
            asyncio.create_task(_purge_unplayed_games(store)),
            asyncio.create_task(app.state.duels.watch()),
        ]
        if prepare_dailies:
            clock = app.state.dailies.clock
            tasks.append(asyncio.create_task(keep_prepared(store, pool, secret, clock)))
        else:
            await daily_api.check_prepared(store, app.state.now())
        try:
            with tuned_collector():
                yield
        finally:
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await app.state.reviews.close()
            await asyncio.to_thread(pool.close)
            await store.close()

    assets = Assets(static_dir)
    app = Starlette(
        routes=[
            *api.routes,
            *review_api.routes,
            *duel_api.routes,
            *daily_api.routes,
            *assets.routes,
            *daily_pages.routes,
            *pages.routes,
        ],
        lifespan=lifespan,
        exception_handlers={HTTPException: pages.http_error, Exception: pages.server_error},
        middleware=[
            Middleware(ServerTiming),
            Middleware(Compression),
            Middleware(Guard, refuse=pages.answer_error),
        ],
    )
    app.state.assets = assets
    app.state.now = now_ms
    """The server's clock in milliseconds (tests put their own here)."""
    app.state.players = Players(secret)
    app.state.limits = Limits(limits or LimitConfig())
    app.state.log_unavailable = UnavailableLog()
    return app


def make_data_dir(path: Path) -> None:
    """Make the data directory (and its parents) if it is missing; :class:`StoreUnavailable`
    says why it cannot be."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        why = "a read-only file system" if error.errno == errno.EROFS else error.strerror
        raise StoreUnavailable(f"the data directory {path} cannot be made ({why})") from None


class UnavailableLog:
    """Logs why the database failed (its host, its words), at most once a second: players
    are told only to try again."""

    def __init__(self, every_s: float = 1.0) -> None:
        self.every_s = every_s
        self._last = -every_s
        self._skipped = 0

    def __call__(self, error: StoreUnavailable) -> None:
        now = time.monotonic()
        if now - self._last < self.every_s:
            self._skipped += 1
            return
        more = f" ({self._skipped} more since)" if self._skipped else ""
        logger.warning("the database failed: %s%s", error, more)
        self._last, self._skipped = now, 0


UNPLAYED_KEPT_MS = 24 * 3600 * 1000
PURGE_EVERY_S = 3600


async def _purge_unplayed_games(store: Store) -> None:
    """Now and every hour: drop games stored but never moved in for a day, so the database
    grows only with games people play."""
    while True:
        try:
            removed = await store.purge_unplayed(now_ms() - UNPLAYED_KEPT_MS)
            if removed:
                logger.info("removed %d unplayed games", removed)
        except StoreUnavailable as error:
            logger.warning("could not remove unplayed games: %s", error)
        await asyncio.sleep(PURGE_EVERY_S)


def solvers_from_environment() -> int:
    """$PATIENCE_SOLVERS (as ``patience serve --solvers`` sets it), else the default."""
    given = os.environ.get(SOLVERS_ENV, "")
    return int(given) if given.isdigit() and int(given) > 0 else default_solvers()


LIVE_GAMES_ENV = "PATIENCE_LIVE_GAMES"


def live_games_from_environment() -> int:
    """$PATIENCE_LIVE_GAMES (as ``patience serve --live-games`` sets it), else the default."""
    given = os.environ.get(LIVE_GAMES_ENV, "")
    return int(given) if given.isdigit() and int(given) > 0 else LIVE_GAMES


DB_ENV = "PATIENCE_DB_URL"
DIR_ENV = "PATIENCE_DATA_DIR"


def app_from_environment() -> Starlette:
    """The app as configured by ``patience serve`` for worker processes."""
    data_dir = Path(os.environ.get(DIR_ENV, "data"))
    return create_app(
        os.environ.get(DB_ENV) or None,
        data_dir,
        load_secret(data_dir),
        LimitConfig.from_environment(),
    )
