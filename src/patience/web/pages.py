"""The server-rendered pages: lobby, one page per game, statistics; language from the URL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route
from starlette.templating import Jinja2Templates

from patience.games import GAMES
from patience.games.registry import GameInfo
from patience.notation import game_spec
from patience.scoring import profiles_for
from patience.solver.measured import measured
from patience.store.repository import StoreUnavailable
from patience.web import lang as languages
from patience.web.errors import ApiError
from patience.web.rules_text import game_name, rules_sections, tagline
from patience.web.rules_text.scoring import profile_name
from patience.web.service import Games
from patience.web.state import game_url
from patience.web.stats import stat_rows
from patience.web.ui_strings import LANGS, ui_strings

TEMPLATES = Jinja2Templates(directory=Path(__file__).parent / "templates")
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
    where the measured figures cannot tell it (see :mod:`patience.solver.measured`).

    >>> difficulty_text(GAMES["spider"], "en") is None
    True
    """
    figures = measured(game_spec(info, info.canonical()))
    grade = None if figures is None else figures.typical_grade
    return None if grade is None else ui_strings(lang)[f"grade_{grade.value}"]


def _lang(request: Request) -> str:
    lang: str = request.path_params["lang"]
    if lang not in LANGS:
        raise HTTPException(404, f"There is no page in the language {lang!r}.")
    return lang


def render(
    request: Request, name: str, lang: str, context: dict[str, Any], status: int = 200
) -> Response:
    """A page in ``lang``; remembers the language and the player in cookies."""
    players = request.app.state.players
    player_id, new = players.player_of(request)
    response = TEMPLATES.TemplateResponse(
        request, name, {"lang": lang, "t": ui_strings(lang), **context}, status_code=status
    )
    if new:
        players.set_cookie(response, player_id)
    if request.cookies.get(languages.COOKIE) != lang:
        response.set_cookie(languages.COOKIE, lang, max_age=LANG_MAX_AGE, samesite="lax")
    return response


def error_page(request: Request, lang: str, status: int, message: str) -> Response:
    return render(request, "error.html", lang, {"message": message}, status)


async def root(request: Request) -> Response:
    return RedirectResponse(f"/{languages.request_lang(request)}/", status_code=302)


async def lobby(request: Request) -> Response:
    lang = _lang(request)
    games = [game_card(info, lang) for info in GAMES.values()]
    return render(
        request, "lobby.html", lang, {"games": games, "other_lang_url": f"/{_other(lang)}/"}
    )


async def stats_page(request: Request) -> Response:
    lang = _lang(request)
    player_id, _ = request.app.state.players.player_of(request)
    games: Games = request.app.state.games
    try:
        records = await games.store.player_games(player_id)
    except StoreUnavailable as error:
        return error_page(request, lang, 503, _unavailable(lang, error))
    context = {"rows": stat_rows(records, lang), "other_lang_url": f"/{_other(lang)}/stats"}
    return render(request, "stats.html", lang, context)


def _query(request: Request) -> tuple[dict[str, str], int | None]:
    """The options and deal number of a game page's URL; bad values are a 400."""
    params = dict(request.query_params)
    deal_text = params.pop("deal", None)
    deal = None
    if deal_text is not None:
        if not deal_text.isdigit() or not 1 <= int(deal_text) <= 2**53:
            raise ApiError(
                400, "bad_request", f"The deal must be a whole number from 1, not {deal_text!r}."
            )
        deal = int(deal_text)
    return params, deal


async def game_page(request: Request) -> Response:
    lang = _lang(request)
    info = GAMES.get(request.path_params["game"])
    if info is None:
        raise HTTPException(404, f"There is no game {request.path_params['game']!r}.")
    player_id, _ = request.app.state.players.player_of(request)
    games: Games = request.app.state.games
    try:
        options, deal = _query(request)
        live = await games.resume_or_start(player_id, info.id, options, deal)
    except ApiError as error:
        return error_page(request, lang, error.status, error.message)
    except StoreUnavailable as error:
        return error_page(request, lang, 503, _unavailable(lang, error))
    game = live.game
    url = game_url(lang, info.id, game.options, game.deal)
    state = live.state(lang, url)
    context = {
        "game": game_card(info, lang),
        "options": [
            {"name": option.name, "value": value, "choices": list(option.choices)}
            for option, (_, value) in zip(info.options, game.options, strict=True)
        ],
        "state": msgspec.to_builtins(state),
        "rules": [
            {"title": s.title, "paragraphs": list(s.paragraphs)}
            for s in rules_sections(info, dict(game.options), lang)
        ],
        "profiles": [
            {"id": profile, "name": profile_name(profile, lang)} for profile in profiles_for(info)
        ],
        "related": [game_card(GAMES[r], lang) for r in info.related if r in GAMES],
        "other_lang_url": game_url(_other(lang), info.id, game.options, game.deal),
    }
    return render(request, "game.html", lang, context)


_HTTP_CODES = {404: "not_found", 405: "method_not_allowed"}


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own errors (no route, wrong method): JSON under ``/api/``, else a page
    with a link to the lobby."""
    status = getattr(exc, "status_code", 404)
    detail = getattr(exc, "detail", None) or "There is no such page."
    if request.url.path.startswith("/api/"):
        code = _HTTP_CODES.get(status, "http_error")
        body: dict[str, Any] = {"error": {"code": code, "message": detail, "params": {}}}
        return Response(msgspec.json.encode(body), status, media_type="application/json")
    first = request.url.path.strip("/").split("/")[0]
    lang = first if first in LANGS else languages.request_lang(request)
    return error_page(request, lang, status, detail)


async def server_error(request: Request, exc: Exception) -> Response:
    """A bug: a clear JSON or page answer instead of a bare traceback text."""
    message = "Something went wrong on the server; nothing you did was lost."
    if request.url.path.startswith("/api/"):
        body = {"error": {"code": "internal", "message": message, "params": {}}}
        return Response(msgspec.json.encode(body), 500, media_type="application/json")
    return error_page(request, languages.request_lang(request), 500, message)


def _other(lang: str) -> str:
    return next(other for other in LANGS if other != lang)


def _unavailable(lang: str, error: StoreUnavailable) -> str:
    if lang == "de":
        return (
            "Der Spielspeicher ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal."
        )
    return "The game store cannot be reached just now. Please try again in a moment."


routes = [
    Route("/", root),
    Route("/{lang}/", lobby),
    Route("/{lang}/stats", stats_page),
    Route("/{lang}/{game}", game_page),
]
