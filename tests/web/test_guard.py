"""Every answer carries the security headers; a change from another site is refused."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from web_helpers import new_game, stored

from patience.web.guard import CONTENT_SECURITY_POLICY


@pytest.mark.parametrize(
    "path",
    [
        "/en/",
        "/de/klondike?deal=3",
        "/static/style.css",
        "/api/stats",
        "/en/nowhere",
        "/api/nothing",
    ],
)
def test_every_answer_carries_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert (
        "script-src 'self'" in CONTENT_SECURITY_POLICY
        and "unsafe-inline" not in headers["content-security-policy"]
    )
    assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "strict-origin-when-cross-origin"


def test_pages_hold_no_inline_script_or_style(client: TestClient) -> None:
    for path in ("/en/", "/en/freecell?deal=1", "/en/stats", "/en/nowhere"):
        html = client.get(path).text
        for script in html.split("<script")[1:]:
            head = script.split(">", 1)[0]
            assert 'type="application/json"' in head or "src=" in head, head
        assert " style=" not in html and "<style" not in html and " on" + "click=" not in html


@pytest.mark.parametrize(
    "headers",
    [
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},
        {"origin": "https://evil.example"},
        {"origin": "null"},
        {"origin": "http://["},  # no address at all: refused, not a 500
        {"origin": "http://[::1"},
    ],
)
def test_a_change_from_another_site_is_refused_and_changes_nothing(
    client: TestClient, headers: dict[str, str]
) -> None:
    state = new_game(client)
    move = {"version": 0, "move": state["legal"][0]["text"]}
    answer = client.post(f"/api/games/{state['id']}/moves", json=move, headers=headers)
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "cross_origin"
    record = stored(client, state["id"])
    assert record is not None and record.moves == () and record.version == 0
    made = client.post("/api/games", json={"game": "klondike"}, headers=headers)
    assert made.status_code == 403


@pytest.mark.parametrize(
    "headers",
    [
        {"sec-fetch-site": "same-origin"},
        {"sec-fetch-site": "none"},
        {"origin": "http://testserver"},
        {},  # no browser: a script or the command line
    ],
)
def test_a_change_from_our_own_pages_or_no_browser_passes(
    client: TestClient, headers: dict[str, str]
) -> None:
    assert client.post("/api/games", json={"game": "klondike"}, headers=headers).status_code == 201


def test_a_cross_site_form_post_gets_a_page_not_json(client: TestClient) -> None:
    answer = client.post("/en/klondike", headers={"sec-fetch-site": "cross-site"})
    assert answer.status_code == 403
    assert answer.headers["content-type"].startswith("text/html")
    assert "<h1>Not allowed</h1>" in answer.text
