"""Pages in both languages, axe-core checks and screenshots of every page at two sizes."""

from __future__ import annotations

from typing import Any

import pytest
from browser_setup import ARTIFACTS, AXE, DESKTOP, NO_AUTOPLAY, PHONE
from playwright.sync_api import Browser, Page
from table_driver import wait_ready

from patience.games import GAMES

SIZES = {"phone": PHONE, "desktop": DESKTOP}


def axe_problems(page: Page) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations on the page."""
    if not AXE.exists():
        pytest.fail(f"axe-core is missing at {AXE}: run `make axe`")
    # Evaluated through the DevTools protocol: a script tag would be inline script, which
    # the pages' Content-Security-Policy refuses.
    page.evaluate(AXE.read_text())
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ["violations"]});
            return result.violations
                .filter((v) => v.impact === "serious" || v.impact === "critical")
                .map((v) => ({id: v.id, impact: v.impact, help: v.help,
                              nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" "))}));
        }"""
    )
    return found


# The smallest width and the smallest visible height of any card or pile a player can use.
SMALLEST_TARGET = """() => {
    let width = Infinity, height = Infinity;
    for (const el of document.querySelectorAll('#table .stop')) {
        const r = el.getBoundingClientRect();
        const next = el.nextElementSibling;
        let h = r.height;
        if (el.classList.contains('card') && next && next.classList.contains('card')) {
            h = Math.min(h, next.getBoundingClientRect().top - r.top);
        }
        width = Math.min(width, r.width);
        height = Math.min(height, h);
    }
    return [width, height];
}"""


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("size", list(SIZES))
def test_lobby_lists_every_game_and_passes_axe(browser: Browser, base_url: str, size: str) -> None:
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.goto(f"{base_url}/en/")
    links = page.locator(".game-card h2 a")
    assert links.count() == len(GAMES)
    assert page.locator(".picture svg").count() == len(GAMES)
    shoot(page, f"lobby-en-{size}")
    assert axe_problems(page) == []
    context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_game_page_at_both_sizes_passes_axe(browser: Browser, base_url: str, game: str) -> None:
    for size, viewport in SIZES.items():
        context = browser.new_context(viewport=viewport)
        context.add_init_script(NO_AUTOPLAY)
        page = context.new_page()
        page.goto(f"{base_url}/en/{game}")
        wait_ready(page)
        # Nothing sticks out of the table sideways: phones must not scroll horizontally.
        overflow = page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{game} is {overflow}px too wide at {size}"
        shoot(page, f"{game}-en-{size}")
        smallest = page.evaluate(SMALLEST_TARGET)
        assert min(smallest) >= 24, f"{game}: a card or pile target is {smallest} px at {size}"
        assert axe_problems(page) == [], size
        context.close()


@pytest.mark.parametrize(
    ("lang", "rules", "undo"), [("en", "Rules", "Undo"), ("de", "Regeln", "Zurück")]
)
def test_both_languages_render(
    browser: Browser, base_url: str, lang: str, rules: str, undo: str
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(NO_AUTOPLAY)
    page = context.new_page()
    page.goto(f"{base_url}/{lang}/nationale?deal=3")
    wait_ready(page)
    assert page.locator("html").get_attribute("lang") == lang
    assert page.get_by_role("heading", name=rules).is_visible()
    assert page.locator("#undo").inner_text() == undo
    assert page.locator("#rules-title ~ p").count() > 2
    # Cards carry labels in the page's language.
    labels = page.locator("#table [role=button]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    word = {"en": " of ", "de": "Karte"}[lang]
    assert labels and all(word in label for label in labels if "Foundation" not in label)
    assert axe_problems(page) == []
    other = {"en": "de", "de": "en"}[lang]
    switch = page.locator(f"header a[hreflang='{other}']")
    switch.click()
    page.wait_for_url(f"**/{other}/nationale**")
    assert page.locator("html").get_attribute("lang") == other
    shoot(page, f"nationale-{other}-desktop")
    context.close()
