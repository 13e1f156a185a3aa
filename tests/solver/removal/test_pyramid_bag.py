"""The bag game of the pyramid games: its loss must mean the real game's loss."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from solver_oracle import winnable_by_enumeration
from solver_positions import engine_of, playout

from patience.cards import make_card
from patience.solver.removal.pyramid import PyramidSearch

from .test_pyramid import PYRAMID_GAMES, only_left, searcher


def test_a_pyramid_without_enough_partners_in_the_bag_cannot_be_cleared() -> None:
    # Two 3s (places 1 and 2) cover the apex 5; the talon holds one 10 and one 8: one 3 leaves
    # with the 10, the other never does, and the 5 under it stays too.
    engine = engine_of("king_tut")
    pos = only_left(
        "king_tut",
        {
            0: [make_card(5, 0)],
            1: [make_card(3, 0)],
            2: [make_card(3, 1)],
            engine.stock: [make_card(8, 0), make_card(10, 0)],
        },
    )
    search = PyramidSearch(searcher("king_tut"), pos)
    assert not search.clearable(*search.start[:3])
    assert winnable_by_enumeration(engine, pos, limit=1_000) is False


def test_a_bag_holding_the_partners_clears_the_pyramid() -> None:
    # As above with a second 10: both 3s leave, then the 5 with the 8.
    engine = engine_of("king_tut")
    pos = only_left(
        "king_tut",
        {
            0: [make_card(5, 0)],
            1: [make_card(3, 0)],
            2: [make_card(3, 1)],
            engine.stock: [make_card(8, 0), make_card(10, 0), make_card(10, 1)],
        },
    )
    search = PyramidSearch(searcher("king_tut"), pos)
    assert search.clearable(*search.start[:3])


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(PYRAMID_GAMES),
    deal=st.integers(1, 10_000),
    steps=st.integers(10, 45),
    seed=st.integers(0, 1000),
)
def test_a_winnable_position_is_clearable_in_the_bag_game(
    game: str, deal: int, steps: int, seed: int
) -> None:
    engine = engine_of(game)
    pos = playout(game, deal, steps, seed)
    if not searcher(game).fits(pos):
        return
    if not winnable_by_enumeration(engine, pos, limit=4_000):
        return  # lost, or too big to enumerate
    search = PyramidSearch(searcher(game), pos)
    assert search.clearable(*search.start[:3])
