"""How one seat's game of a duel stands, read from the game itself.

>>> from patience.engine.game import Game
>>> game = Game.new("klondike", deal=1)
>>> standing_of(game, 30_000)
Standing(won=False, time_ms=30000, moves=0, cards_home=0, points=0)
"""

from __future__ import annotations

from patience.duels.result import Standing
from patience.engine.game import Game
from patience.scoring import CARDS_HOME, game_score


def standing_of(game: Game, time_ms: int) -> Standing:
    """The standing of ``game`` after ``time_ms`` of the seat's clock: its cards home are
    the game's own ``cards_home`` score, its points those of the game's default scoring
    (which may count the time)."""
    return Standing(
        won=game.engine.is_won(game.position),
        time_ms=time_ms,
        moves=len(game.moves),
        cards_home=game_score(game, CARDS_HOME),
        points=game_score(game, elapsed_seconds=time_ms / 1000),
    )
