"""The Nationale family's board score: cards home, less the cards above a card the
foundations take now, less full cells, plus gaps where a gap takes any card."""

from __future__ import annotations

from family_boards import played_boards
from hypothesis import given
from hypothesis import strategies as st
from solver_positions import engine_of

from patience.engine.position import Position
from patience.solver.nationale.moves import Board, TwoWayBoard
from patience.solver.nationale.score import BoardScore, gap_worth


@given(played_boards(), st.integers(0, 60), st.integers(0, 200))
def test_the_score_counts_what_its_docstring_says(
    played: tuple[TwoWayBoard, Board | None, Position], depth: int, full_cell: int
) -> None:
    rules, board, _ = played
    if board is None:
        return
    wanted = rules.homes(board)
    expected = 100 * sum(len(board[f]) for f in rules.foundations)
    for t in rules.tableau:
        cards = board[t]
        expected += 0 if cards else gap_worth(rules)
        expected -= depth * sum(len(cards) - 1 - i for i, c in enumerate(cards) if c in wanted)
    expected -= full_cell * sum(1 for c in rules.cells if board[c])
    score = BoardScore(rules, depth, full_cell)
    assert score(board) == score.of(board) == expected
    score.forget()
    assert score(board) == expected


def test_a_gap_is_worth_something_only_where_it_takes_any_card() -> None:
    assert gap_worth(TwoWayBoard(engine_of("nationale"))) == 30
    assert gap_worth(TwoWayBoard(engine_of("tournament"))) == 0


@given(played_boards())
def test_a_plain_score_after_a_move_is_the_score_of_the_board_after_it(
    played: tuple[TwoWayBoard, Board | None, Position],
) -> None:
    rules, board, _ = played
    if board is None:
        return
    plain = BoardScore(rules, 0, 0)
    assert plain.plain and not BoardScore(rules, 10, 0).plain
    home = rules.foundation_set
    for swaps, src, dst in rules.transfers(board):
        if swaps or src in rules.cells or dst in rules.cells:
            continue  # the walk counts a move's change only between tableau and foundations
        after = plain.after_move(
            plain(board), dst in home, not board[dst], src in home, len(board[src]) == 1
        )
        assert after == plain(rules.moved(board, src, dst)), (src, dst)
