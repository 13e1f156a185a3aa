"""bench/freecell_meta_moves.py: the prototype's macro moves are legal moves (its wins replay
through the engine), it wins deals our first scan loses, and its Horne's rule is the rule
read from the build."""

from __future__ import annotations

import pytest

from bench_module import load_bench
from patience.cards import ALL_CARDS, rank, suit
from patience.engine.game import start_position
from patience.solver.kernel.positions import engine_moves, state_of

bench = load_bench("freecell_meta_moves")


@pytest.mark.parametrize("deal", [32, 36, 50, 57])
def test_wins_a_deal_our_first_scan_loses_and_the_line_replays(deal: int) -> None:
    assert deal in bench.hard([deal])
    pos = start_position(bench.INFO, {}, deal)
    start = state_of(bench.TABLES, pos)
    assert start is not None
    checked, line = bench.scan(start, 4000)
    assert line is not None and 0 < checked < 4000
    assert bench.replays_to_win(bench.ENGINE, pos, engine_moves(bench.TABLES, pos, line))


def test_a_deal_not_won_within_the_cap_gives_no_line() -> None:
    start = state_of(bench.TABLES, start_position(bench.INFO, {}, 32))
    assert start is not None
    assert bench.scan(start, 5) == (5, None)


def test_horne_needs_are_horne_s_rule() -> None:
    """A card of rank r goes home when both suits of the other colour have r - 2 home and the
    other suit of its colour r - 3 (clubs and spades black, diamonds and hearts red)."""
    black = {0, 3}
    for card in ALL_CARDS:
        r, s = rank(card), suit(card)
        for other in range(4):
            if other == s:
                continue
            want = r - 2 if (other in black) != (s in black) else r - 3
            assert bench.HORNE[card * 4 + other] == max(want, 0), (card, other)
