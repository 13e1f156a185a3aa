"""The Nationale family's compiled walk: its steps end in a win that replays or in an empty
frontier."""

from __future__ import annotations

import pytest
from family_boards import FAMILY
from solver_positions import engine_of, replays_to_win

from patience.engine.game import start_position
from patience.games import get_game
from patience.solver.nationale.moves import TwoWayBoard
from patience.solver.nationale.score import BoardScore
from patience.solver.nationale.walk import EMPTY, GO_ON, WON, BoardWalk


@pytest.mark.parametrize("game", FAMILY)
def test_a_walk_ends_in_a_win_that_replays(game: str) -> None:
    engine = engine_of(game)
    rules = TwoWayBoard(engine)
    start = start_position(get_game(game), {}, 2)
    board = rules.board_of(start)
    assert board is not None
    digs = bool(rules.cells)  # Tournament: the first quick search's digs and weights
    score = BoardScore(rules, 20, 50) if digs else BoardScore(rules, 4, 100)
    walk = BoardWalk(rules, board, start.redeals, score, None, digs, not digs)
    done = [walk.step() for _ in range(5_000)]
    assert WON in done and set(done[: done.index(WON)]) == {GO_ON}
    assert walk.line is not None and replays_to_win(engine, start, walk.line)


def test_a_walk_with_nothing_to_move_runs_out() -> None:
    # Caprice deal 1 with the tableau emptied but for one card no foundation takes: it has
    # nowhere to go, and the redeals only deal it again, so the frontier empties.
    engine = engine_of("caprice")
    rules = TwoWayBoard(engine)
    start = start_position(get_game("caprice"), {}, 1)
    board = rules.board_of(start)
    assert board is not None
    homes = rules.homes(board)
    stuck = next(c for t in rules.tableau for c in board[t] if c not in homes)
    lone = tuple(
        bytes([stuck]) if i == rules.tableau[0] else b"" if i in rules.tableau else pile
        for i, pile in enumerate(board)
    )
    walk = BoardWalk(rules, lone, 0, BoardScore(rules, 0, 0), None, False, True)
    assert rules.transfers(lone) == []
    steps = [walk.step() for _ in range(200)]
    assert EMPTY in steps and WON not in steps and walk.line is None
