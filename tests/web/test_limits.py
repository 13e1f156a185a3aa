"""Rate limits: a 429 with Retry-After before anything is written, per player and address."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import new_game

from patience.web.app import create_app
from patience.web.limits import Limit, LimitConfig


def _client(tmp_path: Path, config: LimitConfig) -> TestClient:
    return TestClient(create_app(None, tmp_path / "data", "test-secret", config))


def test_one_player_creating_games_fast_is_told_to_wait(tmp_path: Path) -> None:
    with _client(tmp_path, LimitConfig(games=Limit(0.01, 3))) as client:
        statuses = [
            client.post("/api/games", json={"game": "klondike"}).status_code for _ in range(5)
        ]
        assert statuses == [201, 201, 201, 429, 429]
        refused = client.post("/api/games", json={"game": "klondike"})
        assert refused.json()["error"]["code"] == "rate_limited"
        wait = int(refused.headers["retry-after"])
        assert wait >= 1 and refused.json()["error"]["params"] == {"retry_after": str(wait)}
        assert len(client.get("/api/stats").json()["rows"]) == 0
        store = client.app.state.games.store  # type: ignore[attr-defined]
        ids = client.portal.call(store.player_games, _player(client))  # type: ignore[union-attr]
        assert len(ids) == 3  # nothing was stored for the refused ones


def _player(client: TestClient) -> str:
    from itsdangerous import URLSafeTimedSerializer

    value: str = URLSafeTimedSerializer("test-secret", salt="patience-player-2").loads(
        client.cookies["patience_player"]
    )
    return value


def test_moves_are_limited_and_a_refused_move_changes_nothing(tmp_path: Path) -> None:
    with _client(tmp_path, LimitConfig(moves=Limit(0.01, 2))) as client:
        state = new_game(client, game="klondike", deal=7)
        for _ in range(2):
            answer = client.post(
                f"/api/games/{state['id']}/moves", json={"version": state["version"], "move": "s"}
            )
            state = answer.json()
        refused = client.post(
            f"/api/games/{state['id']}/moves", json={"version": state["version"], "move": "s"}
        )
        assert refused.status_code == 429
        assert client.get(f"/api/games/{state['id']}").json()["version"] == state["version"]


def test_an_address_is_limited_across_its_players(tmp_path: Path) -> None:
    config = LimitConfig(games=Limit(0.01, 2), address_factor=2)
    with _client(tmp_path, config) as client:
        statuses = []
        for _ in range(5):
            client.cookies.clear()  # a new player each time, all from one address
            statuses.append(client.post("/api/games", json={"game": "klondike"}).status_code)
        assert statuses == [201, 201, 201, 201, 429]


def test_limits_off_and_from_the_environment() -> None:
    env = {
        "PATIENCE_LIMIT_MOVES": "off",
        "PATIENCE_LIMIT_GAMES": "2/10",
        "PATIENCE_LIMIT_ADDRESS_FACTOR": "3",
    }
    config = LimitConfig.from_environment(env)
    assert config == LimitConfig(moves=None, games=Limit(2, 10), address_factor=3)
    assert LimitConfig.from_environment(config.environment()) == config
    assert LimitConfig.from_environment({}) == LimitConfig()
    for bad in ("fast", "0/5", "5/0", "inf/2", "1/"):
        with pytest.raises(ValueError, match="RATE/BURST"):
            LimitConfig.from_environment({"PATIENCE_LIMIT_MOVES": bad})
