"""The daily deals in the database, prepared ahead (``patience daily prepare``).

A day's deal is written once: preparing the same day again keeps what is stored, so every
worker and machine sharing the database keeps serving the deal it served.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection

from patience.store.repository import Store
from patience.store.schema import daily_deals


@dataclass(frozen=True)
class DailyRow:
    """A day's deal of a game as stored, with its grade."""

    day: str
    game: str
    deal: int
    grade: str


class DailyStore:
    """Reads and writes daily deals through the server's :class:`Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def keep(self, deal: DailyRow) -> bool:
        """Store the day's deal of a game unless one is stored; whether this one was."""

        def put(conn: Connection) -> bool:
            maker = postgresql_insert if conn.dialect.name == "postgresql" else sqlite_insert
            statement = maker(daily_deals).on_conflict_do_nothing(index_elements=["day", "game"])
            return bool(conn.execute(statement.returning(daily_deals.c.day), vars(deal)).first())

        return await self.store.write(put)

    async def get(self, day: str, game: str) -> DailyRow | None:
        query = select(daily_deals).where(daily_deals.c.day == day, daily_deals.c.game == game)
        row = await self.store.read(lambda conn: conn.execute(query).first())
        return None if row is None else DailyRow(**dict(row._mapping))

    async def missing(self, days: Sequence[str], games: Sequence[str]) -> list[tuple[str, str]]:
        """The (day, game) pairs among ``days`` × ``games`` that have no deal stored yet."""
        query = select(daily_deals.c.day, daily_deals.c.game).where(daily_deals.c.day.in_(days))
        rows = await self.store.read(lambda conn: conn.execute(query).all())
        stored = {(row.day, row.game) for row in rows}
        return [(day, game) for day in days for game in games if (day, game) not in stored]
