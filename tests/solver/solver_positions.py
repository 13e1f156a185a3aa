"""Positions and replays shared by the solver tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from patience.cards import make_card
from patience.engine.core import Engine
from patience.engine.game import engine_for, start_position
from patience.engine.position import Move, Position
from patience.games import get_game
from patience.solver.result import ProvenUnwinnable, Result, Won

S = TypeVar("S")
M = TypeVar("M")


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
    """A position up to ``steps`` random search moves into a deal (fewer if the game ends
    first)."""
    engine = engine_of(game, options)
    pos = start_position(get_game(game), options or {}, deal)
    chooser = random.Random(seed)
    for _ in range(steps):
        moves = engine.search_moves(pos)
        if not moves or engine.is_won(pos):
            break
        pos = engine.apply(pos, chooser.choice(moves))
    return pos


def klondike_late_position(
    engine: Engine, seed: int, away: int, waste: float = 0.0, stock: float = 0.15
) -> Position:
    """A random Klondike position with ``away`` cards off the foundations: each suit home up
    to a random height, the other cards dealt at random to the waste (share ``waste``), the
    stock (share ``stock``) and the tableau (face down but for each pile's top)."""
    chooser = random.Random(seed)
    heights = [13, 13, 13, 13]
    for _ in range(away):
        s = chooser.choice([s for s in range(4) if heights[s]])
        heights[s] -= 1
    rest = [make_card(r, s) for s in range(4) for r in range(heights[s] + 1, 14)]
    chooser.shuffle(rest)
    piles: list[list[int]] = [[] for _ in engine.specs]
    for f, s in zip(engine.foundations, range(4), strict=True):
        piles[f] = [make_card(r, s) for r in range(1, heights[s] + 1)]
    for card in rest:
        roll = chooser.random()
        if roll < waste:
            piles[engine.waste].append(card)
        elif roll < waste + stock:
            piles[engine.stock].append(card)
        else:
            piles[chooser.choice(engine.tableau)].append(card)
    down = [0] * len(engine.specs)
    for t in engine.tableau:
        down[t] = max(0, len(piles[t]) - 1)
    down[engine.stock] = len(piles[engine.stock])
    return Position(tuple(map(tuple, piles)), tuple(down))


def perft(
    moves: Callable[[S], Sequence[M]], play: Callable[[S, M], S], start: S, depth: int
) -> int:
    """How many lines of ``depth`` moves lead from ``start``, by a generator ``moves`` and its
    ``play`` (a solver's, or the engine's ``search_moves`` and ``apply``)."""
    found = moves(start)
    if depth == 1:
        return len(found)
    return sum(perft(moves, play, play(start, m), depth - 1) for m in found)
