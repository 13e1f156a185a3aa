"""The daily deal's pages (docs/WEB_API.md, "Daily deals"): today's games with the asker's
streaks and calendar, one day's game (the terms, the sealed board, the result and share card,
the board of the day), and the archive of past days.

The pages read the answers of the API (:class:`patience.web.dailies.DailyDesk`) and put them
in words; their scripts (``daily.js``, ``daily_day.js``) talk to the API for every change.
"""

from __future__ import annotations

import datetime
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from patience.daily.calendar import day_of, days_from
from patience.games import GAMES
from patience.web.controls import keys_help, stock_controls
from patience.web.dailies import DailyDesk, asked_game, daily_url
from patience.web.daily_wire import Board, DailyAnswer, DailyEntry, DailyGame, Me
from patience.web.errors import ApiError
from patience.web.pages import clock_text, game_card, other_lang, render, with_errors
from patience.web.rules_text import game_name
from patience.web.state import game_url
from patience.web.ui_strings import counted, ui_strings

ARCHIVE_DAYS = 30
"""Past days the archive lists."""
CALENDAR_WEEKS = 4
"""Weeks the calendar of one's days played shows, the current one last."""


def day_text(day: str, lang: str) -> str:
    """A day in words.

    >>> day_text("2026-12-05", "en"), day_text("2026-12-05", "de")
    ('Saturday, 5 December 2026', 'Samstag, 5. Dezember 2026')
    """
    t = ui_strings(lang)
    date = datetime.date.fromisoformat(day)
    return t["day_text"].format(
        weekday=t[f"weekday_{date.weekday()}"],
        day=date.day,
        month=t[f"month_{date.month}"],
        year=date.year,
    )


def grade_text(grade: str | None, t: dict[str, str]) -> str:
    """A day's grade in the words of the lobby's difficulty (``not ready yet`` without one)."""
    return t[f"grade_{grade}"] if grade else t["daily_not_ready"]


def status_text(status: str | None, t: dict[str, str]) -> str:
    """An attempt's status in words (``not played yet`` for none)."""
    return t[f"daily_status_{status or 'none'}"]


def _desk(request: Request) -> DailyDesk:
    desk: DailyDesk = request.app.state.dailies
    return desk


def _asker(request: Request) -> str | None:
    """The asker's player id; None for a visitor without a cookie (pages make no player)."""
    known: str | None = request.app.state.players.known_id(request)
    return known


# ---------------------------------------------------------------- today's games


def game_rows(answer: DailyAnswer, lang: str) -> list[dict[str, Any]]:
    """Each game of a day's answer as its row: name, grade, the asker's status, its page."""
    t = ui_strings(lang)
    return [
        {
            "name": game_name(GAMES[shown.game], lang),
            "grade": grade_text(shown.grade, t),
            "ready": shown.grade is not None,
            "entries": counted(t, "daily_attempts", shown.entries),
            "status": status_text(None if shown.you is None else shown.you.status, t),
            "played": shown.you is not None,
            "won": shown.you is not None and shown.you.status == "won",
            "url": daily_url(lang, answer.day, shown.game),
        }
        for shown in answer.games
    ]


def streak_rows(me: Me, lang: str) -> list[dict[str, Any]]:
    """The asker's streaks: all games first, then each game played (lobby order); none for
    a player who never played a daily deal."""
    if not me.overall.best_played:
        return []
    t = ui_strings(lang)
    rows = [(t["daily_streak_all"], me.overall)]
    rows += [(game_name(info, lang), me.games[g]) for g, info in GAMES.items() if g in me.games]
    return [{"name": name, **msgspec.structs.asdict(streak)} for name, streak in rows]


