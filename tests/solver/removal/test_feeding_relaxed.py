"""The relaxed talon-feeding game: its loss must mean the real game's loss."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from solver_oracle import winnable_by_enumeration
from solver_positions import engine_of, playout

from patience.solver.removal.feeding_relaxed import Relaxed, point

from .test_feeding_levels import FEEDING_GAMES, levels_at


def relaxed(talon: list[int]) -> Relaxed:
    """A relaxed game on line 0 with this talon (heights), counting nothing."""
    return Relaxed(bytes(point(0, h) for h in talon), lambda: None)


def multiset(*heights: int) -> bytes:
    return bytes(sorted(point(0, h) for h in heights))


def test_a_deal_needs_a_bottom_a_top_and_the_top_above() -> None:
    game = relaxed([-5, -3])
    # Heights: a King 0, a Queen -1 ... a 5 -8. A lone 5 and a 6 on a King's pile: the 5 goes
    # onto the 6 and the next card is dealt; a second deal needs that card to find a partner.
    assert game.can_finish(multiset(-8, -7), multiset(-8, 0), 0) is False  # then stuck
    assert relaxed([-6]).can_finish(multiset(-8, -7), multiset(-8, 0), 0) is True
    assert relaxed([-6]).can_finish(multiset(-8, -6), multiset(-8, 0), 0) is False
    assert relaxed([-6]).can_finish(multiset(-8, -7), multiset(-2, 0), 0) is False


def test_every_card_dealt_is_a_finish() -> None:
    assert relaxed([]).can_finish(multiset(-8), multiset(-8), 0) is True


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(FEEDING_GAMES),
    deal=st.integers(1, 10_000),
    steps=st.integers(20, 80),
    seed=st.integers(0, 1000),
)
def test_a_winnable_position_is_never_lost_in_the_relaxed_game(
    game: str, deal: int, steps: int, seed: int
) -> None:
    levels = levels_at(game, deal, steps, seed)
    if levels is None:
        return
    if not winnable_by_enumeration(engine_of(game), playout(game, deal, steps, seed), 3_000):
        return  # lost, or too big to enumerate
    assert levels.open(levels.component(levels.search.start))
