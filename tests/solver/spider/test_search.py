"""The Spider searcher: its moves are the engine's, its wins replay, its proofs are sound."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_oracle import winnable_by_enumeration
from solver_positions import engine_of, playout, replays_to_win

from patience.cards import make_card, parse_card
from patience.engine.core import Engine
from patience.engine.game import start_position
from patience.engine.position import STOCK_MOVE, Move, Position
from patience.games import GAMES, get_game
from patience.solver import Budget, ProvenUnwinnable, Unknown, Won, searcher_for
from patience.solver.spider.search import (
    SpiderSearcher,
    _Frontier,
    _Tree,
    spider_searcher,
    weights_for,
)
from patience.solver.spider.state import DEAL, SpiderTable

SUITS = ("1", "2", "4")


def spider(suits: str) -> SpiderSearcher:
    found = spider_searcher(engine_of("spider", {"suits": suits}))
    assert found is not None
    return found


def test_every_suit_option_gets_the_spider_searcher() -> None:
    for suits in SUITS:
        assert isinstance(searcher_for(get_game("spider").rules({"suits": suits})), SpiderSearcher)


def test_other_games_are_refused() -> None:
    for game in GAMES:
        if game != "spider":
            assert spider_searcher(engine_of(game)) is None, game


@settings(max_examples=40, deadline=None)
@given(
    suits=st.sampled_from(SUITS),
    deal=st.integers(1, 10_000),
    steps=st.integers(0, 120),
    seed=st.integers(0, 1000),
)
def test_moves_and_effects_are_the_engines(suits: str, deal: int, steps: int, seed: int) -> None:
    engine = engine_of("spider", {"suits": suits})
    table = SpiderTable(engine)
    pos = playout("spider", deal, steps, seed, {"suits": suits})
    state = table.state(pos)
    steps_here = table.moves(state)
    assert sorted(table.move(s) for s in steps_here) == sorted(engine.search_moves(pos))
    for step in steps_here:
        assert table.after(state, step) == table.state(engine.apply(pos, table.move(step)))


@settings(max_examples=30, deadline=None)
@given(
    suits=st.sampled_from(SUITS),
    deal=st.integers(1, 10_000),
    steps=st.integers(0, 150),
    seed=st.integers(0, 1000),
)
def test_children_are_scored_as_afresh(suits: str, deal: int, steps: int, seed: int) -> None:
    """A child's score, made from its parent's and the two columns a move changes, is the
    score the state gets from scratch; each new child is a new node."""
    searcher = spider(suits)
    table = searcher.table
    state = table.state(playout("spider", deal, steps, seed, {"suits": suits}))
    weights = weights_for(seed % 12)
    share = table.share_of(weights)
    score = table.scorer(weights, share)
    fresh = table.scorer(weights)
    tree = _Tree(table, state, proves=True)
    frontier = _Frontier()
    assert tree.grow(state, score(state), 0, table.moves(state), share, score, frontier) is None
    grown = [frontier.pop() for _ in range(len(frontier))]
    for value, node, child in grown:
        assert value == fresh(child)
        assert tree.steps[node] in table.moves(state) and tree.parents[node] == 0
    assert len(tree.parents) == len(grown) + 1


def _cards(texts: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in texts.split())


def _end_game(suits: str, columns: list[str], down: list[int], stock: str = "") -> Position:
    """A position whose other cards are home as complete runs, King to Ace."""
    engine = engine_of("spider", {"suits": suits})
    left = Counter(engine.rules.pack)
    piles = [_cards(text) for text in columns] + [()] * (10 - len(columns))
    stock_cards = _cards(stock)
    left.subtract(Counter(c for pile in (*piles, stock_cards) for c in pile))
    homes: list[tuple[int, ...]] = []
    for suit_ in range(4):
        run = tuple(make_card(r, suit_) for r in range(13, 0, -1))
        while all(left[c] > 0 for c in run):
            left.subtract(run)
            homes.append(run)
    assert not +left, "the position's cards must leave whole runs to go home"
    homes += [()] * (8 - len(homes))
    down_all = (*down, *[0] * (10 - len(down)), len(stock_cards), *[0] * 8)
    return Position((*piles, stock_cards, *homes), down_all)


def test_a_deal_completing_a_run_sends_it_home() -> None:
    """The stock's card for column 1 is the Ace of its King-to-Two: the run goes home."""
    engine = engine_of("spider", {"suits": "1"})
    table = SpiderTable(engine)
    columns = ["KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "KS 4S", "QS 4S", "JS 3S", "TS 3S"]
    columns += ["9S 2S", "8S 2S", "7S AS", "6S AS", "5S"]
    position = _end_game("1", columns, [0], stock="KS QS JS TS 9S 8S 7S 6S 5S AS")
    assert engine.legal_moves(position)[-1] == STOCK_MOVE
    after = engine.apply(position, STOCK_MOVE)
    homes = [after.piles[f] for f in engine.foundations]
    assert after.piles[0] == () and sum(len(home) == 13 for home in homes) == 6
    assert table.after(table.state(position), DEAL) == table.state(after)


def test_a_move_completing_a_run_sends_it_home_and_turns_up_the_card_it_bared() -> None:
    """Every move of this position is the engine's; the Ace of Spades onto its King-to-Two
    sends the run home, and the Three of Hearts under it turns face up."""
    engine = engine_of("spider", {"suits": "2"})
    table = SpiderTable(engine)
    columns = ["3H KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AS", "KH QH JH TH 9H 8H 7H 6H 5H 4H"]
    columns += ["2H", "AH"]
    position = _end_game("2", columns, [1])
    state = table.state(position)
    for step in table.moves(state):
        assert table.after(state, step) == table.state(engine.apply(position, table.move(step)))
    home = table.view(table.after(state, (1, 0, 1)))
    assert home.cols[0] == bytes(_cards("3H")) and home.down[0] == 0


@cache
def _won_line(suits: str, deal: int) -> tuple[Position, tuple[Move, ...]]:
    """A winning line for a deal (solved once for the tests that walk it back)."""
    searcher = spider(suits)
    start = start_position(get_game("spider"), {"suits": suits}, deal)
    result = searcher.solve(start, Budget(nodes=20_000))
    assert isinstance(result, Won)
    return start, result.moves


def _walk(engine: Engine, start: Position, moves: tuple[Move, ...]) -> list[Position]:
    positions = [start]
    for move in moves:
        positions.append(engine.play(positions[-1], move))
    return positions


def test_a_one_suit_deal_is_won_and_replays() -> None:
    start, moves = _won_line("1", 4)
    assert replays_to_win(engine_of("spider", {"suits": "1"}), start, moves)


@pytest.mark.parametrize("back", [3, 25, 60])
def test_positions_walked_back_from_a_win_are_won_again(back: int) -> None:
    """Mid-game positions (some with cards in the stock) on a known winning line."""
    engine = engine_of("spider", {"suits": "1"})
    start, moves = _won_line("1", 4)
    position = _walk(engine, start, moves)[-1 - back]
    result = spider("1").solve(position, Budget(nodes=5_000))
    assert isinstance(result, Won)
    assert replays_to_win(engine, position, result.moves)


@pytest.mark.parametrize("suits", SUITS)
def test_an_end_game_of_every_suit_option_is_won(suits: str) -> None:
    columns = ["KS 5S QS JS", "TS 2S 9S 8S 7S", "6S AS 4S 3S"]
    position = _end_game(suits, columns, [1, 2, 2])
    engine = engine_of("spider", {"suits": suits})
    result = spider(suits).solve(position, Budget(nodes=5_000))
    assert isinstance(result, Won)
    assert replays_to_win(engine, position, result.moves)


def test_a_two_suit_end_game_is_won() -> None:
    columns = ["KH QS JH", "TH 9H 8H", "7H 6H", "5H 4H 3H", "2H AH", "KS", "QH", "JS TS"]
    columns += ["9S 8S 7S 6S", "5S 4S 3S 2S AS"]
    position = _end_game("2", columns, [2, 0, 0, 1])
    engine = engine_of("spider", {"suits": "2"})
    result = spider("2").solve(position, Budget(nodes=5_000))
    assert isinstance(result, Won)
    assert replays_to_win(engine, position, result.moves)


def test_a_stuck_end_game_is_proven_unwinnable_as_enumeration_says() -> None:
    """Only the Six can move, onto the one Seven; the Ace it bares neither goes nor takes."""
    columns = ["QS KS", "QS KS", "TS JS", "TS JS", "8S 9S", "8S 9S", "5S 7S", "AS 6S"]
    columns += ["7S 6S 4S 3S 3S", "5S 4S 2S 2S AS"]
    position = _end_game("1", columns, [1, 1, 1, 1, 1, 1, 1, 1, 4, 4])
    engine = engine_of("spider", {"suits": "1"})
    assert winnable_by_enumeration(engine, position, 10_000) is False
    result = spider("1").solve(position, Budget(nodes=1_000))
    assert isinstance(result, ProvenUnwinnable)


def test_a_small_budget_answers_unknown() -> None:
    start = start_position(get_game("spider"), {"suits": "4"}, 1)
    assert isinstance(spider("4").solve(start, Budget(nodes=50)), Unknown)


def test_the_table_counts_the_suits_of_the_pack() -> None:
    """The nodes between deals grow with the suits, read from the pack."""
    assert [SpiderTable(engine_of("spider", {"suits": s})).suits for s in SUITS] == [1, 2, 4]


def test_attempt_weights_are_fixed_and_varied() -> None:
    assert weights_for(9) == weights_for(9)
    assert len({weights_for(i) for i in range(12)}) == 12
