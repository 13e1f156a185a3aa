"""Help that sees every card: "still winnable?" answers with the review's verdict, and a game
helped by it or by a hint has its win counted apart."""

from __future__ import annotations

from starlette.testclient import TestClient
from web_helpers import LOSING_MOVE, LOST_DEAL, LOST_MOVES, new_game, play

from patience.engine.game import Game
from patience.games import get_game
from patience.notation import move_text
from patience.solver import solve_deal


def winnable(client: TestClient, state: dict[str, object]) -> dict[str, object]:
    answer = client.post(f"/api/games/{state['id']}/winnable", json={"version": state["version"]})
    assert answer.status_code == 200, answer.text
    found: dict[str, object] = answer.json()
    return found


def test_still_winnable_before_the_losing_move_and_lost_after(
    unlimited_client: TestClient,
) -> None:
    state = new_game(unlimited_client, game="klondike", deal=LOST_DEAL)
    for move in LOST_MOVES[: LOSING_MOVE - 1]:
        state = play(unlimited_client, state, move)
    assert winnable(unlimited_client, state) == {"version": state["version"], "status": "winnable"}
    state = play(unlimited_client, state, LOST_MOVES[LOSING_MOVE - 1])
    assert winnable(unlimited_client, state)["status"] == "lost"
    stale = unlimited_client.post(
        f"/api/games/{state['id']}/winnable", json={"version": state["version"] - 1}
    )
    assert stale.status_code == 409


def test_another_players_game_is_not_answered(unlimited_client: TestClient) -> None:
    state = play(unlimited_client, new_game(unlimited_client), "s")
    unlimited_client.cookies.clear()
    answer = unlimited_client.post(
        f"/api/games/{state['id']}/winnable", json={"version": state["version"]}
    )
    assert answer.status_code == 403


def _won_game(client: TestClient, deal: int, *, helped: str | None) -> None:
    result = solve_deal(get_game("freecell"), None, deal)
    game = Game.new("freecell", deal=deal)
    state = new_game(client, game="freecell", deal=deal)
    for number, move in enumerate(result.moves):  # type: ignore[attr-defined]
        if number == 1 and helped is not None:
            path = f"/api/games/{state['id']}/{helped}"
            assert client.post(path, json={"version": state["version"]}).status_code == 200
        text = move_text(game.engine, game.position, move)
        game.play(move)
        state = play(client, state, text)
    assert state["outcome"] == "won"


def test_wins_with_help_are_counted_apart(unlimited_client: TestClient) -> None:
    _won_game(unlimited_client, 1, helped=None)
    _won_game(unlimited_client, 2, helped="hint")
    _won_game(unlimited_client, 5, helped="winnable")
    (row,) = unlimited_client.get("/api/stats").json()["rows"]
    assert (row["played"], row["won"], row["won_assisted"]) == (3, 3, 2)
    csv_text = unlimited_client.get("/api/stats.csv").text
    assert csv_text.splitlines()[0].split(",")[5] == "won_assisted"
    page = unlimited_client.get("/en/stats").text
    assert "2 with help" in page
