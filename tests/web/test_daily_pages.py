"""The daily deal's pages in both languages, on a clock the test sets: today's games with the
countdown, streaks and calendar; a day's game before the start, in play, after the end, in
practice and once the day is over; the archive; 404s; and no page of today names the sealed
deal or shows one of its cards outside the player's own table."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.web.daily_helpers import (
    FREECELL_DEAL,
    MONDAY,
    NOON,
    TODAY,
    play,
    set_clock,
    start,
    store_deal,
)
from tests.web.duel_helpers import Player

from patience.cards import card_text
from patience.daily.calendar import DAY_MS
from patience.engine.game import Game
from patience.web.app import create_app
from patience.web.daily_pages import board_words
from patience.web.daily_wire import Board, BoardLine, CommonLoss, Field
from patience.web.limits import LimitConfig

DATA = re.compile(r'<script type="application/json" id="daily-data">(.*?)</script>', re.S)
TABLE = re.compile(r'<script type="application/json" id="initial-state">(.*?)</script>', re.S)
REPLAY_ADA = 'aria-label="Replay: Ada">Replay</a>'
STRINGS = re.compile(r'<script type="application/json" id="ui-strings">.*?</script>', re.S)
WORDS = {
    "en": {
        "title": "Daily deals",
        "easy": "easy",
        "terms": "No hints, no “still winnable?” and no undo.",
        "rule": "a won game comes before an unfinished one",
        "start": "Start my ranked attempt",
        "resigned": "You resigned with",
        "rank": "Rank 1 of 1",
        "archive": "Past daily deals",
        "monday": "Monday, 7 December 2026",
        "open": "Your attempt was still open when the day ended",
    },
    "de": {
        "title": "Tagespartien",
        "easy": "leicht",
        "terms": "Keine Tipps, kein „Noch gewinnbar?“ und kein Zurücknehmen.",
        "rule": "Eine gewonnene Partie steht vor einer unbeendeten",
        "start": "Meinen gewerteten Versuch starten",
        "resigned": "Du hast aufgegeben",
        "rank": "Platz 1 von 1",
        "archive": "Frühere Tagespartien",
        "monday": "Montag, 7. Dezember 2026",
        "open": "Dein Versuch lief noch, als der Tag zu Ende ging",
    },
}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(None, tmp_path, "test-secret", LimitConfig(moves=None, games=None))
    with TestClient(app) as test_client:
        set_clock(test_client, NOON)
        store_deal(test_client, "freecell", FREECELL_DEAL)
        yield test_client


def page(player: Player, path: str, status: int = 200) -> str:
    response = player.send("GET", path)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("text/html")
    text: str = response.text
    return text


def page_data(html: str) -> dict[str, Any]:
    found = DATA.search(html)
    assert found, "the page embeds no daily data"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


DEAL_CARDS = {
    card_text(card) for pile in Game.new("freecell", {}, FREECELL_DEAL).start.piles for card in pile
}


def assert_sealed(html: str) -> None:
    """Neither the deal's number nor, outside one's own table, any card of it."""
    assert str(FREECELL_DEAL) not in html
    outside = STRINGS.sub("", TABLE.sub("", html))
    shown = {card for card in DEAL_CARDS if re.search(rf"\b{card}\b", outside)}
    assert not shown, shown


@pytest.mark.parametrize("lang", ["en", "de"])
def test_today_lists_every_game_with_its_grade_and_the_time_to_the_next_deals(
    client: TestClient, lang: str
) -> None:
    html = page(Player(client), f"/{lang}/daily")
    words = WORDS[lang]
    assert f"<h1>{words['title']}</h1>" in html
    assert f'href="/{lang}/daily/{TODAY}/freecell"' in html and words["easy"] in html
    assert f'href="/{lang}/daily/{TODAY}/spider"' not in html  # not prepared
    assert f'data-ms="{MONDAY + DAY_MS - NOON}"' in html  # 12 hours, by the server's clock
    assert 'id="nickname-form"' in html and 'id="transfer-make"' in html
    assert 'id="redeem-form"' in html
    assert html.count('class="cal-') == 7 * 4
    assert_sealed(html)


def test_the_lobby_and_every_page_link_the_daily_deals(client: TestClient) -> None:
    html = page(Player(client), "/de/")
    assert 'href="/de/daily"' in html and "Die heutigen Tagespartien" in html


@pytest.mark.parametrize("lang", ["en", "de"])
def test_before_the_start_the_terms_and_a_nickname_field(client: TestClient, lang: str) -> None:
    ada = Player(client)
    ada.ok("PUT", "/api/daily/nickname", {"nickname": "Ada"})
    html = page(ada, f"/{lang}/daily/{TODAY}/freecell")
    words = WORDS[lang]
    assert words["terms"] in html and words["rule"] in html and words["start"] in html
    assert words["monday"] in html
    assert 'id="start-form"' in html and 'value="Ada"' in html
    assert page_data(html)["phase"] == "start"
    assert 'id="initial-state"' not in html
    assert_sealed(html)


def test_the_ranked_attempt_in_play_shows_the_sealed_board_without_help(
    client: TestClient,
) -> None:
    ada = Player(client)
    start(ada, nickname="Ada")
    html = page(ada, f"/en/daily/{TODAY}/freecell")
    assert page_data(html)["phase"] == "play"
    assert page_data(html)["ends_in_ms"] == MONDAY + DAY_MS - NOON  # then it shows the end
    found = TABLE.search(html)
    assert found
    table = json.loads(found.group(1))
    assert table["deal"] is None and table["id"] is None
    assert 'id="resign"' in html and 'id="time-value"' in html
    for command in ("hint", "undo", "redo", "restart"):
        assert f'data-command="{command}"' not in html
    assert_sealed(html)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_after_the_attempt_the_result_rank_share_card_and_practice(
    client: TestClient, lang: str
) -> None:
    ada = Player(client)
    entry = start(ada, nickname="Ada").json()
    ada.ok("POST", f"/api/daily/entries/{entry['id']}/resign", {"version": 0})
    html = page(ada, f"/{lang}/daily/{TODAY}/freecell")
    words = WORDS[lang]
    assert page_data(html)["phase"] == "over"
    assert words["resigned"] in html and words["rank"] in html
    assert 'id="share-text"' in html and 'id="share-copy"' in html and 'id="practice"' in html
    assert 'class="you" aria-current="true"' in html
    assert_sealed(html)

    practice = ada.ok("POST", f"/api/daily/{TODAY}/freecell/start", {"ranked": False})
    html = page(ada, f"/{lang}/daily/{TODAY}/freecell?practice={practice['id']}")
    assert page_data(html)["phase"] == "play" and page_data(html)["entry"]["ranked"] is False
    assert 'data-command="undo"' in html and 'id="resign"' not in html
    assert str(FREECELL_DEAL) not in html
    # One that ended leaves the day's result, with a new practice a click away.
    ada.ok("POST", f"/api/daily/entries/{practice['id']}/resign", {"version": 0})
    html = page(ada, f"/{lang}/daily/{TODAY}/freecell?practice={practice['id']}")
    assert page_data(html)["phase"] == "over" and 'id="practice"' in html
    # Someone else's practice is not shown: the day's page as it stands for them.
    bob = Player(client)
    html = page(bob, f"/{lang}/daily/{TODAY}/freecell?practice={practice['id']}")
    assert page_data(html)["phase"] == "start"


def test_another_player_sees_the_board_but_no_replay_before_their_own_end(
    client: TestClient,
) -> None:
    ada, bob = Player(client), Player(client)
    entry = start(ada, nickname="Ada").json()
    entry = play(ada, entry, [entry["table"]["legal"][0]["text"]])  # a game to replay
    ada.ok("POST", f"/api/daily/entries/{entry['id']}/resign", {"version": 1})
    html = page(bob, f"/en/daily/{TODAY}/freecell")
    assert ">Ada</th>" in html and REPLAY_ADA not in html
    assert "Replays open for you once your own ranked attempt has ended." in html
    mine = start(bob, nickname="Bob").json()
    bob.ok("POST", f"/api/daily/entries/{mine['id']}/resign", {"version": 0})
    html = page(bob, f"/en/daily/{TODAY}/freecell")
    assert REPLAY_ADA in html and "Bob (you)" in html


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_past_day_gives_its_deal_to_play_on_the_game_page_and_the_archive_lists_it(
    client: TestClient, lang: str
) -> None:
    ada = Player(client)
    start(ada, nickname="Ada")
    set_clock(client, NOON + DAY_MS)
    html = page(ada, f"/{lang}/daily/{TODAY}/freecell")
    assert page_data(html)["phase"] == "past"
    assert f'href="/{lang}/freecell?deal={FREECELL_DEAL}' in html
    # Her attempt, still open at midnight, is ranked where it stood.
    assert WORDS[lang]["open"] in html and WORDS[lang]["rank"] in html
    html = page(Player(client), f"/{lang}/daily/archive")
    assert WORDS[lang]["archive"] in html and WORDS[lang]["monday"] in html
    assert f'href="/{lang}/daily/{TODAY}/freecell"' in html


def test_streaks_and_calendar_after_a_day_played(client: TestClient) -> None:
    ada = Player(client)
    entry = start(ada, nickname="Ada").json()
    ada.ok("POST", f"/api/daily/entries/{entry['id']}/resign", {"version": 0})
    html = page(ada, "/en/daily")
    assert "You: resigned" in html and '<th scope="row">All games</th>' in html
    assert 'class="cal-played"' in html and "Monday, 7 December 2026: played, not won" in html


@pytest.mark.parametrize(
    ("path", "status"),
    [
        (f"/en/daily/{TODAY}/no-such-game", 404),
        ("/en/daily/2026-12-08/freecell", 404),  # a day to come
        ("/de/daily/not-a-day/freecell", 400),
        ("/fr/daily", 404),
    ],
)
def test_unknown_games_days_to_come_and_bad_days_are_refused(
    client: TestClient, path: str, status: int
) -> None:
    page(Player(client), path, status)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_board_in_words_names_the_common_loss_and_draws_the_field(lang: str) -> None:
    board = Board(
        day=TODAY,
        game="freecell",
        grade="easy",
        par=1,
        deal=None,
        entries=120,
        top=[BoardLine(1, "Ada", "won", 80, 52, 61_000, False, "/en/review/x")],
        you=None,
        field=Field([(80, 1), (84, 4)], [(30, 2)]),
        common_loss=CommonLoss(23, "4a", 7, 12),
        replays=True,
    )
    words = board_words(board, lang)
    assert words["par"].startswith({"en": "Par: 1 move,", "de": "Par: 1 Zug,"}[lang])
    assert (
        words["common_loss"]
        == {
            "en": "The most common losing move: move 23 (4a), in 7 of 12 reviewed games.",
            "de": "Der häufigste verlierende Zug: Zug 23 (4a), in 7 von 12 geprüften Partien.",
        }[lang]
    )
    assert [row["bar"] for row in words["won"]] == [25, 100]
    assert words["unfinished"] == [{"value": 30, "count": 2, "bar": 100}]
    assert words["more"] is True  # 120 attempts, one line shown
    assert words["lines"][0]["time"] == "1:01"
