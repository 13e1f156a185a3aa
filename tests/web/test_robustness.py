"""Corrupt stored games and a full disk: clear answers, no 500, nothing half-written."""

from __future__ import annotations

from starlette.testclient import TestClient
from web_helpers import embedded_state, limit_pages, new_game, play, stored, tamper


def test_corrupt_move_list_is_marked_not_a_crash(client: TestClient) -> None:
    state = new_game(client, game="freecell", deal=1)
    state = play(client, state, state["legal"][0]["text"])
    tamper(client, state["id"], moves="1h 1h 1h 1h", cursor=4)
    for _ in range(2):
        response = client.get(f"/api/games/{state['id']}")
        assert response.status_code == 410
        assert response.json()["error"]["code"] == "broken_game"
    record = stored(client, state["id"])
    assert record is not None and record.outcome == "broken" and record.broken
    move = client.post(f"/api/games/{state['id']}/moves", json={"version": 1, "move": "1a"})
    assert move.status_code == 410
    # the page starts a fresh game of that deal instead
    page = client.get("/en/freecell?deal=1")
    assert page.status_code == 200
    assert embedded_state(page.text)["id"] != state["id"]


def test_cursor_past_the_line_is_corrupt(client: TestClient) -> None:
    state = new_game(client)
    tamper(client, state["id"], cursor=5)
    assert client.get(f"/api/games/{state['id']}").status_code == 410


def test_full_disk_is_503_and_nothing_half_written(unlimited_client: TestClient) -> None:
    client = unlimited_client
    kept = new_game(client)
    kept = play(client, kept, kept["legal"][0]["text"])
    before = stored(client, kept["id"])
    limit_pages(client, 0)
    statuses = set()
    for _ in range(60):
        response = client.post("/api/games", json={"game": "spider", "deal": 3})
        statuses.add(response.status_code)
        if response.status_code == 503:
            body = response.json()
            assert body["error"]["code"] == "unavailable" and body["error"]["message"]
            break
    assert 503 in statuses
    assert stored(client, kept["id"]) == before
    limit_pages(client, None)
    assert play(client, kept, kept["legal"][0]["text"])["version"] == kept["version"] + 1
