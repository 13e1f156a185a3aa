"""The kernel's one generator gives exactly the engine's moves, on random reachable positions
of every FreeCell-family game and option (and variants of its rules)."""

from __future__ import annotations

import random

import pytest
from freecell_cases import family_engines
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_positions import engine_of

from patience.engine.core import Engine
from patience.engine.game import start_position
from patience.engine.position import Move, Position
from patience.games import get_game
from patience.rules.piles import Kind
from patience.solver.kernel.moves import generate, moves_of
from patience.solver.kernel.positions import engine_moves, state_of
from patience.solver.kernel.state import board_of, key, line_of, play
from patience.solver.kernel.tables import Tables

ENGINES = family_engines()
FREECELL = get_game("freecell")


def dealt(engine: Engine, deal: int) -> Position:
    """Microsoft deal ``deal`` laid out on ``engine``'s columns, cells and foundations empty."""
    pos = start_position(FREECELL, {}, deal)
    source = FREECELL.rules({})
    columns = [pos.piles[i] for i, s in enumerate(source.piles) if s.kind is Kind.TABLEAU]
    piles: list[tuple[int, ...]] = [() for _ in engine.specs]
    for t, col in zip(engine.tableau, columns, strict=True):
        piles[t] = col
    return Position(tuple(piles), (0,) * len(piles))


def reachable(engine: Engine, deal: int, steps: int, seed: int, homeward: float) -> Position:
    """A position ``steps`` random search moves into a deal; with chance ``homeward`` a move
    to a foundation or a cell is preferred (so columns and cells empty and fill)."""
    chooser = random.Random(seed)
    pos = dealt(engine, deal)
    kinds = [s.kind for s in engine.specs]
    for _ in range(steps):
        moves = engine.search_moves(pos)
        if not moves:
            break
        preferred = [m for m in moves if kinds[m.dst] is not Kind.TABLEAU]
        pool = preferred if preferred and chooser.random() < homeward else moves
        pos = engine.apply(pos, chooser.choice(pool))
    return pos


def kernel_moves(tables: Tables, pos: Position, every: bool) -> list[Move]:
    state = state_of(tables, pos)
    assert state is not None
    steps = generate(tables, *state, every)
    return [engine_moves(tables, pos, state, line_of([step]))[0] for step in steps]


@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(sorted(ENGINES)),
    deal=st.integers(1, 32_000),
    steps=st.integers(0, 150),
    seed=st.integers(0, 2**32),
    homeward=st.sampled_from([0.0, 0.5, 0.9]),
)
def test_the_generator_equals_the_engines_search_moves(
    name: str, deal: int, steps: int, seed: int, homeward: float
) -> None:
    engine = ENGINES[name]
    tables = Tables(engine)
    pos = reachable(engine, deal, steps, seed, homeward)
    ours = kernel_moves(tables, pos, every=True)
    assert len(set(ours)) == len(ours)
    assert sorted(ours) == sorted(engine.search_moves(pos))
    # the legal moves add only the same card sent to another empty foundation
    for move in set(engine.legal_moves(pos)) - set(ours):
        assert engine.specs[move.dst].kind is Kind.FOUNDATION
        assert any(m.src == move.src and engine.specs[m.dst].kind is Kind.FOUNDATION for m in ours)
    # one empty column and one free cell stand for all of them
    state = state_of(tables, pos)
    assert state is not None
    some = generate(tables, *state, False)
    every = generate(tables, *state, True)
    assert set(some) <= set(every)
    assert {key(play(state, s)) for s in some} == {key(play(state, s)) for s in every}


def scattered(engine: Engine, seed: int) -> Position:
    """Each suit home to a random height, the other cards scattered at random over the
    columns and free cells (many empty and short columns, full and empty cells)."""
    chooser = random.Random(seed)
    piles: list[list[int]] = [[] for _ in engine.specs]
    out: list[int] = []
    for f, s in zip(engine.foundations, range(4), strict=True):
        height = chooser.choice([0, 13, chooser.randrange(14)])
        piles[f] = [s * 13 + r for r in range(height)]
        out += [s * 13 + r for r in range(height, 13)]
    chooser.shuffle(out)
    columns = engine.tableau[: chooser.randrange(1, len(engine.tableau) + 1)]
    for card in out:
        free = [c for c in engine.cells if not piles[c]]
        if free and chooser.random() < 0.1:
            piles[chooser.choice(free)].append(card)
        else:
            piles[chooser.choice(columns)].append(card)
    return Position(tuple(map(tuple, piles)), (0,) * len(piles))


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(sorted(ENGINES)), seed=st.integers(0, 2**32))
def test_the_generator_equals_the_engine_on_scattered_cards(name: str, seed: int) -> None:
    engine = ENGINES[name]
    tables = Tables(engine)
    pos = scattered(engine, seed)
    ours = kernel_moves(tables, pos, every=True)
    assert sorted(ours) == sorted(engine.search_moves(pos))
    state = state_of(tables, pos)
    assert state is not None
    some = {key(play(state, s)) for s in generate(tables, *state, False)}
    assert some == {key(play(state, s)) for s in generate(tables, *state, True)}


def test_buffers_and_boards_of_another_shape_are_refused() -> None:
    tables = Tables(engine_of("freecell"))
    state = state_of(tables, start_position(get_game("freecell"), {}, 1))
    assert state is not None
    board = board_of(state)
    steps, marks = bytearray(tables.steps_size), bytearray(tables.marks_size)
    assert moves_of(tables, board, False, steps, marks) > 0
    with pytest.raises(ValueError, match="buffers"):
        moves_of(tables, board, False, steps[:-1], marks)
    with pytest.raises(ValueError, match="buffers"):
        moves_of(tables, board, False, steps, marks[:-1])
    with pytest.raises(ValueError, match="shape"):
        moves_of(tables, board_of(((*state[0], b""), *state[1:])), False, steps, marks)
    with pytest.raises(ValueError, match="a state of"):
        generate(tables, state[0][:7], state[1], state[2], False)
