"""The stock and the redeal: a control for each where the rules have them (the stock pile, or a
Redeal button where no stock pile redeals), by click and by tap, in the key help and marked by a
hint; "Redeals left" only where the redeals are counted."""

from __future__ import annotations

from typing import Any

import pytest
from browser_setup import PHONE
from playwright.sync_api import APIRequestContext, Browser, Locator, Page
from table_driver import State, box_of, open_game, state, stored, wait_ready, wait_version

from patience.games import GAMES

DEALS = ["klondike", "spider", "tournament", "pyramid", "king_tut"]
"""Games whose stock deals when used."""
STOCK_REDEALS = ["klondike", "tournament", "pyramid", "king_tut"]
"""Games whose empty stock redeals when used."""
COUNTED = {"caprice": 2, "tournament": 2, "pyramid": 2}
"""Games that count the redeals left, with those at the start (Klondike's passes are
unlimited by default)."""


def opened(browser: Browser, url: str, how: str) -> Page:
    """The page for a new player, with a mouse (``click``) or a touch screen (``tap``)."""
    if how == "tap":
        return open_game(browser, url, viewport=PHONE, has_touch=True, is_mobile=True)
    return open_game(browser, url)


def use(page: Page, control: Locator, how: str) -> None:
    if how == "tap":
        box = box_of(control)
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        control.click()


def played(request: APIRequestContext, base_url: str, s: State, moves: list[str]) -> State:
    for text in moves:
        body = {"version": s["version"], "move": text}
        answer = request.post(f"{base_url}/api/games/{s['id']}/moves", data=body)
        assert answer.ok, answer.text()
        s = answer.json()
    return s


def stock_spent(request: APIRequestContext, base_url: str, s: State) -> State:
    """``s`` after dealing from the stock while it may."""
    for _ in range(200):
        if not any(m["kind"] == "stock" for m in s["legal"]):
            return s
        s = played(request, base_url, s, ["s"])
    raise AssertionError("the stock never ran out")


def stock_pile(page: Page) -> Locator:
    index = next(i for i, p in enumerate(state(page)["piles"]) if p["kind"] == "stock")
    return page.locator(f".pile[data-pile='{index}']")


def last_move(page: Page, before: int) -> Any:
    return wait_version(page, before)["last"]["move"]


@pytest.mark.parametrize("how", ["click", "tap"])
@pytest.mark.parametrize("game", DEALS)
def test_the_stock_deals_and_once_empty_redeals(
    browser: Browser, base_url: str, game: str, how: str
) -> None:
    page = opened(browser, f"{base_url}/en/{game}?deal=3", how)
    s = state(page)
    use(page, stock_pile(page), how)
    assert last_move(page, s["version"]) == "s"
    if game in STOCK_REDEALS:
        s = stock_spent(page.context.request, base_url, state(page))
        assert any(m["text"] == "r" for m in s["legal"]), "no redeal once the stock is spent"
        page.reload()
        wait_ready(page)
        use(page, stock_pile(page), how)
        assert last_move(page, s["version"]) == "r"
    page.context.close()


@pytest.mark.parametrize("how", ["click", "tap"])
def test_caprice_redeals_by_its_button(browser: Browser, base_url: str, how: str) -> None:
    page = opened(browser, f"{base_url}/en/caprice?deal=1", how)
    redeals = page.locator("#redeals")
    assert redeals.is_visible() and redeals.inner_text() == "Redeals left 2"
    button = page.get_by_role("button", name="Redeal")
    assert button.get_attribute("aria-keyshortcuts") == "R"
    for left in (1, 0):
        before = state(page)["version"]
        use(page, button, how)
        assert last_move(page, before) == "r"
        assert redeals.inner_text() == f"Redeals left {left}"
    assert button.is_disabled(), "a redeal is offered when none is left"
    page.context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_redeals_left_only_where_they_are_counted(
    browser: Browser, base_url: str, game: str
) -> None:
    page = open_game(browser, f"{base_url}/en/{game}?deal=3")
    redeals = page.locator("#redeals")
    if game in COUNTED:
        assert redeals.is_visible()
        assert page.locator("#redeals-value").inner_text() == str(COUNTED[game])
    else:
        assert redeals.count() == 0 or redeals.is_hidden(), "Redeals left in a game without"
    page.context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_the_key_help_lists_the_stock_and_redeal_controls(
    browser: Browser, base_url: str, game: str
) -> None:
    page = open_game(browser, f"{base_url}/en/{game}?deal=3")
    help_text = page.locator("#keys-help").inner_text()
    assert ("click or tap on the stock, deals" in help_text) == (game in DEALS), help_text
    assert ("click or tap on the empty stock" in help_text) == (game in STOCK_REDEALS)
    assert ("r or the Redeal button" in help_text) == (game == "caprice"), help_text
    assert ("s, or" in help_text) == (game in DEALS)
    page.context.close()


@pytest.mark.parametrize(
    ("game", "deal", "advice"),
    [
        ("caprice", 1, "Hint: gather the piles and deal them again."),
        ("klondike", 15, "Hint: turn the stock over."),
    ],
)
def test_a_redeal_hint_marks_the_control_that_redeals(
    browser: Browser, base_url: str, game: str, deal: int, advice: str
) -> None:
    page = open_game(browser, f"{base_url}/en/{game}?deal={deal}")
    s = stored(page.context.request, base_url, state(page))
    if game == "caprice":
        s = played(page.context.request, base_url, s, ["19", "36", "10-11", "8-10"])
    else:
        s = stock_spent(page.context.request, base_url, s)
    assert [m["text"] for m in s["legal"]] == ["r"], "the redeal is not the only move"
    page.reload()
    wait_ready(page)
    page.get_by_role("button", name="Hint").click()
    message = page.locator("#message")
    message.wait_for(state="visible")
    assert message.inner_text().startswith(advice), message.inner_text()
    control = page.locator("#redeal") if game == "caprice" else stock_pile(page)
    assert "hint" in (control.get_attribute("class") or "").split()
    page.context.close()
