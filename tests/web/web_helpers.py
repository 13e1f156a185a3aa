"""Helpers of the web tests: read what is stored, start a game, play a move."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from patience.store.records import GameRecord


def stored(client: TestClient, game_id: str) -> GameRecord | None:
    """The game as the database holds it now."""
    store = client.app.state.games.store  # type: ignore[attr-defined]
    record: GameRecord | None = client.portal.call(store.get, game_id)  # type: ignore[union-attr]
    return record


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "klondike")
    body.setdefault("deal", 7)
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    state: dict[str, Any] = response.json()
    return state


def play(client: TestClient, state: dict[str, Any], move: str) -> dict[str, Any]:
    response = client.post(
        f"/api/games/{state['id']}/moves", json={"version": state["version"], "move": move}
    )
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result
