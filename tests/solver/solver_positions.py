"""Positions and replays shared by the solver tests."""

from __future__ import annotations

import random
from collections.abc import Mapping

from patience.engine.core import Engine
from patience.engine.game import engine_for, start_position
from patience.engine.position import Move, Position
from patience.games import get_game
from patience.solver.result import ProvenUnwinnable, Result, Won


def engine_of(game: str, options: Mapping[str, str] | None = None) -> Engine:
    """The engine of ``game`` with ``options`` (its defaults when none are given)."""
    return engine_for(get_game(game).rules(options or {}))


def replays_to_win(engine: Engine, start: Position, moves: tuple[Move, ...]) -> bool:
    """Do ``moves``, each checked as legal, lead from ``start`` to a win?"""
    pos = start
    for move in moves:
        pos = engine.play(pos, move)
    return engine.is_won(pos)


def assert_verdict(engine: Engine, pos: Position, result: Result, winnable: bool) -> None:
    """``result`` is the right verdict on ``pos``: a win that replays when it is winnable,
    a proof otherwise (never unknown)."""
    if winnable:
        assert isinstance(result, Won), result
        assert replays_to_win(engine, pos, result.moves)
    else:
        assert isinstance(result, ProvenUnwinnable), result


def playout(
    game: str, deal: int, steps: int, seed: int, options: Mapping[str, str] | None = None
) -> Position:
    """A position up to ``steps`` random moves into a deal (fewer if the game ends first)."""
    engine = engine_of(game, options)
    pos = start_position(get_game(game), options or {}, deal)
    chooser = random.Random(seed)
    for _ in range(steps):
        moves = engine.legal_moves(pos)
        if not moves or engine.is_won(pos):
            break
        pos = engine.apply(pos, chooser.choice(moves))
    return pos
