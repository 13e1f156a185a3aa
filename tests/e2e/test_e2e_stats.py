"""The statistics page: its export files and a reset that asks first."""

from __future__ import annotations

from browser_setup import DESKTOP, NO_AUTOPLAY, PHONE
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


# Cells of the table's rows not wholly on screen (clipped by a scrolling box or off the page),
# and figures whose column's name is nowhere in sight: not in a visible header cell of their
# column, not written before the figure (the game's name, the row's header, names itself).
UNSEEN_CELLS = """() => {
    const width = document.documentElement.clientWidth;
    const heads = [...document.querySelectorAll('table.stats thead th')];
    const shown = (el) => {
        const r = el.getBoundingClientRect();
        if (r.width < 2 || r.left < 0 || r.right > width) return false;
        for (let box = el.parentElement; box; box = box.parentElement) {
            const b = box.getBoundingClientRect();
            const clips = getComputedStyle(box).overflowX !== 'visible';
            if (clips && (r.left < b.left - 0.5 || r.right > b.right + 0.5)) return false;
        }
        return true;
    };
    const problems = [];
    for (const row of document.querySelectorAll('table.stats tbody tr')) {
        [...row.children].forEach((cell, column) => {
            const head = heads[column];
            const named = cell.tagName === 'TH' || shown(head)
                || getComputedStyle(cell, '::before').content.includes(head.textContent.trim());
            if (!shown(cell)) problems.push(`${head.textContent.trim()}: off screen`);
            else if (!named) problems.push(`${head.textContent.trim()}: not named`);
        });
    }
    return problems;
}"""


def test_every_statistic_is_seen_on_a_phone(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(NO_AUTOPLAY)
    play_one_game(context, base_url)
    page = context.new_page()
    page.goto(f"{base_url}/en/stats")
    assert page.locator("table.stats tbody tr").count() == 1
    assert page.evaluate(UNSEEN_CELLS) == []
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    assert axe_problems(page) == []
    context.close()
