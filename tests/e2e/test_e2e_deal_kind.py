"""The kind of deal beside New deal: chosen by label, kept in this browser, dealt from its pool."""

from __future__ import annotations

from playwright.sync_api import Browser
from table_driver import open_game, state, wait_idle, wait_ready
from test_e2e_pages import axe_problems

from patience.deal_pools import load


def test_a_hard_deal_comes_from_the_hard_pool_and_the_choice_is_kept(
    browser: Browser, base_url: str
) -> None:
    pool = load("freecell")
    assert pool is not None
    hard = set(pool.deals("hard"))
    page = open_game(browser, f"{base_url}/en/freecell?deal=1")
    chooser = page.get_by_label("Kind of deal")
    assert chooser.input_value() == "any"
    chooser.select_option(label="Hard")
    page.get_by_role("button", name="New deal").click()
    page.wait_for_function("() => window.patience.state.deal !== 1")
    wait_idle(page)
    first = state(page)["deal"]
    assert first in hard
    assert page.locator("#message").inner_text() == f"Deal {first} (Hard)"
    assert axe_problems(page) == []

    page.reload()
    wait_ready(page)
    assert page.get_by_label("Kind of deal").input_value() == "hard"
    page.evaluate("() => { window.before = window.patience.state; }")
    page.get_by_role("button", name="New deal").press("Enter")  # the kind last chosen
    page.wait_for_function("() => window.patience.state !== window.before")
    wait_idle(page)
    assert state(page)["deal"] in hard
    page.context.close()


def test_a_game_of_luck_offers_only_winnable_deals(browser: Browser, base_url: str) -> None:
    page = open_game(browser, f"{base_url}/de/thirteens?deal=1")
    options = page.get_by_label("Art der Partie").locator("option").all_inner_texts()
    assert options == ["Irgendeine Partie", "Lösbar"]
    page.context.close()
