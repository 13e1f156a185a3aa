"""The server-rendered pages: lobby, one page per game, statistics; language from the URL."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import msgspec
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route
from starlette.templating import Jinja2Templates

from patience.deal_pools import ANY, KINDS
from patience.duels.clock import CLOCK_MINUTES, DEADLINE_HOURS, DEFAULT_DEADLINE_HOURS
from patience.duels.series import BEST_OF
from patience.games import GAMES
from patience.games.registry import GameInfo
from patience.notation import game_spec
from patience.scoring import profiles_for
from patience.solver.batch.measured import measured
from patience.store.records import GameRecord
from patience.store.repository import StoreUnavailable
from patience.web import lang as languages
from patience.web import unfinished
from patience.web.api import error_response, unavailable
from patience.web.assets import static_url
from patience.web.controls import keys_help, stock_controls
from patience.web.deal_choice import offered_kinds
from patience.web.duel_wire import DuelAnswer
from patience.web.duels import duel_url
from patience.web.errors import ApiError, error_title
from patience.web.query import game_query
from patience.web.reviews import FINISHED, review_url
from patience.web.rules_text import game_name, rules_sections, tagline
from patience.web.rules_text.scoring import profile_name
from patience.web.service import Games
from patience.web.state import game_url
from patience.web.stats import describe_options, stat_rows
from patience.web.ui_strings import LANGS, ui_strings

TEMPLATES = Jinja2Templates(directory=Path(__file__).parent / "templates")
TEMPLATES.env.globals["static"] = static_url
LANG_MAX_AGE = 365 * 24 * 3600


def game_card(info: GameInfo, lang: str) -> dict[str, Any]:
    """A game as the lobby and the related-games lists show it."""
    return {
        "id": info.id,
        "name": game_name(info, lang),
        "tagline": tagline(info, lang),
        "skill": info.skill.value,
        "decks": info.decks,
        "family": info.family,
        "win_rate": win_rate_text(info, lang),
        "difficulty": difficulty_text(info, lang),
        "url": f"/{lang}/{info.id}",
        "last_deal": info.last_deal,
        "picture": [
            {"kind": spec.kind.value, "row": spec.row, "column": spec.column}
            for spec in info.rules().piles
        ],
    }


WIDEST_RANGE = 0.5
"""Bounds wider than this are not shown."""


def win_rate_text(info: GameInfo, lang: str) -> str | None:
    """The measured share of winnable deals (default options), or its bounds where unsure.

    >>> win_rate_text(GAMES["caprice"], "de")
    '100 %'
    """
    figures = measured(game_spec(info, info.canonical()))
    if figures is None:
        return None
    rate = figures.rate
    shares = (rate,) if rate is not None else figures.bounds
    if shares[-1] - shares[0] > WIDEST_RANGE:
        return None  # "somewhere between 0 and 100 %" tells a player nothing
    numbers = "–".join(f"{share:.0%}".rstrip("%") for share in shares)
    return f"{numbers} %" if lang == "de" else f"{numbers}%"


def difficulty_text(info: GameInfo, lang: str) -> str | None:
    """The grade of the game's typical winnable deal (default options), in words; ``None``
    where the measured figures cannot tell it (see :mod:`patience.solver.batch.measured`).

    >>> difficulty_text(GAMES["spider"], "en") is None
    True
    """
    figures = measured(game_spec(info, info.canonical()))
    grade = None if figures is None else figures.typical_grade
    return None if grade is None else ui_strings(lang)[f"grade_{grade.value}"]


def _lang(request: Request) -> str:
    lang: str = request.path_params["lang"]
    if lang not in LANGS:
        raise HTTPException(404)
    return lang


def render(
    request: Request, name: str, lang: str, context: dict[str, Any], status: int = 200
) -> Response:
    """A page in ``lang``; remembers the language in a cookie and renews a known player's.

    A visitor without a player cookie gets none: pages never make a player.
    """
    players = request.app.state.players
    response = TEMPLATES.TemplateResponse(
        request, name, {"lang": lang, "t": ui_strings(lang), **context}, status_code=status
    )
    player = players.player_of(request)
    if not player.new:
        players.keep(request, response, player)
    if request.cookies.get(languages.COOKIE) != lang:
        response.set_cookie(languages.COOKIE, lang, max_age=LANG_MAX_AGE, samesite="lax")
    return response


PageHandler = Callable[[Request, str], Awaitable[Response]]


def with_errors(handler: PageHandler) -> Callable[[Request], Awaitable[Response]]:
    """A page in the language of its URL whose refusal (:class:`ApiError`) or unreadable
    store is answered by a page that says so."""

    async def page(request: Request) -> Response:
        lang = _lang(request)
        try:
            return await handler(request, lang)
        except ApiError as error:
            return error_page(request, lang, error)
        except StoreUnavailable as error:
            request.app.state.log_unavailable(error)
            return error_page(request, lang, unavailable(error))

    return page


def error_page(request: Request, lang: str, error: ApiError) -> Response:
    """A page that says what went wrong, titled for what it is."""
    context = {"title": error_title(error.status, lang), "message": error.message(lang)}
    response = render(request, "error.html", lang, context, error.status)
    response.headers.update(error.headers)
    return response


DUEL_KINDS = tuple(kind for kind in KINDS if kind != ANY)
"""The kinds of deal the lobby's challenge offers (a game page offers those of its pool)."""
DUEL_CLOCKS = tuple(minutes for minutes in CLOCK_MINUTES if minutes)
"""The clocks a challenge offers, besides none."""

