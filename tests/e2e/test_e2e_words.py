"""What the game page says: counts in the right number, hints worded as advice, and cards a
player cannot take yet named so for screen readers."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser
from table_driver import open_game, state, stored, wait_ready


@pytest.mark.parametrize(
    ("lang", "one", "many"), [("en", "1 card", "6 cards"), ("de", "1 Karte", "6 Karten")]
)
def test_pile_labels_count_one_card_and_many(
    browser: Browser, base_url: str, lang: str, one: str, many: str
) -> None:
    page = open_game(browser, f"{base_url}/{lang}/freecell?deal=1")
    s = stored(page.context.request, base_url, state(page))
    answer = page.context.request.post(
        f"{base_url}/api/games/{s['id']}/moves", data={"version": s["version"], "move": "1a"}
    )
    assert answer.ok, answer.text()
    page.reload()
    wait_ready(page)
    cell = page.locator(".pile[data-pile='8']").get_attribute("aria-label") or ""
    column = page.locator(".pile[data-pile='0']").get_attribute("aria-label") or ""
    assert cell.endswith(f", {one}"), cell
    assert column.endswith(f", {many}"), column
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "advice"),
    # Whatever the hint removes (the solver's King, or the heuristic's pick when the solver
    # runs out of time on a busy machine), it is advice, not "Removed ...".
    [("en", r"Hint: remove [^.]+\. "), ("de", r"Tipp: [^.]+ entfernen\. ")],
)
def test_a_removal_hint_is_worded_as_advice(
    browser: Browser, base_url: str, lang: str, advice: str
) -> None:
    # A King lies free: the hint removes it.
    page = open_game(browser, f"{base_url}/{lang}/pyramid?deal=1")
    page.locator("button[data-command='hint']").click()
    message = page.locator("#message")
    message.wait_for(state="visible")
    assert re.match(advice, message.inner_text()), message.inner_text()
    page.context.close()


@pytest.mark.parametrize("game", ["pyramid", "king_tut"])
def test_covered_pyramid_cards_are_said_not_to_be_free(
    browser: Browser, base_url: str, game: str
) -> None:
    page = open_game(browser, f"{base_url}/en/{game}?deal=1")
    places = [p for p in state(page)["piles"] if p["code"].startswith("p") and p["cards"]]
    assert any(p["free"] for p in places) and not all(p["free"] for p in places)
    for pile in places:
        card = page.locator(f".card.stop[data-pile='{pile['index']}']")
        label = card.get_attribute("aria-label") or ""
        said_covered = label.endswith(", covered, not free")
        assert said_covered == (not pile["free"]), label
        assert (card.get_attribute("aria-disabled") == "true") == (not pile["free"]), label
    page.context.close()
