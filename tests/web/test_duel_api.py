"""The duel API over a real app and database: a challenge by link, the seats, the clock, the
undo rule, the progress each seat sees of the other, and results computed from the stored
moves."""

from __future__ import annotations

import asyncio
import doctest
import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from duel_helpers import (
    Heard,
    Player,
    challenge,
    play,
    started,
    stream_events,
    time_passes,
    winning_line,
)
from sqlalchemy import update
from starlette.testclient import TestClient

import patience.web.duels
from patience.engine.game import Game
from patience.store.duels import DuelRow, DuelStore, StoredDuel
from patience.store.schema import duels
from patience.web.app import create_app
from patience.web.duels import Known, events_at_hand


@pytest.fixture
def players(unlimited_client: TestClient) -> tuple[Player, Player, Player]:
    return Player(unlimited_client), Player(unlimited_client), Player(unlimited_client)


def test_a_challenge_waits_for_its_opponent_and_shows_no_table(players: Any) -> None:
    ada, _, _ = players
    duel = challenge(ada, clock_minutes=3, undo=False)
    assert duel["you"] == 0 and [s["nickname"] for s in duel["seats"]] == ["Ada"]
    assert duel["table"] is None and duel["started_ms"] is None  # nobody studies it alone
    assert (duel["clock_ms"], duel["undo"], duel["grade"]) == (180_000, False, "easy")
    assert duel["url"] == f"/en/duel/{duel['id']}"
    refused = ada.send("POST", f"/api/duels/{duel['id']}/moves", {"move": "x", "version": 0})
    assert (refused.status_code, refused.json()["error"]["code"]) == (409, "duel_waiting")


def test_the_opponent_takes_the_free_seat_and_both_see_the_same_open_cards(
    players: Any,
) -> None:
    ada, bob, _ = players
    duel_id, joined = started(ada, bob)
    assert joined["you"] == 1 and joined["started_ms"] is not None
    mine = ada.ok("GET", f"/api/duels/{duel_id}")
    assert mine["you"] == 0
    assert mine["table"]["piles"] == joined["table"]["piles"]
    cards = [c for pile in mine["table"]["piles"] for c in pile["cards"]]
    assert None not in cards and len(cards) == 52  # every card open: the skill format
    assert mine["table"]["id"] is None  # the game API is not a seat's door


def test_a_seat_is_taken_once(players: Any) -> None:
    ada, bob, cleo = players
    duel_id, _ = started(ada, bob)
    taken = cleo.send("POST", f"/api/duels/{duel_id}/join", {"nickname": "Cleo"})
    assert (taken.status_code, taken.json()["error"]["code"]) == (409, "seat_taken")
    again = bob.ok("POST", f"/api/duels/{duel_id}/join", {"nickname": "Bob"})
    assert again["you"] == 1  # opening the link again keeps the seat
    own = ada.ok("POST", f"/api/duels/{duel_id}/join", {"nickname": "Ada"})
    assert own["you"] == 0 and len(own["seats"]) == 2
    watcher = cleo.ok("GET", f"/api/duels/{duel_id}")
    assert watcher["you"] is None and watcher["table"] is None


def test_a_bad_nickname_or_duel_is_refused(players: Any) -> None:
    ada, _, _ = players
    for name in ("", "   ", "x" * 25, "bell\x07"):
        refused = ada.send("POST", "/api/duels", {"game": "freecell", "nickname": name})
        assert refused.json()["error"]["code"] == "bad_nickname", name
    missing = ada.send("GET", "/api/duels/" + "0" * 32)
    assert (missing.status_code, missing.json()["error"]["code"]) == (404, "no_such_duel")
    odd = ada.send("POST", "/api/duels", {"game": "freecell", "nickname": "A", "clock_minutes": 4})
    assert odd.status_code == 400


