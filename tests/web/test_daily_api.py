"""The daily deals through the API, on a clock the test sets: the same day's deals for every
worker, the day rolling over at UTC midnight, and no deal of today or later in any answer."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from duel_helpers import Player
from starlette.testclient import TestClient

from patience.daily.calendar import DAY_MS, day_start_ms
from patience.daily.deals import daily_deal
from patience.games import GAMES
from patience.store.dailies import DailyRow, DailyStore
from patience.web.app import create_app

MONDAY = day_start_ms("2026-12-07")


def prepare(client: TestClient, days: list[str], games: list[str]) -> dict[str, int]:
    """Store each day's deals as ``patience daily prepare`` does; the deals by day."""
    store = DailyStore(client.app.state.games.store)  # type: ignore[attr-defined]
    deals = {}
    for day in days:
        for game in games:
            deal = daily_deal(GAMES[game], "test-secret", day)
            row = DailyRow(deal.day, deal.game, deal.deal, deal.grade)
            client.portal.call(store.keep, row)  # type: ignore[union-attr]
            deals[f"{day} {game}"] = deal.deal
    return deals


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    """Two apps on one SQLite file, both at 13:00 on Monday 2026-12-07."""
    with (
        TestClient(create_app(None, tmp_path, "test-secret")) as first,
        TestClient(create_app(None, tmp_path, "test-secret")) as second,
    ):
        for client in (first, second):
            client.app.state.now = lambda: MONDAY + 13 * 3_600_000  # type: ignore[attr-defined]
        yield first, second


def test_every_worker_serves_the_same_sealed_deals_of_the_day(
    two_workers: tuple[TestClient, TestClient],
) -> None:
    first, second = two_workers
    deals = prepare(first, ["2026-12-06", "2026-12-07", "2026-12-08"], ["freecell", "thirteens"])
    answers = [client.get("/api/daily").json() for client in (first, second)]
    assert answers[0] == answers[1]
    today = answers[0]
    assert today["day"] == "2026-12-07" and today["today"] is True
    assert today["next_ms"] == MONDAY + DAY_MS
    shown = {g["game"]: g for g in today["games"]}
    assert shown["freecell"] == {
        "game": "freecell",
        "grade": "easy",
        "deal": None,
        "par": None,  # stored without one
        "entries": 0,
        "you": None,
    }
    assert shown["spider"]["grade"] is None and shown["spider"]["deal"] is None  # not prepared
    yesterday = first.get("/api/daily?day=2026-12-06").json()
    assert {g["game"]: g["deal"] for g in yesterday["games"]}["freecell"] == deals[
        "2026-12-06 freecell"
    ]
    ahead = first.get("/api/daily?day=2026-12-08")
    assert (ahead.status_code, ahead.json()["error"]["code"]) == (404, "no_such_day")
    bad = first.get("/api/daily?day=monday")
    assert (bad.status_code, bad.json()["error"]["code"]) == (400, "bad_day")
    for text in (a.text for a in (ahead, bad)):
        assert all(str(d) not in text for d in deals.values())
    sealed = [deals[k] for k in deals if not k.startswith("2026-12-06")]
    assert all(str(d) not in str(answers) for d in sealed)


def test_the_day_rolls_over_at_utc_midnight(two_workers: tuple[TestClient, TestClient]) -> None:
    first, _ = two_workers
    deals = prepare(first, ["2026-12-07", "2026-12-08"], ["freecell"])
    first.app.state.now = lambda: MONDAY + DAY_MS - 1  # type: ignore[attr-defined]
    assert first.get("/api/daily").json()["day"] == "2026-12-07"
    first.app.state.now = lambda: MONDAY + DAY_MS  # type: ignore[attr-defined]
    tuesday = first.get("/api/daily").json()
    assert tuesday["day"] == "2026-12-08" and tuesday["next_ms"] == MONDAY + 2 * DAY_MS
    monday = first.get("/api/daily?day=2026-12-07").json()
    assert [g["deal"] for g in monday["games"] if g["game"] == "freecell"] == [
        deals["2026-12-07 freecell"]
    ]  # over: a numbered deal anyone can replay


def test_a_server_says_at_start_when_the_next_days_are_not_prepared(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING), TestClient(create_app(None, tmp_path, "s")):
        pass
    said = [r.getMessage() for r in caplog.records if r.name == "patience.web.daily_api"]
    assert len(said) == 1 and "run `patience daily prepare --days 7`" in said[0]


def test_two_workers_keep_one_board(two_workers: tuple[TestClient, TestClient]) -> None:
    first, second = two_workers
    prepare(first, ["2026-12-07"], ["freecell"])
    ada, bob = Player(first), Player(second)
    entry = ada.ok(
        "POST", "/api/daily/2026-12-07/freecell/start", {"ranked": True, "nickname": "A"}
    )
    ada.ok("POST", f"/api/daily/entries/{entry['id']}/resign", {"version": 0})
    taken = bob.send(
        "POST", "/api/daily/2026-12-07/freecell/start", {"ranked": True, "nickname": "a"}
    )
    assert taken.json()["error"]["code"] == "nickname_taken"  # the other worker's board
    bob.ok("POST", "/api/daily/2026-12-07/freecell/start", {"ranked": True, "nickname": "B"})
    boards = [Player(c).ok("GET", "/api/daily/2026-12-07/freecell/board") for c in (first, second)]
    assert boards[0] == boards[1] and boards[0]["entries"] == 1
    assert [
        g["entries"] for g in first.get("/api/daily").json()["games"] if g["game"] == "freecell"
    ] == [2]
