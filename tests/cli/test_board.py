"""The board: piles placed by their layout row and column, hidden cards as ##."""

from __future__ import annotations

import pytest

from patience.cards import card_text
from patience.cli.board import EMPTY, HIDDEN, render, table_text
from patience.engine.game import Game
from patience.games import GAMES
from patience.views import hidden_view, open_view


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_visible_card_and_pile_code_is_shown(game_id: str) -> None:
    game = Game.new(game_id, deal=3)
    view = hidden_view(game.engine, game.position)
    text = render(view)
    words = text.split()
    for pile in view.piles:
        assert any(w == pile.code or w.startswith(pile.code + ":") for w in words)
    shown = [w for w in words if len(w) == 2 and w not in (HIDDEN, EMPTY)]
    tops = [card_text(p.cards[-1]) for p in view.piles if p.cards and p.cards[-1] is not None]
    for card in tops:
        assert card in shown
    assert all(line == line.rstrip() for line in text.splitlines())


def test_tableau_piles_fan_down_bottom_first_in_their_columns() -> None:
    game = Game.new("klondike", deal=1)
    lines = render(open_view(game.engine, game.position)).splitlines()
    header = lines[2]
    x = header.index("7")
    column = [line[x : x + 2] for line in lines[3:]]
    assert column == [card_text(c) for c in game.position.piles[6]]


def test_every_pile_of_tournament_shows_its_label() -> None:
    game = Game.new("tournament", deal=1)
    words = render(hidden_view(game.engine, game.position)).split()
    assert {"r1", "r8", "s:72", "f1:0", "f8:0", "1", "6"} <= set(words)


def test_redeals_left_shown_only_where_the_game_has_redeals() -> None:
    assert "redeals left: 2" in table_text(Game.new("caprice"))
    assert "redeals left" not in table_text(Game.new("freecell"))
    assert "redeals left" not in table_text(Game.new("klondike"))  # unlimited


@pytest.mark.parametrize(("draw", "shown"), [("3", 3), ("1", 1)])
def test_the_waste_shows_the_cards_of_the_last_draw(draw: str, shown: int) -> None:
    game = Game.new("klondike", {"draw": draw}, 1)
    game.play_text("s")
    game.play_text("s")
    waste = game.position.piles[game.engine.waste]
    lines = render(hidden_view(game.engine, game.position)).splitlines()
    x = lines[0].index(f"w:{len(waste)}")
    tableau_labels = next(n for n, line in enumerate(lines) if line.startswith("1 "))
    column = [line[x : x + 2].strip() for line in lines[1:tableau_labels]]
    assert [c for c in column if c] == [card_text(c) for c in waste[-shown:]]
