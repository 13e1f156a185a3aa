"""The FreeCell searcher: wins replay in the engine, proofs match a plain enumeration."""

from __future__ import annotations

import pytest
from freecell_cases import endgame, small_endgames, variant
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_oracle import winnable_by_enumeration
from solver_positions import engine_of, playout, replays_to_win

from patience.cards import parse_card
from patience.engine.core import Engine
from patience.engine.game import start_position
from patience.engine.position import Position
from patience.games import GAMES, get_game
from patience.games.layout import DOWN_IN_SUIT
from patience.rules.piles import Unit
from patience.solver import Budget, ProvenUnwinnable, Unknown, Won
from patience.solver.freecell.family import in_family
from patience.solver.freecell.hooks import WholeRuns
from patience.solver.freecell.macros import FIRST_ORDER, parse_order
from patience.solver.freecell.search import (
    KERNEL_SCANS,
    MACRO_ORDERS,
    MACRO_SCANS,
    SCANS,
    FreeCellSearch,
    Ranking,
    Weights,
    freecell_searcher,
)
from patience.solver.kernel.moves import generate, moves_of, run_length
from patience.solver.kernel.positions import state_of
from patience.solver.kernel.state import EMPTY, HOME, board_of, decoded, key, play, settle
from patience.solver.kernel.tables import Tables

FREECELL = get_game("freecell")
ENGINE = engine_of("freecell")
EVERY_MOVE_DEPTH_FIRST = next(
    w for w in SCANS if w.depth_first and not w.whole_runs and not w.lifetime
)
"""The depth-first scan of every move that stays in the turns (it proves)."""


def test_only_the_freecell_family_is_taken() -> None:
    taken = {info.id for info in GAMES.values() if in_family(engine_of(info.id))}
    assert taken == {"freecell"}
    assert freecell_searcher(engine_of("klondike")) is None
    assert isinstance(freecell_searcher(ENGINE), FreeCellSearch)
    with pytest.raises(ValueError, match="kernel needs"):
        Tables(engine_of("spider"))


@pytest.mark.parametrize("deal", [1, 2, 3, 617, 1000])
def test_deals_are_solved_and_replay(deal: int) -> None:
    start = start_position(FREECELL, {}, deal)
    result = FreeCellSearch(ENGINE).solve(start, Budget(nodes=50_000))
    assert isinstance(result, Won)
    assert replays_to_win(ENGINE, start, result.moves)


@pytest.mark.parametrize(("deal", "steps", "seed"), [(5, 10, 1), (7, 40, 3)])
def test_mid_game_positions_are_solved_and_replay(deal: int, steps: int, seed: int) -> None:
    start = playout("freecell", deal, steps, seed)
    assert start != start_position(FREECELL, {}, deal)
    result = FreeCellSearch(ENGINE).solve(start, Budget(nodes=50_000))
    assert isinstance(result, Won)
    assert replays_to_win(ENGINE, start, result.moves)


