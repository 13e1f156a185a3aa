"""The rules' "Start a duel" link opens the game page's challenge form, without a reload, and
the form it opens challenges on this game; a page opened at ``#challenge`` shows it open."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from table_driver import TIMEOUT_MS, open_game
from test_e2e_pages import axe_problems


def test_start_a_duel_opens_the_challenge_form_of_the_game(browser: Browser, base_url: str) -> None:
    page = open_game(browser, f"{base_url}/en/klondike?deal=3&draw=3")
    page.evaluate("() => { window.notReloaded = true; }")
    panel = page.locator("details#challenge")
    expect(panel).not_to_have_attribute("open", "")
    page.locator(".rules").get_by_role("link", name="Start a duel").click()
    expect(panel).to_have_attribute("open", "", timeout=TIMEOUT_MS)
    nickname = panel.get_by_label("Your nickname")
    expect(nickname).to_be_in_viewport()
    assert page.evaluate("() => window.notReloaded === true"), "the page was loaded again"
    assert axe_problems(page) == []
    nickname.fill("Ada")
    panel.get_by_role("button", name="Create the duel").click()
    page.wait_for_url("**/en/duel/*", timeout=TIMEOUT_MS)
    expect(page.locator(".duel-settings")).to_contain_text("Klondike")
    duel = page.context.request.get(f"{base_url}/api/duels/{page.url.rsplit('/', 1)[1]}").json()
    assert (duel["game"], duel["options"]["draw"]) == ("klondike", "3")
    page.context.close()


def test_a_page_opened_at_the_challenge_shows_the_form_open(
    browser: Browser, base_url: str
) -> None:
    page = open_game(browser, f"{base_url}/de/freecell#challenge")
    expect(page.locator("details#challenge")).to_have_attribute("open", "", timeout=TIMEOUT_MS)
    expect(page.get_by_label("Dein Spitzname")).to_be_visible()
    page.context.close()
