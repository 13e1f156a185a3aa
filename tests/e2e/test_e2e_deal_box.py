"""The box on the game page that opens a deal by its number."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser
from table_driver import open_game, state, wait_ready


def test_a_typed_deal_number_opens_that_deal_with_the_same_options(
    browser: Browser, base_url: str
) -> None:
    page = open_game(browser, f"{base_url}/en/klondike?deal=4&draw=3")
    box = page.get_by_label("Deal number")
    box.fill("123")
    box.press("s")  # typing in the box is no shortcut: the stock is not used
    box.press("Backspace")
    assert state(page)["moves_made"] == 0
    page.get_by_role("button", name="Play this deal").click()
    page.wait_for_url("**deal=123**")
    wait_ready(page)
    s = state(page)
    assert s["deal"] == 123 and s["options"]["draw"] == "3"
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "game", "typed", "message"),
    [
        ("en", "freecell", "2147483648", "Enter a whole number from 1 to 2,147,483,647."),
        ("en", "klondike", "0", "Enter a whole number from 1 to 9,007,199,254,740,992."),
        ("en", "klondike", "12.5", "Enter a whole number from 1 to 9,007,199,254,740,992."),
        ("de", "freecell", "abc", "Gib eine ganze Zahl von 1 bis 2.147.483.647 ein."),
        ("de", "freecell", "", "Gib eine ganze Zahl von 1 bis 2.147.483.647 ein."),
    ],
)
def test_a_number_outside_the_games_deals_is_refused_in_the_page(
    browser: Browser, base_url: str, lang: str, game: str, typed: str, message: str
) -> None:
    page = open_game(browser, f"{base_url}/{lang}/{game}?deal=4")
    box = page.locator("#deal-input")
    box.fill(typed)
    box.press("Enter")
    page.wait_for_timeout(300)
    assert "?deal=4" in page.url and state(page)["deal"] == 4
    assert box.evaluate("el => el.validationMessage") == message
    page.context.close()
