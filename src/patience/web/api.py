"""The JSON API of docs/WEB_API.md."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from patience.store.repository import StoreDamaged, StoreUnavailable, now_ms
from patience.web.bodies import decode
from patience.web.deal_choice import requested_deal
from patience.web.errors import ApiError
from patience.web.hints import hint_for, winnable_for
from patience.web.lang import api_lang
from patience.web.query import game_query
from patience.web.service import ACTIONS, Action, ActionMaker, Games, Live, play_action
from patience.web.solver_pool import Busy
from patience.web.stats import stat_rows, stats_csv
from patience.web.wire import ErrorAnswer, ErrorInfo, MoveRequest, NewGame, VersionRequest

Handler = Callable[[Request, str], Awaitable[Response]]


def json_response(
    value: object, status: int = 200, headers: dict[str, str] | None = None
) -> Response:
    return Response(msgspec.json.encode(value), status, headers, media_type="application/json")


def error_response(error: ApiError, lang: str) -> Response:
    """The error as JSON in ``lang``, with the game's state when it concerns one."""
    info = ErrorInfo(error.code, error.message(lang), error.params)
    state = error.state(lang) if error.state is not None else None
    return json_response(ErrorAnswer(info, state), error.status, error.headers)


def unavailable(error: StoreUnavailable) -> ApiError:
    """The database failed: a 503 that tells the player to try again, or to come back later
    when it is damaged. The database's own words (which may name its host) go to the log,
    not to the player."""
    if isinstance(error, StoreDamaged):
        return ApiError(503, "damaged")
    return ApiError(503, "unavailable", headers={"Retry-After": "5"})


def busy(error: Busy) -> ApiError:
    """Every solver is working: a 503 that says when to ask again."""
    seconds = str(error.retry_after)
    return ApiError(503, "busy", {"retry_after": seconds}, headers={"Retry-After": seconds})


def endpoint(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """Identify the player (setting or renewing the cookie) and turn errors into JSON."""

    @wraps(handler)
    async def run(request: Request) -> Response:
        players = request.app.state.players
        player = players.player_of(request)
        try:
            response = await handler(request, player.id)
        except ApiError as error:
            response = error_response(error, api_lang(request))
        except StoreUnavailable as error:
            request.app.state.log_unavailable(error)
            response = error_response(unavailable(error), api_lang(request))
        except Busy as error:
            response = error_response(busy(error), api_lang(request))
        if request.method != "GET" or not player.new:
            # the player as the handler left it: a transfer code carries another one here
            players.keep(request, response, players.player_of(request))
        return response

    return run


def _games(request: Request) -> Games:
    games: Games = request.app.state.games
    return games


def _state_response(live: Live, request: Request, status: int = 200) -> Response:
    return json_response(live.state(api_lang(request)), status)


@endpoint
async def create_game(request: Request, player_id: str) -> Response:
    body = await decode(request, NewGame)
    games = _games(request)
    if body.resume and body.deal is not None:
        found = await games.open_game(player_id, body.game, body.options, body.deal)
        if found is not None:
            return _state_response(found, request, 200)
    request.app.state.limits.check_new_game(request, player_id)
    deal = requested_deal(body.game, body.options, body.deal, body.kind)
    live = await games.create(player_id, body.game, body.options, deal)
    return _state_response(live, request, 201)


@endpoint
async def show_deal(request: Request, player_id: str) -> Response:
    game, options, deal = game_query(request.query_params, request.query_params.get("game", ""))
    deal = requested_deal(game, options, deal, request.query_params.get("kind", "any"))
    return _state_response(_games(request).show(game, options, deal), request)


@endpoint
async def get_game(request: Request, player_id: str) -> Response:
    live = await _games(request).get(player_id, request.path_params["id"])
    return _state_response(live, request)


async def _act(
    request: Request,
    player_id: str,
    version: int,
    make: ActionMaker,
    elapsed: int | None,
) -> Response:
    request.app.state.limits.check_move(request, player_id)
    live = await _games(request).act(player_id, request.path_params["id"], version, make, elapsed)
    return _state_response(live, request)


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
async def abandon(request: Request, player_id: str) -> Response:
    body = await decode(request, VersionRequest)
    request.app.state.limits.check_move(request, player_id)
    live = await _games(request).abandon(player_id, request.path_params["id"], body.version)
    return _state_response(live, request)


async def _current(request: Request, player_id: str) -> Live:
    """The player's game at the version the request names (409 with its state if not)."""
    body = await decode(request, VersionRequest)
    request.app.state.limits.check_move(request, player_id)
    live = await _games(request).get(player_id, request.path_params["id"])
    if body.version != live.record.version:
        raise ApiError(409, "stale", {"version": str(live.record.version)}, live.state)
    return live


@endpoint
async def hint(request: Request, player_id: str) -> Response:
    live = await _current(request, player_id)
    answer = await hint_for(live, api_lang(request), request.app.state.solvers)
    await _games(request).store.mark_assisted(live.record.id)
    return json_response(answer)


@endpoint
async def still_winnable(request: Request, player_id: str) -> Response:
    """The assist: whether the game's position can still be won (counts as help)."""
    live = await _current(request, player_id)
    answer = await winnable_for(live, request.app.state.reviews.url, request.app.state.solvers)
    await _games(request).store.mark_assisted(live.record.id)
    return json_response(answer)


async def _stat_rows(request: Request, player_id: str) -> list[dict[str, Any]]:
    store = _games(request).store
    records = await store.stats_games(player_id)
    return stat_rows(records, api_lang(request), await store.assisted(player_id))


def _download(name: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{name}"'}


@endpoint
async def stats(request: Request, player_id: str) -> Response:
    return json_response({"rows": await _stat_rows(request, player_id)})


@endpoint
async def stats_json(request: Request, player_id: str) -> Response:
    response = json_response({"rows": await _stat_rows(request, player_id)})
    response.headers.update(_download("patience-stats.json"))
    return response


@endpoint
async def stats_csv_file(request: Request, player_id: str) -> Response:
    text = stats_csv(await _stat_rows(request, player_id))
    return Response(text, media_type="text/csv", headers=_download("patience-stats.csv"))


@endpoint
async def reset_stats(request: Request, player_id: str) -> Response:
    await _games(request).store.reset_stats(player_id, now_ms())
    return json_response({"rows": await _stat_rows(request, player_id)})


routes = [
    Route("/api/games", create_game, methods=["POST"]),
    Route("/api/deal", show_deal, methods=["GET"]),
    Route("/api/games/{id}", get_game, methods=["GET"]),
    Route("/api/games/{id}/moves", move, methods=["POST"]),
    Route("/api/games/{id}/hint", hint, methods=["POST"]),
    Route("/api/games/{id}/winnable", still_winnable, methods=["POST"]),
    Route("/api/games/{id}/abandon", abandon, methods=["POST"]),
    *(Route(f"/api/games/{{id}}/{name}", history, methods=["POST"]) for name in ACTIONS),
    Route("/api/stats", stats, methods=["GET"]),
    Route("/api/stats.json", stats_json, methods=["GET"]),
    Route("/api/stats.csv", stats_csv_file, methods=["GET"]),
    Route("/api/stats/reset", reset_stats, methods=["POST"]),
]
