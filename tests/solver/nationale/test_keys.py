"""The Nationale family's board keys: alike piles in any order share a key, anything else a
game reads tells keys apart, and a suit full across its two swapping foundations is one key."""

from __future__ import annotations

from random import Random

from family_boards import played_boards
from hypothesis import given
from hypothesis import strategies as st
from solver_positions import engine_of

from patience.engine.position import Position
from patience.solver.nationale.keys import FULL
from patience.solver.nationale.moves import Board, TwoWayBoard


@given(played_boards(), st.randoms(use_true_random=False))
def test_alike_piles_in_any_order_share_a_key(
    played: tuple[TwoWayBoard, Board | None, Position], order: Random
) -> None:
    rules, board, pos = played
    if board is None:
        return
    key = rules.key_function()
    shuffled = list(board)
    for group in rules.groups:
        piles = [board[i] for i in group]
        order.shuffle(piles)
        for i, pile in zip(group, piles, strict=True):
            shuffled[i] = pile
    assert key(tuple(shuffled), pos.redeals) == key(board, pos.redeals)


@given(played_boards())
def test_a_pile_alone_a_foundation_or_the_redeals_tell_keys_apart(
    played: tuple[TwoWayBoard, Board | None, Position],
) -> None:
    rules, board, pos = played
    if board is None:
        return
    key = rules.key_function()
    assert key(board, pos.redeals) != key(board, pos.redeals + 1)
    for i in (*rules.alone, *rules.foundations):
        if board[i]:
            shorter = (*board[:i], board[i][:-1], *board[i + 1 :])
            assert key(shorter, pos.redeals) != key(board, pos.redeals), i


def test_a_full_suit_is_one_key_however_its_foundations_split_it() -> None:
    # Tournament's foundations of one suit swap tops: a suit with one card of every rank
    # home, split 5 and 8 or 6 and 7 between them, is the same state.

    rules = TwoWayBoard(engine_of("tournament"))
    key = rules.key_function()
    up, down = rules.pairs[0]
    empty = tuple(b"" for _ in rules.starts)
    ace_up = bytes(range(13))  # the cards of suit 0, Ace first
    king_down = bytes(range(12, -1, -1))

    def split(at: int) -> Board:
        board = list(empty)
        board[up], board[down] = ace_up[:at], king_down[: 13 - at]
        return tuple(board)

    assert key(split(5), 0) == key(split(6), 0)
    assert key(split(5), 0)[rules.key_heads.index(up)] == FULL
    short = list(split(5))
    short[up] = ace_up[:4]
    assert key(tuple(short), 0) != key(split(5), 0)
