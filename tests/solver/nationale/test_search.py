"""The Nationale family's searcher: its moves are the engine's, wins replay, proofs match."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from family_boards import FAMILY
from hypothesis import given
from hypothesis import strategies as st
from solver_oracle import winnable_by_enumeration
from solver_positions import assert_verdict, engine_of, playout, replays_to_win

from patience.cards import make_card
from patience.engine.core import Engine
from patience.engine.game import engine_for, start_position
from patience.engine.position import MoveKind, Position
from patience.games import get_game
from patience.rules.piles import Kind
from patience.rules.stock import StockRule
from patience.rules.table import Table
from patience.solver import Budget, Unknown, Won, searcher_for
from patience.solver.nationale.moves import TwoWayBoard, suit_pairs
from patience.solver.nationale.search import TwoWaySearcher, two_way_searcher


def test_the_family_is_read_from_the_rules() -> None:
    for game in FAMILY:
        assert isinstance(searcher_for(get_game(game).rules({})), TwoWaySearcher)
    for game in ("klondike", "freecell", "spider", "thirteens", "pyramid"):
        assert two_way_searcher(engine_of(game)) is None


def test_each_suit_has_an_up_and_a_down_foundation() -> None:
    engine = engine_of("nationale")
    pairs = suit_pairs(engine)
    assert pairs is not None and sorted(pairs) == [0, 1, 2, 3]
    for up, down in pairs.values():
        assert engine.specs[up].start_rank == 1 and engine.specs[down].start_rank == 13


def _engine_children(engine: Engine, pos: Position, key: object) -> set[bytes]:
    board = TwoWayBoard(engine)
    keyed = board.key_function()
    out = set()
    for move in engine.search_moves(pos):
        swap = (
            move.kind is MoveKind.TRANSFER
            and engine.specs[move.src].kind is Kind.FOUNDATION
            and engine.specs[move.dst].kind is Kind.FOUNDATION
        )
        if not swap:
            after = engine.apply(pos, move)
            out.add(keyed(tuple(bytes(p) for p in after.piles), after.redeals))
    return out


@given(
    game=st.sampled_from(FAMILY),
    deal=st.integers(1, 10_000),
    steps=st.integers(0, 80),
    seed=st.integers(0, 1000),
)
def test_board_moves_are_the_engines_moves(game: str, deal: int, steps: int, seed: int) -> None:
    engine = engine_of(game)
    pos = playout(game, deal, steps, seed)
    board_rules = TwoWayBoard(engine)
    key = board_rules.key_function()
    board = board_rules.board_of(pos)
    assert board is not None
    mine = set()
    for line, child, redeals in board_rules.steps(board, pos.redeals):
        replayed = pos
        for move in line:
            replayed = engine.play(replayed, move)
        assert replayed == board_rules.position(child, redeals)
        if all(engine.specs[m.src].kind is not Kind.FOUNDATION for m in line[:-1]):
            mine.add(key(child, redeals))
    # swaps come only before the card they make room for; every other move is there
    assert _engine_children(engine, pos, key) <= mine | {key(board, pos.redeals)}


@pytest.mark.parametrize("game", FAMILY)
def test_some_deals_are_won_and_replay(game: str) -> None:
    engine = engine_of(game)
    searcher = two_way_searcher(engine)
    assert searcher is not None
    won = 0
    for deal in (6, 7, 10, 13, 15):
        start = start_position(get_game(game), {}, deal)
        result = searcher.solve(start, Budget(nodes=5_000))
        if isinstance(result, Won):
            assert replays_to_win(engine, start, result.moves)
            won += 1
    assert won >= 3


@given(deal=st.integers(1, 10_000), steps=st.integers(0, 60), seed=st.integers(0, 1000))
def test_digs_replay_in_the_engine(deal: int, steps: int, seed: int) -> None:
    engine = engine_of("tournament")
    pos = playout("tournament", deal, steps, seed)
    board_rules = TwoWayBoard(engine)
    board = board_rules.board_of(pos)
    assert board is not None
    for line, child, redeals in board_rules.digs(board, pos.redeals):
        replayed = pos
        for move in line:
            replayed = engine.play(replayed, move)
        assert replayed == board_rules.position(child, redeals)


def _narrow(game: str, tableau: int, cells: int) -> Engine:
    """The game's engine with fewer tableau piles and cells, so positions stay enumerable."""
    rules = get_game(game).rules({})
    kept = []
    for spec in rules.piles:
        if spec.kind is Kind.TABLEAU:
            tableau -= 1
            if tableau < 0:
                continue
        if spec.kind is Kind.CELL:
            cells -= 1
            if cells < 0:
                continue
        kept.append(spec)
    if rules.redeal_script is not None:
        rules = replace(rules, stock=StockRule())  # its script deals to all twelve piles
    return engine_for(replace(rules, piles=tuple(kept)))


