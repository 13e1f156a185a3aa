"""Wire types of the duel API (docs/WEB_API.md, "Duels"), decoded strictly with msgspec."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from patience.duels.clock import DEFAULT_DEADLINE_HOURS
from patience.web.wire import State

_Text = Annotated[str, msgspec.Meta(max_length=64)]
Nickname = Annotated[str, msgspec.Meta(max_length=64)]
"""Checked again by the server (:func:`patience.web.duels.nickname`): trimmed, 1–24 letters."""


class NewDuel(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/duels``: a challenge on a deal of ``kind`` (see ``POST /api/games``)."""

    game: _Text
    nickname: Nickname
    options: dict[_Text, _Text] = {}
    view: Literal["open", "closed"] = "open"
    """``open``: every card open to both seats (the skill format); ``closed``: the normal
    view, on a sealed deal (:mod:`patience.duels.sealed`) whose number and cards nobody sees
    before the duel ends."""
    clock_minutes: Literal[0, 3, 5, 10] = 5
    mode: Literal["live", "turns"] = "live"
    """``live``: both play at once; ``turns``: the challenger plays first, at once, and the
    other within ``deadline_hours`` of the challenger's game's end."""
    deadline_hours: Literal[1, 24, 72] = DEFAULT_DEADLINE_HOURS
    best_of: Literal[1, 3, 5] = 1
    """Rounds of the series (each on a fresh deal): the first to win more than half."""
    undo: bool = True
    kind: _Text = "winnable"


class JoinDuel(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/duels/{id}/join``."""

    nickname: Nickname


class SeatInfo(msgspec.Struct):
    """What everyone sees of a seat: its progress, never its table while the duel runs."""

    seat: int
    nickname: str
    moves: int
    cards_home: int
    used_ms: int
    ends_ms: int | None
    finish: str | None
    """``won``, ``resigned``, ``time``, or None while the seat plays (or waits)."""
    review: str | None = None
    """The review page of the seat's game once the duel has a result (an unfinished game is
    then given up, so it is reviewed too); None for a game with no move."""


class StandingInfo(msgspec.Struct):
    won: bool
    time_ms: int
    moves: int
    cards_home: int
    points: int


class DuelResult(msgspec.Struct):
    winner: int | None
    """The seat that won; None for a draw."""
    reason: str
    """What decided it: ``won``, ``time``, ``moves``, ``cards_home``, ``points``, ``equal``."""
    standings: list[StandingInfo]


class SplitInfo(msgspec.Struct):
    """Where the two games went apart: move ``move``, and each seat's move there (None for a
    game that had ended before it)."""

    move: int
    plays: list[str | None]


class SeriesInfo(msgspec.Struct):
    """The series this duel is a round of, by this duel's seats."""

    best_of: int
    round: int
    wins: list[int]
    """Rounds won so far by each seat's player (this round too, once decided)."""
    decided: bool
    winner: int | None
    """The seat whose player won the series (None while undecided, or level at the end)."""


class DuelAnswer(msgspec.Struct):
    """A duel as the asker may see it (``you``: the asker's seat, None for a visitor)."""

    id: str
    url: str
    game: str
    options: dict[str, str]
    deal: int | None
    """The deal's number; ``None`` for a closed duel's sealed deal until the duel is over."""
    view: str
    clock_ms: int
    mode: str
    deadline_ms: int
    """In turns: how long the second seat has to play after the first seat's game ended."""
    joinable: bool
    """Whether a visitor may take the free seat now (live: before the start; in turns: once
    the challenger's game has ended, before the deadline)."""
    undo: bool
    kind: str
    grade: str | None
    started_ms: int | None
    now_ms: int
    seats: list[SeatInfo]
    you: int | None
    table: State | None
    """The asker's own game once the duel has started (both games when it is over: see
    ``tables``)."""
    tables: list[State] | None
    """Both seats' games, once the duel is over."""
    result: DuelResult | None
    series: SeriesInfo
    split: SplitInfo | None
    """Once the duel is over: the first move in which the two games differ."""
    next_url: str | None
    """The page of the rematch (the series' next round), once either player asked for it."""
    previous_url: str | None
    last_event: int
    """The number of the duel's latest event: the stream goes on after it."""
