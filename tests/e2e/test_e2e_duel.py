"""A live duel in the browser: two players (two contexts, two cookies). Ada challenges from
the lobby's form, Bob opens the link and takes the seat, both see the same open cards, each
move of Ada's reaches Bob's page within a second, Ada wins, Bob resigns, and both pages name
Ada the winner."""

from __future__ import annotations

import urllib.request
from http.client import HTTPResponse
from typing import Any

from browser_setup import ARTIFACTS, DESKTOP, NO_AUTOPLAY
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from table_driver import TIMEOUT_MS, drag, source_card, target, wait_idle
from test_e2e_pages import axe_problems
from tests.web.duel_helpers import winning_line

LIVE_MS = 1000
"""How soon a seat's progress must show on the other player's page."""


def ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT_MS)


def player(browser: Browser) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(NO_AUTOPLAY)
    return context, context.new_page()


def duel_of(context: BrowserContext, base_url: str, duel_id: str) -> dict[str, Any]:
    answer = context.request.get(f"{base_url}/api/duels/{duel_id}")
    assert answer.ok, answer.text()
    duel: dict[str, Any] = answer.json()
    return duel


def test_two_players_duel_live_and_both_see_the_winner(browser: Browser, base_url: str) -> None:
    ada_context, ada = player(browser)
    bob_context, bob = player(browser)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    ada.goto(f"{base_url}/en/")
    ada.get_by_text("Challenge someone").click()
    form = ada.locator("#challenge-form")
    form.locator("select[name=game]").select_option("freecell")
    form.get_by_label("Deal").select_option("easy")
    form.get_by_label("Your nickname").fill("Ada")
    form.get_by_role("button", name="Create the duel").click()
    ada.wait_for_url("**/en/duel/*")
    ready(ada)
    link = ada.locator("#duel-link").input_value()
    duel_id = link.rsplit("/", 1)[1]
    assert axe_problems(ada) == []

    bob.goto(link)
    ready(bob)
    expect(bob.locator(".duel-settings")).to_contain_text("FreeCell")
    expect(bob.locator(".duel-settings")).to_contain_text("easy")
    assert axe_problems(bob) == []
    bob.get_by_label("Your nickname").fill("Bob")
    bob.get_by_role("button", name="Take the seat and start").click()
    bob.wait_for_selector("#table .card", timeout=TIMEOUT_MS)
    ready(bob)
    # Ada's page learns of the start from the event stream and shows her board.
    ada.wait_for_selector("#table .card", timeout=TIMEOUT_MS)
    ready(ada)
    cards = "() => window.patience.state.piles.map((p) => p.cards)"
    seen = ada.evaluate(cards)
    assert seen == bob.evaluate(cards)
    assert all(card is not None for pile in seen for card in pile)  # every card open
    assert ada.locator("[data-command='hint']").count() == 0
    assert axe_problems(ada) == []

    # Ada's first move, by drag on her board; Bob sees her move count within a second.
    line = winning_line(duel_of(ada_context, base_url, duel_id))
    state = ada.evaluate("() => window.patience.state")
    move = next(m for m in state["legal"] if m["text"] == line[0])
    drag(ada, source_card(ada, state, move), target(ada, state, move["dst"]))
    ada.wait_for_function("() => window.patience.state.version > 0", timeout=TIMEOUT_MS)
    expect(bob.locator("#seat-0 .moves")).to_have_text("1", timeout=LIVE_MS)
    expect(ada.locator("#seat-0 .moves")).to_have_text("1")

    # The rest of her winning line through the API, as Ada; Bob's page follows each move.
    version = duel_of(ada_context, base_url, duel_id)["table"]["version"]
    for n, text in enumerate(line[1:], start=2):
        answer = ada_context.request.post(
            f"{base_url}/api/duels/{duel_id}/moves", data={"version": version, "move": text}
        )
        assert answer.ok, answer.text()
        version = answer.json()["table"]["version"]
        if n == len(line) // 2:
            expect(bob.locator("#seat-0 .moves")).to_have_text(str(n), timeout=LIVE_MS)
    expect(bob.locator("#seat-0 .finish")).to_have_text("won", timeout=LIVE_MS)
    bob.screenshot(path=str(ARTIFACTS / "duel-play-desktop.png"), full_page=True)

    # Bob gives up; both pages turn to the result.
    wait_idle(bob)
    bob.get_by_role("button", name="Resign").click()
    bob.locator("#confirm-yes").click()
    for page in (ada, bob):
        expect(page.locator("#result-text")).to_contain_text(
            "Ada wins the duel.", timeout=TIMEOUT_MS
        )
        expect(page.locator("#result-text")).to_contain_text("Ada won the game")
        ready(page)
        assert page.locator(".final-table .card").count() > 0
    expect(ada.get_by_role("link", name="Review the game of Ada")).to_be_visible()
    # The replay: both games stepped together, Ada's with her review's verdicts.
    expect(ada.locator("#split-text")).to_contain_text("The two games went apart at move 1")
    ada.wait_for_function("() => window.patience.replay.games[0].reviewed", timeout=TIMEOUT_MS)
    toolbar = ada.locator(".replay-toolbar")
    toolbar.get_by_role("button", name="Deal").click()
    expect(ada.locator("#replay-position")).to_have_text("The deal")
    toolbar.get_by_role("button", name="Forward").click()
    expect(ada.locator("#replay-position")).to_have_text(f"Move 1 of {len(line)}")
    expect(ada.locator('.replay-move[data-seat="0"]')).to_contain_text("1. ")
    assert axe_problems(ada) == []
    ada.screenshot(path=str(ARTIFACTS / "duel-result-desktop.png"), full_page=True)
    ada_context.close()
    bob_context.close()


def test_a_slow_join_answer_still_seats_the_player(browser: Browser, base_url: str) -> None:
    """The stream tells Bob's page of his taken seat before the join's answer (with his first
    cookie) arrives; the page waits for the answer instead of loading again without it."""
    ada_context, _ = player(browser)
    bob_context, bob = player(browser)
    answer = ada_context.request.post(
        f"{base_url}/api/duels", data={"game": "freecell", "nickname": "Ada", "kind": "easy"}
    )
    assert answer.ok, answer.text()
    duel_id = answer.json()["id"]
    with bob.expect_response(lambda r: "/events" in r.url):  # the page's stream is open
        bob.goto(f"{base_url}/en/duel/{duel_id}")
    ready(bob)
    held: list[tuple[Route, HTTPResponse, bytes]] = []

    def hold(route: Route) -> None:
        # The server seats Bob, and his answer waits. It is sent apart from the browser, whose
        # cookies must not take the answer's before the page has it.
        request = route.request
        join = urllib.request.Request(
            request.url, request.post_data_buffer, request.headers, method="POST"
        )
        with urllib.request.urlopen(join) as answer:
            held.append((route, answer, answer.read()))

    bob.route("**/join", hold)
    bob.get_by_label("Your nickname").fill("Bob")
    bob.get_by_role("button", name="Take the seat and start").click()
    for _ in range(200):
        if held:
            break
        bob.wait_for_timeout(20)
    assert held
    assert len(duel_of(ada_context, base_url, duel_id)["seats"]) == 2
    bob.wait_for_timeout(2 * LIVE_MS)  # the seat's event reaches the page meanwhile
    route, answer, body = held[0]
    route.fulfill(status=answer.status, headers=dict(answer.headers.items()), body=body)
    bob.wait_for_selector("#table .card", timeout=TIMEOUT_MS)
    ready(bob)
    assert bob.evaluate("() => window.patience.duel.you") == 1
    ada_context.close()
    bob_context.close()
