"""Reading and writing players and games (SQLAlchemy Core; async on PostgreSQL).

Every write is one transaction, committed before the method returns. A game is updated only
``WHERE version = expected`` so several server processes sharing one PostgreSQL database never
overwrite each other's moves. Database failures surface as :class:`StoreUnavailable`.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import bindparam, create_engine, delete, event, exists, insert, select, update
from sqlalchemy.engine import Connection, Engine, Row
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from patience.store.records import GameRecord
from patience.store.schema import games, metadata, players

T = TypeVar("T")


class StoreUnavailable(RuntimeError):
    """The database cannot be read or written now (disk full, server down, locked)."""


def now_ms() -> int:
    return int(time.time() * 1000)


def database_url(url: str) -> str:
    """Pick our drivers: ``postgresql://`` → psycopg (async); SQLite runs inline on the
    standard library's driver (an old ``sqlite+aiosqlite://`` URL is read as ``sqlite://``)."""
    for plain, driver in (
        ("sqlite+aiosqlite://", "sqlite://"),
        ("postgresql://", "postgresql+psycopg://"),
        ("postgres://", "postgresql+psycopg://"),
    ):
        if url.startswith(plain):
            return driver + url[len(plain) :]
    return url


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL: readers never wait for the writer. synchronous=NORMAL: a commit is in the WAL file
    # before it returns, so an acknowledged move survives the server being killed; only an
    # operating-system crash or power cut can lose the last moments (FULL would fsync every
    # move, too slow for many players on one disk).
    try:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()
    except Exception:
        dbapi_connection.close()
        raise


def _check_sqlite_file(url: str) -> None:
    """Refuse a path that cannot hold our database before any connection is made."""
    name = url.split("///", 1)[1] if "///" in url else ""
    if not name or name == ":memory:":
        return
    path = Path(name)
    if not path.parent.is_dir():
        raise StoreUnavailable(f"{path.parent} is not a directory")
    if path.exists():
        with path.open("rb") as head:
            start = head.read(16)
        if start and start != b"SQLite format 3\x00":
            raise StoreUnavailable(f"{path} is not an SQLite database")


def _record(row: Row[Any]) -> GameRecord:
    values = dict(row._mapping)
    values["moves"] = tuple(values["moves"].split())
    return GameRecord(**values)


_FIELDS = tuple(f.name for f in fields(GameRecord))
_CHANGING = tuple(name for name in _FIELDS if name not in ("id", "player_id", "created_ms"))


def _columns(record: GameRecord) -> dict[str, Any]:
    values = {name: getattr(record, name) for name in _FIELDS}
    values["moves"] = " ".join(record.moves)
    return values


_INSERT_GAME = insert(games)
_GET_GAME = select(games).where(games.c.id == bindparam("game_id"))
_SAVE_GAME = (
    update(games)
    .where(games.c.id == bindparam("game_id"), games.c.version == bindparam("expected"))
    .values({name: bindparam(name) for name in _CHANGING})
)
"""Statements built once: the hot path only binds values."""


