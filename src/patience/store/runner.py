"""Running database work off the event loop: reads on a small pool of threads, writes on
writer threads (SQLite: one, committing writes in groups; PostgreSQL: several).

A request's work is a plain function of a SQLAlchemy connection. Waiting for the database
(a lock held by another process, a slow disk, a distant server) happens in those threads, so
the worker's event loop keeps serving pages meanwhile.

**Group commit.** Writes queue up for the writer thread, which takes every write waiting (up
to :data:`MAX_GROUP`) and runs them in one transaction with one commit, and only then
answers each. When every commit is flushed to the disk (SQLite ``synchronous=FULL``,
PostgreSQL's default), many players' moves share one flush, so making each acknowledged move
durable costs little more than one. When any write of a group fails, the group is rolled
back and each of its writes runs again alone, so one bad write never takes others with it.

**Several writers on PostgreSQL.** One writer waits for the database server a round trip
after another, and under load that wait was the worker's limit: 500 duels on 4 workers
served 221 moves a second with a move p99 of 6.8 s, and 550 with 989 ms on four writers
each (docs/DUELS.md). So on PostgreSQL :data:`~patience.store.repository.POSTGRES_WRITERS`
threads take the writes, one a transaction: the server flushes concurrent commits together
itself, and a transaction touching one duel cannot deadlock with another the way two groups
touching two duels in opposite orders could. Writes were already concurrent across workers.

**Reads without a transaction.** On PostgreSQL a read runs in autocommit: no ``BEGIN`` before
it and no ``ROLLBACK`` after, two round trips saved. It loses nothing: at PostgreSQL's
READ COMMITTED level each statement of a transaction sees the data as of its own start
anyway. (SQLite starts no transaction for a read.)
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy.engine import Connection, Engine

from patience.store.turns import WriterTurns

T = TypeVar("T")

MAX_GROUP = 256
"""The most writes one commit carries."""


@dataclass
class _Write:
    work: Callable[[Connection], Any]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]

    def settle(self, outcome: tuple[bool, Any]) -> None:
        self.loop.call_soon_threadsafe(_settle, self.future, outcome)


def _settle(future: asyncio.Future[Any], outcome: tuple[bool, Any]) -> None:
    if future.done():  # the request was cancelled meanwhile (its client went away)
        return
    ok, value = outcome
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


_STOP = None


class ThreadedRunner:
    """Reads and writes of one engine, on threads of their own."""

    def __init__(
        self,
        engine: Engine,
        readers: int = 4,
        sqlite_file: Path | None = None,
        writers: int = 1,
    ) -> None:
        """``sqlite_file``: the SQLite database's file, whose writers in other processes
        this one takes turns with (:mod:`patience.store.turns`). ``writers`` above one: as
        many writer threads, each committing one write at a time (see the module's doc)."""
        self.engine = engine
        self._group = MAX_GROUP if writers == 1 else 1
        self._turns = None if sqlite_file is None else WriterTurns(sqlite_file)
        postgresql = engine.dialect.name == "postgresql"
        self._reading = (
            engine.execution_options(isolation_level="AUTOCOMMIT") if postgresql else engine
        )
        self._readers = ThreadPoolExecutor(readers, thread_name_prefix="db-read")
        self._writes: queue.SimpleQueue[_Write | None] = queue.SimpleQueue()
        self._writers = [
            threading.Thread(target=self._write_loop, name=f"db-write-{n}", daemon=True)
            for n in range(writers)
        ]
        for writer in self._writers:
            writer.start()

    async def read(self, work: Callable[[Connection], T]) -> T:
        def run() -> T:
            with self._reading.connect() as conn:
                return work(conn)

        return await asyncio.get_running_loop().run_in_executor(self._readers, run)

    async def write(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in a transaction; returns once that transaction is committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._writes.put(_Write(work, loop, future))
        return await future

    async def close(self) -> None:
        for _ in self._writers:
            self._writes.put(_STOP)
        for writer in self._writers:
            await asyncio.to_thread(writer.join)
        self._readers.shutdown(wait=True)
        if self._turns is not None:
            self._turns.close()
        self.engine.dispose()

    # ------------------------------------------------------------------ the writer thread

    def _write_loop(self) -> None:
        conn: Connection | None = None
        try:
            while (first := self._writes.get()) is not _STOP:
                group = [first]
                stop = False
                while len(group) < self._group:
                    try:
                        more = self._writes.get_nowait()
                    except queue.Empty:
                        break
                    if more is _STOP:
                        stop = True
                        break
                    group.append(more)
                conn = self._commit_group(conn, group)
                if stop:
                    break
        finally:
            if conn is not None:
                conn.close()

    def _connection(self, conn: Connection | None) -> Connection:
        if conn is None or conn.closed or conn.invalidated:
            conn = self.engine.connect()
        return conn

    def _commit_group(self, conn: Connection | None, group: list[_Write]) -> Connection | None:
        """Commit ``group`` in one transaction, or each alone when the group fails."""
        try:
            conn = self._connection(conn)
            with self._turns or contextlib.nullcontext(), conn.begin():
                results = [write.work(conn) for write in group]
        except Exception as error:
            conn = _discard_if_broken(conn)
            if len(group) == 1:
                group[0].settle((False, error))
                return conn
            for write in group:
                conn = self._commit_group(conn, [write])
            return conn
        for write, result in zip(group, results, strict=True):
            write.settle((True, result))
        return conn


def _discard_if_broken(conn: Connection | None) -> Connection | None:
    if conn is not None and (conn.closed or conn.invalidated):
        return None
    return conn
