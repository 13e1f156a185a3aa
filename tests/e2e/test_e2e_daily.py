"""Today's FreeCell daily deal in the browser: Ada reads the terms, starts her ranked attempt,
wins it, sees her rank and copies the share card (no card, no deal number in it); Bob, in a
browser of his own, starts his attempt and resigns, which opens the replays, and watches
Ada's game on its review page. Every daily page passes axe at a phone's and a desktop's size
with no sideways scroll."""

from __future__ import annotations

import asyncio
import datetime
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from browser_setup import ARTIFACTS, DESKTOP, NO_AUTOPLAY, PHONE
from playwright.sync_api import Browser, BrowserContext, Page, expect
from table_driver import TIMEOUT_MS, drag, source_card, target, wait_idle
from test_e2e_pages import axe_problems

from patience.engine.game import Game
from patience.solver import searcher_for
from patience.solver.result import Budget, Won
from patience.store.dailies import DailyRow, DailyStore
from patience.store.repository import Store, sqlite_url

DEAL = 1_941_286_045
"""Today's FreeCell deal here: a long number, as sealed deals have, so a page holding it
would not hold it by chance."""
YESTERDAY_DEAL = 1_203_664_813
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")
OWN_TABLE = re.compile(
    r'<script type="application/json" id="(initial-state|ui-strings)">.*?</script>', re.S
)
SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def winning_line(deal: int) -> list[str]:
    game = Game.new("freecell", {}, deal)
    result = searcher_for(game.engine.rules).solve(game.position, Budget(200_000))
    assert isinstance(result, Won)
    for move in result.moves:
        game.play(move)
    return game.moves_text()


def prepare(data: Path, line: list[str]) -> str:
    """Store today's and yesterday's FreeCell deals in the server's database, as ``patience
    daily prepare`` would (it grades candidates for minutes; these deals are won by the
    solver at once). Today's day, as the server's clock has it."""
    today = datetime.datetime.now(datetime.UTC).date()
    yesterday = (today - datetime.timedelta(days=1)).isoformat()

    async def keep() -> None:
        store = await Store.open(sqlite_url(data / "patience.sqlite3"))
        try:
            dailies = DailyStore(store)
            await dailies.keep(DailyRow(today.isoformat(), "freecell", DEAL, "easy", len(line)))
            await dailies.keep(DailyRow(yesterday, "freecell", YESTERDAY_DEAL, "medium", 80))
        finally:
            await store.close()

    with ThreadPoolExecutor(1) as thread:  # Playwright's own event loop runs in this one
        thread.submit(asyncio.run, keep()).result()
    return today.isoformat()


def ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT_MS)


def player(browser: Browser) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(NO_AUTOPLAY)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    return context, context.new_page()


