"""Messages (hints, refusals) have a place of their own: the table never moves for them."""

from __future__ import annotations

import pytest
from browser_setup import DESKTOP, PHONE
from playwright.sync_api import Browser, Page
from table_driver import box_of, open_game, state, wait_idle, wait_version


def table_top(page: Page) -> float:
    return box_of(page.locator("#table"))["y"]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_hint_or_a_refusal_does_not_move_the_table(
    browser: Browser, base_url: str, viewport: dict[str, int]
) -> None:
    page = open_game(browser, f"{base_url}/en/klondike?deal=3", viewport=viewport)
    message = page.locator("#message")
    top = table_top(page)
    page.get_by_role("button", name="Hint").click()
    message.wait_for(state="visible")
    assert table_top(page) == top, "a hint moved the table"
    # The next move (here from the stock) hides the message again.
    version = state(page)["version"]
    page.locator(".pile.kind-stock").click()
    wait_version(page, version)
    message.wait_for(state="hidden")
    assert table_top(page) == top, "the table moved back after the hint"
    page.goto(f"{base_url}/en/freecell?deal=3")  # no stock: using it is refused
    page.wait_for_selector("body[data-ready='1']")
    top = table_top(page)
    page.locator("body").press("s")
    message.wait_for(state="visible")
    wait_idle(page)
    assert table_top(page) == top, "a refusal moved the table"
    page.context.close()