@pytest.mark.parametrize("deal", [11, 12])
def test_positions_along_a_winning_line_are_solved(deal: int) -> None:
    pos = start_position(FREECELL, {}, deal)
    line = FreeCellSearch(ENGINE).solve(pos, Budget(nodes=50_000))
    assert isinstance(line, Won)
    for move in line.moves[: len(line.moves) // 2]:
        pos = ENGINE.apply(pos, move)
    result = FreeCellSearch(ENGINE).solve(pos, Budget(nodes=50_000))
    assert isinstance(result, Won)
    assert replays_to_win(ENGINE, pos, result.moves)


@pytest.mark.parametrize(("deal", "steps", "seed"), [(6, 25, 2), (6, 20, 4), (9, 50, 6)])
def test_stuck_random_playouts_are_proven_as_the_enumeration_says(
    deal: int, steps: int, seed: int
) -> None:
    start = playout("freecell", deal, steps, seed)
    assert winnable_by_enumeration(ENGINE, start, 30_000) is False
    assert isinstance(FreeCellSearch(ENGINE).solve(start), ProvenUnwinnable)


def test_a_won_position_needs_no_moves_and_a_tiny_budget_says_unknown() -> None:
    won = endgame(ENGINE, [])
    assert FreeCellSearch(ENGINE).solve(won) == Won((), 0, 0.0)
    result = FreeCellSearch(ENGINE).solve(start_position(FREECELL, {}, 1), Budget(nodes=1))
    assert isinstance(result, Unknown)


def test_safe_moves_home_alone_can_win() -> None:
    pos = endgame(ENGINE, [["KH", "QS"], ["KS"], ["KC", "QD", "KD"]], ["QH"])
    result = FreeCellSearch(ENGINE).solve(pos)
    assert isinstance(result, Won)
    assert replays_to_win(ENGINE, pos, result.moves)


def test_a_blocked_endgame_is_proven_unwinnable() -> None:
    engine = variant(2, 0)
    pos = endgame(engine, [["QC", "KH"], ["QH", "KC"]])
    assert winnable_by_enumeration(engine, pos, 10_000) is False
    assert isinstance(FreeCellSearch(engine).solve(pos), ProvenUnwinnable)
    # one more column opens it
    wider = variant(3, 0)
    pos = endgame(wider, [["QC", "KH"], ["QH", "KC"], []])
    result = FreeCellSearch(wider).solve(pos)
    assert isinstance(result, Won)
    assert replays_to_win(wider, pos, result.moves)


@settings(max_examples=40, deadline=None)
@given(small_endgames())
def test_verdicts_match_an_enumeration(case: tuple[Engine, Position]) -> None:
    engine, pos = case
    truth = winnable_by_enumeration(engine, pos, 30_000)
    assert truth is not None
    result = FreeCellSearch(engine).solve(pos)
    assert isinstance(result, Won) is truth
    if isinstance(result, Won):
        assert replays_to_win(engine, pos, result.moves)
    else:
        assert isinstance(result, ProvenUnwinnable)


@pytest.mark.parametrize(
    ("cells", "changes"),
    [(2, {}), (4, {"unit": Unit.ONE}), (4, {"build": DOWN_IN_SUIT})],
    ids=["two cells", "one card a move", "built in suit"],
)
def test_variants_are_read_from_the_rules(cells: int, changes: dict[str, object]) -> None:
    engine = variant(8, cells, **changes)
    assert in_family(engine)
    dealt = start_position(FREECELL, {}, 2)
    piles = [dealt.piles[t] for t in ENGINE.tableau]
    piles += [()] * (len(engine.specs) - len(piles))
    start = Position(tuple(piles), (0,) * len(piles))
    result = FreeCellSearch(engine).solve(start, Budget(nodes=20_000))
    assert isinstance(result, Won)
    assert replays_to_win(engine, start, result.moves)


def settled(pos: Position) -> Position:
    """``pos`` after the engine's safe moves home, one at a time, until none is left."""
    while safe := ENGINE.safe_foundation_moves(pos):
        pos = ENGINE.apply(pos, safe[0])
    return pos


def along_a_win(deal: int, every: int) -> list[Position]:
    """Every ``every``-th position of a winning line of ``deal`` (empty columns and cells)."""
    pos = start_position(FREECELL, {}, deal)
    line = FreeCellSearch(ENGINE).solve(pos, Budget(nodes=50_000))
    assert isinstance(line, Won)
    out = []
    for i, move in enumerate(line.moves):
        if i % every == 0:
            out.append(pos)
        pos = ENGINE.apply(pos, move)
    return out


def test_moves_and_safe_moves_match_the_engine_up_to_symmetry() -> None:
    tables = Tables(ENGINE)
    positions = [
        playout("freecell", deal, steps, seed) for deal, steps, seed in ((2, 30, 4), (3, 80, 5))
    ]
    for pos in [*positions, *along_a_win(13, 7)]:
        pos = settled(pos)
        state = state_of(tables, pos)
        assert state is not None
        ours = {
            key(settle(play(state, step), step, tables.needs)[0])
            for step in generate(tables, *state, False)
        }
        theirs = set()
        for move in ENGINE.search_moves(pos):
            after = state_of(tables, settled(ENGINE.apply(pos, move)))
            assert after is not None
            theirs.add(key(after))
        assert ours == theirs


def test_scores_reward_cards_home_and_punish_buried_and_broken_columns() -> None:
    fits = Tables(ENGINE).fits
    card = parse_card
    low = board_of(((bytes([card("AC")]),), bytes([EMPTY]), bytes(4)))
    high = board_of(((b"",), bytes([EMPTY]), bytes([1, 0, 0, 0])))
    for weights in SCANS:
        plain = weights._replace(jitter=0)
        if not weights.macros:  # the macro scan has no score
            assert Ranking(plain, fits)(high) > Ranking(plain, fits)(low)
    buried = board_of(((bytes([card("AC"), card("9H")]),), bytes([EMPTY]), bytes(4)))
    on_top = board_of(((bytes([card("9H"), card("AC")]),), bytes([EMPTY]), bytes(4)))
    rank = Ranking(Weights(60, 5, 0, 10, 25), fits)
    assert rank(buried) == rank(on_top) - 5
    in_order = board_of(((bytes([card("9H"), card("8S")]),), bytes([EMPTY]), bytes(4)))
    broken = board_of(((bytes([card("9H"), card("8D")]),), bytes([EMPTY]), bytes(4)))
    rank = Ranking(Weights(60, 0, 0, 10, 25, breaks=4), fits)
    assert rank(in_order) == rank(broken) + 4
    disorder = Ranking(Weights(60, 0, 7, 10, 25), fits)
    assert disorder(buried) == disorder(on_top) - 7 == disorder(low) - 7
    assert HOME < 0


def test_the_first_macro_scan_leads_and_two_scans_prove() -> None:
    """The first macro scan leads; every macro scan (each in an order and with a seed of its
    own) and every kernel scan takes turns once, for half its own turn; two scans of every
    move stay to prove deals lost (neither whole runs only nor macro moves)."""
    assert SCANS[0].macros == FIRST_ORDER
    halved = [w._replace(turn=w.turn // 2) for w in (*MACRO_SCANS, *KERNEL_SCANS)]
    assert sorted(SCANS) == sorted(halved) and len(SCANS) == len(halved)
    macro = [w for w in SCANS if w.macros]
    assert {(w.macros, w.seed) for w in macro} == set(MACRO_ORDERS)
    assert len(set(MACRO_ORDERS)) == len(MACRO_ORDERS) == 12
    assert all(parse_order(w.macros) for w in macro)
    proving = [w for w in SCANS if not (w.macros or w.whole_runs)]
    assert len(proving) == 2 and all(not w.lifetime for w in proving)


@given(st.integers(0, 2**32 - 1), st.integers(1, 5_000))
@settings(max_examples=30)
def test_a_jittered_score_adds_seeded_noise_below_its_jitter(seed: int, jitter: int) -> None:
    """The same board always gets the same noise, below ``jitter``; boards of one score
    spread over several values, and another seed orders them otherwise."""
    fits = Tables(ENGINE).fits
    boards = [
        board_of(((bytes([c]),) + (b"",) * 7, bytes([EMPTY] * 4), bytes(4)))
        for c in range(4, 52, 4)  # twelve cards, no Ace, each alone: all of one score
    ]
    plain = Ranking(Weights(60, 5, 3, 10, 25), fits)
    assert len({plain(b) for b in boards}) == 1
    noisy = Ranking(Weights(60, 5, 3, 10, 25, jitter=jitter, seed=seed), fits)
    noise = [noisy(b) - plain(b) for b in boards]
    assert noise == [noisy(b) - plain(b) for b in boards]
    assert all(0 <= n < jitter for n in noise)
    if jitter >= 1_000:
        other = Ranking(Weights(60, 5, 3, 10, 25, jitter=jitter, seed=seed ^ 1), fits)
        assert len(set(noise)) > 6
        assert sorted(boards, key=noisy) != sorted(boards, key=other)


def test_a_face_down_card_falls_back_to_the_general_search() -> None:
    pos = endgame(ENGINE, [["KH"], ["KS"]])
    down = list(pos.down)
    down[ENGINE.tableau[0]] = 1
    odd = Position(pos.piles, tuple(down))
    assert state_of(Tables(ENGINE), odd) is None
    short = list(pos.piles)
    short[ENGINE.tableau[0]] = ()
    assert state_of(Tables(ENGINE), Position(tuple(short), pos.down)) is None  # a card lost
    result = FreeCellSearch(ENGINE).solve(odd)
    assert isinstance(result, Won)
    assert replays_to_win(ENGINE, odd, result.moves)


def test_whole_run_scans_try_fewer_moves_and_never_prove() -> None:
    tables = Tables(ENGINE)
    whole_runs = WholeRuns(tables.limits)
    fewer = 0
    for pos in along_a_win(13, 5):
        state = state_of(tables, pos)
        assert state is not None
        board, steps, marks = (
            board_of(state),
            bytearray(tables.steps_size),
            bytearray(tables.marks_size),
        )
        every = moves_of(tables, board, False, steps, marks)
        assert [decoded(steps, 3 * i) for i in range(every)] == generate(tables, *state, False)
        kept = whole_runs(board, steps, marks, every)
        whole = [decoded(steps, 3 * i) for i in range(kept)]
        fewer += len(whole) < every
        for src, dst, count in whole:
            if src < 8 and 0 <= dst < 8 and state[0][dst]:  # onto a card: the whole run
                assert count == run_length(tables.chain, state[0][src])
    assert fewer > 3
    engine = variant(2, 0)
    stuck = endgame(engine, [["QC", "KH"], ["QH", "KC"]])
    whole = Weights(60, 5, 3, 10, 25, whole_runs=True)
    assert isinstance(FreeCellSearch(engine, scans=(whole,)).solve(stuck), Unknown)
    assert isinstance(
        FreeCellSearch(engine, scans=(whole, EVERY_MOVE_DEPTH_FIRST)).solve(stuck),
        ProvenUnwinnable,
    )
    pos = start_position(FREECELL, {}, 3)
    result = FreeCellSearch(ENGINE, scans=(whole,)).solve(pos, Budget(nodes=20_000))
    assert isinstance(result, Won)
    assert replays_to_win(ENGINE, pos, result.moves)


def test_the_unsolvable_deal_is_never_won() -> None:
    # 11982 has no solution; proving it takes far more than a test's budget
    result = FreeCellSearch(ENGINE).solve(start_position(FREECELL, {}, 11982), Budget(nodes=3_000))
    assert isinstance(result, Unknown)
    assert result.nodes == 3_000


def test_a_searcher_reusing_its_scans_levels_searches_as_a_fresh_one() -> None:
    """The macro scans' levels go back to the searcher after each search and the next
    search's scans take them: each deal, searched after others, gets the outcome, nodes and
    line a fresh searcher gives it."""
    engine = engine_of("freecell")
    reused = FreeCellSearch(engine)
    for deal in (1941, 617, 2, 1941, 5, 617):
        pos = start_position(get_game("freecell"), {}, deal)
        again = reused.solve(pos, Budget(nodes=30_000))
        fresh = FreeCellSearch(engine).solve(pos, Budget(nodes=30_000))
        assert (again.name, again.nodes) == (fresh.name, fresh.nodes)
        assert isinstance(again, Won) and isinstance(fresh, Won)
        assert again.moves == fresh.moves
    assert reused.spare
