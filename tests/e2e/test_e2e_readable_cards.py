"""Cards a player can read and use at every size: a fanned card's strip shows its rank and
suit, glyphs stay legible and targets large enough on a phone, the board fits in landscape."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_setup import DESKTOP, NO_AUTOPLAY, PHONE
from playwright.sync_api import Browser, Page
from table_driver import wait_ready

from patience.games import GAMES

LANDSCAPE = {"width": 844, "height": 390}
TOUCH = {"has_touch": True, "is_mobile": True}
SETTINGS = [
    {"cardSize": size, "largeIndex": large}
    for size in ("small", "medium", "large")
    for large in (False, True)
]
SMALLEST_GLYPH_PX = 12
SMALLEST_TARGET_PX = 24

# A card's index: the rank symbol drawn at the card's top left (the turned index at the bottom
# right lies inside a group) and the suit shape right after it.
INDEX = """
const indexOf = (card) => {
    const rank = card.querySelector(":scope > svg > use[href^='#rank-']");
    return { rank, suit: rank && rank.nextElementSibling };
};
"""

# Fanned cards whose rank or suit glyph reaches outside the strip that the next card leaves
# uncovered.
HIDDEN_INDEX = f"""() => {{
    {INDEX}
    const problems = [];
    for (const card of document.querySelectorAll('#table .card.up')) {{
        const next = card.parentElement.querySelector(
            `.card[data-card='${{Number(card.dataset.card) + 1}}']`);
        if (!next) continue;
        const c = card.getBoundingClientRect();
        const seenTo = next.getBoundingClientRect().top;
        if (seenTo - c.top < 1) continue;  // stacked, not fanned
        const {{ rank, suit }} = indexOf(card);
        for (const [what, el] of [['rank', rank], ['suit', suit]]) {{
            if (!el) {{ problems.push(`${{card.dataset.face}}: no ${{what}}`); continue; }}
            const b = el.getBoundingClientRect();
            if (b.top < c.top - 0.5 || b.bottom > seenTo + 0.5
                || b.left < c.left - 0.5 || b.right > c.right + 0.5) {{
                problems.push(`${{card.dataset.face}} ${{what}} ${{Math.round(b.bottom - c.top)}}`
                    + ` px deep in a ${{Math.round(seenTo - c.top)}} px strip`);
            }}
        }}
    }}
    return problems;
}}"""

# The smallest rank (rendered font size) and suit (its shape's height) of any face-up card.
SMALLEST_GLYPHS = f"""() => {{
    {INDEX}
    let rankPx = Infinity, suitPx = Infinity;
    for (const card of document.querySelectorAll('#table .card.up')) {{
        const {{ rank, suit }} = indexOf(card);
        const svg = card.querySelector('svg');
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const symbol = document.querySelector(rank.getAttribute('href'));
        const font = Number(symbol.querySelector('text').getAttribute('font-size'));
        const size = rank.height.baseVal.value * scale * font / symbol.viewBox.baseVal.height;
        rankPx = Math.min(rankPx, size);
        suitPx = Math.min(suitPx, suit.getBoundingClientRect().height);
    }}
    return [rankPx, suitPx];
}}"""

# Targets (cards and piles a player can use) with no square of the given size where a tap
# lands on them: what lies on top of a card, the next card of a fan or a pyramid's lower row,
# is not part of it. A stacked pile's slot is used through the cards on it.
SMALL_TARGETS = """(size) => {
    const owner = (el) => el && (el.closest('.stop')
        || el.closest('.pile')?.querySelector(':scope > .slot.stop'));
    const small = [];
    for (const el of document.querySelectorAll('#table .stop')) {
        el.scrollIntoView({ block: 'center', inline: 'nearest' });
        const r = el.getBoundingClientRect();
        let found = false;
        for (let y = r.top; !found && y + size <= r.bottom + 0.01; y += 2) {
            for (let x = r.left; !found && x + size <= r.right + 0.01; x += 2) {
                const points = [0.5, size / 2, size - 0.5].flatMap(
                    (dx) => [0.5, size / 2, size - 0.5].map((dy) => [x + dx, y + dy]));
                found = points.every(([px, py]) => owner(document.elementFromPoint(px, py)) === el);
            }
        }
        if (!found) small.push(el.getAttribute('aria-label'));
    }
    window.scrollTo(0, 0);
    return small;
}"""


def open_with(browser: Browser, url: str, settings: dict[str, Any], **context: Any) -> Page:
    page_context = browser.new_context(**context)
    page_context.add_init_script(NO_AUTOPLAY)
    page_context.add_init_script(
        "const k = 'patience.settings';"
        "localStorage.setItem(k, JSON.stringify({...JSON.parse(localStorage.getItem(k) || '{}'),"
        f" ...{json.dumps(settings)}}}));"
    )
    page = page_context.new_page()
    page.goto(url)
    wait_ready(page)
    return page


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", ["freecell", "nationale", "caprice"])
def test_every_fanned_card_shows_its_rank_and_suit(
    browser: Browser, base_url: str, game: str, size: str
) -> None:
    viewport, context = (DESKTOP, {}) if size == "desktop" else (PHONE, TOUCH)
    for settings in SETTINGS:
        page = open_with(
            browser, f"{base_url}/en/{game}?deal=3", settings, viewport=viewport, **context
        )
        assert page.evaluate(HIDDEN_INDEX) == [], settings
        page.context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_cards_are_legible_and_big_enough_to_tap_on_a_phone(
    browser: Browser, base_url: str, game: str
) -> None:
    page = open_with(browser, f"{base_url}/en/{game}?deal=3", {}, viewport=PHONE, **TOUCH)
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"{overflow} px too wide"
    rank_px, suit_px = page.evaluate(SMALLEST_GLYPHS)
    assert rank_px >= SMALLEST_GLYPH_PX, f"rank letters {rank_px:.1f} px"
    assert suit_px >= SMALLEST_GLYPH_PX, f"suit signs {suit_px:.1f} px"
    assert page.evaluate(SMALL_TARGETS, SMALLEST_TARGET_PX) == []
    page.context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_the_board_is_above_the_fold_in_landscape(
    browser: Browser, base_url: str, game: str
) -> None:
    page = open_with(browser, f"{base_url}/en/{game}?deal=3", {}, viewport=LANDSCAPE, **TOUCH)
    piles = page.evaluate(
        """() => [...document.querySelectorAll('#table .pile')].map((p) => {
            const r = p.getBoundingClientRect();
            return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
        })"""
    )
    top = min(p["top"] for p in piles)
    top_row_bottom = max(p["bottom"] for p in piles if p["top"] < top + 1)
    assert top_row_bottom <= LANDSCAPE["height"], f"top row ends at {top_row_bottom:.0f} px"
    # Every pile is on the page, none beyond either side.
    width = page.evaluate("() => document.documentElement.clientWidth")
    assert all(p["left"] >= 0 and p["right"] <= width for p in piles)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.context.close()
