"""Every game in the browser: drag, tap, undo, reload, illegal drops, shared links."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_setup import DESKTOP, NO_AUTOPLAY
from playwright.sync_api import Browser, Page
from table_driver import (
    drag,
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

from patience.games import GAMES

DEAL = 11


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(NO_AUTOPLAY)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_drag_tap_undo_reload(page: Page, base_url: str, game: str) -> None:
    page.goto(f"{base_url}/en/{game}?deal={DEAL}")
    wait_ready(page)
    s = make_playable(page)

    move = playable(s)[0]
    drag(page, source_card(page, s, move), target(page, s, move["dst"]))
    after_drag = wait_version(page, s["version"])
    assert after_drag["last"]["move"] == move["text"]
    assert after_drag["moves_made"] == s["moves_made"] + 1

    s = make_playable(page)
    move = playable(s)[-1]
    tap(page, source_card(page, s, move))
    tap(page, target(page, s, move["dst"]))
    after_tap = wait_version(page, s["version"])
    assert after_tap["last"]["move"] == move["text"]

    page.get_by_role("button", name="Undo").click()
    undone = wait_version(page, after_tap["version"])
    assert seen(undone) == seen(s)

    page.reload()
    wait_ready(page)
    assert seen(state(page)) == seen(undone)
    assert state(page)["version"] == undone["version"]


@pytest.mark.parametrize("game", ["klondike", "freecell", "pyramid"])
def test_illegal_drop_changes_nothing_and_says_why(page: Page, base_url: str, game: str) -> None:
    page.goto(f"{base_url}/en/{game}?deal={DEAL}")
    wait_ready(page)
    s = make_playable(page)
    legal = {(m.get("src"), m.get("dst")) for m in s["legal"]}
    piles = s["piles"]
    pair = next(
        (a, b)
        for a, src in enumerate(piles)
        for b, dst in enumerate(piles)
        if a != b
        and src["cards"]
        and src["cards"][-1]
        and src["kind"] == "tableau"
        and dst["kind"] == "tableau"
        and dst["cards"]
        and (a, b) not in legal
        and (b, a) not in legal
    )
    top = len(piles[pair[0]]["cards"]) - 1
    source = page.locator(f".card[data-pile='{pair[0]}'][data-card='{top}']")
    drag(page, source, target(page, s, pair[1]))
    message = page.locator("#message")
    message.wait_for(state="visible")
    reason = message.inner_text().strip()
    assert reason and "did not answer" not in reason and "changed elsewhere" not in reason
    assert seen(state(page)) == seen(s)
    assert state(page)["version"] == s["version"]


def test_shared_url_reproduces_the_deal(browser: Browser, base_url: str) -> None:
    first = browser.new_context(viewport=DESKTOP)
    first.add_init_script(NO_AUTOPLAY)
    page = first.new_page()
    page.goto(f"{base_url}/en/klondike?draw=3")
    wait_ready(page)
    start = state(page)
    shared = page.locator("#share-link").get_attribute("href")
    assert shared and f"deal={start['deal']}" in shared and "draw=3" in shared
    first.close()

    other = browser.new_context(viewport=DESKTOP)  # another player
    other.add_init_script(NO_AUTOPLAY)
    page = other.new_page()
    page.goto(base_url + shared)
    wait_ready(page)
    again = state(page)
    assert again["id"] is None  # shown, and stored only on this player's first move
    assert (again["deal"], again["options"]) == (start["deal"], start["options"])
    assert seen(again) == seen(start)
    other.close()


def test_double_click_sends_a_card_home(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/en/freecell?deal=2")  # an Ace lies on top of pile 1
    wait_ready(page)
    s = state(page)
    home = next(m for m in s["legal"] if s["piles"][m["dst"]]["kind"] == "foundation")
    x, y = grip(source_card(page, s, home))
    page.mouse.dblclick(x, y)
    after = wait_version(page, s["version"])
    assert after["last"]["move"] == home["text"]
    assert page.locator("#announce").inner_text().strip()


def test_autoplay_sends_safe_cards_home_after_the_first_move(
    browser: Browser, base_url: str
) -> None:
    context = browser.new_context(viewport=DESKTOP)  # autoplay is on by default
    page = context.new_page()
    page.goto(f"{base_url}/en/freecell?deal=2")
    wait_ready(page)
    s = state(page)
    assert s["safe"] and s["moves_made"] == 0, "nothing plays before the player moves"
    move = next(m for m in playable(s) if s["piles"][m["dst"]]["kind"] != "foundation")
    tap(page, source_card(page, s, move))
    tap(page, target(page, s, move["dst"]))
    page.wait_for_function(
        "() => { const s = window.patience.state; return s.moves_made >= 2 && !s.safe.length; }"
    )
    homes = [p for p in state(page)["piles"] if p["kind"] == "foundation"]
    assert any(p["cards"] for p in homes)
    context.close()


def test_a_stale_tab_resyncs_and_says_so(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)  # one player, two tabs
    context.add_init_script(NO_AUTOPLAY)
    first, second = context.new_page(), context.new_page()
    for tab in (first, second):
        tab.goto(f"{base_url}/en/freecell?deal=3")
        wait_ready(tab)
    s = state(first)
    move = playable(s)[0]
    tap(first, source_card(first, s, move))
    tap(first, target(first, s, move["dst"]))
    moved = wait_version(first, s["version"])

    stale = state(second)
    assert stale["version"] == s["version"]
    other = next(m for m in playable(stale) if m["src"] != move["src"])
    tap(second, source_card(second, stale, other))
    tap(second, target(second, stale, other["dst"]))
    synced = wait_version(second, stale["version"])
    assert synced["version"] == moved["version"]
    assert seen(synced) == seen(moved)
    second.locator("#message").wait_for(state="visible")
    context.close()


def test_hint_names_a_move_and_marks_its_piles(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/en/freecell?deal=2")
    wait_ready(page)
    page.get_by_role("button", name="Hint").click()
    message = page.locator("#message")
    message.wait_for(state="visible", timeout=30_000)
    assert message.inner_text().startswith("Hint:")
    assert page.locator(".pile.hint").count() == 2
    assert state(page)["moves_made"] == 0, "a hint plays nothing"


@pytest.mark.parametrize("game", ["pyramid", "thirteens"])
def test_a_tapped_king_is_removed_alone(page: Page, base_url: str, game: str) -> None:
    page.goto(f"{base_url}/en/{game}?deal=1")
    wait_ready(page)
    s = state(page)
    king = next(m for m in s["legal"] if m["kind"] == "remove" and m["dst"] == -1)
    tap(page, source_card(page, s, king))
    after = wait_version(page, s["version"])
    assert after["last"]["move"] == king["text"]
    assert after["piles"][king["src"]]["cards"] != s["piles"][king["src"]]["cards"]
