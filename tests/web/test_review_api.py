"""The review API over a real app and database: a finished game's review runs on a solver
process, streams its findings, shows no card the player never saw, is shared by link, and
costs no search the second time."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import msgspec
from sqlalchemy import func, select
from starlette.testclient import TestClient
from web_helpers import LOSING_MOVE, LOST_DEAL, LOST_MOVES, new_game, play

from patience.cards import card_text
from patience.engine.game import Game
from patience.notation import parse_record
from patience.store.schema import verdicts
from patience.views import hidden_view
from patience.web.state import table_piles


def finished_game(client: TestClient, moves: tuple[str, ...] = LOST_MOVES) -> dict[str, Any]:
    state = new_game(client, game="klondike", deal=LOST_DEAL)
    for move in moves:
        state = play(client, state, move)
    given = client.post(f"/api/games/{state['id']}/abandon", json={"version": state["version"]})
    assert given.status_code == 200, given.text
    result: dict[str, Any] = given.json()
    return result


def whole_review(client: TestClient, game_id: str) -> dict[str, Any]:
    """Open the review and follow its stream to the end."""
    opened = client.get(f"/api/reviews/{game_id}")
    assert opened.status_code == 200, opened.text
    review: dict[str, Any] = opened.json()
    with client.stream("GET", f"/api/reviews/{game_id}/events?after={review['seen']}") as events:
        assert events.headers["content-type"].startswith("text/event-stream")
        lines = [line for line in events.iter_lines() if line]
    assert lines[-2:] == ["event: end", 'data: "done"']
    review["events"] += [json.loads(line[6:]) for line in lines[:-2] if line.startswith("data: ")]
    return review


def verdict_rows(client: TestClient) -> int:
    store = client.app.state.games.store  # type: ignore[attr-defined]
    count = select(func.count()).select_from(verdicts)
    rows: int = client.portal.call(store.read, lambda conn: conn.execute(count).scalar_one())  # type: ignore[union-attr]
    return rows


def test_the_losing_move_of_a_finished_game_is_marked(unlimited_client: TestClient) -> None:
    game = finished_game(unlimited_client)
    review = whole_review(unlimited_client, game["id"])
    assert review["moves"] == list(LOST_MOVES)
    assert review["every_card_known"] is True
    saved = parse_record(review["record"])  # the line ``patience review --record`` reads
    assert (saved.game_id, saved.deal, saved.moves) == ("klondike", LOST_DEAL, LOST_MOVES)
    steps = {e["index"]: e["status"] for e in review["events"] if e["type"] == "step"}
    assert sorted(steps) == list(range(len(LOST_MOVES) + 1))  # every position has a verdict
    assert all(steps[k] == "winnable" for k in range(LOSING_MOVE))
    assert all(steps[k] == "lost" for k in range(LOSING_MOVE, len(LOST_MOVES) + 1))
    losing = [e for e in review["events"] if e["type"] == "mark" and e["kind"] == "losing"]
    assert [mark["move"] for mark in losing] == [LOSING_MOVE]
    luck = [e for e in review["events"] if e["type"] == "luck"]
    assert luck == [
        {
            "type": "luck",
            "move": LOSING_MOVE,
            "unseen": 27,
            "worlds": 8,
            "lost": 1,
            "kept": 3,
            "no_win": 3,
            "unknown": 1,
            "judgement": "unlucky",
        }
    ]
    assert review["events"][-1] == {"type": "end", "complete": True, "losing_move": LOSING_MOVE}


def test_a_review_shows_only_what_the_player_saw(unlimited_client: TestClient) -> None:
    game = finished_game(unlimited_client)
    answer = unlimited_client.get(f"/api/reviews/{game['id']}")
    played = Game.new("klondike", deal=LOST_DEAL)
    for move in LOST_MOVES:
        played.play_text(move)
    seen = [
        msgspec.to_builtins(table_piles(hidden_view(played.engine, p))) for p in played.positions
    ]
    assert answer.json()["positions"] == seen  # every table exactly as the player saw it
    ever_seen = {c for piles in seen for pile in piles for c in pile["cards"] if c is not None}
    every_card = {card_text(c) for pile in played.start.piles for c in pile}
    never_seen = every_card - ever_seen
    assert never_seen, "the game must leave cards unseen for this test to mean anything"
    sent = set(re.findall(r"[A-Za-z0-9]+", answer.text))
    assert not never_seen & sent, "a card the player never saw was sent"


def test_a_game_in_play_has_no_review_yet(client: TestClient) -> None:
    state = play(client, new_game(client, game="klondike", deal=LOST_DEAL), LOST_MOVES[0])
    answer = client.get(f"/api/reviews/{state['id']}")
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "review_in_play"
    page = client.get(f"/de/review/{state['id']}")
    assert page.status_code == 409 and "Dieses Spiel läuft noch" in page.text
    assert client.get(f"/api/reviews/{'0' * 32}").json()["error"]["code"] == "no_such_game"
    assert client.get("/api/reviews/nonsense").status_code == 404


def test_a_friend_reads_the_review_and_a_second_review_searches_nothing(
    unlimited_client: TestClient,
) -> None:
    client = unlimited_client
    game = finished_game(client)
    mine = whole_review(client, game["id"])
    rows = verdict_rows(client)
    assert rows > 0
    client.cookies.clear()  # a friend, with the link only
    theirs = client.get(f"/api/reviews/{game['id']}").json()
    assert theirs["state"] == "done" and theirs["events"] == mine["events"]
    page = client.get(f"/en/review/{game['id']}")
    assert page.status_code == 200 and "Review: Klondike, deal 6" in page.text
    moved = client.post(f"/api/games/{game['id']}/undo", json={"version": game["version"]})
    assert moved.status_code == 403  # reading a review is not playing the game
    again = finished_game(client)  # the same moves, the friend's game: every verdict is stored
    second = whole_review(client, again["id"])
    assert verdict_rows(client) == rows
    assert second["events"] == mine["events"]


def test_practice_starts_the_askers_game_at_a_position_outside_the_statistics(
    unlimited_client: TestClient,
) -> None:
    game = finished_game(unlimited_client)
    before = unlimited_client.get("/api/stats").json()["rows"]
    answer = unlimited_client.post(
        f"/api/reviews/{game['id']}/practice", json={"index": LOSING_MOVE - 1}
    )
    assert answer.status_code == 201, answer.text
    practice = answer.json()
    assert practice["id"] != game["id"] and practice["moves_made"] == LOSING_MOVE - 1
    assert practice["outcome"] == "in_play" and practice["can_undo"]
    resumed = unlimited_client.get(f"/api/games/{practice['id']}").json()
    assert resumed["piles"] == practice["piles"]
    assert unlimited_client.get("/api/stats").json()["rows"] == before
    far = unlimited_client.post(f"/api/reviews/{game['id']}/practice", json={"index": 999})
    assert far.status_code == 404 and far.json()["error"]["code"] == "no_such_position"


def test_a_way_from_a_winnable_position_wins_and_none_from_a_lost_one(
    unlimited_client: TestClient,
) -> None:
    game = finished_game(unlimited_client)
    way = unlimited_client.get(f"/api/reviews/{game['id']}/line/{LOSING_MOVE - 1}").json()
    played = Game.new("klondike", deal=LOST_DEAL)
    for move in [*LOST_MOVES[: LOSING_MOVE - 1], *way["line"]]:
        played.play_text(move)
    assert played.outcome().value == "won"
    assert len(way["positions"]) == len(way["line"]) + 1
    lost = unlimited_client.get(f"/api/reviews/{game['id']}/line/{LOSING_MOVE}").json()
    assert lost["line"] is None
    count = unlimited_client.get(f"/api/reviews/{game['id']}/winning/{LOSING_MOVE - 1}").json()
    assert LOST_MOVES[LOSING_MOVE - 1] not in count["winners"]
    assert count["winning"] == len(count["winners"]) >= 1
    missing = unlimited_client.get(f"/api/reviews/{game['id']}/line/{len(LOST_MOVES) + 1}")
    assert missing.json()["error"]["code"] == "no_such_position"


def test_full_solvers_say_busy_and_when_to_ask_again(unlimited_client: TestClient) -> None:
    game = finished_game(unlimited_client)
    solvers = unlimited_client.app.state.solvers  # type: ignore[attr-defined]
    hogs = [solvers.submit(time.sleep, 1.0) for _ in range(solvers.slots)]
    review = unlimited_client.get(f"/api/reviews/{game['id']}")
    assert review.status_code == 200
    assert review.json()["state"] == "busy" and review.headers["retry-after"] == "2"
    state = new_game(unlimited_client, game="freecell", deal=1)
    hint = unlimited_client.post(f"/api/games/{state['id']}/hint", json={"version": 0})
    assert hint.status_code == 503 and hint.headers["retry-after"] == "2"
    assert hint.json()["error"]["code"] == "busy"
    for hog in hogs:
        hog.result()
    assert whole_review(unlimited_client, game["id"])["events"][-1]["type"] == "end"