DUEL_TERMS = {
    "clocks": DUEL_CLOCKS,
    "deadlines": DEADLINE_HOURS,
    "deadline": DEFAULT_DEADLINE_HOURS,
    "best_of": BEST_OF,
}
"""What a challenge form offers whatever the game: clocks, deadlines in turn, rounds."""


async def root(request: Request) -> Response:
    return RedirectResponse(f"/{languages.request_lang(request)}/", status_code=302)


async def lobby(request: Request) -> Response:
    lang = _lang(request)
    games = [game_card(info, lang) for info in GAMES.values()]
    context = {
        "games": games,
        "challenge": {
            "games": [{"id": g["id"], "name": g["name"]} for g in games],
            "kinds": DUEL_KINDS,
            **DUEL_TERMS,
        },
        "unfinished": await _unfinished(request, lang),
        "other_lang_url": f"/{other_lang(lang)}/",
    }
    return render(request, "lobby.html", lang, context)


async def _unfinished(request: Request, lang: str) -> list[dict[str, Any]]:
    """The player's games to go on with; none for a new visitor or while the store is down."""
    player_id = request.app.state.players.known_id(request)
    if player_id is None:
        return []
    store = request.app.state.games.store
    try:
        found = await store.unfinished_games(player_id, unfinished.SHOWN)
    except StoreUnavailable:
        return []
    return unfinished.unfinished_rows(found, lang)


async def stats_page(request: Request) -> Response:
    lang = _lang(request)
    player_id = request.app.state.players.known_id(request)
    games: Games = request.app.state.games
    try:
        records = [] if player_id is None else await games.store.stats_games(player_id)
        assisted = set() if player_id is None else await games.store.assisted(player_id)
    except StoreUnavailable as error:
        request.app.state.log_unavailable(error)
        return error_page(request, lang, unavailable(error))
    context = {
        "rows": stat_rows(records, lang, assisted),
        "recent": _recent(records, lang),
        "other_lang_url": f"/{other_lang(lang)}/stats",
    }
    return render(request, "stats.html", lang, context)


RECENT_SHOWN = 10
"""Finished games listed on the statistics page, newest first, each with its review."""


def _recent(records: list[GameRecord], lang: str) -> list[dict[str, Any]]:
    t = ui_strings(lang)
    finished = [r for r in reversed(records) if r.outcome in FINISHED][:RECENT_SHOWN]
    return [
        {
            "name": game_name(GAMES[r.game], lang),
            "deal": r.deal,
            "moves": r.cursor,
            "outcome": t[f"outcome_{r.outcome}"],
            "review_url": review_url(lang, r.id),
        }
        for r in finished
        if r.game in GAMES
    ]