def test_each_seat_sees_the_other_s_progress_never_its_table(players: Any) -> None:
    ada, bob, cleo = players
    duel_id, joined = started(ada, bob)
    line = winning_line(joined)
    after = play(bob, duel_id, line[:3])
    assert after["seats"][1]["moves"] == 3
    seen_by_ada = ada.ok("GET", f"/api/duels/{duel_id}")
    assert seen_by_ada["seats"][1]["moves"] == 3 and seen_by_ada["seats"][0]["moves"] == 0
    assert seen_by_ada["table"]["moves_made"] == 0 and seen_by_ada["tables"] is None
    assert cleo.ok("GET", f"/api/duels/{duel_id}")["tables"] is None


def test_undo_is_refused_when_the_duel_was_set_up_without_it(players: Any) -> None:
    ada, bob, _ = players
    duel_id, joined = started(ada, bob, undo=False)
    moved = play(ada, duel_id, winning_line(joined)[:1])
    undo = ada.send("POST", f"/api/duels/{duel_id}/undo", {"version": moved["table"]["version"]})
    assert (undo.status_code, undo.json()["error"]["code"]) == (403, "undo_off")
    allowed, other = started(ada, bob, undo=True)
    moved = play(ada, allowed, winning_line(other)[:1])
    undone = ada.ok("POST", f"/api/duels/{allowed}/undo", {"version": moved["table"]["version"]})
    assert undone["table"]["moves_made"] == 0


def test_an_illegal_move_is_refused_with_the_seat_s_own_table(players: Any) -> None:
    ada, bob, _ = players
    duel_id, joined = started(ada, bob)
    refused = bob.send("POST", f"/api/duels/{duel_id}/moves", {"move": "zz", "version": 0})
    assert refused.status_code == 422
    state = refused.json()["state"]
    assert state["id"] is None and state["piles"] == joined["table"]["piles"]


def test_a_won_game_beats_an_unfinished_one_and_both_games_are_shown(players: Any) -> None:
    ada, bob, _ = players
    duel_id, joined = started(ada, bob)
    won = play(ada, duel_id, winning_line(joined))
    assert won["seats"][0]["finish"] == "won" and won["result"] is None  # Bob still plays
    resigned = bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    result = resigned["result"]
    assert (result["winner"], result["reason"]) == (0, "won")
    assert [s["won"] for s in result["standings"]] == [True, False]
    assert [t["moves_made"] for t in resigned["tables"]] == [len(winning_line(joined)), 0]
    late = ada.send("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    assert (late.status_code, late.json()["error"]["code"]) == (409, "seat_over")


def test_two_unfinished_games_are_decided_by_cards_home(players: Any) -> None:
    ada, bob, _ = players
    duel_id, joined = started(ada, bob)
    line = winning_line(joined)
    home = next(k for k in range(1, len(line)) if play_counts_home(joined, line[:k]))
    play(bob, duel_id, line[:home])
    ada.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    result = bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})["result"]
    assert (result["winner"], result["reason"]) == (1, "cards_home")


def play_counts_home(answer: dict[str, Any], moves: list[str]) -> bool:
    game = Game.new(answer["game"], answer["options"], answer["deal"])
    for move in moves:
        game.play_text(move)
    return any(game.position.piles[f] for f in game.engine.foundations)


def set_started(client: TestClient, duel_id: str, started_ms: int) -> None:
    store = client.app.state.games.store  # type: ignore[attr-defined]
    change = update(duels).where(duels.c.id == duel_id).values(started_ms=started_ms)
    client.portal.call(store.write, lambda conn: conn.execute(change))  # type: ignore[union-attr]


