"""Toolbar, options and settings: restart, new deal, redo, draw 3, mirror and four colours."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_setup import DESKTOP, NO_AUTOPLAY, PHONE
from playwright.sync_api import Browser, Page, expect
from table_driver import (
    box_of,
    grip,
    make_playable,
    playable,
    seen,
    source_card,
    state,
    tap,
    target,
    wait_ready,
    wait_version,
)


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(NO_AUTOPLAY)
    yield context.new_page()
    context.close()


def tap_move(page: Page) -> dict:
    s = state(page)
    move = playable(s)[0]
    tap(page, source_card(page, s, move))
    tap(page, target(page, s, move["dst"]))
    return wait_version(page, s["version"])


def test_undo_redo_restart_and_new_deal(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/en/freecell?deal=7")
    wait_ready(page)
    start = state(page)
    moved = tap_move(page)
    page.get_by_role("button", name="Undo").click()
    undone = wait_version(page, moved["version"])
    assert seen(undone) == seen(start)
    page.get_by_role("button", name="Redo").click()
    redone = wait_version(page, undone["version"])
    assert seen(redone) == seen(moved)

    # Restart asks first: Cancel (or Esc) keeps the moves.
    confirm = page.locator("#confirm-dialog")
    page.get_by_role("button", name="Restart").click()
    confirm.get_by_role("button", name="Cancel").click()
    page.get_by_role("button", name="Restart").click()
    page.keyboard.press("Escape")
    expect(confirm).to_be_hidden()
    assert state(page)["version"] == redone["version"]
    page.get_by_role("button", name="Restart").click()
    confirm.get_by_role("button", name="Restart").click()
    restarted = wait_version(page, redone["version"])
    assert seen(restarted) == seen(start)
    assert restarted["deal"] == 7

    # At the deal's start, New deal gives nothing up and asks nothing.
    page.get_by_role("button", name="New deal").click()
    page.wait_for_function("() => window.patience.state.deal !== 7")
    fresh = state(page)
    assert fresh["id"] is None and not confirm.is_visible()
    assert f"deal={fresh['deal']}" in page.url
    assert page.locator("#deal-value").inner_text() == str(fresh["deal"])


def test_new_deal_in_a_game_in_progress_asks_and_counts_it_lost(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/en/freecell?deal=7")
    wait_ready(page)
    tap_move(page)
    stats = page.context.request.get(f"{base_url}/api/stats").json()
    assert stats == {"rows": []}  # a game in progress counts for nothing yet
    confirm = page.locator("#confirm-dialog")
    page.get_by_role("button", name="New deal").click()
    expect(confirm).to_contain_text("counts as lost")
    confirm.get_by_role("button", name="Cancel").click()
    assert state(page)["deal"] == 7
    page.get_by_role("button", name="New deal").click()
    confirm.get_by_role("button", name="Give up and deal").click()
    page.wait_for_function("() => window.patience.state.deal !== 7")
    [row] = page.context.request.get(f"{base_url}/api/stats").json()["rows"]
    assert (row["game"], row["played"], row["won"]) == ("freecell", 1, 0)


def test_options_change_the_url_and_the_game(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/en/klondike?deal=4")
    wait_ready(page)
    page.locator("summary", has_text="Options").click()
    page.locator("select[name=draw]").select_option("3")
    page.get_by_role("button", name="Play with these options").click()
    page.wait_for_url("**draw=3**")
    wait_ready(page)
    assert state(page)["options"]["draw"] == "3"


def test_settings_mirror_the_table_and_colour_four_suits(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/en/freecell?deal=4")
    wait_ready(page)

    def first_column_x() -> float:
        return box_of(page.locator(".pile[data-pile='0']"))["x"]

    right_handed = first_column_x()
    page.locator("summary", has_text="Settings").click()
    page.get_by_label("Left-handed (mirror the table)").check()
    assert first_column_x() > right_handed
    diamond = page.locator(".card[data-face$='D'] svg path").first
    red = diamond.get_attribute("fill")
    page.get_by_label("Four-colour suits").check()
    assert diamond.get_attribute("fill") != red
    # Settings are kept for the next visit.
    page.reload()
    wait_ready(page)
    assert first_column_x() > right_handed


def test_touch_taps_move_a_card(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(NO_AUTOPLAY)
    page = context.new_page()
    page.goto(f"{base_url}/en/klondike?deal=9")
    wait_ready(page)
    s = make_playable(page)
    move = playable(s)[0]
    for locator in (source_card(page, s, move), target(page, s, move["dst"])):
        x, y = grip(locator)
        page.touchscreen.tap(x, y)
        page.wait_for_timeout(450)
    after = wait_version(page, s["version"])
    assert after["last"]["move"] == move["text"]
    context.close()


def test_touch_drag_moves_a_card(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script(NO_AUTOPLAY)
    page = context.new_page()
    page.goto(f"{base_url}/en/freecell?deal=9")
    wait_ready(page)
    s = state(page)
    move = playable(s)[0]
    x, y = grip(source_card(page, s, move))
    box = box_of(target(page, s, move["dst"]))
    tx, ty = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, 9):
        point = {"x": x + (tx - x) * k / 8, "y": y + (ty - y) * k / 8}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    after = wait_version(page, s["version"])
    assert after["last"]["move"] == move["text"]
    context.close()


def test_reduced_motion_moves_cards_without_animation(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.add_init_script(NO_AUTOPLAY)
    page = context.new_page()
    page.goto(f"{base_url}/en/freecell?deal=7")
    wait_ready(page)
    tap_move(page)
    assert page.evaluate("() => document.getAnimations().length") == 0
    context.close()


def test_moves_animate_without_reduced_motion(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/en/freecell?deal=7")
    wait_ready(page)
    s = state(page)
    move = playable(s)[0]
    tap(page, source_card(page, s, move))
    x, y = grip(target(page, s, move["dst"]))
    page.mouse.click(x, y)
    page.wait_for_function("() => document.getAnimations().length > 0")


def test_the_chosen_scoring_profile_is_shown_and_remembered(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/en/klondike?deal=4")
    wait_ready(page)
    score = page.locator("#score-value")
    assert score.inner_text() == str(state(page)["scores"]["standard"])
    page.locator("summary", has_text="Settings").click()
    page.get_by_label("Scoring").select_option(label="Vegas")
    assert score.inner_text() == "-52"
    moved = tap_move(page)
    page.wait_for_function(
        f"() => document.querySelector('#score-value').textContent === '{moved['scores']['vegas']}'"
    )
    # Kept for the next visit, in either language, and for this game only.
    page.goto(f"{base_url}/de/klondike?deal=4")
    wait_ready(page)
    assert score.inner_text() == str(state(page)["scores"]["vegas"])
    assert page.locator("select[data-score-profile]").input_value() == "vegas"
    page.locator("summary", has_text="Einstellungen").click()
    page.get_by_label("Wertung").select_option(label="Ohne Punkte")
    assert page.locator("#score").is_hidden()
    page.goto(f"{base_url}/en/freecell?deal=4")
    wait_ready(page)
    assert page.locator("#score").is_visible()
    assert page.locator("select[data-score-profile]").input_value() == "cards_home"
