"""The daily deals in the database: each day's deal and par, prepared ahead (``patience daily
prepare``), the attempts at them, the players' nicknames and their transfer codes.

A day's deal is written once: preparing the same day again keeps what is stored, so every
worker and machine sharing the database keeps serving the deal it served. A player's ranked
attempt and nickname are unique per board by the database's own indexes, so two requests at
once never both get one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, delete, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Row

from patience.store.records import GameRecord
from patience.store.repository import Store, insert_game
from patience.store.schema import (
    daily_deals,
    daily_entries,
    daily_pars,
    daily_players,
    transfer_codes,
)

ENTRY_OWNER = "daily"
"""How the owner of a daily attempt's stored game begins: no player's id does (those are hex)."""


def entry_owner(entry_id: str) -> str:
    """The owner of an attempt's stored game, so that no player's cookie owns it.

    >>> entry_owner("ab" * 16)
    'dailyabababababababababababababababab'
    """
    return f"{ENTRY_OWNER}{entry_id}"


def is_entry_owner(owner: str) -> bool:
    return owner.startswith(ENTRY_OWNER)


@dataclass(frozen=True)
class DailyRow:
    """A day's deal of a game as stored, with its grade and par (None: prepared before pars
    were kept)."""

    day: str
    game: str
    deal: int
    grade: str
    par: int | None = None


@dataclass(frozen=True)
class EntryRow:
    """An attempt at a day's deal (``ranked_player`` set on the ranked one) and how it stands."""

    id: str
    day: str
    game: str
    player_id: str
    ranked_player: str | None
    nickname: str
    name_key: str | None
    game_id: str
    status: str
    moves: int
    cards_home: int
    time_ms: int
    started_ms: int

    @property
    def ranked(self) -> bool:
        return self.ranked_player is not None

    @property
    def ended(self) -> bool:
        return self.status != PLAYING


PLAYING = "playing"


def _entry(row: Row[Any]) -> EntryRow:
    return EntryRow(**dict(row._mapping))


def _upsert(conn: Connection, table: Table) -> postgresql.Insert | sqlite.Insert:
    """An insert into ``table`` that can be told what to do on a conflict, in the dialect."""
    if conn.dialect.name == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)


