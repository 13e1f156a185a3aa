"""Helpers that drive the game page the way a player does (pointer, tap, keyboard)."""

from __future__ import annotations

from typing import Any

from browser_setup import DESKTOP, NO_AUTOPLAY
from playwright.sync_api import APIRequestContext, Browser, FloatRect, Locator, Page

State = dict[str, Any]
TIMEOUT_MS = 10_000
RETRIES = 5


def wait_ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT_MS)
    wait_idle(page)


def wait_idle(page: Page) -> None:
    """Until no request of the page is in flight."""
    page.wait_for_function(
        "() => !document.querySelector('#table').dataset.busy", timeout=TIMEOUT_MS
    )


def state(page: Page) -> State:
    value: State = page.evaluate("() => window.patience.state")
    return value


def wait_version(page: Page, before: int) -> State:
    page.wait_for_function(f"() => window.patience.state.version > {before}", timeout=TIMEOUT_MS)
    wait_idle(page)
    return state(page)


def stored(request: APIRequestContext, base_url: str, s: State) -> State:
    """The game of ``s`` as stored: a deal the page only shows is stored, as this player,
    the way the page does on the first move (tests then play on through the API)."""
    if s["id"] is not None:
        return s
    body = {"game": s["game"], "options": s["options"], "deal": s["deal"], "resume": True}
    answer = request.post(f"{base_url}/api/games", data=body)
    assert answer.ok, answer.text()
    value: State = answer.json()
    return value


def seen(s: State) -> list[list[str | None]]:
    """What the player sees of the table (cards by pile)."""
    return [list(p["cards"]) for p in s["piles"]]


def playable(s: State) -> list[dict[str, Any]]:
    """Legal moves that take a card somewhere (not the stock)."""
    return [m for m in s["legal"] if m["kind"] in ("transfer", "remove") and m["dst"] != -1]


def source_card(page: Page, s: State, move: dict[str, Any]) -> Locator:
    pile = s["piles"][move["src"]]
    size = move.get("size") or 1
    index = len(pile["cards"]) - (size if move["kind"] == "transfer" else 1)
    return page.locator(f".card[data-pile='{move['src']}'][data-card='{index}']")


def target(page: Page, s: State, pile_index: int) -> Locator:
    cards = s["piles"][pile_index]["cards"]
    if cards:
        return page.locator(f".card[data-pile='{pile_index}'][data-card='{len(cards) - 1}']")
    return page.locator(f".slot[data-pile='{pile_index}']")


def box_of(locator: Locator) -> FloatRect:
    """The element's box once it is shown.

    The page redraws the table when its size changes (a ResizeObserver), which replaces the
    card elements; an element caught between being found and being measured has no box, so
    measure again rather than fail on that race.
    """
    for _ in range(RETRIES):
        locator.wait_for(state="visible", timeout=TIMEOUT_MS)
        box = locator.bounding_box()
        if box is not None:
            return box
    raise AssertionError(f"{locator} kept being replaced while measured")


def grip(locator: Locator) -> tuple[float, float]:
    """A point on the visible top strip of a card (fanned cards overlap below it)."""
    box = box_of(locator)
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 8)


def drag(page: Page, source: Locator, dest: Locator) -> None:
    x, y = grip(source)
    box = box_of(dest)
    tx, ty = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y + 10, steps=2)
    page.mouse.move(tx, ty, steps=8)
    page.mouse.up()


def tap(page: Page, locator: Locator) -> None:
    x, y = grip(locator)
    page.mouse.click(x, y)
    # Keep the next tap on the same card from reading as a double tap.
    page.wait_for_timeout(450)


def make_playable(page: Page, tries: int = 6) -> State:
    """Use the stock until some card move is legal."""
    s = state(page)
    for _ in range(tries):
        if playable(s):
            return s
        assert any(m["kind"] in ("stock", "redeal") for m in s["legal"]), "no move at all"
        version = s["version"]
        page.keyboard.press("s")
        s = wait_version(page, version)
    raise AssertionError("no card move after using the stock")


def open_game(browser: Browser, url: str, **options: Any) -> Page:
    """``url`` for a new player (a fresh context, desktop size unless ``viewport`` says
    otherwise, autoplay off), once the page is ready; ``page.context.close()`` ends it."""
    context = browser.new_context(**{"viewport": DESKTOP, **options})
    context.add_init_script(NO_AUTOPLAY)
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    return page
