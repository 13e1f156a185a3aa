"""The API on PostgreSQL: the same play, rejections and statistics as on SQLite.

Runs when PATIENCE_TEST_PG_URL names a PostgreSQL test server (``pg_url`` in tests/conftest.py:
a database of this worker's own, emptied for each test); skipped otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import new_game, play, stored

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
