"""Every game of the collection, by stable id.

>>> sorted(GAMES)[:3]
['caprice', 'freecell', 'king_tut']
>>> get_game("nationale").names["de"]
'Nationale'
"""

from __future__ import annotations

from patience.games.freecell import FREECELL
from patience.games.klondike import KLONDIKE
from patience.games.nationale import CAPRICE, NATIONALE, TOURNAMENT
from patience.games.registry import GameInfo, UnknownGame
from patience.games.spider import SPIDER
from patience.games.sweet_sixteen import KNOTTY_NINES, SWEET_SIXTEEN, TRUSTY_TWELVE
from patience.games.thirteens import KING_TUT, PYRAMID_GAME, THIRTEENS

GAMES: dict[str, GameInfo] = {
    g.id: g
    for g in (
        NATIONALE,
        KLONDIKE,
        SPIDER,
        FREECELL,
        THIRTEENS,
        SWEET_SIXTEEN,
        CAPRICE,
        TOURNAMENT,
        PYRAMID_GAME,
        KING_TUT,
        TRUSTY_TWELVE,
        KNOTTY_NINES,
    )
}
"""The games in the order the lobby shows them: the six of our source pages, then relatives."""


def get_game(game_id: str) -> GameInfo:
    """The game with this id; :class:`UnknownGame` if there is none."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
