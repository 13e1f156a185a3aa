"""The depth-first solver of the removal games: wins replay, proofs match a plain enumeration."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from solver_oracle import winnable_by_enumeration
from solver_positions import assert_verdict, engine_of, playout, replays_to_win

from patience.cards import make_card, rank
from patience.engine.core import Engine
from patience.engine.game import start_position
from patience.engine.position import Move, MoveKind, Position
from patience.games import get_game
from patience.solver import Budget, ProvenUnwinnable, Unknown, Won, searcher_for
from patience.solver.removal.search import (
    DepthFirst,
    card_classes,
    removal_key,
    removal_searcher,
    sorted_refill_piles,
)

REMOVAL_GAMES = ("thirteens", "pyramid", "king_tut")


def only_left(game: str, keep: dict[int, list[int]]) -> Position:
    """A position of ``game`` with the cards ``keep`` names on their piles, the rest removed."""
    engine = engine_of(game)
    piles: list[list[int]] = [[] for _ in engine.specs]
    for pile, cards in keep.items():
        piles[pile] = list(cards)
    used = {c for cards in keep.values() for c in cards}
    piles[engine.foundations[0]] = [c for c in range(52) if c not in used]
    down = [0] * len(piles)
    if engine.stock >= 0:
        down[engine.stock] = len(piles[engine.stock])
    return Position(tuple(map(tuple, piles)), tuple(down))


def test_the_removal_games_get_the_depth_first_searcher() -> None:
    for game in REMOVAL_GAMES:
        assert isinstance(searcher_for(get_game(game).rules({})), DepthFirst)
    assert not isinstance(searcher_for(get_game("klondike").rules({})), DepthFirst)


@pytest.mark.parametrize("game", REMOVAL_GAMES)
@pytest.mark.parametrize("deal", [1, 2, 3, 4])
def test_every_answer_is_a_replayable_win_or_a_proof(game: str, deal: int) -> None:
    engine = engine_of(game)
    start = start_position(get_game(game), {}, deal)
    result = removal_searcher(engine).solve(start, Budget(nodes=20_000))
    if isinstance(result, Won):
        assert replays_to_win(engine, start, result.moves)
    else:
        assert isinstance(result, ProvenUnwinnable | Unknown)


def test_some_deal_of_each_game_is_won_and_replays() -> None:
    for game in REMOVAL_GAMES:
        engine = engine_of(game)
        searcher = removal_searcher(engine)
        for deal in range(1, 30):
            start = start_position(get_game(game), {}, deal)
            result = searcher.solve(start, Budget(nodes=20_000))
            if isinstance(result, Won):
                assert result.moves
                assert replays_to_win(engine, start, result.moves)
                break
        else:
            pytest.fail(f"no deal of {game} won")


def test_a_pyramid_card_under_its_only_partners_is_proven_unwinnable() -> None:
    # The apex 5 and the four 8s, all four on places that cover the apex (p2, p4, p5, p8):
    # no 8 is ever free while the 5 is, so the 5 can never go.
    engine = engine_of("pyramid")
    five = make_card(5, 0)
    eights = [make_card(8, s) for s in range(4)]
    pos = only_left("pyramid", {0: [five], 1: [eights[0]], 3: [eights[1]], 4: [eights[2]]})
    pos = _remove_from_discard(pos, engine, eights[3], 7)
    assert winnable_by_enumeration(engine, pos, limit=10_000) is False
    result = removal_searcher(engine).solve(pos, Budget(nodes=1_000))
    assert isinstance(result, ProvenUnwinnable)


def _remove_from_discard(pos: Position, engine: Engine, card: int, pile: int) -> Position:
    piles = [list(p) for p in pos.piles]
    piles[engine.foundations[0]].remove(card)
    piles[pile].append(card)
    return Position(tuple(map(tuple, piles)), pos.down)


def test_a_tiny_talon_position_agrees_with_plain_enumeration() -> None:
    # King Tut: a 6 and a 7 in the pyramid's bottom row, the talon holding the partners in an
    # order that three-card draws may or may not bring up together.
    engine = engine_of("king_tut")
    cards = {21: [make_card(6, 0)], 22: [make_card(7, 1)]}
    talon = [make_card(r, s) for r, s in ((7, 2), (3, 0), (6, 3), (4, 1), (9, 2))]
    pos = only_left("king_tut", {**cards, engine.stock: talon})
    truth = winnable_by_enumeration(engine, pos, limit=50_000)
    result = removal_searcher(engine).solve(pos, Budget(nodes=50_000))
    assert truth is not None
    assert isinstance(result, Won) is truth
    assert isinstance(result, Won | ProvenUnwinnable)


@given(
    game=st.sampled_from(REMOVAL_GAMES),
    deal=st.integers(1, 10_000),
    steps=st.integers(10, 40),
    seed=st.integers(0, 1000),
)
def test_verdicts_agree_with_plain_enumeration(game: str, deal: int, steps: int, seed: int) -> None:
    engine = engine_of(game)
    pos = playout(game, deal, steps, seed)
    truth = winnable_by_enumeration(engine, pos, limit=3_000)
    result = removal_searcher(engine).solve(pos, Budget(nodes=50_000))
    if truth is None:
        return  # too big to enumerate
    assert_verdict(engine, pos, result, truth)


def test_cards_of_one_rank_are_one_class_in_removal_games() -> None:
    classes = card_classes(engine_of("pyramid"))
    for card in range(52):
        assert rank(classes[card]) == rank(card)
    assert len(set(classes)) == 13


def test_the_key_forgets_the_discard_order_and_the_spot_order() -> None:
    engine = engine_of("thirteens")
    key = removal_key(engine)
    pos = start_position(get_game("thirteens"), {}, 1)
    piles = list(pos.piles)
    piles[0], piles[1] = piles[1], piles[0]
    swapped = Position(tuple(piles), pos.down)
    assert key(swapped) == key(pos)
    assert key(pos) != key(engine.apply(pos, engine.legal_moves(pos)[0]))
    assert all(m.kind is MoveKind.REMOVE for m in engine.legal_moves(pos))


def test_only_free_refilled_piles_are_sorted() -> None:
    assert sorted_refill_piles(engine_of("thirteens")) == tuple(range(10))
    assert sorted_refill_piles(engine_of("pyramid")) == ()
    assert sorted_refill_piles(engine_of("klondike")) == ()


def test_a_free_pair_whose_ranks_are_all_free_is_the_only_move_tried() -> None:
    # Bottom row of the pyramid: a 6 and a 7 free, and a 6 and a 7 in the talon: both pairings
    # stay possible, so nothing is forced; with the talon's 6 and 7 gone, the pair is forced.
    engine = engine_of("pyramid")
    six, seven = make_card(6, 0), make_card(7, 1)
    talon = [make_card(6, 2), make_card(7, 3)]
    searcher = removal_searcher(engine)
    pos = only_left("pyramid", {21: [six], 22: [seven], engine.stock: talon})
    assert len(list(searcher.children(pos))) > 1
    pos = only_left("pyramid", {21: [six], 22: [seven]})
    assert [line for line, _ in searcher.children(pos)] == [(Move(MoveKind.REMOVE, 21, 22, 2),)]


def test_partners_stacked_in_the_waste_after_the_last_redeal_are_proven_unwinnable() -> None:
    engine = engine_of("pyramid")
    waste = [make_card(6, 0), make_card(7, 1)]
    stock = [make_card(10, 2), make_card(3, 3)]
    pos = only_left("pyramid", {engine.waste: waste, engine.stock: stock})
    spent = Position(pos.piles, pos.down, engine.rules.stock.redeals)
    assert winnable_by_enumeration(engine, spent, limit=1_000) is False
    result = removal_searcher(engine).solve(spent, Budget(nodes=1_000))
    assert isinstance(result, ProvenUnwinnable)
    assert result.nodes == 1  # the 6 under the 7 was seen at once
    assert winnable_by_enumeration(engine, pos, limit=1_000) is True
    fresh = removal_searcher(engine).solve(pos, Budget(nodes=1_000))
    assert isinstance(fresh, Won)  # with a redeal left, the 6 and the 7 meet
    assert replays_to_win(engine, pos, fresh.moves)
