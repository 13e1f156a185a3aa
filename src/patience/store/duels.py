"""Duels in the database: the duel, its two seats and its log of events.

A seat is taken with an insert that does nothing when the seat is held, so two players who
open a link at once never share it. Events are numbered by the duel's own counter, bumped in
the same transaction as the insert: every worker sees one order, and a browser that
reconnects asks for the events after the last number it has; on PostgreSQL each event also
notifies the other workers (:mod:`patience.store.notices`). A move's ``progress`` event is
written in the move's own transaction, which reads the events since the mover's worker last
looked and is rolled back if they ended the seat (:func:`append_progress`). A result is
stored once: the first worker to compute it wins, and every worker computes the same from the
stored moves.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, insert, select, text, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection

from patience.store.notices import CHANNEL, notify
from patience.store.records import GameRecord
from patience.store.repository import Store, insert_game
from patience.store.schema import duel_events, duel_seats, duels

SEAT_OWNER = "duel"
"""How the owner of a seat's game begins: no player's id does (those are hex)."""


def seat_owner(duel_id: str, seat: int) -> str:
    """The owner of a seat's stored game, so that no player's cookie owns it.

    >>> seat_owner("ab" * 16, 1)
    'duel1abababababababababababababababab'
    """
    return f"{SEAT_OWNER}{seat}{duel_id}"


def is_seat_owner(owner: str) -> bool:
    return owner.startswith(SEAT_OWNER)


@dataclass(frozen=True)
class DuelRow:
    """A duel as stored (``clock_ms`` 0: no clock; ``started_ms``: when play began, None
    while a live duel waits for its second seat; ``mode`` ``live`` or ``turns``, where the
    second seat plays after the first, within ``deadline_ms`` of its game's end)."""

    id: str
    game: str
    options: str
    deal: int
    view: str
    clock_ms: int
    mode: str
    deadline_ms: int
    undo: bool
    kind: str
    grade: str | None
    created_ms: int
    started_ms: int | None
    result: dict[str, Any] | None
    events: int
    series: str
    round: int
    best_of: int
    previous: str | None


@dataclass(frozen=True)
class SeatRow:
    """A seat as stored: its player, nickname, game (once started) and how it ended."""

    duel_id: str
    seat: int
    player_id: str
    nickname: str
    game_id: str | None
    joined_ms: int
    finished_ms: int | None
    finish: str | None


@dataclass(frozen=True)
class StoredDuel:
    """A duel with its seats in order (one or two)."""

    duel: DuelRow
    seats: tuple[SeatRow, ...]


def _duel(row: Any) -> DuelRow:
    values = dict(row._mapping)
    values["undo"] = bool(values["undo"])
    values["result"] = None if values["result"] is None else json.loads(values["result"])
    return DuelRow(**values)


def _take_seat(dialect: str) -> Any:
    maker = postgresql_insert if dialect == "postgresql" else sqlite_insert
    return (
        maker(duel_seats)
        .on_conflict_do_nothing(index_elements=["duel_id", "seat"])
        .returning(duel_seats.c.seat)
    )


_BUMP = (
    update(duels)
    .where(duels.c.id == bindparam("duel_id"))
    .values(events=duels.c.events + 1)
    .returning(duels.c.events)
)
_ADD_EVENT = insert(duel_events)
_GET_DUEL = select(duels).where(duels.c.id == bindparam("duel_id"))
_GET_SEATS = (
    select(duel_seats)
    .where(duel_seats.c.duel_id == bindparam("duel_id"))
    .order_by(duel_seats.c.seat)
)
_EVENTS_AFTER = (
    select(duel_events.c.seq, duel_events.c.event)
    .where(duel_events.c.duel_id == bindparam("duel_id"), duel_events.c.seq > bindparam("after"))
    .order_by(duel_events.c.seq)
)
_EVENT_COUNTS = select(duels.c.id, duels.c.events).where(
    duels.c.id.in_(bindparam("duel_ids", expanding=True))
)
_LOGGED = text(
    "SELECT rowid AS logged, duel_id, seq, event FROM duel_events"
    " WHERE rowid > :logged ORDER BY rowid"
)
_EVENTS_SINCE_PG = text(
    """
    SELECT e.duel_id, e.seq, e.event FROM duel_events e
    JOIN unnest(CAST(:duel_ids AS text[]), CAST(:afters AS integer[])) AS w(duel_id, after)
      ON e.duel_id = w.duel_id AND e.seq > w.after
    ORDER BY e.duel_id, e.seq
    """
)
_LAST_LOGGED = text("SELECT coalesce(max(rowid), 0) FROM duel_events")
"""Statements built once: the hot paths only bind values."""

_PROGRESS_PG = text(
    """
    WITH bumped AS (
        UPDATE duels SET events = events + 1 WHERE id = :duel_id RETURNING events
    ), added AS (
        INSERT INTO duel_events (duel_id, seq, at_ms, event)
        SELECT :duel_id, events, :at_ms, :event FROM bumped RETURNING seq, event
    ), told AS (
        SELECT pg_notify(:channel, CAST(:duel_id AS TEXT) || ':' || CAST(seq AS TEXT))
        FROM added
    )
    SELECT seq, event, false AS added FROM duel_events
        WHERE duel_id = :duel_id AND seq > :after
    UNION ALL
    SELECT added.seq, added.event, true FROM added CROSS JOIN told
    ORDER BY seq
    """
)
"""On PostgreSQL, :func:`append_progress` in one round trip instead of four: the event's
number, the event, the notice and the events since (the new event comes from ``added``: the
statement's own read does not see its insert)."""


def notice(duel_id: str, seq: int) -> str:
    """What a duel's event tells other workers: the duel and the event's number.

    >>> heard(notice("d1", 7))
    ('d1', 7)
    """
    return f"{duel_id}:{seq}"


def heard(payload: str) -> tuple[str, int | None]:
    """The duel and event number of a notice (no number from a worker of an earlier release,
    whose notice was the duel's id alone)."""
    duel_id, _, seq = payload.partition(":")
    return duel_id, int(seq) if seq.isdigit() else None


def append_event(conn: Connection, duel_id: str, at_ms: int, event: dict[str, Any]) -> int:
    """Add an event in this transaction (another write's, such as a move's); its number."""
    seq = int(conn.execute(_BUMP, {"duel_id": duel_id}).scalar_one())
    text = json.dumps(event, separators=(",", ":"))
    conn.execute(_ADD_EVENT, {"duel_id": duel_id, "seq": seq, "at_ms": at_ms, "event": text})
    notify(conn, notice(duel_id, seq))
    return seq


class SeatEnded(Exception):
    """The seat's game ended, or the duel was decided, before a move of it was stored."""


def append_progress(
    conn: Connection, duel_id: str, seat: int, after: int, at_ms: int, event: dict[str, Any]
) -> list[tuple[int, dict[str, Any]]]:
    """Add a seat's ``progress`` event in this transaction (a move's) and return the events
    since number ``after``, this one last; :class:`SeatEnded` (the transaction, the move
    with it, rolls back) if one of them ended the seat or decided the duel."""
    if conn.dialect.name == "postgresql":
        said = json.dumps(event, separators=(",", ":"))
        values = {"duel_id": duel_id, "after": after, "at_ms": at_ms, "event": said}
        rows = conn.execute(_PROGRESS_PG, values | {"channel": CHANNEL}).all()
        if not rows or not rows[-1].added:
            raise LookupError(f"no duel {duel_id}")
        if [row.seq for row in rows] != list(range(after + 1, rows[-1].seq + 1)):
            # The statement waited for the duel's row while another transaction added events
            # and committed; its read was taken before, so it missed them: a new statement
            # sees them (READ COMMITTED), so that an end of this seat among them is not missed.
            rows = conn.execute(_EVENTS_AFTER, {"duel_id": duel_id, "after": after}).all()
    else:
        append_event(conn, duel_id, at_ms, event)
        rows = conn.execute(_EVENTS_AFTER, {"duel_id": duel_id, "after": after}).all()
    news = [(int(row.seq), json.loads(row.event)) for row in rows]
    for _, told in news:
        if told["type"] == "result" or (told["type"] == "end" and told["seat"] == seat):
            raise SeatEnded(f"seat {seat} of duel {duel_id} ended before the move")
    return news


class DuelStore:
    """Reads and writes duels through the server's :class:`Store` (off its event loop)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def create(
        self,
        duel: DuelRow,
        challenger: SeatRow,
        events: tuple[dict[str, Any], ...],
        game: GameRecord | None = None,
    ) -> None:
        """Store a new duel with its challenger in seat 0 (with ``game``, the seat's game, when
        the challenger plays at once: in turns), and its first events."""
        values = {name: getattr(duel, name) for name in DuelRow.__dataclass_fields__}
        values["result"] = None
        values["events"] = 0

        def add(conn: Connection) -> None:
            conn.execute(insert(duels), values)
            if game is not None:
                insert_game(conn, game)
            conn.execute(insert(duel_seats), vars(challenger))
            for event in events:
                append_event(conn, duel.id, duel.created_ms, event)

        await self.store.write(add)

    async def get(self, duel_id: str) -> StoredDuel | None:
        def read(conn: Connection) -> StoredDuel | None:
            row = conn.execute(_GET_DUEL, {"duel_id": duel_id}).first()
            if row is None:
                return None
            seats = conn.execute(_GET_SEATS, {"duel_id": duel_id}).all()
            return StoredDuel(_duel(row), tuple(SeatRow(**dict(s._mapping)) for s in seats))

        return await self.store.read(read)

    async def event_counts(self, duel_ids: Sequence[str]) -> dict[str, int]:
        """How many events each of these duels has (one read for all)."""
        values = {"duel_ids": list(duel_ids)}
        rows = await self.store.read(lambda conn: conn.execute(_EVENT_COUNTS, values).all())
        return {row.id: row.events for row in rows}

    async def events_since(
        self, wanted: Mapping[str, int]
    ) -> list[tuple[str, int, dict[str, Any]]]:
        """The events of the ``wanted`` duels, each numbered above its number there, in
        order: one read for all (one statement on PostgreSQL)."""

        def read(conn: Connection) -> list[tuple[str, int, dict[str, Any]]]:
            if conn.dialect.name == "postgresql":
                values = {"duel_ids": list(wanted), "afters": list(wanted.values())}
                rows = conn.execute(_EVENTS_SINCE_PG, values)
                return [(row.duel_id, int(row.seq), json.loads(row.event)) for row in rows]
            return [
                (duel_id, int(seq), json.loads(text))
                for duel_id, after in wanted.items()
                for seq, text in conn.execute(_EVENTS_AFTER, {"duel_id": duel_id, "after": after})
            ]

        return await self.store.read(read)

    async def logged_since(
        self, logged: int | None, wanted: Mapping[str, int]
    ) -> tuple[int, list[tuple[str, int, dict[str, Any]]]]:
        """On SQLite, the events committed since the mark ``logged`` (None: none, only the
        mark) of the ``wanted`` duels, each numbered above its number there, in order, and
        the new mark: one read for every duel.

        SQLite gives a new row the table's highest ``rowid`` plus one, and its writers take
        turns, so rows commit in ``rowid`` order and a read that saw the rows up to a mark
        never misses a later one (events are never deleted, so a ``rowid`` is never reused).
        """

        def read(conn: Connection) -> tuple[int, list[tuple[str, int, dict[str, Any]]]]:
            if logged is None:
                return int(conn.execute(_LAST_LOGGED).scalar_one()), []
            mark, found = logged, []
            for row in conn.execute(_LOGGED, {"logged": logged}):
                mark = row.logged
                if row.seq > wanted.get(row.duel_id, row.seq):
                    found.append((row.duel_id, int(row.seq), json.loads(row.event)))
            return mark, found

        return await self.store.read(read)

    async def rematch_of(self, duel_id: str) -> str | None:
        """The duel that is the rematch of ``duel_id``, if one was made."""
        query = select(duels.c.id).where(duels.c.previous == duel_id)
        return await self.store.read(lambda conn: conn.execute(query).scalar())

    async def series(self, series: str) -> list[StoredDuel]:
        """Every duel of a series, by round (one read for the duels and their seats)."""
        rounds = select(duels).where(duels.c.series == series).order_by(duels.c.round)
        seated = (
            select(duel_seats)
            .join(duels, duels.c.id == duel_seats.c.duel_id)
            .where(duels.c.series == series)
            .order_by(duel_seats.c.seat)
        )

        def read(conn: Connection) -> list[StoredDuel]:
            seats: dict[str, list[SeatRow]] = {}
            for row in conn.execute(seated):
                seats.setdefault(row.duel_id, []).append(SeatRow(**dict(row._mapping)))
            found = [_duel(row) for row in conn.execute(rounds)]
            return [StoredDuel(duel, tuple(seats.get(duel.id, ()))) for duel in found]

        return await self.store.read(read)

    async def duel_of_game(self, game_id: str) -> str | None:
        """The duel a game is played in, if it is a duel's."""
        query = select(duel_seats.c.duel_id).where(duel_seats.c.game_id == game_id)
        return await self.store.read(lambda conn: conn.execute(query).scalar())

    async def start(
        self,
        seat: SeatRow,
        games: Mapping[int, GameRecord],
        at_ms: int,
        events: tuple[dict[str, Any], ...],
        *,
        started: bool,
    ) -> bool:
        """Take the free seat: the seats' new games stored (by seat), and with ``started``
        the duel's start at ``at_ms``; False (nothing written) if the seat was taken."""

        def take(conn: Connection) -> bool:
            if conn.execute(_take_seat(conn.dialect.name), vars(seat)).first() is None:
                return False
            for number, record in games.items():
                insert_game(conn, record)
                conn.execute(
                    update(duel_seats)
                    .where(duel_seats.c.duel_id == seat.duel_id, duel_seats.c.seat == number)
                    .values(game_id=record.id)
                )
            if started:
                conn.execute(
                    update(duels).where(duels.c.id == seat.duel_id).values(started_ms=at_ms)
                )
            for event in events:
                append_event(conn, seat.duel_id, at_ms, event)
            return True

        return await self.store.write(take)

    async def end_seat(
        self, duel_id: str, seat: int, finish: str, at_ms: int, event: dict[str, Any]
    ) -> bool:
        """Record how a seat's game ended (once: False if it had ended already)."""

        def end(conn: Connection) -> bool:
            done = conn.execute(
                update(duel_seats)
                .where(
                    duel_seats.c.duel_id == duel_id,
                    duel_seats.c.seat == seat,
                    duel_seats.c.finish.is_(None),
                )
                .values(finish=finish, finished_ms=at_ms)
            )
            if done.rowcount != 1:
                return False
            append_event(conn, duel_id, at_ms, event)
            return True

        return await self.store.write(end)

    async def decide(self, duel_id: str, result: dict[str, Any], at_ms: int) -> bool:
        """Store the result (once: False if another worker stored it first) and its event."""
        text = json.dumps(result, separators=(",", ":"))

        def store(conn: Connection) -> bool:
            done = conn.execute(
                update(duels)
                .where(duels.c.id == duel_id, duels.c.result.is_(None))
                .values(result=text)
            )
            if done.rowcount != 1:
                return False
            append_event(conn, duel_id, at_ms, {"type": "result", **result})
            return True

        return await self.store.write(store)

    async def events(self, duel_id: str, after: int) -> list[tuple[int, dict[str, Any]]]:
        """The duel's events numbered above ``after``, in order."""
        values = {"duel_id": duel_id, "after": after}

        def read(conn: Connection) -> list[tuple[int, dict[str, Any]]]:
            return [
                (int(seq), json.loads(text)) for seq, text in conn.execute(_EVENTS_AFTER, values)
            ]

        return await self.store.read(read)
