"""The review API of docs/WEB_API.md: a finished game's review, the stream of its findings,
a winning line and the count of winning moves at a position, and practice from a position."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from patience.web.api import endpoint, json_response
from patience.web.bodies import decode
from patience.web.errors import ApiError
from patience.web.lang import api_lang
from patience.web.reviews import ReviewDesk
from patience.web.service import Games
from patience.web.wire import IndexRequest


def _desk(request: Request) -> ReviewDesk:
    desk: ReviewDesk = request.app.state.reviews
    return desk


def _index(request: Request) -> int:
    text = request.path_params["index"]
    if not text.isdigit() or len(text) > 6:
        raise ApiError(404, "no_such_position", {"index": text[:12]})
    return int(text)


@endpoint
async def review(request: Request, player_id: str) -> Response:
    answer = await _desk(request).open(request.path_params["id"], api_lang(request), player_id)
    headers = {"Retry-After": str(answer.retry_after)} if answer.retry_after else None
    return json_response(answer, headers=headers)


@endpoint
async def review_events(request: Request, player_id: str) -> Response:
    """Server-sent events from the finding after ``Last-Event-ID`` (or ``?after=N``) on."""
    desk = _desk(request)
    reviewed = await desk.finished(request.path_params["id"], player_id)
    given = request.headers.get("last-event-id") or request.query_params.get("after", "0")
    after = int(given) if given.isdigit() else 0
    return StreamingResponse(
        desk.stream(reviewed.record.id, after),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


@endpoint
async def winning_line(request: Request, player_id: str) -> Response:
    found = await _desk(request).line(request.path_params["id"], _index(request), player_id)
    return json_response(found)


@endpoint
async def winning_count(request: Request, player_id: str) -> Response:
    found = await _desk(request).count(request.path_params["id"], _index(request), player_id)
    return json_response(found)


@endpoint
async def practice(request: Request, player_id: str) -> Response:
    """A new game of the asking player's, at a position of the reviewed game."""
    body = await decode(request, IndexRequest)
    reviewed = await _desk(request).finished(request.path_params["id"], player_id)
    if reviewed.sealed:  # a game of the practice would carry the deal's number
        raise ApiError(409, "daily_sealed")
    if not 0 <= body.index <= len(reviewed.moves):
        raise ApiError(404, "no_such_position", {"index": str(body.index)})
    request.app.state.limits.check_new_game(request, player_id)
    games: Games = request.app.state.games
    live = await games.practice(player_id, reviewed.record, reviewed.moves[: body.index])
    return json_response(live.state(api_lang(request)), 201)


routes = [
    Route("/api/reviews/{id}", review, methods=["GET"]),
    Route("/api/reviews/{id}/events", review_events, methods=["GET"]),
    Route("/api/reviews/{id}/line/{index}", winning_line, methods=["GET"]),
    Route("/api/reviews/{id}/winning/{index}", winning_count, methods=["GET"]),
    Route("/api/reviews/{id}/practice", practice, methods=["POST"]),
]
