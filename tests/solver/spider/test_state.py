"""Spider's packed states: they unpack to what they packed, their keys merge exactly the
states whose columns are alike up to order once the stock is empty, and the moves a search
tries are legal, with every legal move among them unless it says one was left out."""

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
    assert table.stock_left(state) == len(view.stock)


@settings(max_examples=60, deadline=None)
@given(
    suits=st.sampled_from(SUITS),
    deal=st.integers(1, 10_000),
    steps=st.integers(0, 200),
    seed=st.integers(0, 1000),
)
def test_the_moves_worth_trying_are_legal_and_leave_out_only_what_they_say(
    suits: str, deal: int, steps: int, seed: int
) -> None:
    table = table_of(suits)
    state = table.state(playout("spider", deal, steps, seed, {"suits": suits}))
    kept, cut = table.worth_trying(state)
    legal = table.moves(state)
    plain = [step for step in kept if step[2] > 0 and step in legal]
    macros = table.swap_moves(state) + table.sequence_moves(state)
    assert all(step in legal or step in macros for step in kept)
    assert len(set(kept)) == len(kept)
    assert (kept[-1:] == [(-1, -1, 0)]) == table.may_deal(state)
    moved = [step for step in legal if step[0] >= 0]
    assert plain == [step for step in moved if step in plain]  # in the generator's order
    assert cut == (len(plain) < len(moved))


def test_a_run_broken_onto_another_suit_is_left_out() -> None:
    """Four suits: the Five of Hearts may go onto the Six of Spades, but that would leave its
    own suit's Six for a mere follower."""
    table = table_of("4")
    five, six_h, six_s = 4 + 13, 5 + 13, 5
    cols = [bytes([six_h, five]), bytes([six_s])] + [bytes([c]) for c in (30, 31, 32, 33)]
    cols += [bytes([34]), bytes([35]), bytes([36]), bytes([37])]
    state = pack(cols, [0] * 10, b"")
    kept, cut = table.worth_trying(state)
    assert (0, 1, 1) in table.moves(state) and (0, 1, 1) not in kept and cut


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
    assert table.key_hash(pack(cols, down, b"")) == table.key_hash(shuffled)
    assert (table.key_hash(pack(*first, b"")) == table.key_hash(pack(*second, b""))) == alike


@settings(max_examples=40, deadline=None)
@given(suits=st.sampled_from(SUITS), deal=st.integers(1, 10_000), seed=st.integers(0, 1000))
def test_key_hashes_are_equal_exactly_for_equal_keys_along_a_game(
    suits: str, deal: int, seed: int
) -> None:
    """Along a random game and the children of its positions, no two keys share a hash."""
    table = table_of(suits)
    by_hash: dict[int, bytes] = {}
    for steps in range(0, 200, 20):
        state = table.state(playout("spider", deal, steps, seed, {"suits": suits}))
        for child in [state] + [table.after(state, step) for step in table.moves(state)]:
            assert by_hash.setdefault(table.key_hash(child), table.key(child)) == table.key(child)


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
        table.key,
        table.may_deal,
        table.worth_trying,
        table.moves,
        lambda st: table.after(st, (0, 1, 1)),
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
    with pytest.raises(ValueError, match="no columns"):
        share.change(state, state, 0, 10)
    assert table.after(state, (0, 1, 1)) != state  # the state itself is fine
