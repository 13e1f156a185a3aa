"""patience games: every game with its names, family, options and relatives."""

from __future__ import annotations

import json

from patience.games import GAMES

from .conftest import Runner


def test_text_lists_every_game_with_its_options(patience: Runner) -> None:
    result = patience("games")
    assert result.status == 0
    for game_id, info in GAMES.items():
        assert game_id in result.out
        assert info.names["en"] in result.out
    assert "draw=1|3" in result.out
    assert "suits=4|2|1" in result.out
    assert "(de: Pyramide)" in result.out


def test_json_holds_every_field_in_lobby_order(patience: Runner) -> None:
    result = patience("games", "--json")
    assert result.status == 0
    records = json.loads(result.out)
    assert [r["id"] for r in records] == list(GAMES)
    klondike = records[1]
    assert klondike == {
        "id": "klondike",
        "names": {"en": "Klondike", "de": "Klondike"},
        "family": "klondike",
        "decks": 1,
        "skill": GAMES["klondike"].skill.value,
        "options": [
            {"name": "draw", "choices": ["1", "3"], "default": "1"},
            {"name": "passes", "choices": ["unlimited", "3", "1"], "default": "unlimited"},
        ],
        "related": list(GAMES["klondike"].related),
    }
    assert all(r["options"] == [] for r in records if r["id"] == "freecell")
    assert {r["decks"] for r in records} == {1, 2}
