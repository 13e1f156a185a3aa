"""The statistics page: its export files and a reset that asks first."""

from __future__ import annotations

from browser_setup import DESKTOP, NO_AUTOPLAY
from playwright.sync_api import Browser, BrowserContext
from table_driver import playable, state, stored, wait_ready
from test_e2e_pages import axe_problems


def play_one_game(context: BrowserContext, base_url: str) -> None:
    """A Klondike deal with a move, given up for another deal: one game played."""
    page = context.new_page()
    page.goto(f"{base_url}/en/klondike?deal=4")
    wait_ready(page)
    s = stored(context.request, base_url, state(page))
    answer = context.request.post(
        f"{base_url}/api/games/{s['id']}/moves",
        data={"version": s["version"], "move": playable(s)[0]["text"]},
    )
    assert answer.ok, answer.text()
    given_up = context.request.post(
        f"{base_url}/api/games/{s['id']}/abandon", data={"version": answer.json()["version"]}
    )
    assert given_up.ok, given_up.text()
    page.close()


def test_statistics_download_and_reset_after_asking(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(NO_AUTOPLAY)
    play_one_game(context, base_url)
    page = context.new_page()
    page.goto(f"{base_url}/en/stats")
    rows = page.locator("table.stats tbody tr")
    assert rows.count() == 1
    for label, name in (("CSV", "patience-stats.csv"), ("JSON", "patience-stats.json")):
        with page.expect_download() as download:
            page.get_by_role("link", name=f"Download as {label}").click()
        assert download.value.suggested_filename == name
    reset = page.get_by_role("button", name="Reset statistics…")
    reset.click()
    dialog = page.get_by_role("dialog", name="Reset your statistics?")
    assert dialog.is_visible()
    assert axe_problems(page) == []
    dialog.get_by_role("button", name="Cancel").click()
    assert dialog.is_hidden() and rows.count() == 1
    reset.click()
    with page.expect_navigation():
        dialog.get_by_role("button", name="Reset", exact=True).click()
    assert rows.count() == 0
    assert page.get_by_text("You have not finished a game yet.").is_visible()
    context.close()
