"""Sub-games of the Klondike family: games each of whose lines is a line of a wider game.

A game is *wider* than another (:func:`wider`) when its rules differ only in turning one card
at a time or as many, with at least as many redeals; a line of the sub-game then replays there
move for move, a turn of ``n`` cards as ``n`` turns (:func:`widened`). The Klondike searcher
searches :func:`subgame` first drawing one with limited redeals: its wins are wins, its proofs
say nothing. (docs/SOLVERS.md, "Sub-games: a narrower game's wins are wins")
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from patience.engine.core import Engine
from patience.engine.position import STOCK_MOVE, Move, Position
from patience.rules.game import Rules
from patience.rules.stock import UNLIMITED, Action, Redeal

SUBGAME_DRAW = 3
"""The cards a turn of the sub-game draws (:func:`subgame`)."""


def wider(sub: Rules, game: Rules) -> bool:
    """May a player of ``game`` play every line ``sub`` allows, to the same end?

    >>> from patience.games import get_game
    >>> klondike = get_game("klondike")
    >>> wider(klondike.rules({"draw": "3", "passes": "1"}), klondike.rules({"passes": "3"}))
    True
    >>> wider(klondike.rules({"draw": "1"}), klondike.rules({"draw": "3"}))
    False
    """
    ours, theirs = sub.stock, game.stock
    if replace(sub, stock=theirs) != game:
        return False
    if ours.action is not Action.TO_WASTE or ours.redeal is not Redeal.RECYCLE_WASTE:
        return False
    if replace(ours, count=theirs.count, redeals=theirs.redeals) != theirs:
        return False
    draws = theirs.count in (1, ours.count)
    if theirs.redeals == UNLIMITED:
        return draws
    return draws and ours.redeals != UNLIMITED and ours.redeals <= theirs.redeals


def subgame(rules: Rules) -> Rules | None:
    """The game drawing :data:`SUBGAME_DRAW` cards a turn, when ``rules`` draw one with
    limited redeals (a sub-game, by :func:`wider`); otherwise ``None``."""
    stock = rules.stock
    if stock.count != 1 or stock.redeals == UNLIMITED:
        return None
    sub = replace(rules, stock=replace(stock, count=SUBGAME_DRAW))
    return sub if wider(sub, rules) else None


def widened(sub: Engine, game: Engine, start: Position, moves: Sequence[Move]) -> tuple[Move, ...]:
    """The wider game's moves for the sub-game's ``moves`` from ``start``: each turn of the
    stock as many single turns as it turns cards (when the wider game turns one). Every
    move is checked by :meth:`Engine.play` in both games."""
    single = game.rules.stock.count == 1
    out: list[Move] = []
    here = there = start
    for move in moves:
        turns = 1
        if move == STOCK_MOVE and single:
            turns = min(sub.rules.stock.count, len(here.piles[sub.stock]))
        for _ in range(turns):
            there = game.play(there, move)
            out.append(move)
        here = sub.play(here, move)
    return tuple(out)
