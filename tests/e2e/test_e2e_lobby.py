"""The lobby's list of unfinished games: begun, not won or lost, newest first, each resumed."""

from __future__ import annotations

from browser_setup import DESKTOP, NO_AUTOPLAY
from playwright.sync_api import Browser, BrowserContext
from table_driver import playable, state, stored, wait_ready
from test_e2e_pages import axe_problems


def begin(context: BrowserContext, base_url: str, path: str) -> str:
    """Open a game page and make its first card move through the API; the game's id."""
    page = context.new_page()
    page.goto(base_url + path)
    wait_ready(page)
    s = stored(context.request, base_url, state(page))
    move = playable(s)[0]["text"]
    answer = context.request.post(
        f"{base_url}/api/games/{s['id']}/moves", data={"version": s["version"], "move": move}
    )
    assert answer.ok, answer.text()
    page.close()
    return str(s["id"])


def test_the_lobby_lists_unfinished_games_to_go_on_with(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(NO_AUTOPLAY)
    page = context.new_page()
    page.goto(f"{base_url}/en/")
    assert page.locator(".unfinished").count() == 0  # a new player has nothing to go on with
    begin(context, base_url, "/en/klondike?deal=4&draw=3")
    freecell = begin(context, base_url, "/en/freecell?deal=5")
    page.goto(f"{base_url}/en/freecell?deal=6")  # only looked at: not listed
    wait_ready(page)
    page.goto(f"{base_url}/en/")
    section = page.get_by_role("region", name="Go on playing")
    items = section.locator("li").all_inner_texts()
    assert len(items) == 2, items
    assert items[0].startswith("FreeCell, Deal 5") and items[0].endswith("1 move")
    assert items[1].startswith("Klondike, Deal 4") and "Cards drawn: 3" in items[1]
    assert axe_problems(page) == []
    section.get_by_role("link", name="FreeCell, Deal 5").click()
    wait_ready(page)
    assert state(page)["id"] == freecell and state(page)["moves_made"] == 1
    page.goto(f"{base_url}/de/")
    assert page.get_by_role("region", name="Weiterspielen").locator("li").count() == 2
    context.close()