@with_errors
async def game_page(request: Request, lang: str) -> Response:
    player_id = request.app.state.players.known_id(request)
    games: Games = request.app.state.games
    game_id, options, deal = game_query(request.query_params, request.path_params["game"])
    live = await games.resume_or_show(player_id, game_id, options, deal)
    game = live.game
    info = game.info
    state = live.state(lang)
    controls = stock_controls(game.rules)
    context = {
        "game": game_card(info, lang),
        "controls": controls,
        "keys_help": keys_help(controls, ui_strings(lang)),
        "options": [
            {"name": option.name, "value": value, "choices": list(option.choices)}
            for option, (_, value) in zip(info.options, game.options, strict=True)
        ],
        "state": msgspec.to_builtins(state),
        "rules": [
            {"key": s.key, "title": s.title, "paragraphs": list(s.paragraphs)}
            for s in rules_sections(info, dict(game.options), lang)
        ],
        "profiles": [
            {"id": profile, "name": profile_name(profile, lang)} for profile in profiles_for(info)
        ],
        "related": [game_card(GAMES[r], lang) for r in info.related if r in GAMES],
        "deal_kinds": offered_kinds(info, game.options),
        "challenge": {
            "game": info.id,
            "options": list(game.options),
            "kinds": [k for k in offered_kinds(info, game.options) if k != ANY] or [ANY],
            **DUEL_TERMS,
        },
        "other_lang_url": game_url(other_lang(lang), info.id, game.options, game.deal),
    }
    return render(request, "game.html", lang, context)


@with_errors
async def review_page(request: Request, lang: str) -> Response:
    """A finished game's review: its moves, a board to step through them, and the solver's
    findings as they come (review.js)."""
    viewer = request.app.state.players.known_id(request)
    answer = await request.app.state.reviews.open(request.path_params["id"], lang, viewer)
    info = GAMES[answer.game]
    review = json.loads(msgspec.json.encode(answer))
    start = {"game": answer.game, "piles": review["positions"][0], "legal": [], "version": 0}
    wording = "review_title_sealed" if answer.sealed else "review_title"
    title = ui_strings(lang)[wording].format(name=game_name(info, lang), deal=answer.deal)
    context = {
        "game": game_card(info, lang),
        "title": title,
        "review": review,
        "start": start,
        "other_lang_url": f"/{other_lang(lang)}/review/{answer.id}",
    }
    return render(request, "review.html", lang, context)


def duel_phase(answer: DuelAnswer) -> str:
    """What the duel page shows the asker: ``join`` (a free seat to take now), ``waiting``
    (a live duel's challenger, before anyone joined), ``watch`` (a visitor, who cannot take
    a seat now), ``play`` (a seat with its game) or ``over`` (the result)."""
    if answer.result is not None:
        return "over"
    if answer.you is None:
        return "join" if answer.joinable else "watch"
    return "waiting" if answer.table is None else "play"


def clock_text(ms: int) -> str:
    """A time as minutes and seconds, as the pages' clocks show it.

    >>> clock_text(187_400)
    '3:07'
    """
    seconds = ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def series_text(answer: DuelAnswer, t: dict[str, str]) -> str:
    """The series in words: its round and score ("" for a single duel)."""
    series = answer.series
    if series.best_of == 1:
        return ""
    score = " : ".join(str(w) for w in series.wins)
    names = " – ".join(seat.nickname for seat in answer.seats)
    text = t["duel_series_round"].format(
        round=series.round, best_of=series.best_of, names=names, score=score
    )
    if series.decided and series.winner is not None:
        text += " " + t["duel_series_won"].format(name=answer.seats[series.winner].nickname)
    return text


def split_text(answer: DuelAnswer, t: dict[str, str]) -> str:
    """Where the two games went apart, in words ("" when they did not, or before the end)."""
    split = answer.split
    if split is None:
        return ""
    plays = []
    for seat, move in zip(answer.seats, split.plays, strict=True):
        key = "duel_split_played" if move is not None else "duel_split_ended"
        if move is None and split.move == 1:
            key = "duel_split_no_move"
        plays.append(t[key].format(name=seat.nickname, move=move, n=split.move - 1))
    return t["duel_split"].format(n=split.move, plays="; ".join(plays))


