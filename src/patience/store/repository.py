"""Reading and writing players and games (SQLAlchemy Core on SQLite or PostgreSQL).

Every write is committed, and on the disk, before its method returns (docs/OPERATIONS.md,
"What acknowledged promises"). A game is updated only ``WHERE version = expected`` so several server
processes sharing one database never overwrite each other's moves. Database failures surface
as :class:`StoreUnavailable`, a database that needs repair as :class:`StoreDamaged`.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    exists,
    func,
    insert,
    inspect,
    or_,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection, Engine, Row
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from patience.store.records import GameRecord, UnfinishedGame
from patience.store.runner import ThreadedRunner
from patience.store.schema import (
    assists,
    daily_entries,
    duel_seats,
    games,
    metadata,
    players,
    practice_games,
    stat_resets,
)
from patience.store.turns import turns_file

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


SQLITE_READERS = 4
"""Threads that read an SQLite database at once (WAL lets them read while one writes)."""

POSTGRES_READERS = 8
"""Threads (and connections) that read a PostgreSQL database at once, per worker."""

POSTGRES_WRITERS = 4
"""Threads (and connections) that write a PostgreSQL database at once, per worker, each one
write a transaction (SQLite has one writer, which commits writes in groups)."""


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL: readers never wait for the writer. synchronous=FULL: a commit is flushed to the
    # disk before it returns, so an acknowledged move survives a power cut, not only the
    # server being killed (the writer thread commits moves in groups, so one flush serves
    # many players). busy_timeout: another process's write is waited for, off the loop.
    try:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        cursor.close()
    except Exception:
        dbapi_connection.close()
        raise


def open_engine(url: str, connections: int) -> Engine:
    """A SQLAlchemy engine for ``url`` (as :func:`database_url` reads it) holding at most
    ``connections`` connections; SQLite's connections write ahead and flush every commit."""
    if not url.startswith("sqlite"):
        return create_engine(url, pool_size=connections, max_overflow=0)
    engine = create_engine(
        url,
        pool_size=connections,
        max_overflow=0,
        connect_args={"check_same_thread": False},
    )
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


SQLITE_BUSY_MS = 5000
"""How long a statement waits for another process's write before giving up."""

_SQLITE_HEADER = b"SQLite format 3\x00"


class StoreDamaged(StoreUnavailable):
    """The database is there but unusable as it is: it needs an operator, not a retry."""


def sqlite_path(url: str) -> Path | None:
    """The file of an SQLite URL (None for an in-memory database)."""
    name = url.split("///", 1)[1] if "///" in url else ""
    return None if not name or name == ":memory:" else Path(name)


def check_sqlite_file(path: Path) -> bool:
    """Whether the file holds a database already; refuse one that cannot be ours."""
    if not path.parent.is_dir():
        raise StoreUnavailable(f"{path.parent} is not a directory")
    if not os.access(path.parent, os.W_OK):  # SQLite keeps its journal beside the file
        raise StoreUnavailable(
            f"{path.parent} cannot be written (a read-only file system, or no permission): "
            "the database needs to write its journal there"
        )
    if not path.exists():
        return False
    with path.open("rb") as head:
        start = head.read(16)
    if not start:
        raise StoreDamaged(
            f"{path} is empty (0 bytes): the database lost its tables. Restore it from a "
            "backup (`patience backup` makes one), or move the file away to start afresh."
        )
    if start != _SQLITE_HEADER:
        raise StoreDamaged(f"{path} is not an SQLite database")
    return True


def _remove_unfinished(path: Path) -> None:
    """Remove the database file this start created but could not set up (the disk was full),
    so that the next start makes it anew instead of refusing it as damaged. A file that holds
    our tables (another process set it up meanwhile) is left alone."""
    try:
        if path.stat().st_size and _holds_games(path):
            return
    except (OSError, sqlite3.Error):
        return
    for name in (path.name, f"{path.name}-wal", f"{path.name}-shm", turns_file(path).name):
        with contextlib.suppress(FileNotFoundError):
            (path.parent / name).unlink()


def _holds_games(path: Path) -> bool:
    with contextlib.closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)) as conn:
        found = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone()
    return found is not None


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


def insert_game(conn: Connection, record: GameRecord) -> None:
    """Add a new game in the transaction of ``conn``."""
    conn.execute(_INSERT_GAME, _columns(record))


_INSERT_ASSIST = {
    "sqlite": sqlite_insert(assists).on_conflict_do_nothing(index_elements=["game_id"]),
    "postgresql": postgresql_insert(assists).on_conflict_do_nothing(index_elements=["game_id"]),
}
_INSERT_PLAYER = {
    "sqlite": sqlite_insert(players).on_conflict_do_nothing(index_elements=["id"]),
    "postgresql": postgresql_insert(players).on_conflict_do_nothing(index_elements=["id"]),
}
"""A player is added once; adding them again does nothing (and never fails a group)."""
_GET_GAME = select(games).where(games.c.id == bindparam("game_id"))
_SAVE_GAME = (
    update(games)
    .where(games.c.id == bindparam("game_id"), games.c.version == bindparam("expected"))
    .values({name: bindparam(name) for name in _CHANGING})
)
"""Statements built once: the hot path only binds values."""


