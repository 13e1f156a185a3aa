"""Winning in the browser: the last card home brings the celebration and the won notice."""

from __future__ import annotations

import re

from browser_setup import ARTIFACTS, DESKTOP, NO_AUTOPLAY
from playwright.sync_api import Browser, expect
from table_driver import (
    drag,
    open_game,
    source_card,
    state,
    stored,
    target,
    wait_ready,
    wait_version,
)

from patience.engine.game import Game
from patience.games import get_game
from patience.notation import move_text
from patience.solver import solve_deal
from patience.solver.result import Won

DEAL = 2  # FreeCell deal the solver wins in well under a second


def winning_line(game_id: str, deal: int) -> list[str]:
    result = solve_deal(get_game(game_id), None, deal)
    assert isinstance(result, Won)
    game = Game.new(game_id, deal=deal)
    texts = []
    for move in result.moves:
        texts.append(move_text(game.engine, game.position, move))
        game.play(move)
    return texts


def test_last_move_wins_and_celebrates(browser: Browser, base_url: str) -> None:
    line = winning_line("freecell", DEAL)
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(NO_AUTOPLAY)
    page = context.new_page()
    page.goto(f"{base_url}/en/freecell?deal={DEAL}")
    wait_ready(page)
    s = stored(context.request, base_url, state(page))
    version = s["version"]
    for text in line[:-1]:  # all but the last move through the API, as this player
        answer = context.request.post(
            f"{base_url}/api/games/{s['id']}/moves", data={"version": version, "move": text}
        )
        assert answer.ok, answer.text()
        version = answer.json()["version"]
    page.reload()
    wait_ready(page)
    s = state(page)
    assert s["outcome"] == "in_play"
    last = next(m for m in s["legal"] if m["text"] == line[-1])
    drag(page, source_card(page, s, last), target(page, s, last["dst"]))
    won = wait_version(page, s["version"])
    assert won["outcome"] == "won"
    dialog = page.locator("#won-dialog")
    dialog.wait_for(state="visible")
    assert page.locator("#table.celebrate").count() == 1
    # Announced: a modal dialog takes the focus, and its description says how the game went.
    assert dialog.evaluate("d => d.matches(':modal') && d.contains(document.activeElement)")
    described = dialog.evaluate(
        "d => document.getElementById(d.getAttribute('aria-describedby')).textContent"
    )
    moves = f"{won['moves_made']} moves"
    assert re.fullmatch(
        rf"Deal {DEAL} solved: {moves} in \d+:\d\d\. Score: {won['score']}\.", described
    )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "freecell-won-desktop.png"))
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    # The dialog's close event, which ends the celebration, is queued after the dialog hides.
    expect(page.locator("#table.celebrate")).to_have_count(0)

    page.goto(f"{base_url}/en/stats")
    row = page.locator("table.stats tbody tr", has_text="FreeCell")
    assert row.count() == 1
    cells = row.locator("td").all_inner_texts()
    assert cells[2] == "1", cells  # won
    page.screenshot(path=str(ARTIFACTS / "stats-en-desktop.png"))
    context.close()


def test_finish_button_plays_the_safe_rest(browser: Browser, base_url: str) -> None:
    line = winning_line("freecell", DEAL)
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(NO_AUTOPLAY)
    page = context.new_page()
    page.goto(f"{base_url}/en/freecell?deal={DEAL}")
    wait_ready(page)
    s = stored(context.request, base_url, state(page))
    version = s["version"]
    for text in line:  # play the winning line until only safe moves are left
        answer = context.request.post(
            f"{base_url}/api/games/{s['id']}/moves", data={"version": version, "move": text}
        )
        assert answer.ok, answer.text()
        version = answer.json()["version"]
        if answer.json()["autocomplete"]:
            break
    page.reload()
    wait_ready(page)
    assert state(page)["outcome"] == "in_play"
    finish = page.get_by_role("button", name="Finish the game")
    finish.click()
    page.wait_for_function("() => window.patience.state.outcome === 'won'", timeout=30_000)
    page.locator("#won-dialog").wait_for(state="visible")
    context.close()


def test_lost_dialog_is_announced_and_esc_closes_it(browser: Browser, base_url: str) -> None:
    page = open_game(browser, f"{base_url}/en/thirteens?deal=6")  # no move from the start
    assert state(page)["outcome"] == "lost"
    dialog = page.locator("#lost-dialog")
    dialog.wait_for(state="visible")
    assert dialog.evaluate("d => d.matches(':modal') && d.contains(document.activeElement)")
    assert dialog.get_attribute("aria-describedby") == "lost-text"
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    page.context.close()


def test_the_lost_dialog_offers_undo_only_with_a_move_to_take_back(
    browser: Browser, base_url: str
) -> None:
    page = open_game(browser, f"{base_url}/en/thirteens?deal=6")  # no move from the start
    dialog = page.locator("#lost-dialog")
    dialog.wait_for(state="visible")
    undo = dialog.get_by_role("button", name="Undo")
    assert undo.is_hidden()
    assert not dialog.evaluate("d => document.activeElement.dataset.command === 'undo'")
    page.context.close()

    page = open_game(browser, f"{base_url}/en/thirteens?deal=8")  # lost after 11 moves
    s = stored(page.context.request, base_url, state(page))
    for _ in range(60):  # the first move each time, until no move is left
        if s["outcome"] != "in_play":
            break
        move = {"version": s["version"], "move": s["legal"][0]["text"]}
        answer = page.context.request.post(f"{base_url}/api/games/{s['id']}/moves", data=move)
        assert answer.ok, answer.text()
        s = answer.json()
    assert s["outcome"] == "lost"
    page.reload()
    wait_ready(page)
    dialog = page.locator("#lost-dialog")
    dialog.wait_for(state="visible")
    assert dialog.get_by_role("button", name="Undo").is_visible()
    page.context.close()
