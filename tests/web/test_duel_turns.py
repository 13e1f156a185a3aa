"""Duels in turn: the challenger plays first, at once; the seat opens once that game ended;
the other plays within the deadline, on a clock of its own; nobody in time: the challenge
expires."""

from __future__ import annotations

from typing import Any

import pytest
from duel_helpers import Player, challenge, play, time_passes, winning_line
from starlette.testclient import TestClient

HOUR_MS = 3_600_000


@pytest.fixture
def players(unlimited_client: TestClient) -> tuple[Player, Player, Player]:
    return Player(unlimited_client), Player(unlimited_client), Player(unlimited_client)


def in_turn(player: Player, **settings: Any) -> dict[str, Any]:
    return challenge(player, mode="turns", deadline_hours=1, **settings)


def test_the_challenger_plays_first_and_the_seat_opens_when_that_game_ends(
    players: Any,
) -> None:
    ada, bob, _ = players
    duel = in_turn(ada, clock_minutes=0)
    assert duel["table"] is not None and duel["started_ms"] is not None  # playing at once
    assert duel["mode"] == "turns" and duel["deadline_ms"] == HOUR_MS and not duel["joinable"]
    early = bob.send("POST", f"/api/duels/{duel['id']}/join", {"nickname": "Bob"})
    assert (early.status_code, early.json()["error"]["code"]) == (409, "duel_turn")
    assert "Ada plays this deal first" in early.json()["error"]["message"]
    page = bob.send("GET", f"/en/duel/{duel['id']}").text
    assert "Ada plays this deal first; the free seat opens" in page and "join-form" not in page
    line = winning_line(duel)
    done = play(ada, duel["id"], line)
    assert done["seats"][0]["finish"] == "won" and done["result"] is None
    assert bob.ok("GET", f"/api/duels/{duel['id']}")["joinable"] is True
    assert "join-form" in bob.send("GET", f"/en/duel/{duel['id']}").text
    joined = bob.ok("POST", f"/api/duels/{duel['id']}/join", {"nickname": "Bob"})
    assert joined["you"] == 1 and joined["table"]["moves_made"] == 0
    assert joined["seats"][1]["used_ms"] < joined["seats"][0]["used_ms"] + 60_000
    over = play(bob, duel["id"], line[:-1])
    assert over["result"] is None
    bob.ok("POST", f"/api/duels/{duel['id']}/resign", {"version": 0})
    result = bob.ok("GET", f"/api/duels/{duel['id']}")["result"]
    assert (result["winner"], result["reason"]) == (0, "won")


def test_a_challenge_nobody_takes_up_in_time_expires(
    players: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ada, bob, _ = players
    duel = in_turn(ada)
    ada.ok("POST", f"/api/duels/{duel['id']}/resign", {"version": 0})
    time_passes(monkeypatch, HOUR_MS + 1)
    seen = bob.ok("GET", f"/api/duels/{duel['id']}")
    assert seen["result"]["reason"] == "expired" and seen["result"]["winner"] is None
    assert len(seen["result"]["standings"]) == 1 and not seen["joinable"]
    late = bob.send("POST", f"/api/duels/{duel['id']}/join", {"nickname": "Bob"})
    assert (late.status_code, late.json()["error"]["code"]) == (409, "duel_expired")
    assert "Nobody took up the challenge in time." in bob.send("GET", f"/en/duel/{duel['id']}").text


def test_the_deadline_ends_the_second_game_even_without_a_clock(
    players: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ada, bob, _ = players
    duel = in_turn(ada, clock_minutes=0)
    ada.ok("POST", f"/api/duels/{duel['id']}/resign", {"version": 0})
    bob.ok("POST", f"/api/duels/{duel['id']}/join", {"nickname": "Bob"})
    time_passes(monkeypatch, HOUR_MS + 1)  # the deadline passed while Bob played
    seen = bob.ok("GET", f"/api/duels/{duel['id']}")
    assert [s["finish"] for s in seen["seats"]] == ["resigned", "time"]
    assert seen["result"] is not None


def test_the_challenger_sees_the_link_while_playing(players: Any) -> None:
    ada, _, _ = players
    duel = in_turn(ada)
    page = ada.send("GET", f"/en/duel/{duel['id']}").text
    assert 'id="duel-link"' in page and 'id="initial-state"' in page
    assert "they play the same deal once your game has ended, within 1 hour." in page
