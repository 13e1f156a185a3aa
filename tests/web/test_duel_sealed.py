"""Closed duels: a sealed deal from the server's secret, graded as asked, and nothing a player
can receive before the duel ends names the deal or shows a card that player could not see."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from duel_helpers import Recorder, tokens
from starlette.testclient import TestClient
from test_duel_api import events_of

from patience.engine.game import Game
from patience.notation import card_text


@pytest.fixture
def players(unlimited_client: TestClient) -> tuple[Recorder, Recorder, Recorder]:
    return Recorder(unlimited_client), Recorder(unlimited_client), Recorder(unlimited_client)


def _move(text: str) -> Callable[[Game], None]:
    return lambda game: game.play_text(text)


def _play(who: Recorder, duel_id: str, count: int) -> dict[str, Any]:
    """``count`` moves, each the first the table offers that is not a redeal."""
    answer = who.ok("GET", f"/api/duels/{duel_id}")
    for _ in range(count):
        table = answer["table"]
        offered = [m["text"] for m in table["legal"] if m["kind"] != "redeal"]
        if not offered:
            break
        body = {"move": offered[0], "version": table["version"]}
        answer = who.ok("POST", f"/api/duels/{duel_id}/moves", body)
        who.actions.append(_move(offered[0]))
    return answer


def test_a_closed_duel_reveals_no_unseen_card_and_no_deal_before_it_ends(
    players: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("patience.web.duels.STREAM_S", 1.0)  # a stream of a duel going on ends
    ada, bob, cleo = players
    body = {"game": "klondike", "nickname": "Ada", "view": "closed", "clock_minutes": 0}
    duel = ada.ok("POST", "/api/duels", body)
    duel_id = duel["id"]
    assert duel["deal"] is None and duel["view"] == "closed"
    assert duel["grade"] in ("easy", "medium", "hard", "expert")  # a won grade (winnable)
    cleo.ok("GET", f"/api/duels/{duel_id}")  # a visitor's view before the start
    joined = bob.ok("POST", f"/api/duels/{duel_id}/join", {"nickname": "Bob"})
    assert joined["table"]["deal"] is None
    assert any(None in pile["cards"] for pile in joined["table"]["piles"])  # face down: hidden
    table = _play(ada, duel_id, 30)["table"]
    refused = ada.send("POST", f"/api/duels/{duel_id}/moves", {"move": "1-1", "version": 0})
    assert refused.status_code in (400, 409, 422)
    table = ada.ok("POST", f"/api/duels/{duel_id}/undo", {"version": table["version"]})["table"]
    ada.actions.append(lambda game: game.undo())
    ada.ok("POST", f"/api/duels/{duel_id}/redo", {"version": table["version"]})
    ada.actions.append(lambda game: game.redo())
    table = _play(bob, duel_id, 12)["table"]
    bob.ok("POST", f"/api/duels/{duel_id}/restart", {"version": table["version"]})
    bob.actions.append(lambda game: game.restart())
    _play(bob, duel_id, 5)
    for who, lang in ((ada, "en"), (bob, "de"), (cleo, "en")):
        who.ok("GET", f"/api/duels/{duel_id}")
        assert who.send("GET", f"/{lang}/duel/{duel_id}").status_code == 200  # the page
    ada.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    streamed = str(events_of(cleo, duel_id))  # every event so far, the duel still going on
    assert "'progress'" in streamed and "'end'" in streamed  # Ada's moves and resignation
    over = bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    assert over["result"] is not None
    bob.bodies.pop()  # the answer that ends the duel reveals it

    revealed = cleo.ok("GET", f"/api/duels/{duel_id}")
    deal = revealed["deal"]
    assert isinstance(deal, int) and deal > 10_000_000  # from the secret, not a pool's number
    assert all(table["deal"] == deal for table in revealed["tables"])
    assert not any(None in p["cards"] for t in revealed["tables"] for p in t["piles"])
    every_card = {card_text(c) for pile in Game.new("klondike", {}, deal).start.piles for c in pile}
    for who in (ada, bob):
        unseen = who.never_seen(Game.new("klondike", {}, deal))
        assert unseen, "the test must leave cards unseen to mean anything"
        for text in who.bodies:
            assert str(deal) not in text, "the sealed deal's number was sent"
            assert not unseen & tokens(text), "a card the player never saw was sent"
    for text in [*cleo.bodies[:-1], streamed]:  # a visitor and the stream: no card at all
        assert str(deal) not in text and not every_card & tokens(text)


def test_a_sealed_deal_is_graded_as_asked(players: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("patience.web.duels.SEALED_TRIES", 40)  # no chance of none easy
    ada, _, _ = players
    body = {"game": "freecell", "nickname": "Ada", "view": "closed", "kind": "easy"}
    duel = ada.ok("POST", "/api/duels", body)
    assert (duel["grade"], duel["deal"]) == ("easy", None)
    anyone = ada.ok("POST", "/api/duels", body | {"kind": "any"})
    assert anyone["grade"] is None
    refused = ada.send("POST", "/api/duels", body | {"kind": "tricky"})
    assert (refused.status_code, refused.json()["error"]["code"]) == (400, "unknown_kind")


def test_no_sealed_deal_of_a_kind_is_a_clear_try_again(
    players: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ada, _, _ = players
    monkeypatch.setattr("patience.web.duels.SEALED_TRIES", 0)  # no candidate to grade
    body = {"game": "klondike", "nickname": "Ada", "view": "closed", "kind": "hard"}
    refused = ada.send("POST", "/api/duels", body)
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "1"
    assert refused.json()["error"]["code"] == "no_sealed_deal"
