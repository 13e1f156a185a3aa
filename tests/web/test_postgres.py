"""The API on PostgreSQL: the same play, rejections, statistics and reviews as on SQLite.

Runs when PATIENCE_TEST_PG_URL names a PostgreSQL test server (``pg_url`` in tests/conftest.py:
a database of this worker's own, emptied for each test); skipped otherwise.
"""

from __future__ import annotations

import threading
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import test_duel_api as duel
from duel_helpers import Heard, stream_events, when
from starlette.testclient import TestClient
from test_review_api import finished_game, whole_review
from web_helpers import LOSING_MOVE, new_game, play, stored

import patience.web.duels
from patience.web.app import create_app


@pytest.fixture
def pg_client(pg_url: str, tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(pg_url, tmp_path, "test-secret")) as client:
        yield client


def test_play_and_rejections_on_postgresql(pg_client: TestClient) -> None:
    client = pg_client
    state = new_game(client, game="freecell", deal=1)
    after = play(client, state, state["legal"][0]["text"])
    game_url = f"/api/games/{state['id']}"
    before = stored(client, state["id"])
    stale = client.post(f"{game_url}/moves", json={"version": 0, "move": "1a"})
    illegal = client.post(f"{game_url}/moves", json={"version": 1, "move": "1h"})
    assert (stale.status_code, illegal.status_code) == (409, 422)
    client.cookies.clear()
    assert client.post(f"{game_url}/undo", json={"version": 1}).status_code == 403
    assert stored(client, state["id"]) == before
    assert client.get(game_url).status_code == 403
    page = client.get("/en/freecell?deal=1")
    assert page.status_code == 200 and state["id"] not in page.text
    assert after["version"] == 1


def test_a_review_runs_and_is_read_back_on_postgresql(pg_client: TestClient) -> None:
    game = finished_game(pg_client)
    review = whole_review(pg_client, game["id"])
    assert review["events"][-1] == {"type": "end", "complete": True, "losing_move": LOSING_MOVE}
    again = pg_client.get(f"/api/reviews/{game['id']}").json()
    assert again["state"] == "done" and again["events"] == review["events"]
    practice = pg_client.post(f"/api/reviews/{game['id']}/practice", json={"index": 3})
    assert practice.status_code == 201 and practice.json()["moves_made"] == 3


def test_a_duel_across_two_workers_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    """Ada plays on one app, Bob on another sharing the database: each worker learns of the
    other's moves from the database alone."""
    with (
        TestClient(create_app(pg_url, tmp_path / "a", "test-secret")) as first,
        TestClient(create_app(pg_url, tmp_path / "b", "test-secret")) as second,
    ):
        ada, bob = duel.Player(first), duel.Player(second)
        duel_id, joined = duel.started(ada, bob)
        line = duel.winning_line(joined)
        duel.play(ada, duel_id, line)
        seen = bob.ok("GET", f"/api/duels/{duel_id}")
        assert seen["seats"][0]["moves"] == len(line) and seen["seats"][0]["finish"] == "won"
        bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
        events = duel.events_of(ada, duel_id)
        assert events[-1]["type"] == "result" and events[-1]["winner"] == 0


def test_what_a_worker_knows_of_a_duel_follows_another_worker_s_on_postgresql(
    pg_url: str, tmp_path: Path
) -> None:
    with (
        TestClient(create_app(pg_url, tmp_path / "a", "test-secret")) as first,
        TestClient(create_app(pg_url, tmp_path / "b", "test-secret")) as second,
    ):
        duel.what_a_worker_knows_follows_another_s_changes(first, second)


