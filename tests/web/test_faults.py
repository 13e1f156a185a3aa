"""The server on a failing disk (a tmpfs mounted for the test; skipped where that needs root we
do not have): a full disk answers moves with 503 in the documented shape, loses nothing
acknowledged and recovers by itself once there is room; a read-only data directory, or a
damaged database, stops the start with one clear message; the cookie secret is never left
half-written on a full disk. (The simulated full disk, max_page_count, is in
test_robustness.py; the secret's own fault tests in test_secret.py.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from starlette.testclient import TestClient
from web_helpers import embedded_state

from patience.store.repository import StoreDamaged, StoreUnavailable
from patience.web.app import DEFAULT_DB_NAME, create_app
from patience.web.limits import LimitConfig
from patience.web.secret import ENV, SecretUnavailable, load_secret
from small_disk import fill, read_only, small_disk

NO_LIMITS = LimitConfig(moves=None, games=None)


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    with small_disk(tmp_path / "disk", size="1m") as mounted:
        yield mounted


def _serve(data: Path) -> TestClient:
    return TestClient(create_app(None, data, "test-secret", NO_LIMITS))


def _move(client: TestClient, state: dict[str, Any]) -> httpx2.Response:
    move = {"version": state["version"], "move": state["legal"][0]["text"]}
    return client.post(f"/api/games/{state['id']}/moves", json=move)


def _assert_unavailable(response: httpx2.Response) -> None:
    """503 ``unavailable`` in the documented shape, with nothing of the database's words."""
    assert response.status_code == 503, response.text
    assert response.headers["retry-after"].isdigit()
    error = response.json()["error"]
    assert error["code"] == "unavailable" and error["params"] == {}
    assert "try again" in error["message"] and "disk" not in error["message"]


def test_a_full_disk_answers_503_loses_nothing_and_recovers_by_itself(disk: Path) -> None:
    data = disk / "data"
    with _serve(data) as client:
        state = client.post("/api/games", json={"game": "klondike", "deal": 7}).json()
        acknowledged: list[str] = []
        for _ in range(3):
            answer = _move(client, state)
            assert answer.status_code == 200, answer.text
            state = answer.json()
            acknowledged.append(state["last"]["move"])
        filler = fill(disk)
        refused = None
        for _ in range(50):  # SQLite may still have room in its last page for a move or two
            answer = _move(client, state)
            if answer.status_code != 200:
                refused = answer
                break
            state = answer.json()
            acknowledged.append(state["last"]["move"])
        assert refused is not None, "a move was stored on a full disk"
        _assert_unavailable(refused)
        _assert_unavailable(client.post("/api/games", json={"game": "spider", "deal": 3}))
        # Reading still works: the game and its page show the last acknowledged move.
        assert client.get(f"/api/games/{state['id']}").json() == state
        page = client.get("/en/klondike?deal=7&draw=1&passes=unlimited")
        assert page.status_code == 200 and embedded_state(page.text)["id"] == state["id"]
        filler.unlink()
        answer = _move(client, state)  # the same server, no restart
        assert answer.status_code == 200, answer.text
        state = answer.json()
        acknowledged.append(state["last"]["move"])
        cookie = client.cookies["patience_player"]
    with _serve(data) as client:  # started again: every acknowledged move is there
        client.cookies["patience_player"] = cookie
        again = client.get(f"/api/games/{state['id']}").json()
        assert again["version"] == state["version"] and again["piles"] == state["piles"]
        assert again["moves_made"] == len(acknowledged)


def test_a_read_only_data_directory_stops_the_start_with_one_clear_message(disk: Path) -> None:
    data = disk / "data"
    with _serve(data) as client:
        client.post("/api/games", json={"game": "klondike", "deal": 1})
    read_only(disk)
    read_only_words = r"cannot be (written|made) \(a read-only file system"
    with pytest.raises(StoreUnavailable, match=read_only_words), _serve(data):
        pass
    with pytest.raises(StoreUnavailable, match=read_only_words), _serve(disk / "fresh"):
        pass


def test_a_damaged_database_stops_the_start_with_its_message(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with _serve(data) as client:
        client.post("/api/games", json={"game": "klondike", "deal": 1})
    for leftover in data.glob(f"{DEFAULT_DB_NAME}-*"):
        leftover.unlink()
    whole = (data / DEFAULT_DB_NAME).read_bytes()
    for cut, words in ((0, r"is empty \(0 bytes\)"), (len(whole) // 2, "damaged")):
        (data / DEFAULT_DB_NAME).write_bytes(whole[:cut])
        with pytest.raises(StoreDamaged, match=words), _serve(data):
            pass


def test_a_secret_on_a_full_disk_is_not_written_half_and_is_made_once_there_is_room(
    disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV, raising=False)
    (disk / "data").mkdir()
    filler = fill(disk)
    with pytest.raises(SecretUnavailable, match="the disk is full; nothing was written"):
        load_secret(disk / "data")
    assert list((disk / "data").iterdir()) == []  # not even an empty file
    filler.unlink()
    secret = load_secret(disk / "data")
    assert len(secret) >= 32 and load_secret(disk / "data") == secret
