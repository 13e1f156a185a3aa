"""The player cookie: signed, HttpOnly, SameSite, Secure over HTTPS, renewed with use."""

from __future__ import annotations

import time

import pytest
from itsdangerous import URLSafeSerializer, URLSafeTimedSerializer
from starlette.testclient import TestClient
from web_helpers import new_game

from patience.web import players as players_module
from patience.web.players import COOKIE, MAX_AGE


def _set_cookie(response: object) -> str:
    return str(response.headers.get("set-cookie", ""))  # type: ignore[attr-defined]


def test_the_first_change_sets_a_lasting_private_cookie(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "klondike", "deal": 1})
    header = _set_cookie(response).lower()
    assert f"{COOKIE}=" in header and "httponly" in header and "samesite=lax" in header
    assert f"max-age={MAX_AGE}" in header and "secure" not in header


def test_over_https_the_cookie_is_secure(tmp_path: object) -> None:
    from patience.web.app import create_app

    app = create_app(None, f"{tmp_path}/data", "test-secret")
    with TestClient(app, base_url="https://testserver") as secure:
        response = secure.post("/api/games", json={"game": "klondike", "deal": 1})
        assert "secure" in _set_cookie(response).lower()


def test_a_known_player_s_cookie_is_renewed_once_a_day(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_game(client)
    assert f"{COOKIE}=" not in _set_cookie(client.get("/en/"))  # issued just now: not again
    later = time.time() + 2 * 24 * 3600
    monkeypatch.setattr(players_module.time, "time", lambda: later)
    renewed = _set_cookie(client.get("/en/"))
    assert f"{COOKIE}=" in renewed and f"max-age={MAX_AGE}" in renewed.lower()


def test_a_cookie_of_an_earlier_release_keeps_its_player(client: TestClient) -> None:
    old = URLSafeSerializer("test-secret", salt="patience-player").dumps("old-player-id")
    client.cookies.set(COOKIE, old)
    made = client.post("/api/games", json={"game": "klondike", "deal": 1})
    record = client.app.state.games  # type: ignore[attr-defined]
    stored = client.portal.call(record.store.get, made.json()["id"])  # type: ignore[union-attr]
    assert stored.player_id == "old-player-id"
    assert f"{COOKIE}=" in _set_cookie(made)  # issued again in today's form


def test_a_forged_cookie_is_a_new_player(client: TestClient) -> None:
    forged = URLSafeTimedSerializer("another-secret", salt="patience-player-2").dumps("victim")
    client.cookies.set(COOKIE, forged)
    made = client.post("/api/games", json={"game": "klondike", "deal": 1}).json()
    store = client.app.state.games.store  # type: ignore[attr-defined]
    assert client.portal.call(store.get, made["id"]).player_id != "victim"  # type: ignore[union-attr]


def test_a_cookie_checked_before_still_expires(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = client.app.state.games.store  # type: ignore[attr-defined]

    def player_of_new_game() -> str:
        made = client.post("/api/games", json={"game": "klondike", "deal": 1}).json()
        return str(client.portal.call(store.get, made["id"]).player_id)  # type: ignore[union-attr]

    player = player_of_new_game()
    assert player_of_new_game() == player  # the cookie checked, and kept as checked
    cookie = str(client.cookies[COOKIE])
    later = time.time() + MAX_AGE + 60
    monkeypatch.setattr(players_module.time, "time", lambda: later)
    client.cookies.set(COOKIE, cookie)  # sent again though the browser would have dropped it
    assert player_of_new_game() != player
