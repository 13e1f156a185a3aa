"""While its day lasts, nothing a player can receive names the daily deal or shows a card
that player could not see: every answer of the API and the pages is scanned, for a player
who plays and practises Klondike (face-down and stock cards) and for a visitor."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from daily_helpers import NOON, TODAY, set_clock, store_deal
from duel_helpers import Recorder, tokens
from starlette.testclient import TestClient

from patience.engine.game import Game
from patience.notation import card_text
from patience.web.app import create_app
from patience.web.errors import ApiError
from patience.web.limits import LimitConfig

DEAL = 7_654_321_234_567
"""A Klondike deal as a sealed one is: a long number nothing else holds."""


@pytest.fixture
def client(tmp_path: Path) -> Any:
    app = create_app(None, tmp_path, "test-secret", LimitConfig(moves=None, games=None))
    with TestClient(app) as test_client:
        set_clock(test_client, NOON)
        store_deal(test_client, "klondike", DEAL)
        yield test_client


def _move(text: str) -> Callable[[Game], None]:
    return lambda game: game.play_text(text)


def _play(who: Recorder, entry: dict[str, Any], count: int) -> dict[str, Any]:
    """``count`` moves, each the first the table offers that is not a redeal."""
    for _ in range(count):
        table = entry["table"]
        offered = [m["text"] for m in table["legal"] if m["kind"] != "redeal"]
        if not offered:
            break
        body = {"move": offered[0], "version": table["version"]}
        entry = who.ok("POST", f"/api/daily/entries/{entry['id']}/moves", body)
        who.actions.append(_move(offered[0]))
    return entry


def test_a_daily_reveals_no_unseen_card_and_no_deal_while_its_day_lasts(
    client: TestClient,
) -> None:
    ada, cleo = Recorder(client), Recorder(client)
    for who in (ada, cleo):
        who.ok("GET", "/api/daily")
        assert who.send("GET", f"/api/daily/{TODAY}/klondike/board").status_code == 200
    entry = ada.ok("POST", f"/api/daily/{TODAY}/klondike/start", {"ranked": True, "nickname": "A"})
    assert any(None in pile["cards"] for pile in entry["table"]["piles"])  # face down: hidden
    entry = _play(ada, entry, 25)
    refused = ada.send(
        "POST", f"/api/daily/entries/{entry['id']}/moves", {"move": "1-1", "version": 0}
    )
    assert refused.status_code in (400, 409, 422)
    ada.ok("GET", f"/api/daily/entries/{entry['id']}")
    ada.ok(
        "POST", f"/api/daily/entries/{entry['id']}/resign", {"version": entry["table"]["version"]}
    )
    ranked_actions = list(ada.actions)
    ada.ok("GET", f"/api/daily/entries/{entry['id']}/share")
    board = ada.ok("GET", f"/api/daily/{TODAY}/klondike/board")
    replay = board["top"][0]["replay"]
    assert replay is not None
    ada.ok("GET", "/api/reviews/" + replay.rsplit("/", 1)[1])
    ada.ok("GET", "/api/daily/me")
    practice = ada.ok("POST", f"/api/daily/{TODAY}/klondike/start", {"ranked": False})
    ada.actions = []
    _play(ada, practice, 10)
    practice_actions = ada.actions
    for lang in ("en", "de"):
        cleo.send("GET", f"/{lang}/daily")
        cleo.send("GET", f"/{lang}/daily/{TODAY}/klondike")
        ada.send("GET", f"/{lang}/daily/{TODAY}/klondike")
        ada.send("GET", replay.replace("/en/", f"/{lang}/"))

    ada.actions = ranked_actions
    unseen = ada.never_seen(Game.new("klondike", {}, DEAL))
    ada.actions = practice_actions
    unseen &= ada.never_seen(Game.new("klondike", {}, DEAL))
    assert unseen, "the test must leave cards unseen to mean anything"
    for text in ada.bodies:
        assert str(DEAL) not in text, "the sealed deal's number was sent"
        assert not unseen & tokens(text), "a card the player never saw was sent"
    every_card = {card_text(c) for pile in Game.new("klondike", {}, DEAL).start.piles for c in pile}
    for text in cleo.bodies:  # a visitor: no card at all
        assert str(DEAL) not in text and not every_card & tokens(text)


def test_a_refused_resignation_carries_the_sealed_table(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ada = Recorder(client)
    entry = ada.ok("POST", f"/api/daily/{TODAY}/klondike/start", {"ranked": True, "nickname": "A"})
    entry = _play(ada, entry, 3)
    games = client.app.state.games  # type: ignore[attr-defined]

    async def abandon(owner: str, game_id: str, version: int) -> None:
        """Another request moved first: the game API's refusal, with its own (open) state."""
        live = await games.get(owner, game_id)
        raise ApiError(409, "stale", {"version": str(version)}, live.state)

    monkeypatch.setattr(games, "abandon", abandon)
    version = entry["table"]["version"]
    refused = ada.send("POST", f"/api/daily/entries/{entry['id']}/resign", {"version": version})
    assert refused.status_code == 409 and refused.json()["state"]["deal"] is None
    stale = ada.send("POST", f"/api/daily/entries/{entry['id']}/resign", {"version": 0})
    assert stale.status_code == 409 and stale.json()["state"]["deal"] is None
    assert all(str(DEAL) not in text for text in ada.bodies)
