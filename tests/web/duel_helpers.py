"""Helpers of the duel tests: players with cookies of their own on one test client, a
challenge, a started duel, a winning line of its deal, moves played through the API."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

import patience.web.duels
from patience.engine.game import Game
from patience.notation import card_text
from patience.solver import searcher_for
from patience.solver.result import Budget, Won
from patience.views import hidden_view


class Player:
    """One browser: its own cookie, on the one test client."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies: dict[str, str] = {}

    def send(self, method: str, url: str, body: dict[str, Any] | None = None) -> Any:
        self.client.cookies.clear()
        self.client.cookies.update(self.cookies)
        response = self.client.request(method, url, json=body)
        self.cookies = {c.name: c.value for c in self.client.cookies.jar}  # one per name
        return response

    def ok(self, method: str, url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        response = self.send(method, url, body)
        assert response.status_code in (200, 201), response.text
        answer: dict[str, Any] = response.json()
        return answer


class Recorder(Player):
    """A player whose every answer is kept, and whose every change is replayed on a local game
    once the deal is revealed (to know which cards that player could see)."""

    def __init__(self, client: TestClient) -> None:
        super().__init__(client)
        self.bodies: list[str] = []
        self.actions: list[Callable[[Game], None]] = []

    def send(self, method: str, url: str, body: dict[str, Any] | None = None) -> Any:
        response = super().send(method, url, body)
        self.bodies.append(response.text)
        return response

    def never_seen(self, game: Game) -> set[str]:
        """The cards this player's game never showed, replaying what it did on ``game``."""
        seen = set()
        for act in [lambda _: None, *self.actions]:
            act(game)
            for pile in hidden_view(game.engine, game.position).piles:
                seen.update(card_text(c) for c in pile.cards if c is not None)
        every = {card_text(c) for pile in game.start.piles for c in pile}
        return every - seen


def tokens(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z0-9]+", text))


def challenge(player: Player, **settings: Any) -> dict[str, Any]:
    body = {"game": "freecell", "nickname": "Ada", "kind": "easy"} | settings
    return player.ok("POST", "/api/duels", body)


def started(ada: Player, bob: Player, **settings: Any) -> tuple[str, dict[str, Any]]:
    duel = challenge(ada, **settings)
    joined = bob.ok("POST", f"/api/duels/{duel['id']}/join", {"nickname": "Bob"})
    return duel["id"], joined


Heard = list[tuple[int, dict[str, Any]]]
"""A duel's events as a stream told them, each with its number."""


def stream_events(
    client: TestClient,
    url: str,
    heard: Heard,
    told: Callable[[dict[str, Any]], object] = lambda event: None,
) -> threading.Thread:
    """A started thread reading the duel event stream at ``url`` into ``heard``, telling
    ``told`` of each event, until the duel's result (or the stream's end)."""

    def read() -> None:
        seq = 0
        with client.stream("GET", url) as stream:
            for line in stream.iter_lines():
                if line.startswith("id: "):
                    seq = int(line[4:])
                if line.startswith("data: "):
                    heard.append((seq, json.loads(line[6:])))
                    told(heard[-1][1])
                    if heard[-1][1]["type"] == "result":
                        return

    thread = threading.Thread(target=read)
    thread.start()
    return thread


def when(kind: str, act: Callable[[], object]) -> Callable[[dict[str, Any]], None]:
    """A ``told`` for :func:`stream_events`: ``act()`` at each event of type ``kind``."""

    def told(event: dict[str, Any]) -> None:
        if event["type"] == kind:
            act()

    return told


def winning_line(answer: dict[str, Any]) -> list[str]:
    game = Game.new(answer["game"], answer["options"], answer["deal"])
    result = searcher_for(game.engine.rules).solve(game.position, Budget(200_000))
    assert isinstance(result, Won)
    for move in result.moves:
        game.play(move)
    return game.moves_text()


def play(player: Player, duel_id: str, moves: list[str]) -> dict[str, Any]:
    answer = player.ok("GET", f"/api/duels/{duel_id}")
    for move in moves:
        body = {"move": move, "version": answer["table"]["version"]}
        answer = player.ok("POST", f"/api/duels/{duel_id}/moves", body)
    return answer


def time_passes(monkeypatch: pytest.MonkeyPatch, ms: int) -> None:
    """From now on the duels' clock reads ``ms`` later, as if that much time had gone by."""
    now = patience.web.duels.now_ms
    monkeypatch.setattr(patience.web.duels, "now_ms", lambda: now() + ms)
