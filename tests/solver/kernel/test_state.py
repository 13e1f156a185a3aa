"""The kernel's state in tuple form refuses what its C code could not read or play safely:
a state that is no board, a step that is no step on it. Each refusal is a ``ValueError``
before any C code runs (compiled, a bad index would write past the board)."""

from __future__ import annotations

import pytest

from patience.solver.kernel.state import (
    CARDS,
    EMPTY,
    HOME,
    State,
    Step,
    board_of,
    hash_after,
    hash_of,
    play,
    settle,
)

START: State = ((b"\x0e\x00", b"\x01", b""), bytes([EMPTY, 2]), bytes(4))
"""Three columns (the Ace of the first suit on the two of the second, the two of the first,
none) and two cells (one free, one holding the three of the first suit)."""


@pytest.mark.parametrize(
    "state",
    [
        ((b"\x00" * 53,), b"", bytes(4)),  # more than a pack out
        ((b"\x00",), b"", bytes(3)),  # three counts home
        ((b"\x05", b"\x05"), bytes([EMPTY]), bytes(4)),  # a card out twice
        ((b"\x05",), bytes([5]), bytes(4)),  # in a column and a cell
        ((bytes([CARDS]),), b"", bytes(4)),  # no card
        ((b"",), bytes([60]), bytes(4)),  # no card in a cell
        ((b"",), b"", bytes([14, 0, 0, 0])),  # fourteen cards of a suit home
    ],
)
def test_a_state_that_is_no_board_is_refused(state: State) -> None:
    with pytest.raises(ValueError):
        board_of(state)


@pytest.mark.parametrize(
    "step",
    [
        (5, 0, 1),  # no such place
        (-1, 0, 1),
        (0, 7, 1),
        (0, 0, 1),  # onto itself
        (2, 0, 1),  # an empty column
        (1, 0, 2),  # two cards from a column of one
        (0, 1, 0),  # no card
        (0, HOME, 2),  # two cards home at once
        (3, 0, 1),  # an empty cell
        (0, 4, 1),  # into a cell that is not free
        (0, 3, 2),  # two cards into a cell
        (0, 300, 1),
    ],
)
def test_a_step_that_is_no_step_is_refused(step: Step) -> None:
    for call in (play, hash_after):
        with pytest.raises(ValueError, match="no step"):
            call(START, step)


def test_steps_that_are_steps_still_play() -> None:
    for step in ((0, 2, 2), (0, 3, 1), (4, 1, 1), (1, HOME, 1), (0, 1, 1)):
        after = play(START, step)
        assert hash_after(START, step) == hash_of(after)
        assert sum(map(len, after[0])) + sum(c != EMPTY for c in after[1]) + sum(after[2]) == 4


def test_settle_refuses_a_step_of_no_place() -> None:
    needs = bytes(4 * CARDS)
    settled, line = settle(START, (0, HOME, 0), needs)  # needing nothing, each goes home
    assert settled[2] == bytes([3, 0, 0, 0]) and len(line) == 9
    for step in ((5, 0, 1), (-1, 0, 1), (0, 300, 1)):
        with pytest.raises(ValueError, match="no step"):
            settle(START, step, needs)