def test_a_clock_that_runs_out_ends_both_games_where_they_stand(
    players: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    ada, bob, _ = players
    duel_id, joined = started(ada, bob, clock_minutes=3)
    play(ada, duel_id, winning_line(joined)[:2])
    time_passes(monkeypatch, 181_000)
    after = bob.ok("GET", f"/api/duels/{duel_id}")
    assert [s["finish"] for s in after["seats"]] == ["time", "time"]
    assert [s["used_ms"] for s in after["seats"]] == [180_000, 180_000]
    assert after["result"]["winner"] in (0, None)  # Ada moved, Bob did not
    refused = bob.send("POST", f"/api/duels/{duel_id}/moves", {"move": "x", "version": 0})
    assert (refused.status_code, refused.json()["error"]["code"]) == (409, "seat_over")


def events_of(player: Player, duel_id: str, after: int = 0) -> list[dict[str, Any]]:
    player.client.cookies.clear()
    with player.client.stream("GET", f"/api/duels/{duel_id}/events?after={after}") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = [line for line in stream.iter_lines() if line.startswith("data: ")]
    return [json.loads(line[6:]) for line in lines]


def test_the_event_log_tells_a_watcher_everything_after_the_number_it_has(
    players: Any,
) -> None:
    ada, bob, _ = players
    duel_id, joined = started(ada, bob)
    play(ada, duel_id, winning_line(joined)[:2])
    ada.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    events = events_of(ada, duel_id)  # the stream ends with the result
    assert [e["type"] for e in events] == [
        "seat",
        "seat",
        "start",
        "progress",
        "progress",
        "end",
        "end",
        "result",
    ]
    assert events[4] == events[4] | {"seat": 0, "moves": 2}
    assert events_of(ada, duel_id, after=6) == events[6:]  # a reconnect misses nothing


def test_a_seat_s_game_is_closed_to_the_game_and_review_apis_until_the_duel_ends(
    players: Any,
) -> None:
    ada, bob, _ = players
    duel_id, joined = started(ada, bob)
    play(ada, duel_id, winning_line(joined))
    hall_store = DuelStore(ada.client.app.state.games.store)  # type: ignore[attr-defined]
    stored = ada.client.portal.call(hall_store.get, duel_id)  # type: ignore[union-attr]
    game_id = stored.seats[0].game_id
    assert ada.send("GET", f"/api/games/{game_id}").status_code == 403
    review = bob.send("GET", f"/api/reviews/{game_id}")  # a winning line for Bob: refused
    assert (review.status_code, review.json()["error"]["code"]) == (409, "duel_in_play")
    bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    assert bob.send("GET", f"/api/reviews/{game_id}").status_code == 200


def test_a_link_opened_after_the_duel_shows_the_result_and_takes_no_seat(players: Any) -> None:
    ada, bob, cleo = players
    duel_id, _ = started(ada, bob)
    ada.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    late = cleo.ok("GET", f"/api/duels/{duel_id}")
    assert late["result"] is not None and late["you"] is None
    assert len(late["tables"]) == 2  # the finished games are anyone's to replay
    taken = cleo.send("POST", f"/api/duels/{duel_id}/join", {"nickname": "Cleo"})
    assert (taken.status_code, taken.json()["error"]["code"]) == (409, "seat_taken")


def test_the_duel_hall_doctests_pass() -> None:
    result = doctest.testmod(patience.web.duels)
    assert result.attempted > 0 and result.failed == 0, result


def test_a_resigned_game_is_given_up_and_reviewed_once_the_duel_is_decided(
    players: Any,
) -> None:
    ada, bob, _ = players
    duel_id, joined = started(ada, bob)
    line = winning_line(joined)
    play(bob, duel_id, line[:3])
    bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    assert bob.ok("GET", f"/api/duels/{duel_id}")["seats"][1]["review"] is None  # still on
    play(ada, duel_id, line)
    seats = bob.ok("GET", f"/api/duels/{duel_id}")["seats"]
    reviews = [seat["review"] for seat in seats]
    assert all(reviews), reviews
    game_id = reviews[1].rsplit("/", 1)[1]
    review = bob.ok("GET", f"/api/reviews/{game_id}")
    assert len(review["moves"]) == 3 and review["outcome"] == "abandoned"


def test_the_result_says_where_the_two_games_went_apart(players: Any) -> None:
    ada, bob, _ = players
    duel_id, joined = started(ada, bob)
    line = winning_line(joined)
    play(ada, duel_id, line[:2])
    play(bob, duel_id, line[:1])
    assert ada.ok("GET", f"/api/duels/{duel_id}")["split"] is None  # not before the end
    ada.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    over = bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    split = over["split"]
    assert split["move"] == 2 and split["plays"][0] is not None and split["plays"][1] is None
    page = bob.send("GET", f"/en/duel/{duel_id}").text
    assert "The two games went apart at move 2: Ada played" in page
    assert "Bob&#39;s game had ended after move 1." in page


def test_a_player_who_leaves_keeps_the_clock_running_and_comes_back_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ada plays, leaves, the server restarts; her cookie finds her seat and table again,
    with the time that went by counted, and her stream the events she missed."""
    monkeypatch.setattr("patience.web.duels.STREAM_S", 1.0)  # a stream ends soon
    with TestClient(create_app(None, tmp_path, "test-secret")) as first:
        ada, bob = Player(first), Player(first)
        duel_id, joined = started(ada, bob, clock_minutes=10)
        line = winning_line(joined)
        left = play(ada, duel_id, line[:2])
        play(bob, duel_id, line[:1])  # while Ada is away
        set_started(first, duel_id, joined["started_ms"] - 120_000)  # two minutes went by
    with TestClient(create_app(None, tmp_path, "test-secret")) as second:
        ada.client = second
        back = ada.ok("GET", f"/api/duels/{duel_id}")
        assert back["you"] == 0 and back["table"]["piles"] == left["table"]["piles"]
        assert back["seats"][0]["used_ms"] >= 120_000 and back["seats"][0]["finish"] is None
        missed = events_of(ada, duel_id, after=left["last_event"])[:1]
        assert missed == [missed[0] | {"type": "progress", "seat": 1, "moves": 1}]
        play(ada, duel_id, line[2:3])  # and plays on


def what_a_worker_knows_follows_another_s_changes(first: TestClient, second: TestClient) -> None:
    """The first worker keeps the duel it served; what the second changes reaches it: the
    start, the other seat's moves, and a resignation that then refuses a move unstored."""
    ada, bob = Player(first), Player(first)
    duel_id = challenge(ada)["id"]  # the first worker knows it waiting
    bob.client = second
    joined = bob.ok("POST", f"/api/duels/{duel_id}/join", {"nickname": "Bob"})
    line = winning_line(joined)
    moved = ada.ok("POST", f"/api/duels/{duel_id}/moves", {"move": line[0], "version": 0})
    assert moved["seats"][0]["moves"] == 1 and moved["seats"][1]["finish"] is None
    play(bob, duel_id, line[:2])
    moved = ada.ok("POST", f"/api/duels/{duel_id}/moves", {"move": line[1], "version": 1})
    assert [s["moves"] for s in moved["seats"]] == [2, 2]
    assert moved["last_event"] == bob.ok("GET", f"/api/duels/{duel_id}")["last_event"]
    ada.client = second
    ada.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 2})
    ada.client = first
    refused = ada.send("POST", f"/api/duels/{duel_id}/moves", {"move": line[2], "version": 2})
    assert (refused.status_code, refused.json()["error"]["code"]) == (409, "seat_over")
    seen = ada.ok("GET", f"/api/duels/{duel_id}")
    assert seen["seats"][0]["moves"] == 2 and seen["seats"][0]["finish"] == "resigned"
    assert seen["table"]["version"] == 2  # the refused move was not stored
    play(bob, duel_id, line[2:3])
    assert ada.ok("GET", f"/api/duels/{duel_id}")["seats"][1]["moves"] == 3


