"""The compact search of the talon-feeding games: chains, blocks, wins and proofs.

Random positions checked against plain enumeration: tests/solver/test_feeding.py (its
searcher is this one wherever the piles are chains).
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from solver_oracle import winnable_by_enumeration
from solver_positions import engine_of, perft, playout, replays_to_win

from patience.cards import make_card
from patience.engine.core import Engine
from patience.engine.game import start_position
from patience.engine.position import Position
from patience.games import get_game
from patience.solver import Budget, ProvenUnwinnable, Won, searcher_for
from patience.solver.removal.feeding import FeedingSearcher
from patience.solver.removal.feeding_levels import Levels
from patience.solver.removal.feeding_search import (
    LONGEST,
    FeedingSearch,
    State,
    chain_tables,
    fits_chains,
)
from patience.solver.removal.search import card_classes

FEEDING_GAMES = ("sweet_sixteen", "trusty_twelve", "knotty_nines")


def searcher(game: str) -> FeedingSearcher:
    found = searcher_for(get_game(game).rules({}))
    assert isinstance(found, FeedingSearcher)
    return found


def knotty(piles: list[list[tuple[int, int]]], talon: list[tuple[int, int]]) -> Position:
    """A Knotty Nines position from (rank, suit) cards, bottom first; the talon's top last."""
    engine = engine_of("knotty_nines")
    table = [tuple(make_card(r, s) for r, s in pile) for pile in piles]
    table += [()] * (len(engine.specs) - len(table))
    table[engine.stock] = tuple(make_card(r, s) for r, s in talon)
    down = [0] * len(table)
    down[engine.stock] = len(talon)
    return Position(tuple(table), tuple(down))


def test_the_feeding_games_get_the_compact_searcher() -> None:
    for game in FEEDING_GAMES:
        searcher(game)


def test_chains_name_the_one_class_a_card_goes_onto() -> None:
    engine = engine_of("knotty_nines")
    classes = card_classes(engine)
    onto = chain_tables(engine, classes)
    assert onto is not None
    assert onto[make_card(8, 2)] == classes[make_card(9, 0)]
    assert onto[make_card(13, 1)] == -1
    alternate = chain_tables(engine_of("sweet_sixteen"), card_classes(engine_of("sweet_sixteen")))
    assert alternate is not None
    assert alternate[make_card(8, 1)] == alternate[make_card(8, 2)]  # both red
    assert alternate[make_card(8, 1)] != alternate[make_card(8, 0)]
    nationale = engine_of("nationale")  # up or down, with wrap: no chain
    assert chain_tables(nationale, card_classes(nationale)) is None


def test_tops_of_another_block_cannot_empty_a_pile() -> None:
    # A 5 and a 6 are on top of two 9-piles; the pile with bottom 5 holds a 4 and a 3 above
    # it, and no 4 is ever on top elsewhere: no pile can empty, though a 5 and a 6 are tops.
    piles = [
        [(9, 0), (8, 0), (7, 0), (6, 0), (5, 0)],
        [(9, 1), (8, 1), (7, 1), (6, 1)],
        [(5, 2), (4, 2), (3, 2)],
        [(9, 2)],
        [(9, 3)],
        [(13, 0)],
        [(13, 1)],
        [(13, 2)],
        [(13, 3)],
    ]
    pos = knotty(piles, [(2, 0), (1, 0)])
    engine = engine_of("knotty_nines")
    assert winnable_by_enumeration(engine, pos, limit=1_000) is False
    knotty_searcher = searcher("knotty_nines")
    search = FeedingSearch(engine, knotty_searcher.classes, knotty_searcher.onto, pos)
    levels = Levels(search)
    assert levels.exits(levels.component(search.start)) == []
    result = searcher("knotty_nines").solve(pos, Budget(nodes=100))
    assert isinstance(result, ProvenUnwinnable)
    assert result.nodes == 3  # the start and two relaxed states: no component is entered


def test_a_run_reshuffled_empties_a_pile_and_wins() -> None:
    # [7], [6 5], [6]: the lone 6 goes onto the 7 and the Ace fills its place: won.
    piles = [
        [(7, 0)],
        [(6, 1), (5, 1)],
        [(6, 2)],
        [(13, 0)],
        [(13, 1)],
        [(13, 2)],
        [(13, 3)],
        [(12, 0)],
        [(12, 1)],
    ]
    pos = knotty(piles, [(1, 0)])
    engine = engine_of("knotty_nines")
    assert winnable_by_enumeration(engine, pos, limit=10_000) is True
    result = searcher("knotty_nines").solve(pos, Budget(nodes=1_000))
    assert isinstance(result, Won)
    assert replays_to_win(engine, pos, result.moves)


