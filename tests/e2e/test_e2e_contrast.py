"""WCAG 1.4.11 on the game page: the focus ring and the outlines of empty piles stand out at
least 3:1 from what they sit on, in light and in dark mode."""

from __future__ import annotations

import pytest
from contrast import empty_slot_ratios, focus_ring_ratio
from playwright.sync_api import Browser
from table_driver import open_game

MINIMUM = 3.0
TAB_STOPS = 40


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_focus_ring_stands_out_on_every_tab_stop(
    browser: Browser, base_url: str, scheme: str
) -> None:
    page = open_game(browser, f"{base_url}/en/freecell?deal=1", color_scheme=scheme)
    weak = []
    seen_table = False
    for _ in range(TAB_STOPS):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement === document.body"):
            break
        found = focus_ring_ratio(page)
        seen_table |= page.evaluate("() => Boolean(document.activeElement.closest('#table'))")
        if float(str(found["ratio"])) < MINIMUM:
            weak.append(found)
    assert seen_table, "Tab never reached the table"
    assert weak == []
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_empty_piles_are_outlined_clearly(browser: Browser, base_url: str, scheme: str) -> None:
    # Four empty cells and four empty foundations.
    page = open_game(browser, f"{base_url}/en/freecell?deal=1", color_scheme=scheme)
    slots = empty_slot_ratios(page)
    assert len(slots) == 8
    assert [s for s in slots if float(str(s["ratio"])) < MINIMUM] == []
    page.context.close()