def test_what_a_worker_knows_of_a_duel_follows_another_worker_s_changes(tmp_path: Path) -> None:
    with (
        TestClient(create_app(None, tmp_path, "test-secret")) as first,
        TestClient(create_app(None, tmp_path, "test-secret")) as second,
    ):
        what_a_worker_knows_follows_another_s_changes(first, second)


def test_a_stream_hears_every_move_whichever_worker_made_it(tmp_path: Path) -> None:
    """Bob's stream on the first worker: Ada's moves there come from what that worker knows,
    her moves on the second from the database; none is missed or told twice."""
    with (
        TestClient(create_app(None, tmp_path, "test-secret")) as first,
        TestClient(create_app(None, tmp_path, "test-secret")) as second,
    ):
        ada, bob = Player(first), Player(first)
        duel_id, joined = started(ada, bob)
        heard: Heard = []
        streaming = threading.Event()
        url = f"/api/duels/{duel_id}/events?after={joined['last_event'] - 1}"
        watcher = stream_events(first, url, heard, lambda event: streaming.set())
        assert streaming.wait(30)
        answer = ada.ok("GET", f"/api/duels/{duel_id}")
        for n, move in enumerate(winning_line(joined)[:6]):
            ada.client = (first, second)[n % 2]
            body = {"move": move, "version": answer["table"]["version"]}
            answer = ada.ok("POST", f"/api/duels/{duel_id}/moves", body)
        bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
        ada.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 6})
        watcher.join(30)
        seqs = [seq for seq, _ in heard]
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))
        moves = [event["moves"] for _, event in heard if event["type"] == "progress"]
        assert moves == [1, 2, 3, 4, 5, 6]


