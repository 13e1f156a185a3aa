"""Reviews of games in the database: which job works on a review, its findings, and the
verdicts they rest on.

The server (:class:`Reviews`, off its event loop like every store call) claims a review and
reads its findings; the solver process doing the review (:class:`ReviewLog`, plain and
blocking) writes them. A job writes only while its claim holds: a review that stopped moving
(its process died) is claimed anew by the next request, and the old job's late writes are
refused.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import delete, event, insert, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection, Engine

from patience.store.repository import Store, now_ms, open_engine
from patience.store.schema import games, review_events, reviews, verdicts

ReviewState = Literal["running", "done", "failed"]

_CHUNK = 500
"""Game ids asked for in one query (SQLite takes a bounded number of parameters)."""

KEEP_EVERY_S = 2.0
"""A job with no new finding still commits its verdicts (and shows it is alive) this often."""

STALE_MS = 60_000
"""A running review whose job wrote nothing for this long is taken over (a single search
takes a few seconds at most)."""


@dataclass(frozen=True)
class StoredVerdict:
    """A verdict as stored: ``winnable``, ``lost`` or ``unknown``, the words of a winning
    line, and the nodes its search cost."""

    status: str
    line: str
    nodes: int


@dataclass(frozen=True)
class ReviewRow:
    """A review as stored: of which version of the game, its state, how many events."""

    version: int
    claim: str
    state: ReviewState
    events: int
    updated_ms: int


def _row(found: Any) -> ReviewRow | None:
    if found is None:
        return None
    return ReviewRow(found.version, found.claim, found.state, found.events, found.updated_ms)


class Reviews:
    """The server's side: claim a review for a job, read what it found."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def get(self, game_id: str) -> ReviewRow | None:
        query = select(reviews).where(reviews.c.game_id == game_id)
        return _row(await self.store.read(lambda conn: conn.execute(query).first()))

    async def claim(self, game_id: str, version: int, seen: ReviewRow | None) -> str | None:
        """A new claim on the review of ``game_id`` at ``version``, its findings so far
        dropped, if the review is still as ``seen`` (``None``: not there); else ``None``
        (another request or worker claimed it first)."""
        token = secrets.token_hex(16)
        values = {
            "version": version,
            "claim": token,
            "state": "running",
            "events": 0,
            "updated_ms": now_ms(),
        }

        def claim(conn: Connection) -> bool:
            if seen is None:
                inserting = _insert_new(conn).values(game_id=game_id, **values)
                # RETURNING says whether the row went in (psycopg gives no rowcount here).
                return conn.execute(inserting.returning(reviews.c.game_id)).first() is not None
            taken = conn.execute(
                update(reviews)
                .where(reviews.c.game_id == game_id, reviews.c.claim == seen.claim)
                .values(**values)
            )
            if taken.rowcount != 1:
                return False
            conn.execute(delete(review_events).where(review_events.c.game_id == game_id))
            return True

        return token if await self.store.write(claim) else None

    async def fail(self, game_id: str, token: str) -> None:
        """The job of ``token`` ended without finishing: the review says so."""
        statement = (
            update(reviews)
            .where(reviews.c.game_id == game_id, reviews.c.claim == token)
            .values(state="failed", updated_ms=now_ms())
        )
        await self.store.write(lambda conn: conn.execute(statement))

    async def release(self, game_id: str, token: str) -> None:
        """Give up the claim of ``token`` before its job started: the review is not there."""
        statement = delete(reviews).where(reviews.c.game_id == game_id, reviews.c.claim == token)
        await self.store.write(lambda conn: conn.execute(statement))

    async def events(self, game_id: str, after: int = 0) -> list[tuple[int, str]]:
        """The review's events numbered above ``after``, in order, as (number, JSON)."""
        query = (
            select(review_events.c.seq, review_events.c.event)
            .where(review_events.c.game_id == game_id, review_events.c.seq > after)
            .order_by(review_events.c.seq)
        )
        rows = await self.store.read(lambda conn: conn.execute(query).all())
        return [(int(seq), str(event)) for seq, event in rows]

    async def losing_moves(self, game_ids: Sequence[str]) -> dict[str, tuple[int, str]]:
        """The losing move (its number and text) of each of ``game_ids`` whose finished
        review found one."""
        found: dict[str, tuple[int, str]] = {}
        for start in range(0, len(game_ids), _CHUNK):
            chunk = list(game_ids[start : start + _CHUNK])
            query = (
                select(review_events.c.game_id, review_events.c.event, games.c.moves)
                .join(games, games.c.id == review_events.c.game_id)
                .where(
                    review_events.c.game_id.in_(chunk),
                    review_events.c.event.contains('"end"'),
                )
            )

            def read(conn: Connection, query: Any = query) -> list[Any]:
                return list(conn.execute(query).all())

            for game_id, text, moves in await self.store.read(read):
                losing = json.loads(text).get("losing_move")
                texts = moves.split()
                if isinstance(losing, int) and 1 <= losing <= len(texts):
                    found[game_id] = (losing, texts[losing - 1])
        return found


