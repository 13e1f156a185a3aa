"""The stock and redeal controls of each game, and the key help that lists them."""

from __future__ import annotations

import pytest

from patience.games import GAMES
from patience.web.controls import StockControls, keys_help, stock_controls
from patience.web.ui_strings import LANGS, ui_strings

NONE = StockControls(deal=False, redeal=None, redeal_button=False, redeals_counted=False)


@pytest.mark.parametrize(
    ("game", "options", "controls"),
    [
        ("klondike", {}, StockControls(True, "recycle_waste", False, False)),
        ("klondike", {"passes": "3"}, StockControls(True, "recycle_waste", False, True)),
        ("klondike", {"passes": "1"}, StockControls(True, None, False, False)),
        ("spider", {}, StockControls(True, None, False, False)),
        ("caprice", {}, StockControls(False, "gather_tableau", True, True)),
        ("tournament", {}, StockControls(True, "gather_tableau", False, True)),
        ("pyramid", {}, StockControls(True, "recycle_waste", False, True)),
        ("king_tut", {}, StockControls(True, "recycle_waste", False, False)),
        ("nationale", {}, NONE),
        ("freecell", {}, NONE),
        ("thirteens", {}, NONE),  # its stock only fills gaps
        ("sweet_sixteen", {}, NONE),
    ],
)
def test_controls_follow_the_rules(
    game: str, options: dict[str, str], controls: StockControls
) -> None:
    assert stock_controls(GAMES[game].rules(options)) == controls


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_key_help_names_each_control_and_no_other(lang: str, game: str) -> None:
    t = ui_strings(lang)
    controls = stock_controls(GAMES[game].rules())
    text = keys_help(controls, t)
    assert text.startswith(t["keys_help"])
    assert (t["keys_deal"] in text) == controls.deal
    button = t["keys_redeal_button"].split("{")[0]
    stock = t["keys_redeal_stock"].split("{")[0]
    assert (button in text) == controls.redeal_button
    assert (stock in text) == (controls.redeal is not None and not controls.redeal_button)
    assert "{" not in text
