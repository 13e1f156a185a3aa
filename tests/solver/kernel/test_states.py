"""The states a scan has met answer only for states met: any other number is refused before
its board would be read (compiled, past the buffer)."""

from __future__ import annotations

import pytest

from patience.solver.kernel.state import EMPTY, WORK_SIZE
from patience.solver.kernel.states import States


def test_a_state_not_met_is_refused() -> None:
    states = States(((b"\x00", b""), bytes([EMPTY]), bytes(4)))
    states.add(0, bytearray([0, 2, 1]), 1, bytearray(WORK_SIZE), None)  # the Ace to the cell
    assert len(states) == 2 and states.line(1) == bytes([0, 2, 1])
    for node in (2, -1, 10**6):
        for read in (states.line, states.home, states.board):
            with pytest.raises(IndexError, match="no state"):
                read(node)