def hours_text(hours: int, t: dict[str, str]) -> str:
    """A number of hours in words ("1 hour", "24 hours")."""
    return t["duel_hours_one" if hours == 1 else "duel_hours_other"].format(count=hours)


def duel_result_words(answer: DuelAnswer, lang: str) -> dict[str, Any]:
    """The result in words: who won, why (in the terms of :mod:`patience.duels.result`),
    and one row per seat of the standings with its game's review, where there is one."""
    result = answer.result
    assert result is not None
    t = ui_strings(lang)
    names = [seat.nickname for seat in answer.seats]
    if result.reason == "expired":
        headline, reason = t["duel_result_expired"], ""
    elif result.winner is None:
        headline, reason = t["duel_result_draw"], t["duel_reason_equal"]
    else:
        key = result.reason
        if key == "time":
            key = "time_won" if result.standings[result.winner].won else "time_unfinished"
        name = names[result.winner]
        headline = t["duel_result_win"].format(name=name)
        reason = t[f"duel_reason_{key}"].format(name=name)
    rows = [
        {
            "name": names[seat],
            "winner": seat == result.winner,
            "won": standing.won,
            "time": clock_text(standing.time_ms),
            "moves": standing.moves,
            "cards_home": standing.cards_home,
            "points": standing.points,
            "review": answer.seats[seat].review,
        }
        for seat, standing in enumerate(result.standings)
    ]
    return {"headline": headline, "reason": reason, "rows": rows}


@with_errors
async def duel_page(request: Request, lang: str) -> Response:
    """A duel by its link: the seat to take, the challenger's link to send, one's own board
    with the opponent's progress, or the result (duel.js keeps it up to date)."""
    asker = request.app.state.players.known_id(request) or ""  # a visitor holds no seat
    answer = await request.app.state.duels.show(asker, request.path_params["id"], lang)
    info = GAMES[answer.game]
    t = ui_strings(lang)
    controls = stock_controls(info.rules(answer.options))
    phase = duel_phase(answer)
    context = {
        "game": game_card(info, lang),
        "duel": msgspec.to_builtins(answer),
        "phase": phase,
        "show_link": answer.you == 0 and len(answer.seats) == 1 and answer.result is None,
        "deadline_text": hours_text(answer.deadline_ms // 3_600_000, t),
        "series_text": series_text(answer, t),
        "split_text": split_text(answer, t),
        "result": duel_result_words(answer, lang) if phase == "over" else None,
        "options_text": describe_options(answer.options, lang),
        "controls": controls,
        "keys_help": keys_help(controls, t, f"duel_keys_help{'_undo' if answer.undo else ''}"),
        "other_lang_url": duel_url(other_lang(lang), answer.id),
    }
    return render(request, "duel.html", lang, context)


_HTTP_CODES = {404: "not_found", 405: "method_not_allowed"}


def answer_error(request: Request, error: ApiError) -> Response:
    """An error as JSON under ``/api/``, else as a page with a link to the lobby."""
    if request.url.path.startswith("/api/"):
        return error_response(error, languages.api_lang(request))
    first = request.url.path.strip("/").split("/")[0]
    lang = first if first in LANGS else languages.request_lang(request)
    return error_page(request, lang, error)


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own errors (no route, wrong method)."""
    status = getattr(exc, "status_code", 404)
    code = _HTTP_CODES.get(status, "not_found")
    return answer_error(request, ApiError(status, code))


async def server_error(request: Request, exc: Exception) -> Response:
    """A bug: a clear JSON or page answer instead of a bare traceback text."""
    return answer_error(request, ApiError(500, "internal"))


def other_lang(lang: str) -> str:
    return next(other for other in LANGS if other != lang)


routes = [
    Route("/", root),
    Route("/{lang}/", lobby),
    Route("/{lang}/stats", stats_page),
    Route("/{lang}/review/{id}", review_page),
    Route("/{lang}/duel/{id}", duel_page),
    Route("/{lang}/{game}", game_page),
]
