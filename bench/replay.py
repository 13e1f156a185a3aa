"""The check every solver benchmark makes: does a found solution replay to a win?"""

from __future__ import annotations

from collections.abc import Iterable

from patience.engine.core import Engine
from patience.engine.errors import IllegalMove
from patience.engine.position import Move, Position


def replays_to_win(engine: Engine, start: Position, moves: Iterable[Move]) -> bool:
    """Do ``moves``, each checked by :meth:`Engine.play`, lead from ``start`` to a win?
    An illegal move is a failed replay, not a crash of the benchmark."""
    pos = start
    try:
        for move in moves:
            pos = engine.play(pos, move)
    except IllegalMove:
        return False
    return engine.is_won(pos)
