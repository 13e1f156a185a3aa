"""Opening a page never changes what is stored: no player, no game, no record of a loss."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from starlette.testclient import TestClient
from web_helpers import embedded_state, play

from patience.store.schema import games, players
from patience.web.players import COOKIE


def _rows(client: TestClient) -> tuple[int, int]:
    store = client.app.state.games.store  # type: ignore[attr-defined]

    def count(conn: Any) -> tuple[int, int]:
        return (
            conn.execute(select(func.count()).select_from(players)).scalar_one(),
            conn.execute(select(func.count()).select_from(games)).scalar_one(),
        )

    result: tuple[int, int] = client.portal.call(store.read, count)  # type: ignore[union-attr]
    return result


def test_visits_without_a_cookie_write_nothing_and_set_no_player(client: TestClient) -> None:
    for path in ("/", "/en/", "/en/klondike", "/de/freecell?deal=3", "/en/stats", "/api/stats"):
        client.cookies.clear()
        response = client.get(path)
        assert response.status_code in (200, 302)
        assert COOKIE not in response.cookies
    assert _rows(client) == (0, 0)


def test_a_shown_deal_is_stored_on_the_first_move(client: TestClient) -> None:
    shown = embedded_state(client.get("/en/freecell?deal=5").text)
    assert shown["id"] is None and _rows(client) == (0, 0)
    moved = play(client, shown, "1a")
    assert moved["id"] and moved["moves_made"] == 1 and _rows(client) == (1, 1)


def test_a_link_to_another_deal_does_not_count_the_open_game_as_lost(client: TestClient) -> None:
    play(client, embedded_state(client.get("/en/klondike?deal=12").text), "s")
    won_before = client.get("/api/stats").json()
    # a cross-site link (or the player) opens other deals of the same game and options
    for deal in (13, 14):
        client.get(f"/en/klondike?deal={deal}", headers={"sec-fetch-site": "cross-site"})
    client.get("/en/klondike")
    assert client.get("/api/stats").json() == won_before == {"rows": []}
    again = embedded_state(client.get("/en/klondike?deal=12").text)
    assert again["moves_made"] == 1  # still there to go on with


def test_a_page_resuming_the_open_game_resumes_it_again_on_the_first_change(
    client: TestClient,
) -> None:
    # Two tabs showed the deal; one moved. The other's first change takes that game up.
    shown = embedded_state(client.get("/en/freecell?deal=6").text)
    moved = play(client, shown, "1a")
    body = {"game": "freecell", "deal": 6, "resume": True}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 200 and answer.json()["id"] == moved["id"]
    assert answer.json()["version"] == moved["version"]
    fresh = client.post("/api/games", json={"game": "freecell", "deal": 7, "resume": True})
    assert fresh.status_code == 201


def test_giving_up_needs_a_game_with_moves(client: TestClient) -> None:
    made = client.post("/api/games", json={"game": "klondike", "deal": 3}).json()
    refused = client.post(f"/api/games/{made['id']}/abandon", json={"version": 0})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_started"
    moved = play(client, made, "s")
    stale = client.post(f"/api/games/{made['id']}/abandon", json={"version": 0})
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale"
    given = client.post(f"/api/games/{made['id']}/abandon", json={"version": moved["version"]})
    assert given.status_code == 200
    shown = embedded_state(client.get("/en/klondike?deal=3").text)
    assert shown["id"] is None  # a game given up is not resumed