def calendar(me: Me, today: str, lang: str) -> list[list[dict[str, Any]]]:
    """The last :data:`CALENDAR_WEEKS` weeks, Monday first, as rows of days: each day's
    number and state (``won``, ``played``, ``none``, ``future``) with its words."""
    t = ui_strings(lang)
    played: dict[str, str] = {}
    for entry in me.days:
        won = entry.status == "won" or played.get(entry.day) == "won"
        played[entry.day] = "won" if won else "played"
    date = datetime.date.fromisoformat(today)
    monday = date - datetime.timedelta(days=date.weekday() + 7 * (CALENDAR_WEEKS - 1))
    weeks = []
    for week in range(CALENDAR_WEEKS):
        row = []
        for day in days_from((monday + datetime.timedelta(weeks=week)).isoformat(), 7):
            state = "future" if day > today else played.get(day, "none")
            label = t["daily_cal_day"].format(
                date=day_text(day, lang), status=t[f"daily_cal_{state}"]
            )
            number = datetime.date.fromisoformat(day).day
            row.append({"number": number, "state": state, "label": label, "today": day == today})
        weeks.append(row)
    return weeks


@with_errors
async def daily_page(request: Request, lang: str) -> Response:
    """Today's deal of every game, the countdown to the next, the asker's streaks, calendar,
    nickname and transfer code (daily.js)."""
    asker = _asker(request)
    answer = await _desk(request).overview(asker, None)
    me = await _desk(request).me(asker)
    context = {
        "day_text": day_text(answer.day, lang),
        "games": game_rows(answer, lang),
        "next_in_ms": answer.next_ms - answer.now_ms,
        "streaks": streak_rows(me, lang),
        "calendar": calendar(me, answer.day, lang),
        "nickname": me.nickname,
        "other_lang_url": f"/{other_lang(lang)}/daily",
    }
    return render(request, "daily.html", lang, context)


# ---------------------------------------------------------------- the archive


@with_errors
async def archive_page(request: Request, lang: str) -> Response:
    """The last :data:`ARCHIVE_DAYS` days before today, newest first, with their games."""
    today = datetime.date.fromisoformat(day_of(request.app.state.now()))
    asked = [
        (today - datetime.timedelta(days=back)).isoformat() for back in range(1, ARCHIVE_DAYS + 1)
    ]
    days = []
    for answer in await _desk(request).days(_asker(request), asked):
        ready = [row for row in game_rows(answer, lang) if row["ready"]]
        if ready:
            days.append({"day": answer.day, "text": day_text(answer.day, lang), "games": ready})
    context = {"days": days, "other_lang_url": f"/{other_lang(lang)}/daily/archive"}
    return render(request, "daily_archive.html", lang, context)


# ---------------------------------------------------------------- one day's game


def day_phase(game: DailyGame, today: bool, entry: DailyEntry | None) -> str:
    """What the day's page shows the asker: ``not_prepared``; ``start`` (the terms and the
    ranked start); ``play`` (an attempt in play: the ranked one, or practice); ``over`` (the
    ranked attempt ended: result and share card); ``past`` (a day that is over)."""
    if game.grade is None:
        return "not_prepared"
    if not today:
        return "past"
    if entry is None:
        return "start"
    return "play" if entry.status == "playing" else "over"


def result_words(entry: DailyEntry, board: Board | None, lang: str) -> dict[str, str]:
    """The attempt's result in words, and its rank on the day's board (which holds it once
    it ended, or its day did)."""
    t = ui_strings(lang)
    text = t[f"daily_result_{entry.status}"].format(
        moves=counted(t, "count_moves", entry.moves),
        home=entry.cards_home,
        time=clock_text(entry.time_ms),
    )
    rank = ""
    if entry.ranked and board is not None and board.you is not None:
        place = board.you
        rank = t["daily_rank"].format(
            rank=place.rank, count=board.entries, percent=place.better_than
        )
    return {"text": text, "rank": rank}


def board_words(board: Board, lang: str) -> dict[str, Any]:
    """The day's board in words: its lines, the field's two charts, par, the common loss."""
    t = ui_strings(lang)
    lines = [
        {
            "rank": line.rank,
            "name": t["daily_board_you"].format(name=line.nickname) if line.you else line.nickname,
            "you": line.you,
            "result": status_text(line.status, t),
            "moves": line.moves,
            "cards_home": line.cards_home,
            "time": clock_text(line.time_ms),
            "replay": line.replay,
            "replay_name": t["daily_board_replay_of"].format(name=line.nickname),
        }
        for line in board.top
    ]
    loss = board.common_loss
    par = board.par
    return {
        "lines": lines,
        "more": len(lines) < board.entries,
        "won": chart(board.field.won_moves),
        "unfinished": chart(board.field.unfinished_cards),
        "par": None if par is None else t["daily_par"].format(moves=counted(t, "count_moves", par)),
        "common_loss": None
        if loss is None
        else t["daily_common_loss"].format(
            number=loss.move_number, move=loss.move, count=loss.count, reviewed=loss.reviewed
        ),
    }