class DailyStore:
    """Reads and writes daily deals, attempts, nicknames and transfer codes through the
    server's :class:`Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ deals

    async def keep(self, deal: DailyRow) -> bool:
        """Store the day's deal of a game (and its par) unless one is stored; whether this one
        was."""

        def put(conn: Connection) -> bool:
            row = {"day": deal.day, "game": deal.game, "deal": deal.deal, "grade": deal.grade}
            keys = ["day", "game"]
            statement = _upsert(conn, daily_deals).on_conflict_do_nothing(index_elements=keys)
            kept = bool(conn.execute(statement.returning(daily_deals.c.day), row).first())
            if kept and deal.par is not None:
                par = {"day": deal.day, "game": deal.game, "par": deal.par}
                conn.execute(_upsert(conn, daily_pars).on_conflict_do_nothing(), par)
            return kept

        return await self.store.write(put)

    async def get(self, day: str, game: str) -> DailyRow | None:
        return (await self.between(day, day, game)).get((day, game))

    async def between(
        self, first: str, last: str, game: str | None = None
    ) -> dict[tuple[str, str], DailyRow]:
        """The stored deals from day ``first`` to ``last`` (of ``game`` alone, if named), by
        (day, game)."""
        joined = daily_deals.outerjoin(
            daily_pars,
            (daily_pars.c.day == daily_deals.c.day) & (daily_pars.c.game == daily_deals.c.game),
        )
        query = (
            select(daily_deals, daily_pars.c.par)
            .select_from(joined)
            .where(daily_deals.c.day >= first, daily_deals.c.day <= last)
        )
        if game is not None:
            query = query.where(daily_deals.c.game == game)
        rows = await self.store.read(lambda conn: conn.execute(query).all())
        return {(row.day, row.game): DailyRow(**dict(row._mapping)) for row in rows}

    async def missing(self, days: Sequence[str], games: Sequence[str]) -> list[tuple[str, str]]:
        """The (day, game) pairs among ``days`` × ``games`` that have no deal stored yet."""
        query = select(daily_deals.c.day, daily_deals.c.game).where(daily_deals.c.day.in_(days))
        rows = await self.store.read(lambda conn: conn.execute(query).all())
        stored = {(row.day, row.game) for row in rows}
        return [(day, game) for day in days for game in games if (day, game) not in stored]

    # ------------------------------------------------------------------ attempts

    async def start(self, entry: EntryRow, record: GameRecord, nickname: str | None) -> None:
        """Store an attempt with its game (and the player's nickname, when given) in one
        transaction; :class:`~sqlalchemy.exc.IntegrityError` when the board already has the
        player's ranked attempt or the nickname."""

        def add(conn: Connection) -> None:
            insert_game(conn, record)
            conn.execute(insert(daily_entries), vars(entry))
            if nickname is not None:
                _set_nickname(conn, entry.player_id, nickname)

        await self.store.write(add)

    async def entry(self, entry_id: str) -> EntryRow | None:
        query = select(daily_entries).where(daily_entries.c.id == entry_id)
        row = await self.store.read(lambda conn: conn.execute(query).first())
        return None if row is None else _entry(row)

    async def entry_of_game(self, game_id: str) -> EntryRow | None:
        query = select(daily_entries).where(daily_entries.c.game_id == game_id)
        row = await self.store.read(lambda conn: conn.execute(query).first())
        return None if row is None else _entry(row)

    async def attempts(self, day: str, game: str, player_id: str) -> list[EntryRow]:
        """The player's attempts at a board, oldest first (the ranked one first)."""
        query = (
            select(daily_entries)
            .where(
                daily_entries.c.day == day,
                daily_entries.c.game == game,
                daily_entries.c.player_id == player_id,
            )
            .order_by(daily_entries.c.started_ms, daily_entries.c.id)
        )
        rows = await self.store.read(lambda conn: conn.execute(query).all())
        return sorted((_entry(row) for row in rows), key=lambda e: not e.ranked)

    async def name_taken(self, day: str, game: str, name_key: str, player_id: str) -> bool:
        """Whether another player's ranked attempt on the board has this nickname."""
        query = select(daily_entries.c.id).where(
            daily_entries.c.day == day,
            daily_entries.c.game == game,
            daily_entries.c.name_key == name_key,
            daily_entries.c.player_id != player_id,
        )
        return await self.store.read(lambda conn: conn.execute(query).first()) is not None

    async def stand(self, entry: EntryRow) -> None:
        """Store how the attempt stands now (status, moves, cards home, time)."""
        statement = (
            update(daily_entries)
            .where(daily_entries.c.id == entry.id)
            .values(
                status=entry.status,
                moves=entry.moves,
                cards_home=entry.cards_home,
                time_ms=entry.time_ms,
            )
        )
        await self.store.write(lambda conn: conn.execute(statement))

    async def board(self, day: str, game: str, ended_only: bool) -> list[EntryRow]:
        """The ranked attempts of a board (only those that ended, while the day lasts)."""
        query = select(daily_entries).where(
            daily_entries.c.day == day,
            daily_entries.c.game == game,
            daily_entries.c.ranked_player.is_not(None),
        )
        if ended_only:
            query = query.where(daily_entries.c.status != PLAYING)
        rows = await self.store.read(lambda conn: conn.execute(query).all())
        return [_entry(row) for row in rows]

    async def board_size(self, day: str, game: str, ended_only: bool) -> int:
        """How many ranked attempts :meth:`board` would give."""
        query = select(func.count()).where(
            daily_entries.c.day == day,
            daily_entries.c.game == game,
            daily_entries.c.ranked_player.is_not(None),
        )
        if ended_only:
            query = query.where(daily_entries.c.status != PLAYING)
        return int(await self.store.read(lambda conn: conn.execute(query).scalar_one()))

    async def counts(self, first: str, last: str) -> dict[tuple[str, str], int]:
        """How many ranked attempts each board from day ``first`` to ``last`` has, by (day,
        game)."""
        query = (
            select(daily_entries.c.day, daily_entries.c.game, func.count())
            .where(
                daily_entries.c.day >= first,
                daily_entries.c.day <= last,
                daily_entries.c.ranked_player.is_not(None),
            )
            .group_by(daily_entries.c.day, daily_entries.c.game)
        )
        rows = await self.store.read(lambda conn: conn.execute(query).all())
        return {(day, game): int(count) for day, game, count in rows}

    async def ranked_of(self, player_id: str, since: str) -> list[EntryRow]:
        """The player's ranked attempts from day ``since`` on, oldest first."""
        query = (
            select(daily_entries)
            .where(
                daily_entries.c.player_id == player_id,
                daily_entries.c.ranked_player.is_not(None),
                daily_entries.c.day >= since,
            )
            .order_by(daily_entries.c.day, daily_entries.c.game)
        )
        rows = await self.store.read(lambda conn: conn.execute(query).all())
        return [_entry(row) for row in rows]

    # ------------------------------------------------------------------ players

    async def nickname(self, player_id: str) -> str | None:
        query = select(daily_players.c.nickname).where(daily_players.c.player_id == player_id)
        return await self.store.read(lambda conn: conn.execute(query).scalar())

    async def rename(self, player_id: str, nickname: str, name_key: str, today: str) -> None:
        """Change the player's nickname, and on their ranked attempts of ``today``'s boards;
        :class:`~sqlalchemy.exc.IntegrityError` when one of those boards has it already."""
        entries = (
            update(daily_entries)
            .where(
                daily_entries.c.player_id == player_id,
                daily_entries.c.day == today,
                daily_entries.c.ranked_player.is_not(None),
            )
            .values(nickname=nickname, name_key=name_key)
        )

        def change(conn: Connection) -> None:
            _set_nickname(conn, player_id, nickname)
            conn.execute(entries)

        await self.store.write(change)

    async def keep_code(self, player_id: str, code_hash: str, at_ms: int) -> None:
        """Make ``code_hash`` the player's one transfer code (the last one stops working)."""
        row = {"code_hash": code_hash, "player_id": player_id, "created_ms": at_ms}

        def put(conn: Connection) -> None:
            conn.execute(delete(transfer_codes).where(transfer_codes.c.player_id == player_id))
            conn.execute(insert(transfer_codes), row)

        await self.store.write(put)

    async def revoke_code(self, player_id: str) -> None:
        statement = delete(transfer_codes).where(transfer_codes.c.player_id == player_id)
        await self.store.write(lambda conn: conn.execute(statement))

    async def player_of_code(self, code_hash: str) -> str | None:
        query = select(transfer_codes.c.player_id).where(transfer_codes.c.code_hash == code_hash)
        return await self.store.read(lambda conn: conn.execute(query).scalar())


def _set_nickname(conn: Connection, player_id: str, nickname: str) -> None:
    statement = _upsert(conn, daily_players).values(player_id=player_id, nickname=nickname)
    conn.execute(
        statement.on_conflict_do_update(index_elements=["player_id"], set_={"nickname": nickname})
    )
