"""The depth-first solver of the talon-feeding games: wins replay, proofs match enumeration."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from solver_oracle import winnable_by_enumeration
from solver_positions import assert_verdict, engine_of, playout, replays_to_win

from patience.cards import make_card
from patience.engine.game import start_position
from patience.engine.position import Position
from patience.games import get_game
from patience.solver import Budget, ProvenUnwinnable, Won, searcher_for
from patience.solver.removal.feeding import feeding_searcher
from patience.solver.removal.search import DepthFirst, card_classes, removal_key

FEEDING_GAMES = ("sweet_sixteen", "trusty_twelve", "knotty_nines")


def test_the_feeding_games_get_the_depth_first_searcher() -> None:
    for game in FEEDING_GAMES:
        assert isinstance(searcher_for(get_game(game).rules({})), DepthFirst)


def test_a_game_not_won_by_the_talon_is_refused() -> None:
    with pytest.raises(ValueError, match="talon"):
        feeding_searcher(engine_of("klondike"))


@pytest.mark.parametrize("game", ["sweet_sixteen", "trusty_twelve"])  # Knotty Nines: rarely
def test_some_deal_is_won_and_replays(game: str) -> None:
    engine = engine_of(game)
    searcher = feeding_searcher(engine)
    for deal in range(1, 40):
        start = start_position(get_game(game), {}, deal)
        result = searcher.solve(start, Budget(nodes=20_000))
        if isinstance(result, Won):
            assert replays_to_win(engine, start, result.moves)
            return
    pytest.fail(f"no deal of {game} won")


def tiny(game: str, piles: list[list[int]], talon: list[int]) -> Position:
    """A position with these piles and talon (cards left out are simply not in play)."""
    engine = engine_of(game)
    table: list[tuple[int, ...]] = [tuple(p) for p in piles]
    table += [()] * (len(engine.specs) - len(table))
    table[engine.stock] = tuple(talon)
    down = [0] * len(table)
    down[engine.stock] = len(talon)
    return Position(tuple(table), tuple(down))


def test_a_tiny_stuck_position_is_proven_unwinnable_like_the_enumeration_says() -> None:
    # Nine piles with no card one rank below another's top: nothing moves, the talon stays.
    engine = engine_of("knotty_nines")
    ranks = (13, 11, 9, 7, 5, 3, 1, 13, 11)
    piles = [[make_card(r, n % 4)] for n, r in enumerate(ranks)]
    pos = tiny("knotty_nines", piles, [make_card(2, 1), make_card(4, 2)])
    assert winnable_by_enumeration(engine, pos, limit=1_000) is False
    assert isinstance(feeding_searcher(engine).solve(pos, Budget(nodes=1_000)), ProvenUnwinnable)


def test_a_tiny_winnable_position_is_won_like_the_enumeration_says() -> None:
    # The Queen on pile 1 goes on the King of pile 2; pile 1 takes the 5, and so on.
    engine = engine_of("knotty_nines")
    ranks = (12, 13, 9, 7, 5, 3, 1, 13, 11)
    piles = [[make_card(r, n % 4)] for n, r in enumerate(ranks)]
    pos = tiny("knotty_nines", piles, [make_card(2, 1), make_card(6, 2)])
    assert winnable_by_enumeration(engine, pos, limit=1_000) is True
    result = feeding_searcher(engine).solve(pos, Budget(nodes=1_000))
    assert isinstance(result, Won)
    assert replays_to_win(engine, pos, result.moves)


@given(
    game=st.sampled_from(FEEDING_GAMES),
    deal=st.integers(1, 10_000),
    steps=st.integers(20, 60),
    seed=st.integers(0, 1000),
)
def test_verdicts_agree_with_plain_enumeration(game: str, deal: int, steps: int, seed: int) -> None:
    engine = engine_of(game)
    pos = playout(game, deal, steps, seed)
    truth = winnable_by_enumeration(engine, pos, limit=3_000)
    if truth is None:
        return  # too big to enumerate
    result = feeding_searcher(engine).solve(pos, Budget(nodes=50_000))
    assert_verdict(engine, pos, result, truth)


def test_cards_alike_to_the_build_share_a_class() -> None:
    alternate = card_classes(engine_of("sweet_sixteen"))
    assert len(set(alternate)) == 26  # rank and colour
    assert len(set(card_classes(engine_of("knotty_nines")))) == 13  # rank only


def test_the_key_forgets_which_pile_holds_which_stack() -> None:
    engine = engine_of("sweet_sixteen")
    pos = start_position(get_game("sweet_sixteen"), {}, 1)
    piles = list(pos.piles)
    piles[0], piles[5] = piles[5], piles[0]
    assert removal_key(engine)(Position(tuple(piles), pos.down)) == removal_key(engine)(pos)
