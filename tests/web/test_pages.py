"""Page routes: language choice, lobby, game page (resume by deal), stats, 404s."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from web_helpers import embedded_state, play

from patience.games import GAMES


@pytest.mark.parametrize(
    ("headers", "cookies", "target"),
    [
        ({}, {}, "/en/"),
        ({"accept-language": "de-DE,de;q=0.9,en;q=0.5"}, {}, "/de/"),
        ({"accept-language": "fr, en;q=0.1"}, {}, "/en/"),
        ({"accept-language": "de"}, {"lang": "en"}, "/en/"),
    ],
)
def test_root_redirects_by_language(
    client: TestClient, headers: dict[str, str], cookies: dict[str, str], target: str
) -> None:
    client.cookies.update(cookies)
    response = client.get("/", headers=headers, follow_redirects=False)
    assert response.status_code == 302
    assert response.headers["location"] == target


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lobby_lists_every_game(client: TestClient, lang: str) -> None:
    response = client.get(f"/{lang}/")
    assert response.status_code == 200
    for info in GAMES.values():
        assert info.names[lang] in response.text
        assert f"/{lang}/{info.id}" in response.text
    assert client.cookies.get("lang") == lang


@pytest.mark.parametrize("path", ["/fr/", "/en/poker", "/xx/klondike", "/de/nope"])
def test_unknown_language_or_game_is_404_page(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert 'href="/' in response.text


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_page_renders(client: TestClient, game_id: str) -> None:
    response = client.get(f"/de/{game_id}?deal=11")
    assert response.status_code == 200
    assert GAMES[game_id].names["de"] in response.text
    state = embedded_state(response.text)
    assert state["game"] == game_id and state["deal"] == 11
    assert state["url"].startswith(f"/de/{game_id}?deal=11")


def test_game_page_resumes_the_same_game(client: TestClient) -> None:
    first = embedded_state(client.get("/en/klondike?deal=9&draw=3").text)
    assert first["options"]["draw"] == "3" and first["id"] is None  # shown, not stored
    moved = play(client, first, next(m["text"] for m in first["legal"]))
    again = embedded_state(client.get("/en/klondike?deal=9&draw=3").text)
    assert again["id"] == moved["id"]
    assert again["version"] == moved["version"] and again["piles"] == moved["piles"]
    # without a deal number: the current game of these options
    current = embedded_state(client.get("/en/klondike?draw=3").text)
    assert current["id"] == moved["id"]
    # other options: another game, not stored until a move
    other = embedded_state(client.get("/en/klondike?draw=1").text)
    assert other["id"] is None


def test_another_player_gets_their_own_game(client: TestClient) -> None:
    shown = embedded_state(client.get("/en/freecell?deal=3").text)
    mine = play(client, shown, "1a")
    client.cookies.clear()
    theirs = embedded_state(client.get("/en/freecell?deal=3").text)
    assert theirs["id"] is None and theirs["piles"] == shown["piles"] != mine["piles"]


@pytest.mark.parametrize(
    "added", ["fbclid=IwAR0abc", "utm_source=news&utm_medium=email", "colour=red", "ref=&x=%C2%B2"]
)
def test_what_the_web_adds_to_a_link_is_ignored(client: TestClient, added: str) -> None:
    response = client.get(f"/en/klondike?deal=2&draw=3&{added}")
    assert response.status_code == 200
    state = embedded_state(response.text)
    assert (state["deal"], state["options"]["draw"]) == (2, "3")
    assert state["url"] == "/en/klondike?deal=2&draw=3&passes=unlimited"


@pytest.mark.parametrize(
    ("lang", "query", "title", "says"),
    [
        ("en", "deal=0", "This address is not quite right", "numbered from 1 to"),
        ("en", "deal=abc", "This address is not quite right", "“abc” is not one of them"),
        ("en", "deal=%C2%B2", "This address is not quite right", "“²” is not one of them"),
        ("en", "deal=" + "9" * 5000, "This address is not quite right", "is not one of them"),
        ("en", "draw=5", "This address is not quite right", "must be one of 1, 3"),
        ("de", "draw=5", "Diese Adresse stimmt nicht ganz", "muss 1 oder 3 sein"),
        ("de", "deal=0", "Diese Adresse stimmt nicht ganz", "von 1 bis 9007199254740992"),
    ],
)
def test_a_bad_known_parameter_gets_a_page_that_says_what_is_wrong(
    client: TestClient, lang: str, query: str, title: str, says: str
) -> None:
    response = client.get(f"/{lang}/klondike?{query}")
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("text/html")
    assert f"<title>{title} ·" in response.text and f"<h1>{title}</h1>" in response.text
    assert says in response.text


def test_freecell_deals_run_to_microsoft_s_last(client: TestClient) -> None:
    assert client.get("/en/freecell?deal=2147483647").status_code == 200
    too_far = client.get("/en/freecell?deal=2147483648")
    assert too_far.status_code == 400 and "1 to 2147483647" in too_far.text


def test_stats_page_and_api(client: TestClient) -> None:
    assert client.get("/en/stats").status_code == 200
    assert client.get("/api/stats").json() == {"rows": []}


def test_static_files(client: TestClient) -> None:
    assert client.get("/static/cards.js").status_code == 200
    assert client.get("/static/nothing.js").status_code == 404


def test_lobby_win_rates_show_the_rate_or_narrow_bounds_and_nothing_vaguer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from patience.games import GAMES
    from patience.solver.batch.measured import Measured
    from patience.web import pages

    figures = {
        "thirteens": Measured(100, 69, 31, 0),
        "nationale": Measured(100, 65, 8, 27),
        "klondike:draw=1,passes=unlimited": Measured(100, 25, 0, 75),
    }
    monkeypatch.setattr(pages, "measured", figures.get)
    assert pages.win_rate_text(GAMES["thirteens"], "en") == "69%"
    assert pages.win_rate_text(GAMES["nationale"], "de") == "65–92 %"
    assert pages.win_rate_text(GAMES["klondike"], "en") is None
    assert pages.win_rate_text(GAMES["spider"], "en") is None


def test_lobby_difficulty_is_the_typical_grade_where_the_figures_tell_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from patience.solver.batch.measured import Measured
    from patience.web import pages

    figures = {
        "caprice": Measured(100, 100, 0, 0, {"easy": 20, "medium": 70, "hard": 10}),
        "thirteens": Measured(100, 60, 40, 0, {"winnable": 60}),
        "freecell": Measured(100, 90, 0, 10),  # measured before grades were kept
        "sweet_sixteen": Measured(100, 50, 10, 40, {"easy": 30, "medium": 20}),
    }
    monkeypatch.setattr(pages, "measured", figures.get)
    assert pages.difficulty_text(GAMES["caprice"], "en") == "medium"
    assert pages.difficulty_text(GAMES["caprice"], "de") == "mittel"
    assert pages.difficulty_text(GAMES["thirteens"], "de") == "Glückssache"
    for unknown in ("freecell", "sweet_sixteen", "spider"):
        assert pages.difficulty_text(GAMES[unknown], "en") is None
    cards = client.get("/en/").text.split('<li class="game-card">')[1:]
    shown = {info.id: card for info, card in zip(GAMES.values(), cards, strict=True)}
    assert "<dd>medium</dd>" in shown["caprice"]
    assert "<dd>luck decides</dd>" in shown["thirteens"]
    assert "<dd>not known yet</dd>" in shown["freecell"]


@pytest.mark.parametrize(
    ("game_id", "lang", "names"),
    [
        ("klondike", "en", ["Standard", "Vegas", "No score"]),
        ("klondike", "de", ["Standard", "Vegas", "Ohne Punkte"]),
        ("freecell", "de", ["Abgelegte Karten", "Ohne Punkte"]),
        ("spider", "en", ["Microsoft Spider", "No score"]),
    ],
)
def test_the_settings_offer_the_game_s_scoring_profiles(
    client: TestClient, game_id: str, lang: str, names: list[str]
) -> None:
    from patience.scoring import profiles_for

    page = client.get(f"/{lang}/{game_id}?deal=3").text
    chooser = page.split(f'<select data-score-profile="{game_id}">')[1].split("</select>")[0]
    expected = [
        f'<option value="{p}">{name}</option>'
        for p, name in zip(profiles_for(GAMES[game_id]), names, strict=True)
    ]
    assert "".join(chooser.split()) == "".join("".join(expected).split())


def test_a_deal_beyond_the_games_last_is_a_400_page(client: TestClient) -> None:
    response = client.get(f"/en/freecell?deal={2**31}")
    assert response.status_code == 400
    assert "from 1 to 2147483647" in response.text
    assert client.get(f"/en/freecell?deal={2**31 - 1}").status_code == 200
