"""A live duel on PostgreSQL across ``patience serve --workers 4``: the two players' pages
follow event streams served by other workers than the ones that take the opponent's moves
(each response names its worker in ``X-Worker``), and each page shows the other's progress
within a second: the workers learn of each other's moves by LISTEN/NOTIFY. Bob plays a few
moves, Ada (her first move dragged on her board) wins, Bob resigns, and both pages name Ada
the winner."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import APIRequestContext, Browser, Page, expect
from table_driver import TIMEOUT_MS, drag, source_card, target
from test_e2e_duel import LIVE_MS, player, ready
from tests.web.duel_helpers import winning_line
from tests.web.live_server import LiveServer

WORKERS = 4
BOB_MOVES = 4
"""How many moves Bob plays of the line before Ada plays all of it."""


@pytest.fixture
def server(pg_url: str, tmp_path: Path) -> Iterator[str]:
    """``patience serve --workers 4`` on this test's PostgreSQL database, once every worker
    answers."""
    live = LiveServer(tmp_path, db=pg_url, workers=WORKERS)
    try:
        seen: set[str] = set()
        deadline = time.monotonic() + 30
        while len(seen) < WORKERS and time.monotonic() < deadline:
            seen.add(httpx2.get(f"{live.url}/api/stats", timeout=5).headers["x-worker"])
        assert len(seen) == WORKERS, seen
        yield live.url
    finally:
        live.stop()


def open_page(page: Page, url: str) -> str:
    """Open the duel's page; the worker that serves its event stream."""
    with page.expect_response(lambda r: "/events" in r.url, timeout=TIMEOUT_MS) as stream:
        page.goto(url)
    ready(page)
    return stream.value.headers["x-worker"]


def worker_of(request: APIRequestContext, url: str) -> str:
    """The worker that answers this context's next request, as far as its kept connection
    tells (a new connection may land elsewhere: each move checks again)."""
    return request.get(url).headers["x-worker"]


def open_apart(page: Page, url: str, other: APIRequestContext, api_url: str) -> str:
    """Open the page until its stream is served by another worker than the opponent's
    requests; that worker."""
    for _ in range(20):
        stream = open_page(page, url)
        if stream != worker_of(other, api_url):
            return stream
    raise AssertionError("every stream landed on the opponent's worker")


def move(request: APIRequestContext, url: str, text: str, version: int) -> tuple[Any, str]:
    answer = request.post(f"{url}/moves", data={"version": version, "move": text})
    assert answer.ok, answer.text()
    return answer.json(), answer.headers["x-worker"]


def test_a_live_duel_across_four_workers_on_postgresql(browser: Browser, server: str) -> None:
    ada_context, ada = player(browser)
    bob_context, bob = player(browser)
    ada_api, bob_api = ada_context.request, bob_context.request
    challenge = {"game": "freecell", "nickname": "Ada", "kind": "easy"}
    created = ada_api.post(f"{server}/api/duels", data=challenge)
    assert created.status == 201, created.text()
    duel_id = created.json()["id"]
    api_url, page_url = f"{server}/api/duels/{duel_id}", f"{server}/en/duel/{duel_id}"
    joined = bob_api.post(f"{api_url}/join", data={"nickname": "Bob"})
    assert joined.ok, joined.text()

    ada_stream = open_apart(ada, page_url, bob_api, api_url)
    bob_stream = open_apart(bob, page_url, ada_api, api_url)
    ada.wait_for_selector("#table .card", timeout=TIMEOUT_MS)
    bob.wait_for_selector("#table .card", timeout=TIMEOUT_MS)
    line = winning_line(ada_api.get(api_url).json())
    crossed = {"Ada": 0, "Bob": 0}

    # Bob's first moves (the same deal, so the same line) reach Ada's page within a second.
    version = bob_api.get(api_url).json()["table"]["version"]
    for n, text in enumerate(line[:BOB_MOVES], start=1):
        answer, worker = move(bob_api, api_url, text, version)
        version = answer["table"]["version"]
        crossed["Bob"] += worker != ada_stream
        expect(ada.locator("#seat-1 .moves")).to_have_text(str(n), timeout=LIVE_MS)

    # Ada's first move by drag on her board, the rest through the API: each on Bob's page
    # within a second, then her win.
    state = ada.evaluate("() => window.patience.state")
    first = next(m for m in state["legal"] if m["text"] == line[0])
    with ada.expect_response(lambda r: r.url.endswith("/moves")) as dragged:
        drag(ada, source_card(ada, state, first), target(ada, state, first["dst"]))
    crossed["Ada"] += dragged.value.headers["x-worker"] != bob_stream
    expect(bob.locator("#seat-0 .moves")).to_have_text("1", timeout=LIVE_MS)
    version = ada_api.get(api_url).json()["table"]["version"]
    for n, text in enumerate(line[1:], start=2):
        answer, worker = move(ada_api, api_url, text, version)
        version = answer["table"]["version"]
        crossed["Ada"] += worker != bob_stream
        if n < len(line):
            expect(bob.locator("#seat-0 .moves")).to_have_text(str(n), timeout=LIVE_MS)
    expect(bob.locator("#seat-0 .finish")).to_have_text("won", timeout=LIVE_MS)
    assert crossed["Ada"] > 0 and crossed["Bob"] > 0, crossed

    resigned = bob_api.post(f"{api_url}/resign", data={"version": 0})
    assert resigned.ok, resigned.text()
    for page in (ada, bob):
        expect(page.locator("#result-text")).to_contain_text(
            "Ada wins the duel.", timeout=TIMEOUT_MS
        )
    assert ada_api.get(api_url).json()["result"]["winner"] == 0
    ada_context.close()
    bob_context.close()
