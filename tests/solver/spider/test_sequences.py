"""Spider's steps of several plain moves (runs moved at once through the empty columns, runs
swapped or dug out through one) are plain legal moves in the engine and end where the
searcher's one step says."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_positions import engine_of

from patience.cards import make_card, parse_card, suit
from patience.engine.core import Engine
from patience.engine.position import Position
from patience.solver.spider.state import DIG, SWAP, SpiderTable, Step, pack, swapped

SUITS = ("1", "2", "4")


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, Position]:
    """A Spider table with empty columns and built sequences of mixed suits on top."""
    suits = draw(st.sampled_from(SUITS))
    engine = engine_of("spider", {"suits": suits})
    pack_suits = sorted({suit(c) for c in engine.rules.pack})
    piles: list[tuple[int, ...]] = []
    down: list[int] = []
    for _ in range(10):
        if draw(st.integers(0, 3)) == 0:
            piles.append(())
            down.append(0)
            continue
        hidden = draw(
            st.lists(st.integers(0, 51).filter(lambda c: suit(c) in pack_suits), max_size=3)
        )
        top = draw(st.integers(2, 13))
        length = draw(st.integers(1, top))
        run = [
            make_card(r, draw(st.sampled_from(pack_suits))) for r in range(top, top - length, -1)
        ]
        piles.append((*hidden, *run))
        down.append(len(hidden))
    stock = (parse_card("AS"),) * draw(st.sampled_from([0, 10]))
    position = Position((*piles, stock, *[()] * 8), (*down, len(stock), *[0] * 8))
    return suits, position


def _played_in_parts(
    engine: Engine, table: SpiderTable, position: Position, step: Step, parts: list[Step]
) -> bytes:
    """Each part is one of the table's moves where it is played, the engine plays it, and
    the parts end where the step does, in the table and in the engine; the state they reach."""
    state = table.state(position)
    here, pos = state, position
    for part in parts:
        assert part in table.moves(here)
        here = table.after(here, part)
        pos = engine.play(pos, table.move(part))
    assert here == table.after(state, step) == table.state(pos)
    return here


@settings(max_examples=150, deadline=None)
@given(case=tables())
def test_sequence_moves_are_plain_moves_in_the_engine(case: tuple[str, Position]) -> None:
    suits, position = case
    engine = engine_of("spider", {"suits": suits})
    table = SpiderTable(engine)
    state = table.state(position)
    for step in table.sequence_moves(state):
        src, _, count = step
        view = table.view(state)
        assert count > table.run_length(view.cols[src], view.down[src])
        parts = table.expand(state, step)
        assert len(parts) >= 3
        _played_in_parts(engine, table, position, step, parts)


@settings(max_examples=150, deadline=None)
@given(case=tables())
def test_swaps_and_digs_are_plain_moves_in_the_engine(case: tuple[str, Position]) -> None:
    suits, position = case
    engine = engine_of("spider", {"suits": suits})
    table = SpiderTable(engine)
    state = table.state(position)
    for step in table.swap_moves(state):
        parts = table.expand(state, step)
        assert len(parts) == 3
        spare = parts[0][1]  # the empty column the first part goes to, and the last leaves
        assert {step[0], step[1]} == {parts[1][0], parts[1][1]} and parts[2][0] == spare
        here = _played_in_parts(engine, table, position, step, parts)
        assert not table.view(here).cols[spare]


def test_runs_are_swapped_only_when_their_links_get_better() -> None:
    """The Eights of Spades and Hearts lie on the Nines of each other's suit: swapped through
    the empty column, each lies on its own suit."""
    table = SpiderTable(engine_of("spider", {"suits": "4"}))
    crossed = _state(table, ["9H 8S", "9S 8H", "", *["KC"] * 7])
    assert table.swap_moves(crossed) == [(0, 1, swapped(SWAP, 1, 1)), (1, 0, swapped(SWAP, 1, 1))]
    assert table.view(table.after(crossed, (0, 1, swapped(SWAP, 1, 1)))).cols[:3] == (
        bytes(parse_card(t) for t in ("9H", "8H")),
        bytes(parse_card(t) for t in ("9S", "8S")),
        b"",
    )
    assert table.swap_moves(_state(table, ["9H 8H", "9S 8S", "", *["KC"] * 7])) == []
    with pytest.raises(ValueError, match="no swap"):
        table.expand(_state(table, ["9H 8S", "9S 8H", *["KC"] * 8]), (0, 1, swapped(SWAP, 1, 1)))


def test_a_run_is_dug_out_when_a_card_turns_face_up() -> None:
    """The Eight of Spades lies on the Nine of Hearts over a face-down Nine of Clubs: the Nine
    goes onto the Ten of Hearts and the Eight back onto the Nine of Clubs, now face up."""
    table = SpiderTable(engine_of("spider", {"suits": "4"}))
    columns = ["9C 9H 8S", "TH", "", *["KC"] * 7]
    cols = [bytes(parse_card(t) for t in text.split()) for text in columns]
    state = pack(cols, [1] + [0] * 9, b"")
    assert (0, 1, swapped(DIG, 1, 1)) in table.swap_moves(state)
    dug = table.view(table.after(state, (0, 1, swapped(DIG, 1, 1))))
    assert dug.cols[:2] == (cols[0][:1] + cols[0][2:], cols[1] + cols[0][1:2])
    assert dug.down[0] == 0


def _state(table: SpiderTable, columns: list[str]) -> bytes:
    cols = tuple(bytes(parse_card(t) for t in text.split()) for text in columns)
    return pack(cols, (0,) * len(cols), b"")


def test_runs_move_as_far_as_the_empty_columns_allow() -> None:
    """Four runs (9S, 8H, 7S 6S, 5D) go onto the Ten with two empty columns, not one."""
    table = SpiderTable(engine_of("spider", {"suits": "4"}))
    columns = ["9S 8H 7S 6S 5D", "TD", "", "", "KC", "KC", "KC", "KC", "KC", "KC"]
    state = _state(table, columns)
    assert (0, 1, 5) in table.sequence_moves(state)
    assert len(table.expand(state, (0, 1, 5))) == 9
    one_gap = _state(table, [*columns[:3], "QC", "8S", *columns[5:]])
    assert (0, 1, 5) not in table.sequence_moves(one_gap)
    with pytest.raises(ValueError, match="whole runs"):
        table.expand(one_gap, (0, 1, 5))
    # two runs (7S 6S, 5D) fit through one empty column onto the Eight of their suit
    assert (0, 4, 3) in table.sequence_moves(one_gap)
    assert len(table.expand(one_gap, (0, 4, 3))) == 3


def test_one_suit_builds_no_sequences() -> None:
    """With one suit every card that follows another moves with it: runs only."""
    mixed = [SpiderTable(engine_of("spider", {"suits": s})).mixed for s in SUITS]
    assert mixed == [False, True, True]