def _insert_new(conn: Connection) -> Any:
    """An insert of a review that does nothing when the review is there already."""
    if conn.dialect.name == "postgresql":
        return postgresql_insert(reviews).on_conflict_do_nothing(index_elements=["game_id"])
    return sqlite_insert(reviews).on_conflict_do_nothing(index_elements=["game_id"])


class ClaimLost(Exception):
    """Another job took the review over: this one must stop."""


class ReviewLog:
    """A review job's side: its findings and verdicts, written in groups.

    Before each search the job asks for a stored verdict (:meth:`verdict`), which commits
    everything found so far first: a page sees each finding before the next search begins.
    Each search result is kept for the next review of that position. A log without a
    review (``game_id`` empty) keeps verdicts only.
    """

    def __init__(self, url: str, game_id: str, token: str) -> None:
        self.engine: Engine = open_engine(url, 1)
        if self.engine.dialect.name == "sqlite":  # a lost write is searched again, never wrong
            event.listen(self.engine, "connect", _flush_less)
        self.game_id = game_id
        self.token = token
        self._events: list[str] = []
        self._verdicts: list[dict[str, Any]] = []
        self._written = 0
        self._flushed = time.monotonic()

    def add(self, event: dict[str, Any]) -> None:
        """A finding, written with the next group."""
        self._events.append(json.dumps(event, separators=(",", ":")))

    def verdict(self, key: str) -> StoredVerdict | None:
        """The stored verdict for the judge's key, after committing the findings waiting (and
        the verdicts with them, or every :data:`KEEP_EVERY_S` seconds)."""
        if self._events or time.monotonic() - self._flushed > KEEP_EVERY_S:
            self.flush()
        query = select(verdicts).where(verdicts.c.key_hash == _hash(key))
        with self.engine.connect() as conn:
            found = conn.execute(query).first()
        return None if found is None else StoredVerdict(found.status, found.line, found.nodes)

    def keep(self, key: str, verdict: StoredVerdict) -> None:
        """A verdict searched, written with the next group."""
        row = {"status": verdict.status, "line": verdict.line, "nodes": verdict.nodes}
        self._verdicts.append({"key_hash": _hash(key), **row})

    def flush(self, state: ReviewState = "running") -> None:
        """Commit what is waiting, and the review's state; :class:`ClaimLost` if the review
        is no longer this job's."""
        events = [
            {"game_id": self.game_id, "seq": self._written + n, "event": event}
            for n, event in enumerate(self._events, 1)
        ]
        if not events and not self._verdicts and state == "running":
            return
        with self.engine.begin() as conn:
            for row in self._verdicts:
                conn.execute(_insert_verdict(conn), row)
            if self.game_id:
                self._write_events(conn, events, state)
        self._written += len(events)
        self._events.clear()
        self._verdicts.clear()
        self._flushed = time.monotonic()

    def _write_events(self, conn: Connection, events: list[dict[str, Any]], state: str) -> None:
        mine = conn.execute(
            update(reviews)
            .where(reviews.c.game_id == self.game_id, reviews.c.claim == self.token)
            .values(state=state, events=self._written + len(events), updated_ms=now_ms())
        )
        if mine.rowcount != 1:
            raise ClaimLost(self.game_id)
        if events:
            conn.execute(insert(review_events), events)

    def close(self) -> None:
        self.engine.dispose()


def _flush_less(dbapi_connection: Any, _record: Any) -> None:
    """A job's SQLite commits reach the disk at checkpoints, not each one (WAL, NORMAL):
    a power cut may lose the last findings, which the next review finds again."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _insert_verdict(conn: Connection) -> Any:
    """Keep the first verdict stored for a key: the same search gives the same one."""
    if conn.dialect.name == "postgresql":
        return postgresql_insert(verdicts).on_conflict_do_nothing(index_elements=["key_hash"])
    return sqlite_insert(verdicts).on_conflict_do_nothing(index_elements=["key_hash"])


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()
