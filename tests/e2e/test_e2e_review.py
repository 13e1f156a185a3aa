"""Reviewing a lost game in the browser: from the statistics page to the review, the losing
move found and announced, and "try again from here" at the position before it."""

from __future__ import annotations

from browser_setup import ARTIFACTS, DESKTOP, NO_AUTOPLAY
from playwright.sync_api import Browser, expect
from table_driver import TIMEOUT_MS, state, stored, wait_ready
from test_e2e_pages import axe_problems
from tests.web.web_helpers import LOSING_MOVE, LOST_DEAL, LOST_MOVES


def test_a_lost_klondike_game_is_reviewed_and_tried_again(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(NO_AUTOPLAY)
    page = context.new_page()
    page.goto(f"{base_url}/en/klondike?deal={LOST_DEAL}")
    wait_ready(page)
    game = stored(context.request, base_url, state(page))
    version = game["version"]
    for text in LOST_MOVES:  # the game through the API, as this player
        answer = context.request.post(
            f"{base_url}/api/games/{game['id']}/moves", data={"version": version, "move": text}
        )
        assert answer.ok, answer.text()
        version = answer.json()["version"]
    given = context.request.post(
        f"{base_url}/api/games/{game['id']}/abandon", data={"version": version}
    )
    assert given.ok, given.text()

    page.goto(f"{base_url}/en/stats")
    page.get_by_role("link", name="Review").first.click()
    page.wait_for_url(f"**/en/review/{game['id']}")
    wait_ready(page)
    page.wait_for_function("() => window.patience.review.ended !== null", timeout=TIMEOUT_MS * 3)
    review = page.evaluate("() => window.patience.review")
    assert [m["move"] for m in review["marks"] if m["kind"] == "losing"] == [LOSING_MOVE]
    item = page.locator("#review-moves li").nth(LOSING_MOVE)
    expect(item).to_contain_text(f"{LOSING_MOVE}. {LOST_MOVES[LOSING_MOVE - 1]}")
    expect(item).to_contain_text("Losing move")
    expect(item.locator(".mark-luck")).to_contain_text("By what you could see, bad luck")
    assert review["luck"]["judgement"] == "unlucky"
    # Said to a screen reader: the band's summary and the review's state.
    band = page.locator("#band").get_attribute("aria-label") or ""
    assert "proven lost" in band and "0 still to judge" in band
    expect(page.locator("#review-status")).to_have_text("Review complete.")
    assert axe_problems(page) == []

    page.keyboard.press("End")
    expect(page.locator("#review-position")).to_contain_text(f"After move {len(LOST_MOVES)} of")
    item.get_by_role("button", name="Show the last winnable position").click()
    expect(page.locator("#review-position")).to_contain_text(
        f"After move {LOSING_MOVE - 1} of {len(LOST_MOVES)}"
    )
    expect(page.locator("#review-position")).to_contain_text("still winnable")
    shown = page.evaluate("() => window.patience.review.shown")
    assert shown == LOSING_MOVE - 1
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "review-klondike-desktop.png"), full_page=True)
    before = [p["cards"] for p in page.evaluate("() => window.patience.state.piles")]

    page.get_by_role("button", name="Try again from here").click()
    page.wait_for_url(f"**/en/klondike?deal={LOST_DEAL}*")
    wait_ready(page)
    practice = state(page)
    assert practice["id"] != game["id"]
    assert practice["moves_made"] == LOSING_MOVE - 1
    assert [p["cards"] for p in practice["piles"]] == before
    context.close()


def test_the_still_winnable_assist_is_off_until_switched_on(
    browser: Browser, base_url: str
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(NO_AUTOPLAY)
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/winnable") else None)
    page.goto(f"{base_url}/en/klondike?deal={LOST_DEAL}")
    wait_ready(page)
    game = stored(context.request, base_url, state(page))
    answer = context.request.post(
        f"{base_url}/api/games/{game['id']}/moves", data={"version": 0, "move": LOST_MOVES[0]}
    )
    assert answer.ok, answer.text()
    page.reload()
    wait_ready(page)
    assert asked == [] and page.locator("#winnable").is_hidden()  # off by default
    page.locator("details.settings summary").click()
    page.get_by_label("Say after each move whether the game can still be won").check()
    line = page.locator("#winnable")
    expect(line).to_have_text("Still winnable.", timeout=TIMEOUT_MS)
    assert line.get_attribute("role") == "status"  # said to a screen reader
    assert len(asked) == 1
    context.close()
