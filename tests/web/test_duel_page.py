"""The duel page: a visitor's free seat, the challenger's link, a seat's own open board,
a watcher's view, the result in words with both final tables, and a 404 for no duel."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from duel_helpers import Player, challenge, play, started, winning_line
from starlette.testclient import TestClient
from web_helpers import embedded_state

DUEL = re.compile(r'<script type="application/json" id="duel-data">(.*?)</script>', re.S)


@pytest.fixture
def players(unlimited_client: TestClient) -> tuple[Player, Player, Player]:
    return Player(unlimited_client), Player(unlimited_client), Player(unlimited_client)


def page(player: Player, duel_id: str, lang: str = "en") -> str:
    response = player.send("GET", f"/{lang}/duel/{duel_id}")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/html")
    text: str = response.text
    return text


def embedded_duel(html: str) -> dict[str, Any]:
    found = DUEL.search(html)
    assert found, "the page embeds no duel"
    duel: dict[str, Any] = json.loads(found.group(1))
    return duel


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_visitor_sees_the_settings_and_a_form_to_take_the_seat(players: Any, lang: str) -> None:
    ada, _, visitor = players
    duel = challenge(ada, clock_minutes=3, undo=False)
    html = page(visitor, duel["id"], lang)
    assert 'id="join-form"' in html and 'id="nickname"' in html
    words = {
        "en": ("3 minutes for each player", "not allowed", "easy", "Ada is waiting"),
        "de": ("3 Minuten für jede Seite", "nicht erlaubt", "leicht", "Ada wartet"),
    }[lang]
    for said in words:
        assert said in html
    assert "How a duel is decided" in html if lang == "en" else "Wie ein Duell" in html
    shown = embedded_duel(html)
    assert shown["you"] is None and shown["table"] is None
    assert 'id="initial-state"' not in html  # no board for a visitor
    assert 'id="hint"' not in html and 'data-command="hint"' not in html


def test_the_challenger_waits_with_the_link_to_send(players: Any) -> None:
    ada, _, _ = players
    duel = challenge(ada)
    html = page(ada, duel["id"])
    assert 'id="copy-link"' in html
    assert re.search(rf'id="duel-link"[^>]*value="http://[^"]*/en/duel/{duel["id"]}"', html)
    assert 'id="join-form"' not in html and 'id="initial-state"' not in html


def test_a_seat_plays_on_its_own_open_board_and_a_watcher_sees_no_table(players: Any) -> None:
    ada, bob, cleo = players
    duel_id, joined = started(ada, bob, undo=False)
    html = page(bob, duel_id)
    table = embedded_state(html)
    assert table == joined["table"] and None not in [c for p in table["piles"] for c in p["cards"]]
    assert 'id="resign"' in html and 'data-command="undo"' not in html  # undo is off
    keys = re.search(r'<p id="keys-help" class="keys">(.*?)</p>', html, re.S)
    assert keys and "u undoes" not in keys.group(1) and "hint" not in keys.group(1)
    assert 'class="you"' in html and "Bob (you)" in html
    watched = page(cleo, duel_id)
    assert embedded_duel(watched)["table"] is None and 'id="initial-state"' not in watched
    assert "you are watching" in watched
    with_undo, _ = started(ada, bob)
    assert 'data-command="undo"' in page(ada, with_undo)


def test_the_result_names_the_winner_and_why_with_both_tables_and_the_review(
    players: Any,
) -> None:
    ada, bob, cleo = players
    duel_id, joined = started(ada, bob)
    line = winning_line(joined)
    play(ada, duel_id, line)
    bob.ok("POST", f"/api/duels/{duel_id}/resign", {"version": 0})
    for player, lang in ((ada, "en"), (bob, "de"), (cleo, "en")):
        html = page(player, duel_id, lang)
        shown = embedded_duel(html)
        assert len(shown["tables"]) == 2 and html.count('class="final-table"') == 2
        if lang == "en":
            assert "Ada wins the duel." in html
            assert "Ada won the game; the other game was left unfinished." in html
        else:
            assert "Ada gewinnt das Duell." in html
        review = shown["seats"][0]["review"]
        assert review and review.startswith(f"/{lang}/review/") and f'href="{review}"' in html
        assert shown["seats"][1]["review"] is None  # Bob resigned before a move: no review
    assert player.send("GET", review).status_code == 200


def test_an_unknown_duel_is_a_404_page(client: TestClient) -> None:
    for duel_id in ("nope", "0" * 32):
        response = client.get(f"/en/duel/{duel_id}")
        assert response.status_code == 404
        assert response.headers["content-type"].startswith("text/html")
        assert "There is no duel with this id." in response.text


def test_the_lobby_and_a_game_page_offer_a_challenge(client: TestClient) -> None:
    lobby = client.get("/en/").text
    assert 'id="challenge-form"' in lobby and '<option value="freecell">' in lobby
    assert '<option value="any">' not in lobby.split('id="challenge-form"')[1]
    game = client.get("/de/klondike?draw=3").text
    form = game.split('id="challenge-form"')[1].split("</form>")[0]
    assert '<input type="hidden" name="game" value="klondike">' in form
    assert '<input type="hidden" data-option="draw" value="3">' in form
    assert '<option value="winnable">' in form and '<option value="any">' not in form
    assert "Ohne Uhr" in form and "Zurücknehmen erlauben" in form


def test_a_closed_duel_s_page_hides_what_a_normal_game_hides(players: Any) -> None:
    ada, bob, _ = players
    duel_id, _ = started(ada, bob, game="klondike", kind="winnable", view="closed")
    html = page(ada, duel_id)
    assert "face-down and stock cards stay hidden" in html
    table = embedded_state(html)
    assert table["deal"] is None and any(None in pile["cards"] for pile in table["piles"])