class Store:
    """The repository: one per server process, shared by all requests.

    Every operation is a plain function of a SQLAlchemy connection, run off the event loop
    (:mod:`patience.store.runner`): reads on threads of the store's own, writes committed in
    groups by one writer thread, on SQLite and on PostgreSQL (psycopg) alike.
    """

    def __init__(self, runner: ThreadedRunner) -> None:
        self.runner = runner
        self.engine = runner.engine

    @classmethod
    async def open(cls, url: str) -> Store:
        """Connect, and create the tables of a new database.

        An SQLite file that exists must hold our tables: one that lost them (emptied,
        truncated) is refused with :class:`StoreDamaged` rather than silently started anew.
        """
        url = database_url(url)
        existing = False
        path = None
        if url.startswith("sqlite"):
            path = sqlite_path(url)
            existing = path is not None and check_sqlite_file(path)
            readers, writers = SQLITE_READERS, 1
        else:
            readers, writers = POSTGRES_READERS, POSTGRES_WRITERS
        # A fixed pool, one connection per thread: no connection is opened per request.
        try:
            runner = ThreadedRunner(open_engine(url, readers + writers), readers, path, writers)
        except OSError as error:  # the writers' lock file (store/turns.py) cannot be made
            raise StoreUnavailable(f"cannot write beside {path}: {error.strerror}") from error
        store = cls(runner)
        try:
            if existing:
                await store._check_tables()
            await store.write(metadata.create_all)
        except BaseException:
            await store.close()
            if path is not None and not existing:
                _remove_unfinished(path)
            raise
        return store

    async def _check_tables(self) -> None:
        names = await self.read(lambda conn: set(inspect(conn).get_table_names()))
        missing = sorted({"games", "players"} - names)
        if missing:
            path = sqlite_path(str(self.engine.url))
            raise StoreDamaged(
                f"{path} has lost its tables ({', '.join(missing)} missing): restore it from a "
                "backup (`patience backup` makes one), or move the file away to start afresh."
            )

    async def close(self) -> None:
        await self.runner.close()

    async def write(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in a transaction, committed before this returns."""
        try:
            return await self.runner.write(work)
        except IntegrityError:
            raise
        except (SQLAlchemyError, OSError) as error:
            raise _unavailable(error) from error

    async def read(self, work: Callable[[Connection], T]) -> T:
        try:
            return await self.runner.read(work)
        except (SQLAlchemyError, OSError) as error:
            raise _unavailable(error) from error

    # ------------------------------------------------------------------ players

    async def add_player(self, player_id: str) -> None:
        """Record a player (once; later calls do nothing)."""
        row = {"id": player_id, "created_ms": now_ms()}

        def add(conn: Connection) -> None:
            statement = _INSERT_PLAYER[conn.dialect.name]
            conn.execute(statement, row)

        await self.write(add)

    # ------------------------------------------------------------------ games

    async def insert(self, record: GameRecord, practice_of: str | None = None) -> None:
        """Store a new game; ``practice_of``: the game it goes on from, when it is practice."""

        def add(conn: Connection) -> None:
            insert_game(conn, record)
            if practice_of is not None:
                conn.execute(
                    insert(practice_games), {"game_id": record.id, "practice_of": practice_of}
                )

        await self.write(add)

    async def get(self, game_id: str) -> GameRecord | None:
        row = await self.read(lambda conn: conn.execute(_GET_GAME, {"game_id": game_id}).first())
        return None if row is None else _record(row)

    async def save(
        self,
        record: GameRecord,
        expected_version: int,
        also: Callable[[Connection], object] | None = None,
    ) -> bool:
        """Store ``record`` if the stored game is still at ``expected_version``, and then run
        ``also`` in the same transaction."""
        values = _columns(record)
        params = {name: values[name] for name in _CHANGING}
        params.update(game_id=record.id, expected=expected_version)

        def save(conn: Connection) -> bool:
            if conn.execute(_SAVE_GAME, params).rowcount != 1:
                return False
            if also is not None:
                also(conn)
            return True

        return await self.write(save)

    async def mark_broken(self, game_id: str, reason: str) -> None:
        """Mark a game whose moves no longer replay, so it is never loaded again."""
        statement = (
            update(games)
            .where(games.c.id == game_id)
            .values(outcome="broken", broken=reason, updated_ms=now_ms())
        )
        await self.write(lambda conn: conn.execute(statement))

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
        row = await self.read(lambda conn: conn.execute(query).first())
        if row is None:
            return None
        record = _record(row)
        return record if record.outcome in ("in_play", "lost") else None

    async def unfinished_games(self, player_id: str, limit: int) -> list[UnfinishedGame]:
        """The player's games with a move that are neither won (not even before an undo) nor
        lost, newest first, at most ``limit``: each the newest of its game, options and deal,
        as :meth:`current` finds it to resume."""
        newer = games.alias("newer")
        replaced = exists().where(
            newer.c.player_id == games.c.player_id,
            newer.c.game == games.c.game,
            newer.c.options == games.c.options,
            newer.c.deal == games.c.deal,
            or_(
                newer.c.updated_ms > games.c.updated_ms,
                and_(
                    newer.c.updated_ms == games.c.updated_ms,
                    newer.c.created_ms > games.c.created_ms,
                ),
            ),
        )
        query = (
            select(games.c.game, games.c.options, games.c.deal, games.c.cursor, games.c.updated_ms)
            .where(
                games.c.player_id == player_id,
                games.c.moves != "",
                games.c.outcome == "in_play",
                games.c.won_ms.is_(None),
                ~replaced,
            )
            .order_by(games.c.updated_ms.desc(), games.c.created_ms.desc())
            .limit(limit)
        )
        rows = await self.read(lambda conn: conn.execute(query).all())
        return [UnfinishedGame(*row) for row in rows]

    async def purge_unplayed(self, before_ms: int) -> int:
        """Delete games nobody moved in that were last touched before ``before_ms`` (stored
        through the API and never played; a duel's and a daily attempt's games stay with
        them), and players left with no game and no daily attempt."""
        stale = delete(games).where(
            games.c.moves == "",
            games.c.updated_ms < before_ms,
            ~exists().where(duel_seats.c.game_id == games.c.id),
            ~exists().where(daily_entries.c.game_id == games.c.id),
        )
        orphans = delete(players).where(
            players.c.created_ms < before_ms,
            ~exists().where(games.c.player_id == players.c.id),
            ~exists().where(daily_entries.c.player_id == players.c.id),
        )

        gone = delete(practice_games).where(~exists().where(games.c.id == practice_games.c.game_id))

        def purge(conn: Connection) -> int:
            count = conn.execute(stale).rowcount
            conn.execute(orphans)
            conn.execute(gone)
            return int(count)

        return await self.write(purge)

    async def player_games(self, player_id: str) -> list[GameRecord]:
        """Every game of a player, oldest first."""
        query = (
            select(games)
            .where(games.c.player_id == player_id)
            .order_by(games.c.created_ms, games.c.id)
        )
        rows = await self.read(lambda conn: conn.execute(query).all())
        return [_record(row) for row in rows]

    # ------------------------------------------------------------------ assists

    async def mark_assisted(self, game_id: str) -> None:
        """The player of ``game_id`` took help in it (once; later calls change nothing)."""
        row = {"game_id": game_id, "first_ms": now_ms()}
        await self.write(lambda conn: conn.execute(_INSERT_ASSIST[conn.dialect.name], row))

    async def assisted(self, player_id: str) -> set[str]:
        """The ids of the player's games in which they took help."""
        query = (
            select(assists.c.game_id)
            .join(games, games.c.id == assists.c.game_id)
            .where(games.c.player_id == player_id)
        )
        rows = await self.read(lambda conn: conn.execute(query).all())
        return {game_id for (game_id,) in rows}

    # ------------------------------------------------------------------ statistics

    async def reset_stats(self, player_id: str, at_ms: int) -> None:
        """Count only the player's games started from ``at_ms`` on; no game is deleted."""
        row = {"player_id": player_id, "reset_ms": at_ms}
        moved = update(stat_resets).where(stat_resets.c.player_id == player_id)

        def reset(conn: Connection) -> None:
            if conn.execute(moved.values(reset_ms=at_ms)).rowcount == 0:
                conn.execute(insert(stat_resets), row)

        try:
            await self.write(reset)
        except IntegrityError:  # another request added the player's row first
            await self.write(reset)

    async def stats_games(self, player_id: str) -> list[GameRecord]:
        """The player's games that their statistics count: those started since their last
        reset (all of them if they never reset), oldest first; practice games are not."""
        since = (
            select(stat_resets.c.reset_ms)
            .where(stat_resets.c.player_id == player_id)
            .scalar_subquery()
        )
        query = (
            select(games)
            .where(
                games.c.player_id == player_id,
                games.c.created_ms >= func.coalesce(since, 0),
                ~exists().where(practice_games.c.game_id == games.c.id),
            )
            .order_by(games.c.created_ms, games.c.id)
        )
        rows = await self.read(lambda conn: conn.execute(query).all())
        return [_record(row) for row in rows]


def _reason(error: BaseException) -> str:
    text = str(getattr(error, "orig", None) or error)
    return text.splitlines()[0] if text else type(error).__name__


_DAMAGED = ("database disk image is malformed", "file is not a database")
"""SQLite's words for a damaged file (SQLITE_CORRUPT, SQLITE_NOTADB)."""


def _unavailable(error: BaseException) -> StoreUnavailable:
    reason = _reason(error)
    if any(words in reason for words in _DAMAGED):
        return StoreDamaged(f"the database file is damaged ({reason}): restore it from a backup")
    return StoreUnavailable(reason)


def updated(record: GameRecord, **changes: Any) -> GameRecord:
    """A copy of ``record`` with ``changes``, the version bumped and the time stamped."""
    return replace(record, **changes, version=record.version + 1, updated_ms=now_ms())
