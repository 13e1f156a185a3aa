"""The skip link takes keyboard players to the table without loading the page again."""

from __future__ import annotations

from playwright.sync_api import Browser
from table_driver import TIMEOUT_MS, open_game


def test_the_skip_link_moves_focus_to_the_table_without_a_reload(
    browser: Browser, base_url: str
) -> None:
    page = open_game(browser, f"{base_url}/en/klondike?deal=3")
    page.evaluate("() => { window.notReloaded = true; }")
    page.keyboard.press("Tab")
    skip = page.locator("a.skip")
    assert skip.evaluate("a => a === document.activeElement")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('#table').contains(document.activeElement)",
        timeout=TIMEOUT_MS,
    )
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.closest('#table .stop') !== null")
    assert focused, "one Tab after the skip link does not reach a card or pile"
    assert page.evaluate("() => window.notReloaded === true"), "the page was loaded again"
    page.context.close()
