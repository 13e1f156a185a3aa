"""The tables: players, games stored as (game, options, deal, moves) with a version, and the
time each player last reset their statistics.

A game's ``moves`` is its whole line in notation, separated by spaces, including moves that
were undone and may be redone; ``cursor`` says how many of them are played. Replaying the line
and undoing back to the cursor rebuilds the exact game, redo line included.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

players = Table(
    "players",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("created_ms", BigInteger, nullable=False),
)

games = Table(
    "games",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("player_id", String(40), nullable=False),
    Column("game", String(40), nullable=False),
    Column("options", String(200), nullable=False),
    Column("deal", BigInteger, nullable=False),
    Column("moves", Text, nullable=False),
    Column("cursor", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("elapsed_ms", BigInteger, nullable=False),
    Column("outcome", String(16), nullable=False),
    Column("won_ms", BigInteger),
    Column("won_moves", Integer),
    Column("broken", Text),
    Column("created_ms", BigInteger, nullable=False),
    Column("updated_ms", BigInteger, nullable=False),
)
Index("games_by_player", games.c.player_id, games.c.game, games.c.options, games.c.updated_ms)

stat_resets = Table(
    "stat_resets",
    metadata,
    Column("player_id", String(40), primary_key=True),
    Column("reset_ms", BigInteger, nullable=False),
)
"""When a player last reset their statistics: only games started since count (the games
themselves are kept)."""
