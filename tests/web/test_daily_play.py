"""Playing the daily deal through the API, on a clock the test sets: one ranked attempt
without undo, practice after it, ranks from the stored moves, the board's replays, the share
card, nicknames, streaks and transfer codes; and no answer names the sealed deal."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from daily_helpers import (
    FREECELL_DEAL,
    NOON,
    TODAY,
    play,
    set_clock,
    start,
    store_deal,
)
from duel_helpers import Player, winning_line
from starlette.testclient import TestClient

from patience.cards import card_text
from patience.daily.calendar import DAY_MS
from patience.engine.game import Game
from patience.web.app import create_app
from patience.web.limits import LimitConfig


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(None, tmp_path, "test-secret", LimitConfig(moves=None, games=None))
    with TestClient(app) as test_client:
        set_clock(test_client, NOON)
        store_deal(test_client, "freecell", FREECELL_DEAL)
        yield test_client


def line() -> list[str]:
    return winning_line({"game": "freecell", "options": {}, "deal": FREECELL_DEAL})


def code(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


def test_a_ranked_attempt_is_sealed_without_undo_and_ranks_once_won(client: TestClient) -> None:
    ada = Player(client)
    entry = start(ada, nickname="Ada").json()
    assert entry["ranked"] and entry["status"] == "playing" and entry["undo"] is False
    assert entry["table"]["deal"] is None and entry["table"]["id"] is None
    assert entry["table"]["url"] == f"/en/daily/{TODAY}/freecell"
    assert entry["rank"] is None and entry["par"] == 90
    moves = line()
    entry = play(ada, entry, moves[:3])
    undo = ada.send("POST", f"/api/daily/entries/{entry['id']}/undo", {"version": 3})
    assert code(undo) == (403, "undo_off")
    assert "without undo" in undo.json()["error"]["message"]
    assert code(start(ada, nickname="Ada")) == (409, "daily_played")
    practice = ada.send("POST", f"/api/daily/{TODAY}/freecell/start", {"ranked": False})
    assert code(practice) == (409, "daily_ranked_first")
    set_clock(client, NOON + 95_000)
    won = play(ada, entry, moves[3:])
    assert won["status"] == "won" and won["moves"] == len(moves)
    assert won["time_ms"] == 95_000  # the server's clock, from the start to the winning move
    assert (won["rank"], won["entries"], won["better_than"]) == (1, 1, 0)
    over = ada.send("POST", f"/api/daily/entries/{entry['id']}/moves", {"move": "1a", "version": 0})
    assert code(over) == (409, "entry_over")


def test_the_game_api_refuses_an_attempts_game(client: TestClient) -> None:
    ada = Player(client)
    entry = start(ada, nickname="Ada").json()
    game_id = client.app.state.dailies  # type: ignore[attr-defined]
    stored = client.portal.call(game_id.dailies.entry, entry["id"])  # type: ignore[union-attr]
    assert stored is not None
    assert ada.send("GET", f"/api/games/{stored.game_id}").status_code == 403
    assert Player(client).send("GET", f"/api/daily/entries/{entry['id']}").status_code == 403


def _finish(player: Player, name: str, moves: list[str], resign: bool = False) -> dict[str, Any]:
    entry = start(player, nickname=name).json()
    entry = play(player, entry, moves)
    if resign:
        body = {"version": entry["table"]["version"]}
        entry = player.ok("POST", f"/api/daily/entries/{entry['id']}/resign", body)
    return entry


def test_ranks_follow_the_rules(client: TestClient) -> None:
    moves = line()
    ada, bob, cleo, dan, eve = (Player(client) for _ in range(5))
    set_clock(client, NOON)
    _finish(ada, "Ada", moves)  # won in len(moves), 0 ms
    _finish(bob, "Bob", moves)  # the same: a shared first place
    set_clock(client, NOON + 1)
    slower = _finish(cleo, "Cleo", moves[:10], resign=True)  # unfinished, few cards home
    home = _finish(dan, "Dan", moves[:-3], resign=True)  # unfinished, more cards home
    board = eve.ok("GET", f"/api/daily/{TODAY}/freecell/board")
    assert [(line["nickname"], line["rank"]) for line in board["top"]] == [
        ("Ada", 1),
        ("Bob", 1),
        ("Dan", 3),
        ("Cleo", 4),
    ]
    assert home["cards_home"] > slower["cards_home"]
    assert board["field"]["won_moves"] == [[len(moves), 2]]
    assert board["deal"] is None and board["par"] == 90
    assert board["replays"] is False and all(line["replay"] is None for line in board["top"])
    assert board["you"] is None  # a visitor
    mine = dan.ok("GET", f"/api/daily/{TODAY}/freecell/board")
    assert mine["replays"] is True and mine["you"]["rank"] == 3
    assert mine["you"]["better_than"] == 25
    assert all(line["replay"] for line in mine["top"])
    assert [line["you"] for line in mine["top"]] == [False, False, True, False]
    assert (home["rank"], home["better_than"]) == (3, 25)


def test_replays_open_to_players_whose_attempt_ended_and_stay_sealed_today(
    client: TestClient,
) -> None:
    ada, bob = Player(client), Player(client)
    _finish(ada, "Ada", line())
    replay = ada.ok("GET", f"/api/daily/{TODAY}/freecell/board")["top"][0]["replay"]
    review_id = replay.rsplit("/", 1)[1]
    assert code(bob.send("GET", f"/api/reviews/{review_id}")) == (409, "daily_in_play")
    assert bob.send("GET", replay).status_code == 409  # the page too
    bob_entry = start(bob, nickname="Bob").json()
    assert code(bob.send("GET", f"/api/reviews/{review_id}")) == (409, "daily_in_play")
    bob.ok("POST", f"/api/daily/entries/{bob_entry['id']}/resign", {"version": 0})
    review = bob.ok("GET", f"/api/reviews/{review_id}")
    assert review["sealed"] and review["deal"] is None and review["record"] is None
    assert review["url"] is None
    page = bob.send("GET", replay)
    assert page.status_code == 200 and str(FREECELL_DEAL) not in page.text
    again = bob.send("POST", f"/api/reviews/{review_id}/practice", {"index": 3})
    assert code(again) == (409, "daily_sealed")
    set_clock(client, NOON + DAY_MS)  # the day is over: a numbered deal like any other
    visitor = Player(client)
    opened = visitor.ok("GET", f"/api/reviews/{review_id}")
    assert opened["deal"] == FREECELL_DEAL and not opened["sealed"]
    board = visitor.ok("GET", f"/api/daily/{TODAY}/freecell/board")
    assert board["deal"] == FREECELL_DEAL and board["replays"]


def test_practice_after_the_ranked_attempt_has_undo_and_does_not_rank(
    client: TestClient,
) -> None:
    ada = Player(client)
    ranked = start(ada, nickname="Ada").json()
    ada.ok("POST", f"/api/daily/entries/{ranked['id']}/resign", {"version": 0})
    practice = ada.ok("POST", f"/api/daily/{TODAY}/freecell/start", {"ranked": False})
    assert not practice["ranked"] and practice["undo"] and practice["table"]["deal"] is None
    moved = play(ada, practice, line()[:2])
    undone = ada.ok(
        "POST", f"/api/daily/entries/{practice['id']}/undo", {"version": moved["table"]["version"]}
    )
    assert undone["moves"] == 1
    other = ada.ok("POST", f"/api/daily/{TODAY}/freecell/start", {"ranked": False})
    assert ada.ok("GET", f"/api/daily/entries/{practice['id']}")["status"] == "resigned"
    assert other["id"] != practice["id"]
    board = ada.ok("GET", f"/api/daily/{TODAY}/freecell/board")
    assert board["entries"] == 1 and board["top"][0]["status"] == "resigned"


def test_days_past_and_to_come(client: TestClient) -> None:
    ada = Player(client)
    store_deal(client, "freecell", FREECELL_DEAL, day="2026-12-06")
    assert code(start(ada, day="2026-12-06", nickname="Ada")) == (409, "daily_past")
    assert code(start(ada, day="2026-12-08", nickname="Ada")) == (404, "no_such_day")
    assert code(start(ada, day="monday", nickname="Ada")) == (400, "bad_day")
    assert code(start(ada, game="spider", nickname="Ada")) == (503, "daily_not_prepared")
    assert code(start(ada, game="chess", nickname="Ada")) == (404, "unknown_game")
    entry = start(ada, nickname="Ada").json()
    set_clock(client, NOON + DAY_MS)
    late = ada.send("POST", f"/api/daily/entries/{entry['id']}/moves", {"move": "1a", "version": 0})
    assert code(late) == (409, "daily_over")
    board = ada.ok("GET", f"/api/daily/{TODAY}/freecell/board")
    assert board["entries"] == 1 and board["top"][0]["status"] == "playing"  # ranked as it stood
    stood = ada.ok("GET", f"/api/daily/entries/{entry['id']}")
    assert (stood["rank"], stood["better_than"], stood["table"]["deal"]) == (1, 0, FREECELL_DEAL)


def test_nicknames_are_unique_per_board_and_changeable(client: TestClient) -> None:
    ada, bob = Player(client), Player(client)
    assert code(start(ada)) == (400, "bad_nickname")
    start(ada, nickname="Ada")
    assert code(start(bob, nickname="ADA")) == (409, "nickname_taken")
    start(bob, nickname="Bob")
    assert ada.ok("GET", "/api/daily/me")["nickname"] == "Ada"
    taken = ada.send("PUT", "/api/daily/nickname", {"nickname": "bob"})
    assert code(taken) == (409, "nickname_taken")
    assert ada.ok("PUT", "/api/daily/nickname", {"nickname": " Ada  L. "})["nickname"] == "Ada L."
    store_deal(client, "thirteens", 123_456_789)
    assert start(ada, game="thirteens").json()["nickname"] == "Ada L."  # remembered


def test_streaks_count_days_in_a_row(client: TestClient) -> None:
    ada = Player(client)
    moves = line()
    for n, day in enumerate(("2026-12-05", "2026-12-06", "2026-12-07")):
        set_clock(client, NOON + (n - 2) * DAY_MS)
        store_deal(client, "freecell", FREECELL_DEAL, day=day)
        entry = start(ada, day=day, nickname="Ada").json()
        if day == "2026-12-06":
            ada.ok("POST", f"/api/daily/entries/{entry['id']}/resign", {"version": 0})
        else:
            play(ada, entry, moves)
    me = ada.ok("GET", "/api/daily/me")
    assert me["overall"] == {"played": 3, "won": 1, "best_played": 3, "best_won": 1}
    assert me["games"]["freecell"] == me["overall"]
    assert [(d["day"], d["status"]) for d in me["days"]] == [
        ("2026-12-05", "won"),
        ("2026-12-06", "resigned"),
        ("2026-12-07", "won"),
    ]
    set_clock(client, NOON + 2 * DAY_MS)  # a whole day without a game: the run is broken
    assert ada.ok("GET", "/api/daily/me")["overall"]["played"] == 0
    assert Player(client).ok("GET", "/api/daily/me")["nickname"] is None


def test_a_transfer_code_carries_the_player_until_revoked(client: TestClient) -> None:
    ada, other, third = Player(client), Player(client), Player(client)
    start(ada, nickname="Ada")
    made = ada.send("POST", "/api/daily/transfer")
    assert made.status_code == 201
    text = made.json()["code"]
    assert re.fullmatch(r"[A-Z2-9]{4}(-[A-Z2-9]{4}){4}", text)
    assert (
        other.ok("POST", "/api/daily/transfer/redeem", {"code": text.lower()})["nickname"] == "Ada"
    )
    assert other.ok("GET", "/api/daily/me")["days"][0]["day"] == TODAY
    assert code(start(other)) == (409, "daily_played")  # the same player now
    assert ada.send("DELETE", "/api/daily/transfer").status_code == 204
    refused = third.send("POST", "/api/daily/transfer/redeem", {"code": text})
    assert code(refused) == (404, "bad_transfer_code")
    assert third.ok("GET", "/api/daily/me")["nickname"] is None


def test_the_share_card_names_no_card_and_no_deal(client: TestClient) -> None:
    ada = Player(client)
    moves = line()
    entry = start(ada, nickname="Ada").json()
    assert code(ada.send("GET", f"/api/daily/entries/{entry['id']}/share")) == (
        409,
        "entry_in_play",
    )
    play(ada, entry, moves)
    card = ada.ok("GET", f"/api/daily/entries/{entry['id']}/share")
    assert (card["status"], card["moves"], card["par"]) == ("won", len(moves), 90)
    assert card["state"] in ("running", "done", "busy")
    assert card["strip"] is not None and len(card["strip"]) == 10
    assert set(card["strip"]) <= {"w", "l", "u"}
    every_card = {
        card_text(c) for pile in Game.new("freecell", {}, FREECELL_DEAL).start.piles for c in pile
    }
    text = ada.send("GET", f"/api/daily/entries/{entry['id']}/share").text
    assert str(FREECELL_DEAL) not in text and not every_card & set(re.findall(r"\w+", text))
    assert set(moves).isdisjoint(re.findall(r'"([^"]+)"', text))  # and no move either


def test_the_most_common_losing_move_shows_once_enough_reviews_found_one(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = [Player(client) for _ in range(6)]
    moves = line()
    for n, who in enumerate(players):
        _finish(who, f"P{n}", moves[:3], resign=True)
    reviews = client.app.state.reviews  # type: ignore[attr-defined]
    found: dict[str, tuple[int, str]] = {}

    async def losing_moves(game_ids: list[str]) -> dict[str, tuple[int, str]]:
        assert len(game_ids) == 6  # every lost attempt of the board is asked about
        return {game_id: found[game_id] for game_id in game_ids if game_id in found}

    monkeypatch.setattr(reviews, "losing_moves", losing_moves)
    dailies = client.app.state.dailies  # type: ignore[attr-defined]
    entries = client.portal.call(dailies.dailies.board, TODAY, "freecell", True)  # type: ignore[union-attr]
    games = sorted(e.game_id for e in entries)
    found.update({g: (2, moves[1]) for g in games[:3]} | {g: (3, moves[2]) for g in games[3:4]})
    board = players[0].ok("GET", f"/api/daily/{TODAY}/freecell/board")
    assert board["common_loss"] is None  # 4 reviewed: too few to say
    found[games[4]] = (3, moves[2])
    board = players[0].ok("GET", f"/api/daily/{TODAY}/freecell/board")
    assert board["common_loss"] == {"move_number": 2, "move": moves[1], "count": 3, "reviewed": 5}
    assert Player(client).ok("GET", f"/api/daily/{TODAY}/freecell/board")["common_loss"] is None
