"""Display settings kept in this browser: the colour theme beside the system's, on every page."""

from __future__ import annotations

from playwright.sync_api import Browser, Page
from table_driver import open_game, wait_ready
from test_e2e_pages import axe_problems

LIGHT_PAGE = "rgb(244, 241, 234)"
DARK_PAGE = "rgb(18, 23, 21)"
WIDE = {"width": 1920, "height": 900}


def page_colour(page: Page) -> str:
    colour: str = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    return colour


def choose_theme(page: Page, label: str) -> None:
    settings = page.locator("details.settings")
    if not settings.evaluate("d => d.open"):
        settings.locator("summary").click()
    page.locator("select[data-setting='theme']").select_option(label=label)


def test_the_theme_switch_overrides_the_system_on_every_page(
    browser: Browser, base_url: str
) -> None:
    page = open_game(browser, f"{base_url}/en/klondike?deal=3", color_scheme="light")
    assert page_colour(page) == LIGHT_PAGE
    assert page.get_by_label("Theme").input_value() == "system"
    choose_theme(page, "Dark")
    assert page_colour(page) == DARK_PAGE
    assert axe_problems(page) == []
    for path in ("/en/", "/en/stats", "/de/klondike?deal=3"):
        page.goto(base_url + path)
        assert page_colour(page) == DARK_PAGE, path
        assert axe_problems(page) == [], path
    wait_ready(page)
    assert page.get_by_label("Darstellung").input_value() == "dark"
    choose_theme(page, "Wie das System")
    assert page_colour(page) == LIGHT_PAGE
    page.context.close()


def test_light_can_be_chosen_on_a_dark_system(browser: Browser, base_url: str) -> None:
    page = open_game(browser, f"{base_url}/en/freecell?deal=3", color_scheme="dark")
    assert page_colour(page) == DARK_PAGE
    choose_theme(page, "Light")
    assert page_colour(page) == LIGHT_PAGE
    page.reload()
    wait_ready(page)
    assert page_colour(page) == LIGHT_PAGE
    page.context.close()


def card_width(page: Page) -> float:
    width: float = page.evaluate("() => document.querySelector('#table .card').offsetWidth")
    return width


def test_the_card_size_setting_makes_cards_smaller_or_larger(
    browser: Browser, base_url: str
) -> None:
    # Wide enough that the cards' height, not the width of the columns, limits them.
    page = open_game(browser, f"{base_url}/en/klondike?deal=3", viewport=WIDE)
    medium = card_width(page)
    page.locator("summary", has_text="Settings").click()
    size = page.get_by_label("Card size")
    assert size.input_value() == "medium"
    size.select_option(label="Small")
    assert card_width(page) < 0.9 * medium
    size.select_option(label="Large")
    large = card_width(page)
    assert large > 1.1 * medium
    page.reload()
    wait_ready(page)
    assert card_width(page) == large
    assert page.get_by_label("Card size").input_value() == "large"
    page.context.close()
