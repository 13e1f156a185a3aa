"""Rematches and series: a fresh deal for the same two players, one duel however many ask,
the seat kept for them, and best of 3 decided by rounds won."""

from __future__ import annotations

from typing import Any

import pytest
from duel_helpers import Player, play, started, winning_line
from starlette.testclient import TestClient


@pytest.fixture
def players(unlimited_client: TestClient) -> tuple[Player, Player, Player]:
    return Player(unlimited_client), Player(unlimited_client), Player(unlimited_client)


def won_by(winner: Player, loser: Player, duel: dict[str, Any]) -> dict[str, Any]:
    """``winner`` wins the duel's game, ``loser`` gives up: the decided duel."""
    play(winner, duel["id"], winning_line(duel))
    return loser.ok("POST", f"/api/duels/{duel['id']}/resign", {"version": 0})


def test_a_best_of_three_is_won_by_two_rounds_on_fresh_deals(players: Any) -> None:
    ada, bob, _ = players
    duel_id, first = started(ada, bob, best_of=3)
    assert first["series"] == {
        "best_of": 3, "round": 1, "wins": [0, 0], "decided": False, "winner": None
    }  # fmt: skip
    over = won_by(ada, bob, first)
    assert over["series"]["wins"] == [1, 0] and not over["series"]["decided"]
    second = bob.ok("POST", f"/api/duels/{duel_id}/rematch")  # Bob asks: Bob in seat 0
    assert second["series"]["round"] == 2 and second["you"] == 0 and second["table"] is None
    assert second["previous_url"] == f"/en/duel/{duel_id}"
    again = ada.ok("POST", f"/api/duels/{duel_id}/rematch")  # Ada too: the same duel, seated
    assert again["id"] == second["id"] and again["you"] == 1 and again["table"] is not None
    assert ada.ok("GET", f"/api/duels/{duel_id}")["next_url"] == f"/en/duel/{second['id']}"
    assert again["series"]["wins"] == [0, 1]  # by this duel's seats: Bob, Ada
    decided = won_by(ada, bob, again)
    assert decided["series"] == {
        "best_of": 3, "round": 2, "wins": [0, 2], "decided": True, "winner": 1
    }  # fmt: skip
    page = ada.send("GET", f"/en/duel/{second['id']}").text
    assert "Round 2 of at most 3: Bob – Ada 0 : 2. Ada wins the series." in page
    assert "Rematch on a new deal" in page
    fresh = ada.ok("POST", f"/api/duels/{second['id']}/rematch")
    assert fresh["series"]["round"] == 1 and fresh["series"]["wins"] == [0]


def test_the_rematch_seat_is_kept_for_the_two_players(players: Any) -> None:
    ada, bob, cleo = players
    duel_id, first = started(ada, bob)
    refused = ada.send("POST", f"/api/duels/{duel_id}/rematch")
    assert (refused.status_code, refused.json()["error"]["code"]) == (409, "duel_in_play")
    won_by(ada, bob, first)
    assert cleo.send("POST", f"/api/duels/{duel_id}/rematch").status_code == 403
    rematch = ada.ok("POST", f"/api/duels/{duel_id}/rematch")
    assert rematch["deal"] != first["deal"]  # a fresh deal (FreeCell's easy pool is large)
    kept = cleo.send("POST", f"/api/duels/{rematch['id']}/join", {"nickname": "Cleo"})
    assert (kept.status_code, kept.json()["error"]["code"]) == (409, "seat_kept")
    joined = bob.ok("POST", f"/api/duels/{rematch['id']}/join", {"nickname": "Bob"})
    assert joined["you"] == 1 and joined["started_ms"] is not None
