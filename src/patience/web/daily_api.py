"""The daily deals' API (docs/WEB_API.md, "Daily deals"): each day's games and grades, the
deal itself sealed until its day is over.

The server's clock is ``app.state.now`` (milliseconds; tests put their own there), so the
day rolls over at UTC midnight for every worker alike.
"""

from __future__ import annotations

import datetime
import logging

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from patience.daily.calendar import day_of, days_from, next_day_ms
from patience.games import GAMES
from patience.store.dailies import DailyStore
from patience.store.repository import Store
from patience.web.api import endpoint, json_response
from patience.web.errors import ApiError

CHECKED_DAYS = 3
"""Days from today the server checks at start-up for prepared deals."""

logger = logging.getLogger(__name__)


class DailyGame(msgspec.Struct):
    """One game's deal of the day: its grade (None: not prepared), its number once the day
    is over (None before)."""

    game: str
    grade: str | None
    deal: int | None


class DailyAnswer(msgspec.Struct):
    """``GET /api/daily``: a day's deals, and when today's day ends (the next deals)."""

    day: str
    today: bool
    next_ms: int
    games: list[DailyGame]


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


def _asked_day(request: Request, today: str) -> str:
    text = request.query_params.get("day", today)
    try:
        day = datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise ApiError(400, "bad_day", {"day": text[:20]}) from None
    if day > today:  # the deals to come are nobody's business
        raise ApiError(404, "no_such_day", {"day": day})
    return day


@endpoint
async def daily(request: Request, player_id: str) -> Response:
    """Today's deals (or a past day's, ``?day=YYYY-MM-DD``, with their numbers)."""
    now: int = request.app.state.now()
    today = day_of(now)
    day = _asked_day(request, today)
    dailies = DailyStore(request.app.state.games.store)
    games = []
    for game in GAMES:
        row = await dailies.get(day, game)
        if row is None:
            games.append(DailyGame(game, None, None))
        else:  # today's deal stays sealed
            games.append(DailyGame(game, row.grade, None if day == today else row.deal))
    return json_response(DailyAnswer(day, day == today, next_day_ms(now), games))


routes = [Route("/api/daily", daily, methods=["GET"])]
