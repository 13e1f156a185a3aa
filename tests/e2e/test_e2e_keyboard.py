"""A game played by keyboard alone: Tab into the table, arrows, Enter, Esc and shortcuts."""

from __future__ import annotations

import pytest
from browser_setup import DESKTOP, NO_AUTOPLAY
from playwright.sync_api import Browser, Page
from table_driver import box_of, open_game, playable, state, wait_ready, wait_version

ACTIVE_STOP = """() => {
    const el = document.activeElement;
    if (!el || !el.classList.contains('stop')) return null;
    const r = el.getBoundingClientRect();
    return {pile: Number(el.dataset.pile), card: el.dataset.card ?? null, x: r.x, y: r.y};
}"""


def tab_into_table(page: Page) -> None:
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(ACTIVE_STOP):
            return
    raise AssertionError("Tab never reached the table")


def walk_to(page: Page, selector: str) -> None:
    """Press arrow keys until the focus is on ``selector``."""
    goal = page.locator(selector)
    for _ in range(60):
        here = page.evaluate(ACTIVE_STOP)
        assert here is not None, "focus left the table"
        if goal.evaluate("el => el === document.activeElement"):
            return
        box = box_of(goal)
        dx, dy = box["x"] - here["x"], box["y"] - here["y"]
        if abs(dx) > 4:
            page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        else:
            page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    raise AssertionError(f"arrows never reached {selector}")


def stop_of(s: dict, pile: int, card: int | None = None) -> str:
    cards = s["piles"][pile]["cards"]
    if not cards:
        return f".slot[data-pile='{pile}']"
    index = len(cards) - 1 if card is None else card
    return f".card[data-pile='{pile}'][data-card='{index}']"


@pytest.mark.parametrize("game", ["freecell", "klondike"])
def test_keyboard_alone(browser: Browser, base_url: str, game: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(NO_AUTOPLAY)
    page = context.new_page()
    page.goto(f"{base_url}/en/{game}?deal=5")
    wait_ready(page)
    tab_into_table(page)

    # Pick up and put back with Esc: nothing changes.
    s = state(page)
    move = playable(s)[0]
    walk_to(page, stop_of(s, move["src"], len(s["piles"][move["src"]]["cards"]) - move["size"]))
    page.keyboard.press("Enter")
    assert page.locator(".card.held").count() == move["size"]
    assert page.locator(".pile.target").count() >= 1
    page.keyboard.press("Escape")
    assert page.locator(".card.held").count() == 0
    assert state(page)["version"] == s["version"]

    for _ in range(3):
        s = state(page)
        if not playable(s):
            page.keyboard.press("s")
            s = wait_version(page, s["version"])
        move = playable(s)[0]
        src_cards = s["piles"][move["src"]]["cards"]
        walk_to(page, stop_of(s, move["src"], len(src_cards) - move["size"]))
        page.keyboard.press("Enter")
        walk_to(page, stop_of(s, move["dst"]))
        page.keyboard.press(" ")
        after = wait_version(page, s["version"])
        assert after["last"]["move"] == move["text"]
        assert page.evaluate(ACTIVE_STOP) is not None, "focus stays on the table"
        # The live region says what happened.
        page.wait_for_function("() => document.querySelector('#announce').textContent !== ''")

    before = state(page)
    made = before["moves_made"]
    page.keyboard.press("u")
    undone = wait_version(page, before["version"])
    assert undone["moves_made"] == made - 1
    context.close()


def game_requests(page: Page) -> list[str]:
    """The game requests the page sends from now on (grows as they are sent)."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if "/api/games/" in r.url else None)
    return sent


def test_letter_keys_act_only_on_the_table_or_the_page_and_can_be_turned_off(
    browser: Browser, base_url: str
) -> None:
    page = open_game(browser, f"{base_url}/en/klondike?deal=5")
    sent = game_requests(page)
    # On a button, a link or a panel's summary, a letter does nothing.
    for target in ("button[data-command='hint']", "#share-link", "details.settings summary"):
        page.locator(target).focus()
        for key in ("s", "h", "u"):
            page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert sent == []
    # On the page itself and on the table, it gives its command.
    page.evaluate("() => document.activeElement.blur()")
    s = state(page)
    page.keyboard.press("s")
    s = wait_version(page, s["version"])
    tab_into_table(page)
    page.keyboard.press("s")
    s = wait_version(page, s["version"])
    # Turned off in the settings (and kept), letters do nothing; Ctrl+Z still undoes.
    page.locator("summary", has_text="Settings").click()
    page.get_by_label("Letter keys as shortcuts (on the table)").uncheck()
    page.reload()
    wait_ready(page)
    tab_into_table(page)
    sent.clear()
    page.keyboard.press("s")
    page.keyboard.press("u")
    page.wait_for_timeout(300)
    assert sent == []
    page.keyboard.press("Control+z")
    assert wait_version(page, s["version"])["moves_made"] == s["moves_made"] - 1
    page.context.close()
