"""Helpers of the web tests: read what is stored, start a game, play a move."""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.testclient import TestClient

from patience.notation import parse_record
from patience.store.records import GameRecord

LOST_DEAL = 6
LOST_MOVES = parse_record(
    "klondike deal=6 4-f4 24 s f4-1 12 23 3-f2 s f2-3 3-f3 41 f3-3 3-f4 74 s 47 74 f4-3 67 "
    "3-f4 s 36 f4-6 6-f3 w3 s s s s s f3-6 6-f2 s w1 41 f2-6 6-f3 s w5 s"
).moves
"""Random legal Klondike moves whose review proves move 39 the losing one (found by a
search over random games; the deal is frozen, so the game is too)."""
LOSING_MOVE = 39


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


def stored_game(client: TestClient, state: dict[str, Any]) -> dict[str, Any]:
    """The game of ``state``, stored as the page's script stores a deal it only shows."""
    if state["id"] is not None:
        return state
    body = {"game": state["game"], "options": state["options"], "deal": state["deal"]}
    return new_game(client, **body)


def play(client: TestClient, state: dict[str, Any], move: str) -> dict[str, Any]:
    """Play ``move`` (storing a shown deal first, as the page does)."""
    state = stored_game(client, state)
    response = client.post(
        f"/api/games/{state['id']}/moves", json={"version": state["version"], "move": move}
    )
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def tamper(client: TestClient, game_id: str, **values: Any) -> None:
    """Change a stored game behind the server's back (as a bad migration or a bug might)."""
    from sqlalchemy import update

    from patience.store.schema import games

    store = client.app.state.games.store  # type: ignore[attr-defined]
    statement = update(games).where(games.c.id == game_id).values(**values)
    client.portal.call(store.write, lambda conn: conn.execute(statement))  # type: ignore[union-attr]


def limit_pages(client: TestClient, extra_pages: int | None) -> None:
    """Make the SQLite file unable to grow beyond ``extra_pages`` more pages (a full disk);
    ``None`` lifts the limit. The limit is the writer's connection's own, so it is set by a
    write."""
    from sqlalchemy import text

    store = client.app.state.games.store  # type: ignore[attr-defined]

    def pragma(conn: Any) -> None:
        pages = conn.execute(text("PRAGMA page_count")).scalar_one()
        limit = 2**30 if extra_pages is None else pages + extra_pages
        conn.execute(text(f"PRAGMA max_page_count = {limit}"))

    client.portal.call(store.write, pragma)  # type: ignore[union-attr]


STATE = re.compile(r'<script type="application/json" id="initial-state">(.*?)</script>', re.S)


def embedded_state(html: str) -> dict[str, Any]:
    """The State a game page embeds for its script."""
    found = STATE.search(html)
    assert found, "the page embeds no initial state"
    state: dict[str, Any] = json.loads(found.group(1))
    return state