def test_a_stream_tells_the_result_another_worker_stored_while_it_read_the_duel(
    tmp_path: Path,
) -> None:
    """Ada's stream on the first worker reads her resignation (made on the second) and reads
    the duel again; Bob resigns on the second just before that read, so the duel it finds is
    decided while what the first worker knows of it is older than the stream. The stream
    must still tell Bob's end and the result before it closes."""
    with (
        TestClient(create_app(None, tmp_path, "test-secret")) as first,
        TestClient(create_app(None, tmp_path, "test-secret")) as second,
    ):
        ada, bob = Player(first), Player(first)
        duel_id, joined = started(ada, bob)
        ada.ok("GET", f"/api/duels/{duel_id}")  # the first worker knows the duel
        hall = first.app.state.duels  # type: ignore[attr-defined]
        read_duel = hall._stored
        bob_resigns: list[dict[str, Any]] = []

        async def bob_resigns_first(wanted: str) -> Any:
            """The first read of the duel after Ada's end is stored: Bob resigns just before
            it (told by the store, not by the test's thread, which may come later)."""
            if not bob_resigns and (await read_duel(wanted)).seats[0].finish is not None:
                bob.client = second
                bob_resigns.append(await asyncio.to_thread(bob.ok, "POST", resign, {"version": 0}))
            return await read_duel(wanted)

        hall._stored = bob_resigns_first
        resign = f"/api/duels/{duel_id}/resign"
        heard: list[dict[str, Any]] = []
        streaming = threading.Event()

        def watch() -> None:
            url = f"/api/duels/{duel_id}/events?after={joined['last_event']}"
            with first.stream("GET", url) as stream:
                streaming.set()
                for line in stream.iter_lines():
                    if line.startswith("data: "):
                        heard.append(json.loads(line[6:]))

        watcher = threading.Thread(target=watch)
        watcher.start()
        assert streaming.wait(30)
        time.sleep(0.3)  # the stream waits for news
        ada.client = second
        ada.ok("POST", resign, {"version": 0})
        watcher.join(30)
        assert not watcher.is_alive() and bob_resigns
        assert [(e["type"], e.get("seat")) for e in heard] == [
            ("end", 0),
            ("end", 1),
            ("result", None),
        ]


DUEL_ROW = DuelRow(
    "d" * 32, "freecell", "", 5, "open", 0, "live", 0, True, "any", None, 1, 2, None, 4,
    "d" * 32, 1, 1, None,
)  # fmt: skip


def test_what_a_worker_knows_takes_in_progress_in_order_only() -> None:
    known = Known(StoredDuel(DUEL_ROW, ()), {0: (0, 0), 1: (0, 0)}, 4)
    assert events_at_hand(known, [], 4) == [] and events_at_hand(known, [], 3) is None
    progress = {"type": "progress", "seat": 1, "moves": 3, "cards_home": 1}
    assert not known.advance(6, progress)  # the 5th is missing
    assert known.advance(5, progress) and known.advance(5, progress)  # once
    assert known.progress[1] == (3, 1) and events_at_hand(known, [], 4) == [(5, progress)]
    assert not known.advance(6, {"type": "end", "seat": 0, "finish": "resigned"})
    assert known.events == 5
