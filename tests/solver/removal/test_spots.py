"""The one-line walk of the spot removal games (Thirteens): its verdicts are the exhaustive
walk's and a plain enumeration's, its wins replay."""

from __future__ import annotations

import dataclasses
from random import Random

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from solver_oracle import winnable_by_enumeration
from solver_positions import assert_verdict, engine_of, playout, replays_to_win

from patience.cards import make_card, rank
from patience.engine.core import Engine
from patience.engine.game import engine_for, start_position
from patience.engine.position import Position
from patience.games import get_game
from patience.solver import Budget, ProvenUnwinnable, Unknown, Won, searcher_for
from patience.solver.removal.search import removal_searcher
from patience.solver.removal.spots import SpotsSearcher, spots_searcher


def spots_position(engine: Engine, spots: list[int | None], talon: list[int]) -> Position:
    """``spots[i]`` on spot ``i`` (``None``: a gap), ``talon`` in the order the spots take
    it, every other card on the discard."""
    piles: list[list[int]] = [[] for _ in engine.specs]
    for spot, card in zip(engine.tableau, spots, strict=True):
        if card is not None:
            piles[spot] = [card]
    piles[engine.stock] = talon[::-1]
    used = {c for c in spots if c is not None} | set(talon)
    piles[engine.foundations[0]] = [c for c in range(52) if c not in used]
    down = [0] * len(piles)
    down[engine.stock] = len(talon)
    return Position(tuple(map(tuple, piles)), tuple(down))


def test_thirteens_gets_the_one_line_walk_and_the_other_games_do_not() -> None:
    assert isinstance(searcher_for(get_game("thirteens").rules({})), SpotsSearcher)
    for game in ("pyramid", "king_tut", "sweet_sixteen", "klondike", "nationale"):
        assert spots_searcher(engine_of(game)) is None


def test_deals_get_the_exhaustive_walks_verdict_and_wins_replay() -> None:
    engine = engine_of("thirteens")
    one_line, exhaustive = spots_searcher(engine), removal_searcher(engine)
    assert one_line is not None
    verdicts = {"won": 0, "unwinnable": 0}
    for deal in range(1, 201):
        start = start_position(get_game("thirteens"), {}, deal)
        result = one_line.solve(start, Budget(nodes=1_000))
        assert result.name == exhaustive.solve(start, Budget(nodes=100_000)).name, deal
        if isinstance(result, Won):
            assert replays_to_win(engine, start, result.moves)
            assert result.nodes == len(result.moves) + 1
        verdicts[result.name] += 1
    assert verdicts["won"] and verdicts["unwinnable"]


@given(deal=st.integers(1, 10_000), steps=st.integers(0, 30), seed=st.integers(0, 1000))
def test_verdicts_agree_with_plain_enumeration(deal: int, steps: int, seed: int) -> None:
    engine = engine_of("thirteens")
    pos = playout("thirteens", deal, steps, seed)
    truth = winnable_by_enumeration(engine, pos, limit=3_000)
    if truth is None:
        return  # too big to enumerate
    searcher = spots_searcher(engine)
    assert searcher is not None and searcher.fits(pos)
    assert_verdict(engine, pos, searcher.solve(pos, Budget(nodes=1_000)), truth)


def paired_cards(lows: list[int]) -> list[int]:
    """For each rank in ``lows``, a card of it and a partner adding up to 13 (a King for 7:
    it leaves alone), suits in turn; every card may leave, so the order decides."""
    cards: list[int] = []
    for low in lows:
        for r in (13,) if low == 7 else (low, 13 - low):
            cards.append(make_card(r, sum(rank(c) == r for c in cards)))
    return cards


@given(
    lows=st.lists(st.integers(1, 7), min_size=1, max_size=14),
    order=st.randoms(use_true_random=False),
    bias=st.floats(0, 1),
)
def test_small_positions_agree_with_plain_enumeration(
    lows: list[int], order: Random, bias: float
) -> None:
    # The cards in an order where, the greater ``bias``, the more the low cards come first
    # (on the spots, their partners in the talon: a loss). Up to 10 cards lie on spots chosen
    # at random, gaps between; more fill every spot, the rest in the talon.
    assume(all(lows.count(low) <= 4 for low in set(lows)))  # four cards a rank
    engine = engine_of("thirteens")
    cards = sorted(paired_cards(lows), key=lambda c: order.random() + bias * (rank(c) > 6))
    spots: list[int | None] = [*cards[:10], *[None] * (10 - len(cards[:10]))]
    if len(cards) < 10:
        order.shuffle(spots)
    pos = spots_position(engine, spots, cards[10:])
    truth = winnable_by_enumeration(engine, pos, limit=20_000)
    if truth is None:
        return
    searcher = spots_searcher(engine)
    assert searcher is not None and searcher.fits(pos)
    assert_verdict(engine, pos, searcher.solve(pos, Budget(nodes=1_000)), truth)


@given(cards=st.permutations([c for c in range(52) if rank(c) != 13]), talon=st.integers(0, 4))
def test_an_even_target_pairs_two_cards_of_one_rank(cards: list[int], talon: int) -> None:
    # Pairs adding up to 12: two 6s leave together, a Queen leaves alone; no King is dealt.
    rules = dataclasses.replace(get_game("thirteens").rules({}), pairs_to=12)
    engine = engine_for(rules)
    searcher = spots_searcher(engine)
    assert searcher is not None
    assert (6, 6) in searcher.pairs
    pos = spots_position(engine, list(cards[:10]), cards[10 : 10 + talon])
    truth = winnable_by_enumeration(engine, pos, limit=20_000)
    if truth is None:
        return
    assert_verdict(engine, pos, searcher.solve(pos, Budget(nodes=1_000)), truth)


def test_a_gap_while_the_talon_has_cards_goes_to_the_exhaustive_walk() -> None:
    # The engine refills a gap only after a move, so the walk does not take this position.
    engine = engine_of("thirteens")
    start = start_position(get_game("thirteens"), {}, 1)
    spots: list[int | None] = [start.piles[s][-1] for s in engine.tableau]
    spots[3] = None
    talon = list(start.piles[engine.stock][::-1])
    pos = spots_position(engine, spots, talon)
    searcher = spots_searcher(engine)
    assert searcher is not None and not searcher.fits(pos)
    result = searcher.solve(pos, Budget(nodes=100_000))
    expected = removal_searcher(engine).solve(pos, Budget(nodes=100_000))
    assert (result.name, result.nodes) == (expected.name, expected.nodes)


def test_a_line_longer_than_the_budget_is_unknown() -> None:
    engine = engine_of("thirteens")
    searcher = spots_searcher(engine)
    assert searcher is not None
    for deal in range(1, 30):
        start = start_position(get_game("thirteens"), {}, deal)
        if isinstance(searcher.solve(start, Budget(nodes=1_000)), Won):
            result = searcher.solve(start, Budget(nodes=3))
            assert isinstance(result, Unknown) and result.nodes == 3
            return
    pytest.fail("no deal of 1-29 won")


def test_no_removal_left_is_a_proof() -> None:
    # Ace, 2 and 3 alone: no two add up to 13 and none leaves alone.
    engine = engine_of("thirteens")
    searcher = spots_searcher(engine)
    assert searcher is not None
    spots: list[int | None] = [make_card(1, 0), make_card(2, 1), make_card(3, 2), *[None] * 7]
    result = searcher.solve(spots_position(engine, spots, []))
    assert isinstance(result, ProvenUnwinnable) and result.nodes == 1
