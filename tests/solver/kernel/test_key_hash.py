"""The hashed key (``key_hash``), kept up step by step, and the table of hashes met
(``Met``) of the macro scan: boards alike up to the order of their columns and cells hash
alike, the other boards met on a walk of random moves never collide, and a step changes the
hash as the board after it hashes."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver.kernel.moves import generate
from patience.solver.kernel.positions import state_of
from patience.solver.kernel.state import Met, State, hash_after, hash_of, key, play
from patience.solver.kernel.tables import Tables

FREECELL = get_game("freecell")
TABLES = Tables(engine_for(FREECELL.rules({})))


def walk(deal: int, seed: int, steps: int) -> list[State]:
    """The states of a walk of random moves from a deal, and every child of each."""
    start = state_of(TABLES, start_position(FREECELL, {}, deal))
    assert start is not None
    chooser = random.Random(seed)
    state, met = start, [start]
    for _ in range(steps):
        children = [play(state, step) for step in generate(TABLES, *state, True)]
        if not children:
            break
        met += children
        state = chooser.choice(children)
    return met


def shuffled(state: State, chooser: random.Random) -> State:
    columns, cells, home = state
    return (
        tuple(chooser.sample(columns, len(columns))),
        bytes(chooser.sample(cells, len(cells))),
        home,
    )


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 32_000), seed=st.integers(0, 2**32), steps=st.integers(1, 60))
def test_equal_keys_hash_alike_and_others_apart(deal: int, seed: int, steps: int) -> None:
    chooser = random.Random(seed)
    by_key: dict[bytes, int] = {}
    for state in walk(deal, seed, steps):
        h = hash_of(state)
        assert hash_of(shuffled(state, chooser)) == h
        assert by_key.setdefault(key(state), h) == h
    assert len(set(by_key.values())) == len(by_key)  # no two keys met share a hash


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 32_000), seed=st.integers(0, 2**32), steps=st.integers(1, 80))
def test_a_step_changes_the_hash_as_the_new_board_hashes(deal: int, seed: int, steps: int) -> None:
    """What a step reports it changes in the hash (kept up by the macro scan) is what the
    board after it hashes to: runs between columns, cards to and from cells and home."""
    chooser = random.Random(seed)
    state = walk(deal, seed, 0)[0]
    for _ in range(steps):
        moves = list(generate(TABLES, *state, True))
        if not moves:
            break
        for step in moves:
            assert hash_after(state, step) == hash_of(play(state, step)), step
        state = play(state, chooser.choice(moves))


def test_met_remembers_each_hash_once_as_it_grows() -> None:
    chooser = random.Random(7)
    values = [chooser.getrandbits(64) for _ in range(5_000)]
    met = Met()
    assert all(met.first(v) for v in values)  # past several doublings of its slots
    assert not any(met.first(v) for v in values)
    assert len(met) == len(set(values))
