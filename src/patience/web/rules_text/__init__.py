"""The rules of every game in our own words, in English and German, written from its definition.

>>> from patience.games import get_game
>>> info = get_game("klondike")
>>> [s.title for s in rules_sections(info, {"draw": "3"}, "en")][:3]
['Aim', 'Layout', 'Tableau']
>>> game_name(get_game("pyramid"), "de")
'Pyramide'
"""

from __future__ import annotations

from collections.abc import Mapping

from patience.games.registry import GameInfo
from patience.web.rules_text.facts import facts
from patience.web.rules_text.per_game import tagline_text
from patience.web.rules_text.reasons import reason_text
from patience.web.rules_text.sections import Section, sections_for
from patience.web.rules_text.words import LANGS, check_lang

__all__ = ["LANGS", "Section", "game_name", "reason_text", "rules_sections", "tagline"]


def game_name(info: GameInfo, lang: str) -> str:
    """The game's name in ``lang``."""
    return info.names[check_lang(lang)]


def tagline(info: GameInfo, lang: str) -> str:
    """One line on what makes the game special, for the lobby."""
    return tagline_text(info.id, lang)


def rules_sections(info: GameInfo, options: Mapping[str, str] | None, lang: str) -> list[Section]:
    """The game's rules for these options, in sections; bad options raise ``BadOption``."""
    check_lang(lang)
    return sections_for(facts(info, info.canonical(options)), lang)