class Store:
    """The repository: one per server process, shared by all requests.

    Every operation is a plain function of a SQLAlchemy connection. On PostgreSQL it runs on
    the async engine (psycopg), so waiting for the server never blocks the event loop. On
    SQLite it runs inline on the event loop: each statement is a few microseconds of local
    work (WAL, no fsync per commit), far less than handing it to a driver thread and back,
    which under load costs milliseconds per statement in GIL hand-offs.
    """

    def __init__(self, engine: AsyncEngine | Engine) -> None:
        self.engine = engine

    @classmethod
    async def open(cls, url: str) -> Store:
        """Connect and create the tables if they are missing."""
        url = database_url(url)
        engine: AsyncEngine | Engine
        if url.startswith("sqlite"):
            _check_sqlite_file(url)
            engine = create_engine(
                url,
                pool_size=1,
                max_overflow=0,
                connect_args={"check_same_thread": False},
            )
            event.listen(engine, "connect", _sqlite_pragmas)
        else:
            engine = create_async_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)
        store = cls(engine)
        try:
            await store._write(metadata.create_all)
        except BaseException:
            await store.close()
            raise
        return store

    async def close(self) -> None:
        if isinstance(self.engine, AsyncEngine):
            await self.engine.dispose()
        else:
            self.engine.dispose()

    async def _write(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in one transaction, committed before this returns."""
        try:
            if isinstance(self.engine, AsyncEngine):
                async with self.engine.begin() as conn:
                    return await conn.run_sync(work)
            with self.engine.begin() as sync_conn:
                return work(sync_conn)
        except IntegrityError:
            raise
        except (SQLAlchemyError, OSError) as error:
            raise StoreUnavailable(_reason(error)) from error

    async def _read(self, work: Callable[[Connection], T]) -> T:
        try:
            if isinstance(self.engine, AsyncEngine):
                async with self.engine.connect() as conn:
                    return await conn.run_sync(work)
            with self.engine.connect() as sync_conn:
                return work(sync_conn)
        except (SQLAlchemyError, OSError) as error:
            raise StoreUnavailable(_reason(error)) from error

    # ------------------------------------------------------------------ players

    async def add_player(self, player_id: str) -> None:
        """Record a player (once; later calls do nothing)."""
        query = select(players.c.id).where(players.c.id == player_id)
        if await self._read(lambda conn: conn.scalar(query)) is not None:
            return
        row = {"id": player_id, "created_ms": now_ms()}
        with contextlib.suppress(IntegrityError):  # another request added the player first
            await self._write(lambda conn: conn.execute(insert(players), row))

    # ------------------------------------------------------------------ games

    async def insert(self, record: GameRecord) -> None:
        values = _columns(record)
        await self._write(lambda conn: conn.execute(_INSERT_GAME, values))

    async def get(self, game_id: str) -> GameRecord | None:
        row = await self._read(lambda conn: conn.execute(_GET_GAME, {"game_id": game_id}).first())
        return None if row is None else _record(row)

    async def save(self, record: GameRecord, expected_version: int) -> bool:
        """Store ``record`` if the stored game is still at ``expected_version``."""
        values = _columns(record)
        params = {name: values[name] for name in _CHANGING}
        params.update(game_id=record.id, expected=expected_version)
        count = await self._write(lambda conn: conn.execute(_SAVE_GAME, params).rowcount)
        return bool(count == 1)

    async def mark_broken(self, game_id: str, reason: str) -> None:
        """Mark a game whose moves no longer replay, so it is never loaded again."""
        statement = (
            update(games)
            .where(games.c.id == game_id)
            .values(outcome="broken", broken=reason, updated_ms=now_ms())
        )
        await self._write(lambda conn: conn.execute(statement))

    async def current(
        self, player_id: str, game: str, options: str, deal: int | None = None
    ) -> GameRecord | None:
        """The player's latest game of (game, options[, deal]) if it is still open."""
        query = select(games).where(
            games.c.player_id == player_id, games.c.game == game, games.c.options == options
        )
        if deal is not None:
            query = query.where(games.c.deal == deal)
        query = query.order_by(games.c.updated_ms.desc(), games.c.created_ms.desc()).limit(1)
        row = await self._read(lambda conn: conn.execute(query).first())
        if row is None:
            return None
        record = _record(row)
        return record if record.outcome in ("in_play", "lost") else None

    async def purge_unplayed(self, before_ms: int) -> int:
        """Delete games nobody moved in that were last touched before ``before_ms`` (every
        page visit without a cookie starts one), and players left with no game."""
        stale = delete(games).where(games.c.moves == "", games.c.updated_ms < before_ms)
        orphans = delete(players).where(
            players.c.created_ms < before_ms,
            ~exists().where(games.c.player_id == players.c.id),
        )

        def purge(conn: Connection) -> int:
            count = conn.execute(stale).rowcount
            conn.execute(orphans)
            return int(count)

        return await self._write(purge)

    async def player_games(self, player_id: str) -> list[GameRecord]:
        """Every game of a player, oldest first."""
        query = (
            select(games)
            .where(games.c.player_id == player_id)
            .order_by(games.c.created_ms, games.c.id)
        )
        rows = await self._read(lambda conn: conn.execute(query).all())
        return [_record(row) for row in rows]


def _reason(error: BaseException) -> str:
    text = str(getattr(error, "orig", None) or error)
    return text.splitlines()[0] if text else type(error).__name__


def updated(record: GameRecord, **changes: Any) -> GameRecord:
    """A copy of ``record`` with ``changes``, the version bumped and the time stamped."""
    return replace(record, **changes, version=record.version + 1, updated_ms=now_ms())