def test_deals_are_won_with_moves_that_replay_or_proven_unwinnable() -> None:
    verdicts = set()
    for game in FEEDING_GAMES:
        engine = engine_of(game)
        for deal in range(1, 6):
            start = start_position(get_game(game), {}, deal)
            result = searcher(game).solve(start, Budget(nodes=30_000))
            verdicts.add(result.name)
            if isinstance(result, Won):
                assert replays_to_win(engine, start, result.moves)
    assert {"won", "unwinnable"} <= verdicts


def test_a_pile_that_is_no_chain_goes_to_the_general_walk() -> None:
    # A 9 lying on a 5 (no deal makes this); a Queen alone goes onto a King and the Ace
    # from the talon fills its place: won.
    piles = [[(5, 0), (9, 0)], *[[(13, s)] for s in range(4)], *[[(12, s)] for s in range(4)]]
    pos = knotty(piles, [(1, 0)])
    engine = engine_of("knotty_nines")
    assert winnable_by_enumeration(engine, pos, limit=1_000) is True
    result = searcher("knotty_nines").solve(pos, Budget(nodes=1_000))
    assert isinstance(result, Won)
    assert replays_to_win(engine, pos, result.moves)


def _state_of(engine: Engine, classes: tuple[int, ...], start: Position, pos: Position) -> State:
    """``pos`` as the compact search names it: its piles' codes, and the talon cards dealt
    since ``start``."""
    codes = sorted(classes[pos.piles[t][0]] * LONGEST + len(pos.piles[t]) for t in engine.tableau)
    return tuple(codes), len(start.piles[engine.stock]) - len(pos.piles[engine.stock])


@given(
    game=st.sampled_from(FEEDING_GAMES),
    deal=st.integers(1, 10_000),
    steps=st.integers(0, 40),
    seed=st.integers(0, 1_000),
)
def test_the_compact_moves_are_the_engines_moves(
    game: str, deal: int, steps: int, seed: int
) -> None:
    """From random reachable positions whose piles are chains: each compact move is one engine
    move that replays to the child it names, and the children are the positions the engine's
    moves reach (piles alike by class and length are one, as the search names them)."""
    engine = engine_of(game)
    classes = card_classes(engine)
    onto = chain_tables(engine, classes)
    assert onto is not None
    pos = playout(game, deal, steps, seed)
    assume(fits_chains(engine, onto, classes, pos) and not engine.is_won(pos))
    search = FeedingSearch(engine, classes, onto, pos)
    ours = set()
    for step, child, deals in search.children(search.start):
        (move,) = search.moves([step])
        after = engine.play(pos, move)
        assert _state_of(engine, classes, pos, after) == child
        assert deals == (child[1] == 1)
        ours.add(child)
    theirs = {
        _state_of(engine, classes, pos, engine.apply(pos, m)) for m in engine.search_moves(pos)
    }
    assert ours == theirs


PERFT = {
    ("sweet_sixteen", 1): [6, 35, 194, 1_001, 4_689],
    ("sweet_sixteen", 2): [6, 30, 157, 986, 6_123],
    ("trusty_twelve", 1): [2, 3, 10, 44, 199],
    ("knotty_nines", 1): [2, 3, 6, 10, 15],
}
"""Lines of 1 to 5 of the compact search's moves from the deal's start, frozen."""


@pytest.mark.parametrize(("game", "deal"), sorted(PERFT))
def test_perft_counts_are_frozen(game: str, deal: int) -> None:
    engine = engine_of(game)
    classes = card_classes(engine)
    onto = chain_tables(engine, classes)
    assert onto is not None
    search = FeedingSearch(engine, classes, onto, start_position(get_game(game), {}, deal))

    def moves(state: State) -> list[State]:
        return [] if state[1] == len(search.talon) else [c for _, c, _ in search.children(state)]

    counts = [perft(moves, lambda _, child: child, search.start, d) for d in range(1, 6)]
    assert counts == PERFT[(game, deal)]
