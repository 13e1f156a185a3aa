"""Requests and their answers: Back after a new deal, a refused restart, safe moves sent one at a
time, and fetching the game again after a network failure."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from browser_setup import DESKTOP, NO_AUTOPLAY
from playwright.sync_api import Browser, BrowserContext, Page, Route
from table_driver import (
    State,
    playable,
    seen,
    source_card,
    state,
    stored,
    tap,
    target,
    wait_idle,
    wait_ready,
    wait_version,
)
from test_e2e_win import DEAL as SOLVED_DEAL
from test_e2e_win import winning_line


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(NO_AUTOPLAY)
    yield context
    context.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


def post_move(context: BrowserContext, base_url: str, s: State, text: str, **extra: Any) -> State:
    """Play a move as this player through the API, past the page."""
    s = stored(context.request, base_url, s)
    answer = context.request.post(
        f"{base_url}/api/games/{s['id']}/moves",
        data={"version": s["version"], "move": text, **extra},
    )
    assert answer.ok, answer.text()
    moved: State = answer.json()
    return moved


def test_back_after_new_deal_returns_to_the_deal_before(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    # Opened without a deal number: the address must still lead back to this deal.
    page.goto(f"{base_url}/en/freecell")
    wait_ready(page)
    first = state(page)
    moved = post_move(context, base_url, first, playable(first)[0]["text"])
    page.reload()
    wait_ready(page)

    page.get_by_role("button", name="New deal").click()
    page.locator("#confirm-dialog").get_by_role("button", name="Give up and deal").click()
    page.wait_for_function(f"() => window.patience.state.deal !== {first['deal']}")
    wait_idle(page)
    assert f"deal={state(page)['deal']}" in page.url

    with page.expect_navigation():
        page.go_back()
    wait_ready(page)
    back = state(page)
    assert back["deal"] == first["deal"]
    # the game there was given up for the new deal: the deal is shown from its start again
    assert back["id"] is None and moved["id"] is not None
    assert seen(back) == seen(first)
    assert f"deal={first['deal']}" in page.url
    assert page.locator("#deal-value").inner_text() == str(first["deal"])


def test_refused_restart_keeps_the_clock(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    page.goto(f"{base_url}/en/freecell?deal=7")
    wait_ready(page)
    s = state(page)
    post_move(context, base_url, s, playable(s)[0]["text"], elapsed_ms=125_000)
    page.reload()
    wait_ready(page)
    assert page.locator("#timer-value").inner_text().startswith("2:")

    def stale(route: Route) -> None:
        body = route.request.post_data_json
        route.continue_(post_data=json.dumps({**body, "version": body["version"] - 1}))

    page.route("**/restart", stale, times=1)
    page.get_by_role("button", name="Restart").click()
    page.locator("#confirm-dialog").get_by_role("button", name="Restart").click()
    wait_idle(page)
    assert state(page)["moves_made"] == 1
    assert page.locator("#timer-value").inner_text().startswith("2:")

    before = state(page)["version"]
    page.get_by_role("button", name="Restart").click()
    page.locator("#confirm-dialog").get_by_role("button", name="Restart").click()
    restarted = wait_version(page, before)
    assert restarted["moves_made"] == 0
    assert page.locator("#timer-value").inner_text() == "0:00"
    page.reload()
    wait_ready(page)
    assert page.locator("#timer-value").inner_text() == "0:00"


def test_safe_moves_are_sent_one_at_a_time(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    page.clock.install()  # the page's timers run only when the test says
    page.goto(f"{base_url}/en/freecell?deal={SOLVED_DEAL}")
    wait_ready(page)
    s = state(page)
    for text in winning_line("freecell", SOLVED_DEAL):
        s = post_move(context, base_url, s, text)
        if s["autocomplete"]:
            break
    page.reload()
    wait_ready(page)
    sent: list[str] = []
    refused: list[int] = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/moves") else None)
    page.on(
        "response",
        lambda r: refused.append(r.status) if r.url.endswith("/moves") and not r.ok else None,
    )
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/moves", hold)
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)  # in seconds

    # Two quick presses of Finish ask for the safe moves twice; the first move is held
    # on its way while every timer of the page comes due.
    page.get_by_role("button", name="Finish the game").dblclick()
    page.clock.run_for(2000)
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(20)
    assert len(held) == 1
    held[0].continue_()
    page.unroute("**/moves", hold)
    wait_idle(page)
    # The answer schedules the next safe move, but no second one was waiting behind it.
    assert len(sent) == 1
    page.clock.resume()
    page.wait_for_function("() => window.patience.state.outcome === 'won'", timeout=30_000)
    assert refused == []


def test_network_failure_fetches_the_game_again(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    page.goto(f"{base_url}/en/freecell?deal=7")
    wait_ready(page)
    stored(context.request, base_url, state(page))
    page.reload()
    wait_ready(page)
    s = state(page)
    move = playable(s)[0]
    fetched: list[str] = []
    page.on(
        "request",
        lambda r: fetched.append(r.url) if r.method == "GET" and "/api/games/" in r.url else None,
    )

    def lose_answer(route: Route) -> None:
        route.fetch()  # the server takes the move, but its answer never arrives
        route.abort()

    page.route("**/moves", lose_answer, times=1)
    # The first fetch of the game fails too, so the page has to try again.
    page.route(f"**/api/games/{s['id']}", lambda route: route.abort(), times=1)
    tap(page, source_card(page, s, move))
    tap(page, target(page, s, move["dst"]))
    after = wait_version(page, s["version"])
    assert after["version"] == s["version"] + 1
    assert after["last"]["move"] == move["text"]
    assert len(fetched) >= 2
    server = context.request.get(f"{base_url}/api/games/{s['id']}").json()
    assert seen(after) == seen(server)
