"""Wire types of the daily deal's API (docs/WEB_API.md, "Daily deals"), decoded strictly."""

from __future__ import annotations

from typing import Annotated

import msgspec

from patience.web.duel_wire import Nickname
from patience.web.wire import State

_Code = Annotated[str, msgspec.Meta(max_length=64)]


class StartDaily(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/daily/{day}/{game}/start``: the ranked attempt, or practice after it."""

    ranked: bool
    nickname: Nickname | None = None


class NewNickname(msgspec.Struct, forbid_unknown_fields=True):
    nickname: Nickname


class TransferCode(msgspec.Struct, forbid_unknown_fields=True):
    code: _Code


class EntrySummary(msgspec.Struct):
    """The asker's ranked attempt of a board, as a day's overview shows it."""

    id: str
    ranked: bool
    status: str
    moves: int
    cards_home: int
    time_ms: int


class DailyGame(msgspec.Struct):
    """One game's deal of the day: its grade (None: not prepared), its number once the day
    is over (None before), its par, how many ranked attempts its board has, and the asker's."""

    game: str
    grade: str | None
    deal: int | None
    par: int | None
    entries: int
    you: EntrySummary | None


class DailyAnswer(msgspec.Struct):
    """``GET /api/daily``: a day's deals, and when today's day ends (the next deals)."""

    day: str
    today: bool
    next_ms: int
    now_ms: int
    games: list[DailyGame]


class DailyEntry(msgspec.Struct):
    """An attempt at a day's deal, with its table (sealed while the day lasts)."""

    id: str
    day: str
    game: str
    grade: str
    par: int | None
    ranked: bool
    nickname: str
    status: str
    moves: int
    cards_home: int
    time_ms: int
    started_ms: int
    now_ms: int
    undo: bool
    table: State
    rank: int | None
    entries: int
    better_than: int | None
    board_url: str


class BoardLine(msgspec.Struct):
    """A ranked attempt on the board: no card, no move."""

    rank: int
    nickname: str
    status: str
    moves: int
    cards_home: int
    time_ms: int
    you: bool
    replay: str | None


class YourPlace(msgspec.Struct):
    rank: int
    better_than: int
    status: str
    moves: int
    cards_home: int
    time_ms: int


class Field(msgspec.Struct):
    """How the field did: won games by moves, unfinished ones by cards home."""

    won_moves: list[tuple[int, int]]
    unfinished_cards: list[tuple[int, int]]


class CommonLoss(msgspec.Struct):
    """The losing move the reviews of the day's lost attempts found most often."""

    move_number: int
    move: str
    count: int
    reviewed: int


class Board(msgspec.Struct):
    """``GET /api/daily/{day}/{game}/board``."""

    day: str
    game: str
    grade: str
    par: int | None
    deal: int | None
    entries: int
    top: list[BoardLine]
    you: YourPlace | None
    field: Field
    common_loss: CommonLoss | None
    replays: bool


class ShareCard(msgspec.Struct):
    """What the share card says: no card, no deal number."""

    day: str
    game: str
    status: str
    moves: int
    par: int | None
    time_ms: int
    strip: list[str] | None
    state: str


class Streak(msgspec.Struct):
    played: int
    won: int
    best_played: int
    best_won: int


class DayPlayed(msgspec.Struct):
    day: str
    game: str
    status: str


class Me(msgspec.Struct):
    """``GET /api/daily/me``: the asker's nickname, streaks and days played."""

    nickname: str | None
    today: str
    overall: Streak
    games: dict[str, Streak]
    days: list[DayPlayed]


class NicknameAnswer(msgspec.Struct):
    nickname: str | None


class CodeAnswer(msgspec.Struct):
    code: str
