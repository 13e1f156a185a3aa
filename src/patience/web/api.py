"""The JSON API of docs/WEB_API.md."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import wraps

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from patience.engine.errors import IllegalMove
from patience.store.repository import StoreUnavailable
from patience.web.bodies import decode
from patience.web.errors import ApiError
from patience.web.hints import hint_for
from patience.web.lang import api_lang
from patience.web.messages import illegal_message
from patience.web.service import ACTIONS, Action, Games, Live, play_action
from patience.web.state import game_url
from patience.web.stats import stat_rows
from patience.web.wire import ErrorAnswer, ErrorInfo, MoveRequest, NewGame, VersionRequest

Handler = Callable[[Request, str], Awaitable[Response]]


def json_response(value: object, status: int = 200) -> Response:
    return Response(msgspec.json.encode(value), status, media_type="application/json")


def unavailable_response(error: StoreUnavailable) -> Response:
    info = ErrorInfo(
        "unavailable",
        "The game store cannot be written or read just now; nothing was changed. "
        "Please try again in a moment.",
        {"reason": str(error)},
    )
    return json_response(ErrorAnswer(info), 503)


def endpoint(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """Identify the player (setting the cookie on first visit) and turn errors into JSON."""

    @wraps(handler)
    async def run(request: Request) -> Response:
        players = request.app.state.players
        player_id, new = players.player_of(request)
        try:
            response = await handler(request, player_id)
        except ApiError as error:
            info = ErrorInfo(error.code, error.message, error.params)
            response = json_response(ErrorAnswer(info, error.state), error.status)
        except StoreUnavailable as error:
            response = unavailable_response(error)
        if new:
            players.set_cookie(response, player_id)
        return response

    return run


def _games(request: Request) -> Games:
    games: Games = request.app.state.games
    return games


def _url(lang: str) -> Callable[[Live], str]:
    return lambda live: game_url(lang, live.game.info.id, live.game.options, live.game.deal)


def _state_response(live: Live, lang: str, status: int = 200) -> Response:
    return json_response(live.state(lang, _url(lang)(live)), status)


@endpoint
async def create_game(request: Request, player_id: str) -> Response:
    body = await decode(request, NewGame)
    live = await _games(request).create(player_id, body.game, body.options, body.deal)
    return _state_response(live, api_lang(request), 201)


@endpoint
async def get_game(request: Request, player_id: str) -> Response:
    live = await _games(request).get(player_id, request.path_params["id"])
    return _state_response(live, api_lang(request))


async def _act(
    request: Request,
    player_id: str,
    version: int,
    make: Callable[[tuple[str, ...], int], Action],
    elapsed: int | None,
) -> Response:
    lang = api_lang(request)

    def message(error: IllegalMove) -> str:
        return illegal_message(error, lang)

    live = await _games(request).act(
        player_id,
        request.path_params["id"],
        version,
        make,
        elapsed,
        lang,
        _url(lang),
        message,
    )
    return _state_response(live, lang)


@endpoint
async def move(request: Request, player_id: str) -> Response:
    body = await decode(request, MoveRequest)
    text = body.move

    def make(line: tuple[str, ...], cursor: int) -> Action:
        return play_action(text, line, cursor)

    return await _act(request, player_id, body.version, make, body.elapsed_ms)


@endpoint
async def history(request: Request, player_id: str) -> Response:
    body = await decode(request, VersionRequest)
    make = ACTIONS[request.url.path.rsplit("/", 1)[1]]
    return await _act(request, player_id, body.version, make, body.elapsed_ms)


@endpoint
async def hint(request: Request, player_id: str) -> Response:
    body = await decode(request, VersionRequest)
    live = await _games(request).get(player_id, request.path_params["id"])
    lang = api_lang(request)
    if body.version != live.record.version:
        raise ApiError(
            409,
            "stale",
            "The game has changed since; here is its current state.",
            {"version": str(live.record.version)},
            live.state(lang, _url(lang)(live)),
        )
    return json_response(await hint_for(live, lang, request.app.state.hint_lock))


@endpoint
async def stats(request: Request, player_id: str) -> Response:
    records = await _games(request).store.player_games(player_id)
    return json_response({"rows": stat_rows(records, api_lang(request))})


routes = [
    Route("/api/games", create_game, methods=["POST"]),
    Route("/api/games/{id}", get_game, methods=["GET"]),
    Route("/api/games/{id}/moves", move, methods=["POST"]),
    Route("/api/games/{id}/hint", hint, methods=["POST"]),
    *(Route(f"/api/games/{{id}}/{name}", history, methods=["POST"]) for name in ACTIONS),
    Route("/api/stats", stats, methods=["GET"]),
]