def _small(engine: Engine, seed: int) -> Position:
    """A settled position with a few cards out, on piles, cells and talon at random."""
    pairs = suit_pairs(engine)
    assert pairs is not None
    chooser = random.Random(seed)
    table = Table.empty(len(engine.specs))
    out: list[int] = []
    for s, (up, down) in pairs.items():
        u = chooser.randint(8, 13)
        d = chooser.randint(min(13, max(0, 20 + seed % 6 - u)), 13)
        table.piles[up] = [make_card(r, s) for r in range(1, u + 1)]
        table.piles[down] = [make_card(r, s) for r in range(13, 13 - d, -1)]
        out += [make_card(r, s) for r in range(u + 1, 14)]
        out += [make_card(r, s) for r in range(1, 14 - d)]
    chooser.shuffle(out)
    places = [*engine.tableau, *engine.cells]
    for card in out:
        if engine.stock >= 0 and chooser.random() < 0.3:
            table.piles[engine.stock].append(card)
            continue
        free = [p for p in places if engine.specs[p].kind is Kind.TABLEAU or not table.piles[p]]
        table.piles[chooser.choice(free)].append(card)
    table.redeals = chooser.randint(0, engine.rules.stock.redeals)
    engine.settle(table)
    return Position.from_table(table)


@pytest.mark.parametrize(
    ("game", "tableau", "cells"),
    [
        ("nationale", 2, 0),
        ("nationale", 3, 0),
        ("caprice", 2, 0),
        ("tournament", 2, 2),
        ("tournament", 1, 1),
    ],
)
def test_verdicts_agree_with_plain_enumeration(game: str, tableau: int, cells: int) -> None:
    engine = _narrow(game, tableau, cells)
    searcher = two_way_searcher(engine)
    assert searcher is not None
    checked = {True: 0, False: 0}
    for seed in range(30):
        pos = _small(engine, seed)
        truth = winnable_by_enumeration(engine, pos, limit=5_000)
        if truth is None:
            continue
        result = searcher.solve(pos, Budget(nodes=100_000))
        assert_verdict(engine, pos, result, truth)
        checked[truth] += 1
    assert checked[True] >= 3 and checked[False] >= 3, checked


@pytest.mark.parametrize(
    ("game", "nodes"),
    [*((game, n) for game in FAMILY for n in (1, 2, 3)), ("nationale", 700), ("tournament", 700)],
)
def test_a_node_budget_is_honoured_exactly(game: str, nodes: int) -> None:
    searcher = two_way_searcher(engine_of(game))
    assert searcher is not None
    start = start_position(get_game(game), {}, 3)  # not won in so few boards
    result = searcher.solve(start, Budget(nodes=nodes))
    assert isinstance(result, Unknown) and result.nodes == nodes


@pytest.mark.parametrize("game", FAMILY)
def test_a_tiny_time_budget_answers_unknown_at_once(game: str) -> None:
    searcher = two_way_searcher(engine_of(game))
    assert searcher is not None
    start = start_position(get_game(game), {}, 4)
    result = searcher.solve(start, Budget(nodes=1_000_000, seconds=1e-9))
    assert isinstance(result, Unknown) and result.nodes == 0


def test_nothing_is_remembered_after_a_search() -> None:
    searcher = two_way_searcher(engine_of("tournament"))
    assert searcher is not None
    start = start_position(get_game("tournament"), {}, 4)
    searcher.solve(start, Budget(nodes=300))
    assert searcher.board.remembered == 0


@given(deal=st.integers(1, 10_000), steps=st.integers(0, 120), seed=st.integers(0, 1000))
def test_the_complete_search_orders_by_cards_home_and_gaps(
    deal: int, steps: int, seed: int
) -> None:
    engine = engine_of("nationale")
    searcher = two_way_searcher(engine)
    assert searcher is not None
    pos = playout("nationale", deal, steps, seed)
    board = searcher.board.board_of(pos)
    assert board is not None
    home = sum(len(pos.piles[f]) for f in engine.foundations)
    gaps = sum(1 for t in engine.tableau if not pos.piles[t])
    assert searcher.complete_score(board) == 100 * home + 30 * gaps


def _verdicts(engine: Engine, positions: list[Position], nodes: int) -> list[tuple[object, ...]]:
    searcher = two_way_searcher(engine)
    assert searcher is not None
    out: list[tuple[object, ...]] = []
    for pos in positions:
        result = searcher.solve(pos, Budget(nodes=nodes))
        out.append((result.name, result.nodes, result.moves if isinstance(result, Won) else ()))
    return out


def test_the_sorted_walk_searches_what_the_general_walk_searches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    full = engine_of("nationale")
    narrow = _narrow("nationale", 3, 0)
    cases = [
        (full, [start_position(get_game("nationale"), {}, d) for d in (1, 3, 8)], 1_500),
        (full, [playout("nationale", d, 40, d) for d in (5, 6, 7)], 1_500),
        (narrow, [_small(narrow, seed) for seed in range(12)], 3_000),
    ]
    assert TwoWayBoard(full).sorted_tableau and TwoWayBoard(narrow).sorted_tableau
    fast = [_verdicts(engine, positions, nodes) for engine, positions, nodes in cases]
    monkeypatch.setattr(TwoWayBoard, "sorted_tableau", property(lambda _self: False))
    general = [_verdicts(engine, positions, nodes) for engine, positions, nodes in cases]
    assert fast == general
    names = {name for verdicts in fast for name, _nodes, _moves in verdicts}
    assert {"won", "unwinnable", "unknown"} <= names, names
