"""The compact pyramid search: wins replay, proofs match a plain enumeration, pruning is sound."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from solver_oracle import winnable_by_enumeration
from solver_positions import assert_verdict, engine_of, playout, replays_to_win

from patience.cards import make_card, rank
from patience.engine.game import start_position
from patience.engine.position import STOCK_MOVE, Move, MoveKind, Position
from patience.games import get_game
from patience.solver import Budget, ProvenUnwinnable, Unknown, Won, searcher_for
from patience.solver.removal.pyramid import PyramidSearch, PyramidSearcher, pyramid_searcher

PYRAMID_GAMES = ("pyramid", "king_tut")


def searcher(game: str) -> PyramidSearcher:
    found = pyramid_searcher(engine_of(game))
    assert found is not None
    return found


def only_left(game: str, keep: dict[int, list[int]], redeals: int = 0) -> Position:
    """A position of ``game`` with the cards ``keep`` names on their piles, the rest removed."""
    engine = engine_of(game)
    piles: list[list[int]] = [[] for _ in engine.specs]
    for pile, cards in keep.items():
        piles[pile] = list(cards)
    used = {c for cards in keep.values() for c in cards}
    piles[engine.foundations[0]] = [c for c in range(52) if c not in used]
    down = [0] * len(piles)
    down[engine.stock] = len(piles[engine.stock])
    return Position(tuple(map(tuple, piles)), tuple(down), redeals)


def test_only_pyramid_games_get_the_compact_searcher() -> None:
    for game in PYRAMID_GAMES:
        assert isinstance(searcher_for(get_game(game).rules({})), PyramidSearcher)
    for game in ("thirteens", "klondike", "sweet_sixteen"):
        assert pyramid_searcher(engine_of(game)) is None


def test_deals_are_won_with_moves_that_replay_or_proven_unwinnable() -> None:
    verdicts = set()
    for game in PYRAMID_GAMES:
        engine = engine_of(game)
        for deal in range(1, 9):
            start = start_position(get_game(game), {}, deal)
            result = searcher(game).solve(start, Budget(nodes=40_000))
            verdicts.add(result.name)
            if isinstance(result, Won):
                assert replays_to_win(engine, start, result.moves)
    assert {"won", "unwinnable"} <= verdicts


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(PYRAMID_GAMES),
    deal=st.integers(1, 10_000),
    steps=st.integers(15, 45),
    seed=st.integers(0, 1000),
)
def test_verdicts_agree_with_plain_enumeration(game: str, deal: int, steps: int, seed: int) -> None:
    engine = engine_of(game)
    pos = playout(game, deal, steps, seed)
    truth = winnable_by_enumeration(engine, pos, limit=4_000)
    result = searcher(game).solve(pos, Budget(nodes=100_000))
    if truth is None:
        return  # too big to enumerate
    assert_verdict(engine, pos, result, truth)


def test_a_card_under_its_only_partners_is_lost_at_once() -> None:
    # The apex 5 and all four 8s on places covering it: no 8 is ever free with the 5.
    engine = engine_of("pyramid")
    five = make_card(5, 0)
    eights = [make_card(8, s) for s in range(4)]
    pos = only_left(
        "pyramid", {0: [five], 1: [eights[0]], 3: [eights[1]], 4: [eights[2]], 7: [eights[3]]}
    )
    assert winnable_by_enumeration(engine, pos, limit=10_000) is False
    result = searcher("pyramid").solve(pos, Budget(nodes=1_000))
    assert isinstance(result, ProvenUnwinnable)
    assert result.nodes == 1


def test_two_waste_cards_after_the_last_redeal_cannot_share_one_partner() -> None:
    # Two 6s in the waste and one 7 in the stock, no redeal left: one 6 never finds a 7 (the
    # other 7 is gone). With both 7s in the stock and no redeal used, the deal is won.
    engine = engine_of("pyramid")
    waste = [make_card(6, 0), make_card(6, 1)]
    stock = [make_card(7, 2), make_card(7, 3)]
    spent = only_left("pyramid", {engine.waste: waste, engine.stock: stock[:1]}, redeals=2)
    assert winnable_by_enumeration(engine, spent, limit=1_000) is False
    result = searcher("pyramid").solve(spent, Budget(nodes=1_000))
    assert isinstance(result, ProvenUnwinnable)
    assert result.nodes == 1
    fresh = only_left("pyramid", {engine.waste: waste, engine.stock: stock})
    assert winnable_by_enumeration(engine, fresh, limit=1_000) is True
    won = searcher("pyramid").solve(fresh, Budget(nodes=1_000))
    assert isinstance(won, Won)
    assert replays_to_win(engine, fresh, won.moves)


def test_a_free_king_is_the_only_move_tried() -> None:
    king, six, seven = make_card(13, 0), make_card(6, 1), make_card(7, 2)
    pos = only_left("pyramid", {21: [six], 22: [seven], 23: [king]})
    search = PyramidSearch(searcher("pyramid"), pos)
    assert [(draws, move) for draws, move, _, _ in search.children(search.start)] == [
        ((), Move(MoveKind.REMOVE, 23, -1, 1))
    ]


def test_a_node_offers_the_removals_of_every_talon_point_it_reaches() -> None:
    # A free 6 on the pyramid; the stock holds (top first) a 2, two 7s and a 3: a 7 pairs
    # with the 6 once the 2 is drawn (on the stock's top) or the 2 and a 7 are (on the waste).
    engine = engine_of("pyramid")
    six = make_card(6, 1)
    stock = [make_card(3, 0), make_card(7, 0), make_card(7, 2), make_card(2, 3)]  # bottom first
    pos = only_left("pyramid", {21: [six], engine.stock: stock})
    search = PyramidSearch(searcher("pyramid"), pos)
    lines = [(*draws, move) for draws, move, _, _ in search.children(search.start)]
    draw = STOCK_MOVE
    assert (draw, Move(MoveKind.REMOVE, 21, engine.stock, 2)) in lines
    assert (draw, draw, Move(MoveKind.REMOVE, 21, engine.waste, 2)) in lines
    for line in lines:  # each line is legal from the start
        after = pos
        for move in line:
            after = engine.play(after, move)


def test_every_count_of_redeals_used_agrees_with_enumeration() -> None:
    engine = engine_of("pyramid")
    stock = [make_card(r, s) for r, s in ((3, 0), (10, 1), (9, 2), (4, 3))]
    for redeals in (0, 1, 2):
        pos = only_left("pyramid", {engine.stock: stock}, redeals)
        truth = winnable_by_enumeration(engine, pos, limit=1_000)
        result = searcher("pyramid").solve(pos, Budget(nodes=1_000))
        assert isinstance(result, Won) is truth
        assert not isinstance(result, Unknown)


def test_a_position_off_the_pyramid_shape_goes_to_the_general_walk() -> None:
    # Two cards on one place (no deal makes this): the 7 covers the 6, and nothing else is left.
    engine = engine_of("pyramid")
    pos = only_left("pyramid", {21: [make_card(6, 0), make_card(7, 1)]})
    assert not searcher("pyramid").fits(pos)
    assert winnable_by_enumeration(engine, pos, limit=100) is False
    assert isinstance(searcher("pyramid").solve(pos, Budget(nodes=100)), ProvenUnwinnable)


def test_talons_alike_by_rank_are_stored_as_one() -> None:
    # The row (waste, then stock from its top) 5 8 5 9: the waste's 5 pairs with the stock's 8,
    # and the talon left shows a 5 and a 9 in the stock. It is stored in the row's first
    # cards of those ranks (the first 5 and the 9), as if the other 5 had gone.
    engine = engine_of("pyramid")
    five, eight, other_five, nine = (make_card(r, s) for r, s in ((5, 0), (8, 0), (5, 1), (9, 0)))
    stock = [nine, other_five, eight]  # bottom first
    pos = only_left("pyramid", {21: [make_card(2, 0)], engine.waste: [five], engine.stock: stock})
    search = PyramidSearch(searcher("pyramid"), pos)
    places, talon, cut, used = search.start
    assert (talon, cut) == (0b1111, 1)
    pair = Move(
        MoveKind.REMOVE, min(engine.waste, engine.stock), max(engine.waste, engine.stock), 2
    )
    children = {move: child for draws, move, child, _ in search.children(search.start) if not draws}
    assert children[pair] == (places, 0b1001, 0, used)


def _named(search: PyramidSearch, state: tuple[int, int, int, int]) -> tuple[object, ...]:
    """A state as the engine would see it: the places holding cards, the talon's ranks in
    order (the waste bottom first, then the stock top first), how many are on the waste, and
    the redeals used where they are counted."""
    places, talon, cut, used = state
    row = [j for j in range(len(search.row)) if talon >> j & 1]
    ranks = tuple(search.rank_of_row[j] for j in row)
    return places, ranks, sum(j < cut for j in row), used


def _seen(search: PyramidSearch, pos: Position) -> tuple[object, ...]:
    engine = search.engine
    waste, stock = pos.piles[engine.waste], pos.piles[engine.stock]
    places = sum(1 << i for i, pile in enumerate(search.pile_of_place) if pos.piles[pile])
    ranks = tuple(rank(c) for c in (*waste, *reversed(stock)))
    return places, ranks, len(waste), pos.redeals if search.redeals > 0 else 0


@given(
    game=st.sampled_from(PYRAMID_GAMES),
    deal=st.integers(1, 10_000),
    steps=st.integers(0, 60),
    seed=st.integers(0, 1_000),
)
def test_each_child_is_a_line_of_engine_moves_to_the_state_it_names(
    game: str, deal: int, steps: int, seed: int
) -> None:
    """From random reachable positions: every child's draws and removal replay through the
    engine to the state the child names (up to talons alike by rank); a position where the
    engine offers a removal has a child."""
    engine = engine_of(game)
    pos = playout(game, deal, steps, seed)
    assume(searcher(game).fits(pos) and not engine.is_won(pos))
    search = PyramidSearch(searcher(game), pos)
    children = search.children(search.start)
    for draws, move, child, _ in children:
        after = pos
        for each in (*draws, move):
            after = engine.play(after, each)
        assert _seen(search, after) == _named(search, child)
    if any(m.kind is MoveKind.REMOVE for m in engine.search_moves(pos)):
        assert children
