"""The registry: stable ids in lobby order, metadata, options."""

from __future__ import annotations

import pytest

from patience.games import GAMES, get_game
from patience.games.registry import BadOption, Skill, UnknownGame

IDS = [
    "nationale",
    "klondike",
    "spider",
    "freecell",
    "thirteens",
    "sweet_sixteen",
    "caprice",
    "tournament",
    "pyramid",
    "king_tut",
    "trusty_twelve",
    "knotty_nines",
]


def test_the_twelve_games_in_lobby_order() -> None:
    assert list(GAMES) == IDS


@pytest.mark.parametrize("game_id", IDS)
def test_every_game_has_names_family_decks_skill_and_known_relatives(game_id: str) -> None:
    info = get_game(game_id)
    assert info.id == game_id
    assert info.names["en"] and info.names["de"]
    assert info.family and info.decks in (1, 2)
    assert isinstance(info.skill, Skill)
    assert info.related and all(r in GAMES and r != game_id for r in info.related)
    assert len(info.rules().pack) == 52 * info.decks


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("klondike", {"draw": ("1", "3"), "passes": ("unlimited", "3", "1")}),
        ("spider", {"suits": ("4", "2", "1")}),
    ],
)
def test_rule_options_default_first(game_id: str, options: dict[str, tuple[str, ...]]) -> None:
    info = get_game(game_id)
    assert {o.name: o.choices for o in info.options} == options
    assert info.canonical() == tuple((name, values[0]) for name, values in options.items())


def test_games_without_options_have_none() -> None:
    assert all(not GAMES[g].options for g in IDS if g not in ("klondike", "spider"))


def test_unknown_games_and_options_raise_clearly() -> None:
    with pytest.raises(UnknownGame, match="unknown game 'patience'"):
        get_game("patience")
    with pytest.raises(BadOption, match="draw must be one of 1, 3"):
        get_game("klondike").canonical({"draw": "2"})
    with pytest.raises(BadOption, match="has no option 'suits'"):
        get_game("klondike").canonical({"suits": "1"})


def test_the_same_options_give_the_same_rules_value() -> None:
    info = get_game("spider")
    assert info.rules({"suits": "2"}) is info.rules({"suits": "2"})
    assert info.rules({"suits": "2"}) != info.rules({"suits": "1"})


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_two_piles_share_a_place_in_the_layout_grid(game_id: str) -> None:
    places = [(p.row, p.column) for p in GAMES[game_id].rules().piles]
    assert len(places) == len(set(places))
