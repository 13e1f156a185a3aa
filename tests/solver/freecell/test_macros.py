"""The macro scan (freecell/macros.py) searches exactly as the prototype of
bench/freecell_meta_moves.py does, state for state and move for move; its lines replay to
wins; it never proves; run in pieces it is run at once; and it stops when it is late."""

from __future__ import annotations

import pytest
from freecell_cases import endgame, variant

from bench_module import load_bench
from patience.cards import ALL_CARDS, rank, suit
from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver.freecell.macros import (
    FIRST_ORDER,
    ONE,
    SHUFFLED,
    SORTED,
    Level,
    MacroScan,
    horne_needs,
    parse_order,
)
from patience.solver.kernel.positions import engine_moves, state_of
from patience.solver.kernel.state import line_of
from patience.solver.kernel.tables import Tables

prototype = load_bench("freecell_meta_moves")
INFO = get_game("freecell")
ENGINE = engine_for(INFO.rules({}))
TABLES = Tables(ENGINE)
HORNE = horne_needs(TABLES)


def test_horne_needs_are_horne_s_rule() -> None:
    """A card of rank r goes home when both suits of the other colour have r - 2 home and the
    other suit of its colour r - 3 (clubs and spades black, diamonds and hearts red)."""
    black = {0, 3}
    for card in ALL_CARDS:
        r, s = rank(card), suit(card)
        for other in range(4):
            if other != s:
                want = r - 2 if (other in black) != (s in black) else r - 3
                assert HORNE[card * 4 + other] == max(want, 0), (card, other)


@pytest.mark.parametrize("deal", [32, 36, 57, 86, 178, 1941, 11982])
def test_searches_as_the_prototype_and_its_wins_replay(deal: int) -> None:
    """Deals our first scan loses (1941 deep, 11982 lost), each to the same cap."""
    pos = start_position(INFO, {}, deal)
    start = state_of(TABLES, pos)
    assert start is not None
    checked, line = prototype.scan(start, 3000)
    found = MacroScan(TABLES, start, HORNE)
    assert (found.run(3000, None, 0), found.line) == (checked, line and line_of(line))
    assert not found.proves
    if found.line is not None:
        moves = engine_moves(TABLES, pos, start, found.line)
        assert prototype.replays_to_win(ENGINE, pos, moves)


def test_run_in_pieces_is_run_at_once() -> None:
    start = state_of(TABLES, start_position(INFO, {}, 178))
    assert start is not None
    whole = MacroScan(TABLES, start, HORNE)
    total = whole.run(3000, None, 0)
    pieces = MacroScan(TABLES, start, HORNE)
    done = 0
    while pieces.line is None and not pieces.exhausted and done < 3000:
        done += pieces.run(7, None, done)
    assert (done, pieces.line) == (total, whole.line)


def test_it_stops_when_late() -> None:
    start = state_of(TABLES, start_position(INFO, {}, 1941))
    assert start is not None
    found = MacroScan(TABLES, start, HORNE)
    asked: list[int] = []

    def late(checked: int) -> bool:
        asked.append(checked)
        return checked >= 105

    assert found.run(1000, late, 100) == 5
    assert found.stopped and asked == [101, 102, 103, 104, 105]


def test_orders_are_parsed_and_unbuilt_kinds_refused() -> None:
    one, sorted_, shuffled = ONE, SORTED, SHUFFLED
    assert parse_order("0j 7:[34]=[26]") == (
        (0, (bytes([one, 0]), bytes([one, 10]))),
        (7, (bytes([sorted_, 3, 4]), bytes([shuffled, 2, 6]))),
    )
    assert parse_order(FIRST_ORDER)[1][0] == 33
    for bad in ("0[5]", "07", "0 4:1 3:2", "5:01", "0 x:1", "", "0[]", "0[12"):
        with pytest.raises(ValueError):
            parse_order(bad)


def test_a_shuffled_group_is_drawn_from_the_seed() -> None:
    """The same seed searches the same states; another seed, or the group sorted, searches
    other states; every win replays."""
    found: dict[int, list[tuple[int, object]]] = {}
    for deal in (32, 36, 57):
        pos = start_position(INFO, {}, deal)
        start = state_of(TABLES, pos)
        assert start is not None
        for order, seed in (("0j26[34]", 6), ("0j26[34]", 6), ("0j26[34]", 7), ("0j26[34]=", 0)):
            scan = MacroScan(TABLES, start, HORNE, parse_order(order), seed)
            checked = scan.run(3000, None, 0)
            if scan.line is not None:
                moves = engine_moves(TABLES, pos, start, scan.line)
                assert prototype.replays_to_win(ENGINE, pos, moves)
            found.setdefault(deal, []).append((checked, scan.line))
    assert sum(line is not None for runs in found.values() for _, line in runs) >= 4
    assert all(runs[0] == runs[1] for runs in found.values())
    assert any(runs[0] != runs[2] for runs in found.values())
    assert any(runs[0] != runs[3] for runs in found.values())


def test_needs_of_another_length_are_refused() -> None:
    start = state_of(TABLES, start_position(INFO, {}, 1))
    assert start is not None
    with pytest.raises(ValueError, match="four bytes a card"):
        MacroScan(TABLES, start, HORNE[:-1])


def test_spare_levels_of_other_boards_are_left_for_their_own_scans() -> None:
    """A spare list handed from a scan of eight columns to a scan of six: the six-column scan
    takes none of the larger levels (their boards are another size) and searches as with a
    list of its own."""
    spare: list[Level] = []
    start = state_of(TABLES, start_position(INFO, {}, 32))
    assert start is not None
    wide = MacroScan(TABLES, start, HORNE, spare=spare)
    wide.run(2_000, None, 0)
    wide.release()
    given_back = list(spare)
    assert given_back
    small = Tables(variant(6, 4))
    pos = endgame(small.engine, [["KH", "QS"], ["KS", "QH"], ["KD"], ["KC"]], ["QD", "QC"])
    narrow_start = state_of(small, pos)
    assert narrow_start is not None
    alone = MacroScan(small, narrow_start, horne_needs(small))
    shared = MacroScan(small, narrow_start, horne_needs(small), spare=spare)
    assert shared.run(100, None, 0) == alone.run(100, None, 0)
    assert shared.line == alone.line is not None
    assert spare == given_back