def checked(page: Page, name: str) -> None:
    """axe finds nothing serious, and the page does not scroll sideways, at both sizes;
    a screenshot of each."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(100)
        assert axe_problems(page) == [], (name, size)
        assert page.evaluate(SIDEWAYS) <= 0, (name, size)
        page.screenshot(path=str(ARTIFACTS / f"daily-{name}-{size}.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def sealed(page: Page) -> None:
    """Nothing of today's deal in the page: neither its number nor, outside the table the
    player plays, a card."""
    html = page.content()
    assert str(DEAL) not in html
    outside = re.sub(
        r'<script type="application/json" id="(initial-state|ui-strings)">.*?</script>',
        "",
        html,
        flags=re.S,
    )
    assert not CARD.search(re.sub(r"<[^>]+>", " ", outside)), "a card outside the table"


def test_a_daily_deal_won_ranked_shared_and_watched(
    browser: Browser, base_url: str, server_data: Path | None
) -> None:
    if server_data is None:
        pytest.skip("prepares the day's deal in the database of the server the tests start")
    line = winning_line(DEAL)
    today = prepare(server_data, line)
    ada_context, ada = player(browser)
    bob_context, bob = player(browser)

    # The daily page lists today's FreeCell; the archive has yesterday's with its number.
    ada.goto(f"{base_url}/en/daily")
    ready(ada)
    expect(ada.locator("#countdown")).to_have_text(re.compile(r"^\d+:\d\d:\d\d$"))
    sealed(ada)
    checked(ada, "today")
    ada.goto(f"{base_url}/de/daily")
    ready(ada)
    checked(ada, "today-de")
    ada.goto(f"{base_url}/en/daily/archive")
    checked(ada, "archive")
    ada.get_by_role("link", name="FreeCell").click()
    ready(ada)
    past = ada.get_by_role("link", name=f"Play deal {YESTERDAY_DEAL} on the game page")
    expect(past).to_have_attribute("href", re.compile(rf"^/en/freecell\?deal={YESTERDAY_DEAL}"))
    checked(ada, "past")
    ada.goto(f"{base_url}/en/daily")
    ada.get_by_role("link", name="FreeCell").click()
    ada.wait_for_url(f"**/en/daily/{today}/freecell")
    ready(ada)

    # The terms, then the start with a nickname; the sealed board, no hint, no undo.
    expect(ada.locator(".daily-terms")).to_contain_text("one ranked attempt")
    expect(ada.locator(".daily-terms")).to_contain_text("a won game comes before an unfinished")
    sealed(ada)
    checked(ada, "start")
    ada.get_by_label("Nickname").fill("Ada")
    ada.get_by_role("button", name="Start my ranked attempt").click()
    ada.wait_for_selector("#table .card", timeout=TIMEOUT_MS)
    ready(ada)
    assert ada.locator("[data-command='hint'], [data-command='undo']").count() == 0
    assert str(DEAL) not in ada.content()
    checked(ada, "play")

    # Her first move by drag; all but the last through the API; the last by drag again,
    # after which the page turns to her result.
    state = ada.evaluate("() => window.patience.state")
    move = next(m for m in state["legal"] if m["text"] == line[0])
    drag(ada, source_card(ada, state, move), target(ada, state, move["dst"]))
    ada.wait_for_function("() => window.patience.state.version > 0", timeout=TIMEOUT_MS)
    wait_idle(ada)
    entry = ada.evaluate("() => window.patience.data.entry")
    version = ada.evaluate("() => window.patience.state.version")
    for text in line[1:-1]:
        answer = ada_context.request.post(
            f"{base_url}/api/daily/entries/{entry['id']}/moves",
            data={"version": version, "move": text},
        )
        assert answer.ok, answer.text()
        version = answer.json()["table"]["version"]
    ada.reload()
    ready(ada)
    state = ada.evaluate("() => window.patience.state")
    piles = state["piles"]  # the last card home (the line writes it "a-f1", the table "ah")
    move = next(m for m in state["legal"] if piles[m["dst"]]["kind"] == "foundation")
    drag(ada, source_card(ada, state, move), target(ada, state, move["dst"]))
    expect(ada.locator("#result-text")).to_contain_text(
        f"You won in {len(line)} moves", timeout=TIMEOUT_MS
    )
    ready(ada)
    expect(ada.locator("#rank-text")).to_contain_text("Rank 1 of 1")

    # The share card: copied as shown, with no card and no deal number.
    copy = ada.get_by_role("button", name="Copy", exact=True)
    expect(copy).to_be_enabled(timeout=TIMEOUT_MS)
    copy.click()
    expect(ada.locator("#share-copied")).to_have_text("Copied to the clipboard.")
    shared = ada.evaluate("() => navigator.clipboard.readText()")
    assert shared.startswith("Patience daily · FreeCell · ")
    assert f"Won · {len(line)} moves (par {len(line)})" in shared
    assert str(DEAL) not in shared and not CARD.search(shared)
    expect(ada.locator("tr.you")).to_contain_text("Ada (you)")
    checked(ada, "result")
    # The daily page now counts her day: won, a streak of one, today marked in the calendar.
    ada.goto(f"{base_url}/en/daily")
    ready(ada)
    expect(ada.locator(".daily-game.won")).to_contain_text("You: won")
    expect(ada.locator(".daily-calendar td[aria-current='date']")).to_have_class("cal-won")
    checked(ada, "today-won")

    # Practice: the same deal again, unranked, with undo.
    ada.goto(f"{base_url}/en/daily/{today}/freecell")
    ready(ada)
    ada.get_by_role("button", name="Practice this deal").click()
    ada.wait_for_url("**/freecell?practice=*")
    ready(ada)
    expect(ada.locator(".daily-note")).to_contain_text("Practice: not ranked, with undo.")
    state = ada.evaluate("() => window.patience.state")
    move = next(m for m in state["legal"] if m["text"] == line[0])
    drag(ada, source_card(ada, state, move), target(ada, state, move["dst"]))
    expect(ada.locator("#moves-value")).to_have_text("1", timeout=TIMEOUT_MS)
    wait_idle(ada)
    ada.get_by_role("button", name="Undo").click()
    expect(ada.locator("#moves-value")).to_have_text("0", timeout=TIMEOUT_MS)
    checked(ada, "practice")

    # Bob: Ada is on the board, her replay closed to him until his own attempt has ended.
    bob.goto(f"{base_url}/en/daily/{today}/freecell")
    ready(bob)
    expect(bob.locator("#board")).to_contain_text("Ada")
    assert bob.get_by_role("link", name="Replay: Ada").count() == 0
    bob.get_by_label("Nickname").fill("Bob")
    bob.get_by_role("button", name="Start my ranked attempt").click()
    bob.wait_for_selector("#table .card", timeout=TIMEOUT_MS)
    ready(bob)
    wait_idle(bob)
    bob.get_by_role("button", name="Resign").click()
    bob.locator("#confirm-yes").click()
    expect(bob.locator("#result-text")).to_contain_text("You resigned", timeout=TIMEOUT_MS)
    expect(bob.locator("#rank-text")).to_contain_text("Rank 2 of 2")

    # Now he watches Ada's game: the review page steps through her moves.
    bob.get_by_role("link", name="Replay: Ada").click()
    bob.wait_for_url("**/en/review/*")
    ready(bob)
    toolbar = bob.locator(".toolbar").first
    toolbar.get_by_role("button", name="Forward").click()
    expect(bob.locator("#review-position")).to_contain_text(f"move 1 of {len(line)}")
    assert str(DEAL) not in bob.content()
    assert bob.locator("#review-practice").count() == 0  # the sealed replay offers no practice
    checked(bob, "replay")
    ada_context.close()
    bob_context.close()


def test_a_nickname_and_a_transfer_code_carry_a_player_to_another_browser(
    browser: Browser, base_url: str
) -> None:
    ada_context, ada = player(browser)
    other_context, other = player(browser)
    ada.goto(f"{base_url}/en/daily")
    ready(ada)
    ada.get_by_role("textbox", name="Nickname").fill("Grace")
    ada.get_by_role("button", name="Save").click()
    expect(ada.locator("#message")).to_have_text("Your nickname is now Grace.")

    # A code, shown once and copied; the other browser takes it and plays as Grace.
    ada.get_by_role("button", name="Make a code").click()
    code = ada.get_by_label("Your transfer code")
    expect(code).to_be_focused()
    shown = code.input_value()
    assert shown
    ada.get_by_role("button", name="Copy the code").click()
    expect(ada.locator("#message")).to_have_text("Copied to the clipboard.")
    assert ada.evaluate("() => navigator.clipboard.readText()") == shown
    other.goto(f"{base_url}/en/daily")
    ready(other)
    other.get_by_label("A code from another browser").fill(shown)
    other.get_by_role("button", name="Use the code").click()
    expect(other.get_by_role("textbox", name="Nickname")).to_have_value("Grace", timeout=TIMEOUT_MS)

    # Revoked, it carries nobody any more; the server's words say so.
    ada.get_by_role("button", name="Revoke the code").click()
    expect(ada.locator("#message")).to_have_text("The code no longer works.")
    expect(code).to_be_hidden()
    third_context, third = player(browser)
    third.goto(f"{base_url}/en/daily")
    ready(third)
    third.get_by_label("A code from another browser").fill(shown)
    third.get_by_role("button", name="Use the code").click()
    expect(third.locator("#message")).to_contain_text("That transfer code does not work")
    for context in (ada_context, other_context, third_context):
        context.close()
