"""The duel API of docs/WEB_API.md ("Duels"): challenge, join, watch, play, resign."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from patience.web.api import endpoint, json_response
from patience.web.bodies import decode
from patience.web.duel_wire import JoinDuel, NewDuel
from patience.web.duels import DuelHall
from patience.web.lang import api_lang
from patience.web.table_api import TableVersion, table_routes


def _hall(request: Request) -> DuelHall:
    hall: DuelHall = request.app.state.duels
    return hall


@endpoint
async def create_duel(request: Request, player_id: str) -> Response:
    body = await decode(request, NewDuel)
    request.app.state.limits.check_new_game(request, player_id)
    return json_response(await _hall(request).create(player_id, body, api_lang(request)), 201)


@endpoint
async def show_duel(request: Request, player_id: str) -> Response:
    duel_id = request.path_params["id"]
    return json_response(await _hall(request).show(player_id, duel_id, api_lang(request)))


@endpoint
async def join_duel(request: Request, player_id: str) -> Response:
    body = await decode(request, JoinDuel)
    request.app.state.limits.check_new_game(request, player_id)
    duel_id = request.path_params["id"]
    answer = await _hall(request).join(player_id, duel_id, body.nickname, api_lang(request))
    return json_response(answer)


@endpoint
async def resign(request: Request, player_id: str) -> Response:
    await decode(request, TableVersion)
    request.app.state.limits.check_move(request, player_id)
    duel_id = request.path_params["id"]
    return json_response(await _hall(request).resign(player_id, duel_id, api_lang(request)))


@endpoint
async def rematch(request: Request, player_id: str) -> Response:
    """The next round (or a new series) after a decided duel, for either of its players."""
    request.app.state.limits.check_new_game(request, player_id)
    duel_id = request.path_params["id"]
    return json_response(await _hall(request).rematch(player_id, duel_id, api_lang(request)))


@endpoint
async def duel_events(request: Request, player_id: str) -> Response:
    """Server-sent events after ``Last-Event-ID`` (or ``?after=N``)."""
    given = request.headers.get("last-event-id") or request.query_params.get("after", "0")
    after = int(given) if given.isdigit() and len(given) < 10 else 0
    return StreamingResponse(
        await _hall(request).stream(request.path_params["id"], after),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


routes = [
    Route("/api/duels", create_duel, methods=["POST"]),
    Route("/api/duels/{id}", show_duel, methods=["GET"]),
    Route("/api/duels/{id}/join", join_duel, methods=["POST"]),
    Route("/api/duels/{id}/resign", resign, methods=["POST"]),
    Route("/api/duels/{id}/rematch", rematch, methods=["POST"]),
    Route("/api/duels/{id}/events", duel_events, methods=["GET"]),
    *table_routes("/api/duels/{id}", "duels"),
]
