"""Helpers of the daily tests: an app on a clock the test sets, a day's deal stored as
``patience daily prepare`` stores it, and a ranked attempt played through the API."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient
from tests.web.duel_helpers import Player

from patience.daily.calendar import day_start_ms
from patience.store.dailies import DailyRow, DailyStore

MONDAY = day_start_ms("2026-12-07")
NOON = MONDAY + 12 * 3_600_000
TODAY = "2026-12-07"

FREECELL_DEAL = 2_109_876_543
"""A long number, as sealed deals have, so that no answer holds it by chance."""


def set_clock(client: TestClient, ms: int) -> None:
    client.app.state.now = lambda: ms  # type: ignore[attr-defined]


def store_deal(client: TestClient, game: str, deal: int, day: str = TODAY, par: int = 90) -> None:
    """Store ``deal`` as the day's deal of ``game``."""
    store = DailyStore(client.app.state.games.store)  # type: ignore[attr-defined]
    row = DailyRow(day, game, deal, "easy", par)
    client.portal.call(store.keep, row)  # type: ignore[union-attr]


def start(player: Player, game: str = "freecell", day: str = TODAY, **body: Any) -> Any:
    return player.send("POST", f"/api/daily/{day}/{game}/start", {"ranked": True} | body)


def play(player: Player, entry: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    for move in moves:
        body = {"move": move, "version": entry["table"]["version"]}
        entry = player.ok("POST", f"/api/daily/entries/{entry['id']}/moves", body)
    return entry
