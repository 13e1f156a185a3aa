"""Word between workers that a duel changed: PostgreSQL's ``LISTEN``/``NOTIFY``.

A transaction that adds a duel's event also notifies the channel with the duel's id and the
event's number (:func:`patience.store.duels.notice`); the notice goes out when the transaction
commits, so a worker that hears it finds the event stored. Each worker listens on one
connection of its own and wakes the streams of that duel that have not read that event yet
(its own events its streams took from memory).
A notice can be lost (the listening connection broke, the worker was busy reconnecting): the
streams still read the database now and then, and a browser asks for the events after the last
number it has, so nothing is missed, only heard later. SQLite serves a single worker, which
wakes its own streams without the database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import psycopg
from sqlalchemy import text
from sqlalchemy.engine import Connection

from patience.store.repository import Store

CHANNEL = "patience_duels"

RETRY_S = 2.0
"""How long a worker waits before listening again after its connection failed."""

logger = logging.getLogger(__name__)

_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def notify(conn: Connection, payload: str) -> None:
    """Tell every listening worker ``payload`` once this transaction commits (PostgreSQL)."""
    if conn.dialect.name == "postgresql":
        conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload})


def can_listen(store: Store) -> bool:
    """Whether the store's database carries notices between workers."""
    return store.engine.dialect.name == "postgresql"


async def listen(store: Store, heard: Callable[[str], None], listening: asyncio.Event) -> None:
    """Call ``heard`` with every payload notified on :data:`CHANNEL`, until cancelled;
    ``listening`` is set while the connection listens. Returns at once where notices are not
    carried (:func:`can_listen`)."""
    if not can_listen(store):
        return
    url = store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                listening.set()
                async for notice in conn.notifies():
                    heard(notice.payload)
        except (psycopg.Error, OSError) as error:
            logger.warning("duel notices stopped (%s); listening again in %.0f s", error, RETRY_S)
        finally:
            listening.clear()
        await asyncio.sleep(RETRY_S)
