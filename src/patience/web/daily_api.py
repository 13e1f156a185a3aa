"""The daily deals' API (docs/WEB_API.md, "Daily deals"): each day's games, the ranked attempt
and practice, the board, the share card, streaks, nicknames and transfer codes.

The server's clock is ``app.state.now`` (milliseconds; tests put their own there), so the
day rolls over at UTC midnight for every worker alike.
"""

from __future__ import annotations

import logging
import time

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from patience.daily.calendar import day_of, days_from
from patience.games import GAMES
from patience.store.dailies import DailyStore
from patience.store.repository import Store
from patience.web.api import endpoint, json_response
from patience.web.bodies import decode
from patience.web.dailies import DailyDesk
from patience.web.daily_wire import (
    CodeAnswer,
    NewNickname,
    NicknameAnswer,
    StartDaily,
    TransferCode,
)
from patience.web.lang import api_lang
from patience.web.players import Player
from patience.web.table_api import TableVersion, table_routes

CHECKED_DAYS = 3
"""Days from today the server checks at start-up for prepared deals."""

logger = logging.getLogger(__name__)


async def check_prepared(store: Store, now_ms: int) -> list[tuple[str, str]]:
    """Log one clear line when the next days' deals are not all prepared; the missing ones."""
    days = days_from(day_of(now_ms), CHECKED_DAYS)
    missing = await DailyStore(store).missing(days, list(GAMES))
    if missing:
        first = min(day for day, _ in missing)
        logger.warning(
            "daily deals missing for %d game-days from %s on: run `patience daily prepare "
            "--days 7` (with this server's database and secret)",
            len(missing),
            first,
        )
    return missing


def _desk(request: Request) -> DailyDesk:
    desk: DailyDesk = request.app.state.dailies
    return desk


def _visitor(request: Request) -> str | None:
    """The asker's player id, None for a visitor without a cookie (nothing is looked up)."""
    known: str | None = request.app.state.players.known_id(request)
    return known


@endpoint
async def daily(request: Request, player_id: str) -> Response:
    """Today's deals (or a past day's, ``?day=YYYY-MM-DD``, with their numbers)."""
    asked = request.query_params.get("day")
    return json_response(await _desk(request).overview(_visitor(request), asked))


@endpoint
async def start(request: Request, player_id: str) -> Response:
    body = await decode(request, StartDaily)
    request.app.state.limits.check_new_game(request, player_id)
    day, game = request.path_params["day"], request.path_params["game"]
    answer = await _desk(request).start(player_id, day, game, body, api_lang(request))
    return json_response(answer, 201)


@endpoint
async def show_entry(request: Request, player_id: str) -> Response:
    entry_id = request.path_params["id"]
    return json_response(await _desk(request).show(player_id, entry_id, api_lang(request)))


@endpoint
async def resign(request: Request, player_id: str) -> Response:
    body = await decode(request, TableVersion)
    request.app.state.limits.check_move(request, player_id)
    entry_id, lang = request.path_params["id"], api_lang(request)
    return json_response(await _desk(request).resign(player_id, entry_id, body.version, lang))


@endpoint
async def share(request: Request, player_id: str) -> Response:
    return json_response(await _desk(request).share(player_id, request.path_params["id"]))


@endpoint
async def board(request: Request, player_id: str) -> Response:
    day, game = request.path_params["day"], request.path_params["game"]
    found = await _desk(request).board(_visitor(request), day, game, api_lang(request))
    return json_response(found)


@endpoint
async def me(request: Request, player_id: str) -> Response:
    return json_response(await _desk(request).me(_visitor(request)))


@endpoint
async def rename(request: Request, player_id: str) -> Response:
    body = await decode(request, NewNickname)
    return json_response(NicknameAnswer(await _desk(request).rename(player_id, body.nickname)))


@endpoint
async def make_code(request: Request, player_id: str) -> Response:
    request.app.state.limits.check_new_game(request, player_id)
    return json_response(CodeAnswer(await _desk(request).make_code(player_id)), 201)


@endpoint
async def revoke_code(request: Request, player_id: str) -> Response:
    await _desk(request).revoke_code(player_id)
    return Response(status_code=204)


@endpoint
async def redeem_code(request: Request, player_id: str) -> Response:
    """Carry the code's player to this browser: its cookie is issued with this answer."""
    body = await decode(request, TransferCode)
    request.app.state.limits.check_new_game(request, player_id)
    desk = _desk(request)
    found = await desk.redeem(body.code)
    request.state.player = Player(found, True, time.time())
    return json_response(NicknameAnswer(await desk.dailies.nickname(found)))


routes = [
    Route("/api/daily", daily, methods=["GET"]),
    Route("/api/daily/me", me, methods=["GET"]),
    Route("/api/daily/nickname", rename, methods=["PUT"]),
    Route("/api/daily/transfer", make_code, methods=["POST"]),
    Route("/api/daily/transfer", revoke_code, methods=["DELETE"]),
    Route("/api/daily/transfer/redeem", redeem_code, methods=["POST"]),
    Route("/api/daily/entries/{id}", show_entry, methods=["GET"]),
    Route("/api/daily/entries/{id}/resign", resign, methods=["POST"]),
    Route("/api/daily/entries/{id}/share", share, methods=["GET"]),
    *table_routes("/api/daily/entries/{id}", "dailies"),
    Route("/api/daily/{day}/{game}/start", start, methods=["POST"]),
    Route("/api/daily/{day}/{game}/board", board, methods=["GET"]),
]