def chart(counts: list[tuple[int, int]]) -> list[dict[str, int]]:
    """A bar chart's rows: each value, its count, and its bar's length in percent of the
    longest.

    >>> chart([(80, 1), (84, 4)])
    [{'value': 80, 'count': 1, 'bar': 25}, {'value': 84, 'count': 4, 'bar': 100}]
    """
    most = max((count for _, count in counts), default=1)
    return [{"value": v, "count": c, "bar": max(1, round(100 * c / most))} for v, c in counts]


async def _practice(request: Request, lang: str) -> DailyEntry | None:
    """The practice attempt ``?practice=<id>`` names, if it is the asker's and still in
    play (one that ended leaves the day's result, with a new practice a click away)."""
    asker, asked = _asker(request), request.query_params.get("practice")
    if asker is None or not asked:
        return None
    try:
        entry = await _desk(request).show(asker, asked, lang)
    except ApiError:  # not the asker's, or no such attempt: the day's page as it stands
        return None
    return None if entry.ranked or entry.status != "playing" else entry


@with_errors
async def day_page(request: Request, lang: str) -> Response:
    """One game's deal of a day: before the ranked start its terms, then the sealed board,
    then the result with rank and share card; the day's board throughout (daily_day.js).
    ``?practice=<entry>`` shows one's practice attempt instead of the result."""
    game_id = asked_game(request.path_params["game"])
    asker = _asker(request)
    desk = _desk(request)
    answer = await desk.overview(asker, request.path_params["day"])
    day, info, t = answer.day, GAMES[game_id], ui_strings(lang)
    game = next(g for g in answer.games if g.game == game_id)
    entry = None
    if asker is not None and game.you is not None:
        entry = await desk.show(asker, game.you.id, lang)
    phase = day_phase(game, answer.today, entry)
    practice = await _practice(request, lang) if phase == "over" else None
    if practice is not None:
        entry, phase = practice, "play"
    board = None if game.grade is None else await desk.board(asker, day, game_id, lang)
    nickname = (await desk.me(asker)).nickname if phase == "start" else None
    options = info.canonical({})
    controls = stock_controls(info.rules())
    undo = entry is not None and entry.undo
    entry_data = None if entry is None else msgspec.to_builtins(entry)
    context = {
        "game": game_card(info, lang),
        "title": t["daily_day_title"].format(name=game_name(info, lang), day=day_text(day, lang)),
        "phase": phase,
        "grade": grade_text(game.grade, t),
        "entry": entry_data,
        "result": None if entry is None or phase == "play" else result_words(entry, board, lang),
        "board": None if board is None else board_words(board, lang),
        "replays": board is not None and board.replays,
        "entries": 0 if board is None else board.entries,
        "nickname": nickname,
        "deal": game.deal,
        "deal_url": None if game.deal is None else game_url(lang, game_id, options, game.deal),
        "controls": controls,
        "keys_help": keys_help(controls, t, f"duel_keys_help{'_undo' if undo else ''}"),
        "page_data": {
            "day": day,
            "game": game_id,
            "phase": phase,
            "name": game_name(info, lang),
            "day_text": day_text(day, lang),
            "ends_in_ms": answer.next_ms - answer.now_ms if answer.today else None,
            "entry": None
            if entry_data is None
            else {k: v for k, v in entry_data.items() if k != "table"},
        },
        "other_lang_url": daily_url(other_lang(lang), day, game_id),
    }
    return render(request, "daily_day.html", lang, context)


routes = [
    Route("/{lang}/daily", daily_page),
    Route("/{lang}/daily/archive", archive_page),
    Route("/{lang}/daily/{day}/{game}", day_page),
]
