"""Spider's packed states: they unpack to what they packed, their column starts and runs are
each column's, and their keys merge exactly the states whose columns are alike up to order
once the stock is empty."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_positions import engine_of, playout

from patience.engine.core import Engine
from patience.solver.spider.search import spider_searcher
from patience.solver.spider.state import SpiderTable, pack

SUITS = ("1", "2", "4")


def table_of(suits: str) -> SpiderTable:
    return SpiderTable(engine_of("spider", {"suits": suits}))


@settings(max_examples=40, deadline=None)
@given(
    suits=st.sampled_from(SUITS),
    deal=st.integers(1, 10_000),
    steps=st.integers(0, 150),
    seed=st.integers(0, 1000),
)
def test_a_packed_state_unpacks_to_its_columns(
    suits: str, deal: int, steps: int, seed: int
) -> None:
    table = table_of(suits)
    pos = playout("spider", deal, steps, seed, {"suits": suits})
    state = table.state(pos)
    view = table.view(state)
    assert view.cols == tuple(bytes(pos.piles[t]) for t in table.piles)
    assert view.down == tuple(pos.down[t] for t in table.piles)
    assert view.stock == bytes(pos.piles[table.engine.stock])
    assert pack(*view) == state
    starts = table.starts(state)
    assert [state[starts[c] : starts[c + 1]] for c in range(table.n)] == list(view.cols)
    assert starts[-1] == len(state)
    runs = [table.run_length(cards, down) for cards, down in zip(*view[:2], strict=True)]
    assert list(table.runs(state)) == runs
    assert table.stock_left(state) == len(view.stock)


@st.composite
def empty_stock_states(draw: st.DrawFn) -> tuple[list[bytes], list[int]]:
    """Columns of cards from a small range (so that alike columns are common) and their
    face-down counts."""
    cols, down = [], []
    for _ in range(10):
        cards = bytes(draw(st.lists(st.integers(0, 3), max_size=4)))
        cols.append(cards)
        down.append(draw(st.integers(0, max(len(cards) - 1, 0))))
    return cols, down


@settings(max_examples=200, deadline=None)
@given(first=empty_stock_states(), second=empty_stock_states(), seed=st.integers(0, 1000))
def test_keys_with_an_empty_stock_ignore_the_order_of_the_columns(
    first: tuple[list[bytes], list[int]], second: tuple[list[bytes], list[int]], seed: int
) -> None:
    table = table_of("4")
    cols, down = first
    order = list(range(10))
    random.Random(seed).shuffle(order)
    shuffled = pack([cols[i] for i in order], [down[i] for i in order], b"")
    assert table.key(pack(cols, down, b"")) == table.key(shuffled)
    alike = sorted(zip(*first, strict=True)) == sorted(zip(*second, strict=True))
    assert (table.key(pack(*first, b"")) == table.key(pack(*second, b""))) == alike


def test_keys_with_cards_in_the_stock_are_the_states() -> None:
    table = table_of("2")
    cols = [bytes([c]) for c in range(10)]
    state = pack(cols, [0] * 10, bytes([20]))
    assert table.key(state) == state
    assert table.key(pack(cols[::-1], [0] * 10, bytes([20]))) != state
    assert table.key(pack(cols, [0] * 10, b"")) not in (state, pack(cols, [0] * 10, b""))


def test_a_table_refuses_more_cards_than_a_packed_state_can_index() -> None:
    engine = Engine(engine_of("spider", {"suits": "4"}).rules)  # not the shared one
    engine.rules = dataclasses.replace(engine.rules, pack=engine.rules.pack * 2)
    with pytest.raises(ValueError, match="at most 64 columns and 126 cards"):
        SpiderTable(engine)
    assert spider_searcher(engine) is None  # the general search takes such a game


def test_malformed_states_and_steps_are_refused_before_any_c_code_runs() -> None:
    """The C code reads and writes by a packed state's sizes and indexes tables by its cards:
    whatever does not fit is a clear error."""
    table = table_of("4")
    cols = [bytes([c, c + 13]) for c in range(10)]
    state = pack(cols, [1] * 10, bytes([20, 21]))
    share = table.share_of()
    malformed = [
        state[:-1],  # a card short of its sizes
        state + b"\x00",  # a card past them
        b"\x00" * 5,  # shorter than the header
        pack(cols, [3] + [1] * 9, b""),  # more face down than the column has
        pack([bytes([52]), *cols[1:]], [0] * 10, b""),  # no such card
    ]
    calls = [
        table.view,
        table.starts,
        table.key,
        table.may_deal,
        table.runs,
        table.moves,
        lambda st: table.after(st, (0, 1, 1)),
        lambda st: table.takers(st, bytes(10), 0),
        share.total,
        lambda st: share.change(st, state, 0, 1),
        lambda st: share.change(state, st, 0, 1),
    ]
    for bad in malformed:
        for call in calls:
            with pytest.raises(ValueError):
                call(bad)
    empty = pack([b"", *cols[1:]], [0] + [1] * 9, b"")
    for step in [(0, 1, 1), (1, 1, 1), (1, 2, 3), (1, 2, 0), (10, 1, 1), (1, -2, 1), (-1, 0, 0)]:
        with pytest.raises(ValueError, match="no step"):
            table.after(empty, step)
    with pytest.raises(ValueError, match="no card 52"):
        table.takers(state, bytes(10), 52)
    with pytest.raises(ValueError, match="a run of 3"):
        table.takers(state, bytes([3] + [0] * 9), 0)
    with pytest.raises(ValueError, match="no columns"):
        share.change(state, state, 0, 10)
    assert table.after(state, (0, 1, 1)) != state  # the state itself is fine
