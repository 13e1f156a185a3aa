"""The status line: the score where the game keeps one, from the page's first drawing on."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser
from table_driver import open_game, state, stored

from patience.games import GAMES


@pytest.mark.parametrize("game", list(GAMES))
def test_the_score_is_shown_at_load_and_after_reload(
    browser: Browser, base_url: str, game: str
) -> None:
    page = open_game(browser, f"{base_url}/en/{game}?deal=5")
    s = state(page)
    score, value = page.locator("#score"), page.locator("#score-value")
    assert score.is_visible(), "no score before the first move"
    assert value.inner_text() == str(s["score"])
    # A stored game with a move in it, opened again.
    s = stored(page.context.request, base_url, s)
    move = s["legal"][0]["text"]
    answer = page.context.request.post(
        f"{base_url}/api/games/{s['id']}/moves", data={"version": s["version"], "move": move}
    )
    assert answer.ok, answer.text()
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert score.is_visible(), "no score after reload"
    assert value.inner_text() == str(answer.json()["score"])
    page.context.close()
