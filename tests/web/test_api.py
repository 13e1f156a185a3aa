"""The JSON API through Starlette's TestClient: every rejection is a clear 4xx that changes
nothing stored."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from web_helpers import new_game, play, stored

from patience.engine.game import Game
from patience.games import GAMES


def _transfer(state: dict[str, Any]) -> str:
    return next(m["text"] for m in state["legal"] if m["kind"] == "transfer")


def test_new_game_state_matches_the_engine(client: TestClient) -> None:
    state = new_game(client, options={"draw": "3"})
    game = Game.new("klondike", {"draw": "3"}, 7)
    assert state["options"] == {"draw": "3", "passes": "unlimited"}
    assert state["version"] == 0 and state["moves_made"] == 0 and state["outcome"] == "in_play"
    assert len(state["legal"]) == len(game.legal_moves())
    assert state["url"] == "/en/klondike?deal=7&draw=3&passes=unlimited"
    assert client.cookies.get("patience_player")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_hidden_card_leaves_the_server(client: TestClient, game_id: str) -> None:
    state = new_game(client, game=game_id, deal=3)
    game = Game.new(game_id, None, 3)
    for pile, (cards, down) in zip(
        state["piles"], zip(game.position.piles, game.position.down, strict=True), strict=True
    ):
        assert len(pile["cards"]) == len(cards)
        # the stock is all face down; only a playable stock top (Pyramid) may show
        hidden = max(len(cards) - 1, 0) if pile["kind"] == "stock" else down
        assert pile["cards"][:hidden] == [None] * hidden


def test_move_undo_redo_restart(client: TestClient) -> None:
    state = new_game(client)
    first = _transfer(state)
    after = play(client, state, first)
    assert after["version"] == 1 and after["last"]["move"] == first and after["can_undo"]
    url = f"/api/games/{state['id']}"
    undone = client.post(f"{url}/undo", json={"version": 1}).json()
    assert undone["version"] == 2 and undone["can_redo"] and undone["moves_made"] == 0
    redone = client.post(f"{url}/redo", json={"version": 2}).json()
    assert redone["piles"] == after["piles"]
    restarted = client.post(f"{url}/restart", json={"version": 3}).json()
    assert restarted["piles"] == state["piles"] and restarted["can_redo"]
    assert client.get(url).json() == restarted


def test_new_game_without_deal_picks_one(client: TestClient) -> None:
    state = new_game(client, deal=None, game="freecell")
    assert state["deal"] >= 1


def _rejected(client: TestClient, state: dict[str, Any], path: str, **kwargs: Any) -> Any:
    before = stored(client, state["id"])
    response = client.post(f"/api/games/{state['id']}/{path}", **kwargs)
    assert stored(client, state["id"]) == before
    return response


def test_illegal_move(client: TestClient) -> None:
    state = new_game(client)
    response = _rejected(client, state, "moves", json={"version": 0, "move": "1h"})
    assert response.status_code == 422
    body = response.json()
    assert body["error"]["code"] in ("does_not_fit", "cannot_start", "no_card", "not_free")
    assert body["error"]["message"]
    assert body["state"]["version"] == 0


def test_unreadable_move(client: TestClient) -> None:
    state = new_game(client)
    response = _rejected(client, state, "moves", json={"version": 0, "move": "zz9"})
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "notation"


def test_nothing_to_undo(client: TestClient) -> None:
    state = new_game(client)
    response = _rejected(client, state, "undo", json={"version": 0})
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "nothing_to_undo"


def test_stale_version(client: TestClient) -> None:
    state = new_game(client)
    play(client, state, _transfer(state))
    response = _rejected(client, state, "moves", json={"version": 0, "move": "s"})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "stale"
    assert response.json()["state"]["version"] == 1


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"{not json", "bad_json"),
        (b"", "bad_json"),
        (b'{"version": "1", "move": "s"}', "bad_request"),
        (b'{"version": 0}', "bad_request"),
        (b'{"version": 0, "move": "s", "extra": 1}', "bad_request"),
        (b'{"version": -1, "move": "s"}', "bad_request"),
        (b"[1, 2]", "bad_request"),
    ],
)
def test_malformed_body(client: TestClient, body: bytes, code: str) -> None:
    state = new_game(client)
    response = _rejected(client, state, "moves", content=body)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code


def test_oversized_body(client: TestClient) -> None:
    state = new_game(client)
    body = b'{"version": 0, "move": "' + b"s" * 20_000 + b'"}'
    response = _rejected(client, state, "moves", content=body)
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"


def test_oversized_body_without_length(client: TestClient) -> None:
    state = new_game(client)

    def chunks() -> Any:
        for _ in range(20):
            yield b" " * 1024

    response = _rejected(client, state, "moves", content=chunks())
    assert response.status_code == 413


def test_unknown_game_and_option(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "poker"})
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "unknown_game"
    response = client.post("/api/games", json={"game": "klondike", "options": {"draw": "5"}})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_option"


@pytest.mark.parametrize("game_id", ["0" * 32, "nonsense", "A" * 32])
def test_no_such_game(client: TestClient, game_id: str) -> None:
    assert client.get(f"/api/games/{game_id}").json()["error"]["code"] == "no_such_game"
    response = client.post(f"/api/games/{game_id}/moves", json={"version": 0, "move": "s"})
    assert response.status_code == 404


def test_other_players_game(client: TestClient, tmp_path: Any) -> None:
    state = new_game(client)
    mine = client.cookies.get("patience_player")
    client.cookies.clear()
    response = _rejected(client, state, "moves", json={"version": 0, "move": _transfer(state)})
    assert response.status_code == 403
    body = response.json()
    assert body["error"]["code"] == "not_your_game" and "state" not in body
    assert client.get(f"/api/games/{state['id']}").status_code == 403
    assert client.cookies.get("patience_player") != mine


def test_forged_cookie_is_a_new_player(client: TestClient) -> None:
    state = new_game(client)
    forged = client.cookies["patience_player"][:-2] + "xx"
    client.cookies.clear()
    client.cookies.set("patience_player", forged)
    assert client.get(f"/api/games/{state['id']}").status_code == 403


def test_message_in_page_language(client: TestClient) -> None:
    state = new_game(client)
    english = _rejected(client, state, "moves", json={"version": 0, "move": "1h"})
    german = _rejected(
        client,
        state,
        "moves",
        json={"version": 0, "move": "1h"},
        headers={"accept-language": "de"},
    )
    assert english.json()["error"]["code"] == german.json()["error"]["code"]
    assert german.json()["state"]["url"].startswith("/de/")


def test_hint_names_a_legal_move(client: TestClient) -> None:
    state = new_game(client, game="freecell", deal=1)
    response = client.post(f"/api/games/{state['id']}/hint", json={"version": 0})
    assert response.status_code == 200
    hint = response.json()["hint"]
    assert hint["move"] in {m["text"] for m in state["legal"]}
    assert hint["source"] in ("solver", "heuristic") and hint["note"]
    stale = client.post(f"/api/games/{state['id']}/hint", json={"version": 3})
    assert stale.status_code == 409


class NoSearch:
    """A solver pool that fails any job given to it."""

    async def run(self, *args: object, **kwargs: object) -> object:
        raise AssertionError("searched again")


def test_the_next_hint_goes_on_with_the_line_without_a_search(client: TestClient) -> None:
    state = new_game(client, game="freecell", deal=1)
    first = client.post(f"/api/games/{state['id']}/hint", json={"version": 0}).json()["hint"]
    assert first["source"] == "solver"
    state = play(client, state, first["move"])
    app = client.app.state  # type: ignore[attr-defined]
    solvers, app.solvers = app.solvers, NoSearch()
    try:
        body = {"version": state["version"]}
        second = client.post(f"/api/games/{state['id']}/hint", json=body)
    finally:
        app.solvers = solvers
    assert second.status_code == 200, second.text
    assert second.json()["hint"]["source"] == "solver"
    assert second.json()["hint"]["move"] in {m["text"] for m in state["legal"]}


def test_german_reason_differs_from_english(client: TestClient) -> None:
    state = new_game(client)
    body = {"version": 0, "move": "1h"}
    english = client.post(f"/api/games/{state['id']}/moves", json=body).json()["error"]
    client.cookies.set("lang", "de")
    german = client.post(f"/api/games/{state['id']}/moves", json=body).json()["error"]
    assert english["code"] == german["code"] and english["message"] != german["message"]


def test_stats_count_a_game_given_up_and_never_one_left_open(client: TestClient) -> None:
    first = new_game(client, deal=1)
    first = play(client, first, _transfer(first))
    new_game(client, deal=2)  # another deal opened: the first stays open, not counted
    assert client.get("/en/klondike?deal=3").status_code == 200
    new_game(client, game="freecell", deal=2)  # no move yet: not counted
    assert client.get("/api/stats").json() == {"rows": []}
    given_up = client.post(f"/api/games/{first['id']}/abandon", json={"version": 1})
    assert given_up.status_code == 200, given_up.text
    [row] = client.get("/api/stats").json()["rows"]
    assert (row["game"], row["played"], row["won"], row["streak"]) == ("klondike", 1, 0, 0)
    assert row["options"] == {"draw": "1", "passes": "unlimited"} and row["options_text"]
    german = client.get("/api/stats", headers={"accept-language": "de"}).json()["rows"][0]
    assert german["name"] == "Klondike" and german["options_text"] != row["options_text"]


def test_elapsed_time_is_kept(client: TestClient) -> None:
    state = new_game(client)
    body = {"version": 0, "move": _transfer(state), "elapsed_ms": 41_000}
    after = client.post(f"/api/games/{state['id']}/moves", json=body).json()
    assert after["elapsed_ms"] == 41_000
    assert client.get(f"/api/games/{state['id']}").json()["elapsed_ms"] == 41_000


def test_wrong_method_and_unknown_path_answer_json(client: TestClient) -> None:
    response = client.get(f"/api/games/{'0' * 32}/moves")
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
    response = client.get("/api/nothing/at/all")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_page_language_header_beats_the_cookie(client: TestClient) -> None:
    state = new_game(client)
    client.cookies.set("lang", "en")
    body = {"version": 0, "move": "1h"}
    english = client.post(f"/api/games/{state['id']}/moves", json=body).json()["error"]
    german = client.post(
        f"/api/games/{state['id']}/moves", json=body, headers={"accept-language": "de"}
    ).json()["error"]
    assert german["message"] != english["message"]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_state_scores_every_profile_the_game_offers(client: TestClient, game_id: str) -> None:
    from patience.scoring import game_score, profiles_for

    state = new_game(client, game=game_id, deal=5)
    line: list[str] = []
    for _ in range(6):
        if not state["legal"]:
            break
        texts = [m["text"] for m in state["legal"]]
        move = next((t for t in texts if t.endswith("h")), texts[-1])  # foundations first
        state = play(client, state, move)
        line.append(move)
    game = Game.new(game_id, None, 5)
    game.replay(line)
    offered = profiles_for(game.info)
    assert list(state["scores"]) == list(offered)
    assert state["scores"] == {profile: game_score(game, profile) for profile in offered}
    assert state["score_profile"] == offered[0]
    assert state["score"] == state["scores"][offered[0]]


def test_klondike_offers_standard_vegas_and_no_score(client: TestClient) -> None:
    state = new_game(client)
    for _ in range(5):
        home = [m["text"] for m in state["legal"] if m["text"].endswith("h")]
        state = play(client, state, home[0] if home else state["legal"][0]["text"])
    foundation_cards = sum(len(p["cards"]) for p in state["piles"] if p["kind"] == "foundation")
    scores = state["scores"]
    assert set(scores) == {"standard", "vegas", "none"}
    assert scores["vegas"] == -52 + 5 * foundation_cards
    assert scores["standard"] >= 0 and scores["none"] == 0


def test_an_ace_goes_onto_the_third_empty_foundation(client: TestClient) -> None:
    """Klondike deal 2: A♣ lies on pile 5 and all four foundations are empty."""
    state = new_game(client, deal=2)
    assert "5-f3" in [m["text"] for m in state["legal"]]
    after = play(client, state, "5-f3")
    piles = {pile["code"]: pile["cards"] for pile in after["piles"]}
    assert piles["f3"] == ["AC"] and piles["f1"] == piles["f2"] == piles["f4"] == []
    assert after["last"]["move"] == "5-f3"


def test_a_deal_beyond_the_games_last_is_refused(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "freecell", "deal": 2**31})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_deal"
    params = {"game": "freecell", "deal": str(2**31), "last": str(2**31 - 1)}
    assert response.json()["error"]["params"] == params
    assert new_game(client, game="freecell", deal=2**31 - 1)["deal"] == 2**31 - 1
    assert new_game(client, game="klondike", deal=2**53)["deal"] == 2**53


def _one_game_played(client: TestClient) -> dict[str, Any]:
    first = new_game(client, deal=1)
    moved = play(client, first, _transfer(first))
    given_up = client.post(f"/api/games/{first['id']}/abandon", json={"version": moved["version"]})
    assert given_up.status_code == 200  # played: given up for another deal
    return first


def test_stats_export_as_csv_and_json_files(client: TestClient) -> None:
    _one_game_played(client)
    rows = client.get("/api/stats").json()["rows"]
    as_json = client.get("/api/stats.json")
    assert as_json.status_code == 200 and as_json.json() == {"rows": rows}
    assert as_json.headers["content-disposition"] == 'attachment; filename="patience-stats.json"'
    as_csv = client.get("/api/stats.csv", headers={"accept-language": "de"})
    assert as_csv.status_code == 200
    assert as_csv.headers["content-type"].startswith("text/csv")
    assert as_csv.headers["content-disposition"] == 'attachment; filename="patience-stats.csv"'
    header, line = as_csv.text.splitlines()
    assert header.split(",")[:5] == ["game", "name", "options", "played", "won"]
    assert line.startswith('klondike,Klondike,"draw=1,passes=unlimited",1,0,0,0.0,0,0,,')


def test_stats_reset_is_a_post_that_keeps_the_games(client: TestClient) -> None:
    first = _one_game_played(client)
    assert client.get("/api/stats/reset").status_code == 405
    assert client.get("/api/stats").json()["rows"]
    answer = client.post("/api/stats/reset")
    assert answer.status_code == 200 and answer.json() == {"rows": []}
    assert client.get("/api/stats").json() == {"rows": []}
    assert "klondike" not in client.get("/api/stats.csv").text
    assert stored(client, first["id"]) is not None  # kept for reviews
    # Games started after the reset count again.
    _one_game_played(client)
    [row] = client.get("/api/stats").json()["rows"]
    assert row["played"] == 1
