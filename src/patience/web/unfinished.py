"""The lobby's list of the player's unfinished games, each with the page that resumes it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from patience.games import GAMES
from patience.store.records import UnfinishedGame, options_dict
from patience.web.rules_text import game_name
from patience.web.state import game_url
from patience.web.stats import describe_options
from patience.web.ui_strings import counted, ui_strings

SHOWN = 10
"""At most this many unfinished games are listed."""


def unfinished_rows(found: Iterable[UnfinishedGame], lang: str) -> list[dict[str, Any]]:
    """One row per unfinished game of a game we still have, in the order given."""
    t = ui_strings(lang)
    rows = []
    for game in found:
        info = GAMES.get(game.game)
        if info is None:
            continue
        options = options_dict(game.options)
        rows.append(
            {
                "name": game_name(info, lang),
                "deal": game.deal,
                "options_text": describe_options(options, lang),
                "moves": counted(t, "count_moves", game.moves_made),
                "url": game_url(lang, info.id, tuple(options.items()), game.deal),
            }
        )
    return rows
