"""The tables: players, games stored as (game, options, deal, moves) with a version, the
time each player last reset their statistics, and the reviews of games with the solver's
verdicts they rest on, and duels with their seats and events.

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

practice_games = Table(
    "practice_games",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("practice_of", String(40), nullable=False),
)
"""Games started from a position of another (a review's "try again from here"): they are
not counted in the statistics, which count whole games from their deal."""

assists = Table(
    "assists",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("first_ms", BigInteger, nullable=False),
)
"""Games in which the player took help that sees every card (a hint, "still winnable?"):
their wins are counted apart in the statistics."""

verdicts = Table(
    "verdicts",
    metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("status", String(8), nullable=False),
    Column("line", Text, nullable=False),
    Column("nodes", Integer, nullable=False),
)
"""The solver's verdicts on positions, by the SHA-256 of the judge's key (the node budget and
the position's text): a review opened twice, or by a friend, searches nothing the second
time. ``line`` holds the moves of a winning line as ``kind,src,dst,size`` words."""

reviews = Table(
    "reviews",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("version", Integer, nullable=False),
    Column("claim", String(32), nullable=False),
    Column("state", String(8), nullable=False),
    Column("events", Integer, nullable=False),
    Column("updated_ms", BigInteger, nullable=False),
)
"""The review of a game at one version of it: who works on it (``claim``, a token of the job
that may write it), ``running``, ``done`` or ``failed``, how many events it has and when it
last moved on (a running review that stops moving is taken over)."""

review_events = Table(
    "review_events",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("event", Text, nullable=False),
)
"""A review's findings in the order they were found, each a JSON object (docs/WEB_API.md)."""

duels = Table(
    "duels",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("options", String(200), nullable=False),
    Column("deal", BigInteger, nullable=False),
    Column("view", String(8), nullable=False),
    Column("clock_ms", BigInteger, nullable=False),
    Column("mode", String(8), nullable=False),
    Column("deadline_ms", BigInteger, nullable=False),
    Column("undo", Integer, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("grade", String(16)),
    Column("created_ms", BigInteger, nullable=False),
    Column("started_ms", BigInteger),
    Column("result", Text),
    Column("events", Integer, nullable=False),
    Column("series", String(40), nullable=False),
    Column("round", Integer, nullable=False),
    Column("best_of", Integer, nullable=False),
    Column("previous", String(40), unique=True),
)
"""A duel: the game, options and deal both seats play, whether every card is open, the clock
(0: none), ``live`` or in ``turns`` (then ``deadline_ms``: the second seat's time to play after
the first seat's game ended; 0 when live), whether undo is allowed, the kind of deal asked for
and its grade, when play began, the result once decided (JSON), how many events it has; the
series it belongs to (the id of its first duel), its round there, how many rounds the series
is played over at most (1, 3 or 5) and the duel it is the rematch of (at most one each)."""

duel_seats = Table(
    "duel_seats",
    metadata,
    Column("duel_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("player_id", String(40), nullable=False),
    Column("nickname", String(40), nullable=False),
    Column("game_id", String(40)),
    Column("joined_ms", BigInteger, nullable=False),
    Column("finished_ms", BigInteger),
    Column("finish", String(8)),
)
"""The two seats of a duel (0: the challenger): who sits there and under which nickname, the
game they play (stored once the duel starts), and when and how it ended (won, resigned, time)."""
Index("duel_seats_by_game", duel_seats.c.game_id)

duel_events = Table(
    "duel_events",
    metadata,
    Column("duel_id", String(40), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("at_ms", BigInteger, nullable=False),
    Column("event", Text, nullable=False),
)
"""A duel's events in order (a seat taken, the start, each seat's progress, its end, the
result), each a JSON object (docs/WEB_API.md): what a browser that reconnects reads on from."""

daily_deals = Table(
    "daily_deals",
    metadata,
    Column("day", String(10), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("deal", BigInteger, nullable=False),
    Column("grade", String(16), nullable=False),
)
"""Each day's sealed deal of each game (default options) and its grade, prepared ahead by
``patience daily prepare``: every worker and machine serves the same one."""

daily_pars = Table(
    "daily_pars",
    metadata,
    Column("day", String(10), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("par", Integer, nullable=False),
)
"""The moves of the winning line the solver found for each day's deal (the day's par)."""

daily_entries = Table(
    "daily_entries",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("day", String(10), nullable=False),
    Column("game", String(40), nullable=False),
    Column("player_id", String(40), nullable=False),
    Column("ranked_player", String(40)),
    Column("nickname", String(40), nullable=False),
    Column("name_key", String(40)),
    Column("game_id", String(40), nullable=False, unique=True),
    Column("status", String(8), nullable=False),
    Column("moves", Integer, nullable=False),
    Column("cards_home", Integer, nullable=False),
    Column("time_ms", BigInteger, nullable=False),
    Column("started_ms", BigInteger, nullable=False),
)
"""Attempts at a day's deal: the ranked one of each player (``ranked_player`` is its player:
one per board, by the unique index) and practice games (``ranked_player`` null); the stored
game played (owned by the entry, not the player), how it stands (``status`` ``playing``,
``won``, ``stuck``, ``resigned``; moves, cards home, the server's time from the start to the
last move), kept with every move. ``name_key``: the nickname folded, unique per board."""
Index(
    "daily_entries_ranked",
    daily_entries.c.day,
    daily_entries.c.game,
    daily_entries.c.ranked_player,
    unique=True,
)
Index(
    "daily_entries_names",
    daily_entries.c.day,
    daily_entries.c.game,
    daily_entries.c.name_key,
    unique=True,
)
Index("daily_entries_by_player", daily_entries.c.player_id, daily_entries.c.day)

daily_players = Table(
    "daily_players",
    metadata,
    Column("player_id", String(40), primary_key=True),
    Column("nickname", String(40), nullable=False),
)
"""The nickname each player chose on their first ranked daily (changeable)."""

transfer_codes = Table(
    "transfer_codes",
    metadata,
    Column("code_hash", String(64), primary_key=True),
    Column("player_id", String(40), nullable=False, unique=True),
    Column("created_ms", BigInteger, nullable=False),
)
"""A code that carries a player to another browser: its SHA-256 only (the code is shown once),
one per player, until revoked or replaced."""