def test_a_worker_hears_another_worker_s_duel_events_from_postgresql(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the database read only every ten minutes, Bob's stream on the second worker still
    gets each of Ada's moves on the first one: NOTIFY tells it."""
    never_polls(monkeypatch)
    with (
        TestClient(create_app(pg_url, tmp_path / "a", "test-secret")) as first,
        TestClient(create_app(pg_url, tmp_path / "b", "test-secret")) as second,
    ):
        hall = second.app.state.duels  # type: ignore[attr-defined]
        assert second.portal.call(hall.listening.wait) is True  # type: ignore[union-attr]
        ada, bob = duel.Player(first), duel.Player(second)
        duel_id, joined = duel.started(ada, bob)
        heard: Heard = []
        streaming, moved = threading.Event(), threading.Event()

        def told(event: dict[str, Any]) -> None:
            streaming.set()
            if event["type"] == "progress":
                moved.set()

        # from the last event on: it comes at once, then the stream waits
        url = f"/api/duels/{duel_id}/events?after={joined['last_event'] - 1}"
        watcher = stream_events(second, url, heard, told)
        assert streaming.wait(30)
        duel.play(ada, duel_id, duel.winning_line(joined)[:1])
        assert moved.wait(30), "the second worker never heard of Ada's move"
        bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
        ada.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
        watcher.join(30)
        assert [e["type"] for _, e in heard] == ["start", "progress", "end", "end", "result"]


def never_polls(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers made from now on read their watched duels' event counts only every ten
    minutes, before and after they hear notices: only NOTIFY tells them of another's change."""
    monkeypatch.setattr("patience.web.duels.POLL_S", 600.0)
    monkeypatch.setattr("patience.web.duels.HEARD_POLL_S", 600.0)


def test_a_lost_notice_is_made_up_for_by_the_poll_and_a_poll_with_nothing_new_reads_nothing(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second worker hears no notice at all: its poll of the event counts brings Bob's
    stream Ada's move, and the polls after it, which find nothing new, wake no stream."""
    monkeypatch.setattr("patience.web.duels.POLL_S", 0.05)
    monkeypatch.setattr("patience.web.duels.HEARD_POLL_S", 0.05)
    monkeypatch.setattr("patience.web.duels.DuelHall._heard", lambda hall, payload: None)
    with (
        TestClient(create_app(pg_url, tmp_path / "a", "test-secret")) as first,
        TestClient(create_app(pg_url, tmp_path / "b", "test-secret")) as second,
    ):
        hall = second.app.state.duels  # type: ignore[attr-defined]
        ada, bob = duel.Player(first), duel.Player(second)
        duel_id, joined = duel.started(ada, bob)
        heard: Heard = []
        moved = threading.Event()
        url = f"/api/duels/{duel_id}/events?after={joined['last_event']}"
        watcher = stream_events(second, url, heard, when("progress", moved.set))
        duel.play(ada, duel_id, duel.winning_line(joined)[:1])
        assert moved.wait(30), "no poll brought the move"
        reads = count_stream_reads(monkeypatch, hall, duel_id)
        time.sleep(0.5)  # ten polls or so, with nothing new
        assert reads == []
        bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
        ada.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 1})
        watcher.join(30)
        assert [e["type"] for _, e in heard] == ["progress", "end", "end", "result"]


def count_stream_reads(monkeypatch: pytest.MonkeyPatch, hall: Any, duel_id: str) -> list[object]:
    """Once the duel's stream here has read what was there: a list that gets each read the
    hall's streams make of their own from then on (requests read too, e.g. a move's GET)."""
    for _ in range(100):
        if duel_id in hall._counts:
            break
        time.sleep(0.05)
    events, reads = hall.duels.events, []

    async def counted(*args: object) -> object:
        if any(frame.name == "_events" for frame in traceback.extract_stack()):
            reads.append(args)
        return await events(*args)

    monkeypatch.setattr(hall.duels, "events", counted)
    return reads


def test_a_worker_s_own_notices_do_not_send_its_streams_to_the_database(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ada moves on the worker where Bob's stream waits: the stream takes the move from what
    the worker knows, and the move's notice, when it comes back, reads nothing more."""
    never_polls(monkeypatch)
    notices: list[str] = []
    told = patience.web.duels.heard
    monkeypatch.setattr("patience.web.duels.heard", lambda p: (notices.append(p), told(p))[1])
    with TestClient(create_app(pg_url, tmp_path, "test-secret")) as client:
        hall = client.app.state.duels  # type: ignore[attr-defined]
        assert client.portal.call(hall.listening.wait) is True  # type: ignore[union-attr]
        ada, bob = duel.Player(client), duel.Player(client)
        duel_id, joined = duel.started(ada, bob)
        progress = threading.Event()
        url = f"/api/duels/{duel_id}/events?after={joined['last_event']}"
        watcher = stream_events(client, url, [], when("progress", progress.set))
        reads = count_stream_reads(monkeypatch, hall, duel_id)
        seen = len(notices)
        duel.play(ada, duel_id, duel.winning_line(joined)[:1])
        assert progress.wait(30)
        for _ in range(100):  # the move's own notice comes back
            if len(notices) > seen:
                break
            time.sleep(0.05)
        assert len(notices) > seen and notices[-1].startswith(f"{duel_id}:")
        time.sleep(0.2)
        assert reads == []
        bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
        ada.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
        watcher.join(30)


def test_another_worker_s_moves_reach_a_stream_by_one_read_for_every_stream(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ada moves on the second worker, Bob's stream waits on the first: each move's notice
    has the first worker read the event once for all its streams (``events_since``), and the
    stream takes it from there without a read of its own."""
    never_polls(monkeypatch)
    with (
        TestClient(create_app(pg_url, tmp_path, "test-secret")) as first,
        TestClient(create_app(pg_url, tmp_path, "test-secret")) as second,
    ):
        hall = first.app.state.duels  # type: ignore[attr-defined]
        assert first.portal.call(hall.listening.wait) is True  # type: ignore[union-attr]
        ada, bob = duel.Player(second), duel.Player(first)
        duel_id, joined = duel.started(ada, bob)
        heard: Heard = []
        progress = threading.Semaphore(0)
        url = f"/api/duels/{duel_id}/events?after={joined['last_event']}"
        watcher = stream_events(first, url, heard, when("progress", progress.release))
        reads = count_stream_reads(monkeypatch, hall, duel_id)
        since, shared = hall.duels.events_since, []

        async def counted_since(wanted: dict[str, int]) -> object:
            shared.append(dict(wanted))
            return await since(wanted)

        monkeypatch.setattr(hall.duels, "events_since", counted_since)
        answer = ada.ok("GET", f"/api/duels/{duel_id}")
        for move in duel.winning_line(joined)[:3]:
            body = {"move": move, "version": answer["table"]["version"]}
            answer = ada.ok("POST", f"/api/duels/{duel_id}/moves", body)
            assert progress.acquire(timeout=30)  # each move reaches the stream in turn
        assert reads == [] and 1 <= len(shared) <= 3
        assert all(set(wanted) == {duel_id} for wanted in shared)
        bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
        ada.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 3})
        watcher.join(30)
        moves = [event["moves"] for _, event in heard if event["type"] == "progress"]
        assert moves == [1, 2, 3] and heard[-1][1]["type"] == "result"
