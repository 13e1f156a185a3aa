"""A real server killed mid-game (SIGKILL) and started again resumes every game exactly."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2
import pytest
from live_server import LiveServer

pytestmark = pytest.mark.slow


def _post(client: httpx2.Client, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code in (200, 201), response.text
    state: dict[str, Any] = response.json()
    return state


def _play_some(client: httpx2.Client, game: str, deal: int, moves: int) -> dict[str, Any]:
    state = _post(client, "/api/games", {"game": game, "deal": deal})
    for _ in range(moves):
        if not state["legal"]:
            break
        move = state["legal"][-1]["text"]
        state = _post(
            client,
            f"/api/games/{state['id']}/moves",
            {"version": state["version"], "move": move, "elapsed_ms": 1000 * state["version"]},
        )
    if state["can_undo"]:  # leave a redo line to bring back too
        state = _post(client, f"/api/games/{state['id']}/undo", {"version": state["version"]})
    return state


def test_killed_server_resumes_every_game(tmp_path: Path) -> None:
    server = LiveServer(tmp_path)
    try:
        with httpx2.Client(base_url=server.url, timeout=10) as client:
            states = [
                _play_some(client, game, deal, moves)
                for game, deal, moves in [("klondike", 4, 12), ("spider", 2, 9), ("pyramid", 5, 6)]
            ]
            cookies = dict(client.cookies)
    finally:
        server.kill()
    server = LiveServer(tmp_path, port=server.port)
    try:
        with httpx2.Client(base_url=server.url, timeout=10, cookies=cookies) as client:
            for before in states:
                response = client.get(f"/api/games/{before['id']}")
                assert response.status_code == 200, response.text
                assert response.json() == before
                redone = _post(
                    client, f"/api/games/{before['id']}/redo", {"version": before["version"]}
                )
                assert redone["version"] == before["version"] + 1
    finally:
        server.kill()
