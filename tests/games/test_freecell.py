"""FreeCell as RULES.md states it: one test per rule sentence, named after it."""

from __future__ import annotations

import pytest
from rule_positions import move, pile, play, position, refused

from patience.cards import card_text
from patience.deal import microsoft_freecell_deal
from patience.engine.game import engine_for, start_position
from patience.engine.position import transfer
from patience.games import get_game
from patience.rules.piles import Kind

FREECELL = get_game("freecell")
RULES = FREECELL.rules()

RUN = "QHJSTH9S8H7S6H5S4H3S2H"
"""Eleven cards in alternating colours, headed by the Queen of hearts."""


def test_8_columns_dealt_row_by_row_left_to_right_7_7_7_7_6_6_6_6_all_face_up() -> None:
    for deal in (1, 2, 617, 11982):
        pos = start_position(FREECELL, {}, deal)
        columns = microsoft_freecell_deal(deal)
        tableau = RULES.indices(Kind.TABLEAU)
        assert [len(pos.piles[t]) for t in tableau] == [7, 7, 7, 7, 6, 6, 6, 6]
        assert [list(pos.piles[t]) for t in tableau] == columns
        assert not any(pos.down)


def test_4_free_cells_and_4_foundations() -> None:
    assert len(RULES.indices(Kind.CELL)) == 4
    assert len(RULES.indices(Kind.FOUNDATION)) == 4
    assert not RULES.indices(Kind.STOCK)


def test_build_down_in_alternating_colours() -> None:
    engine, pos = position("freecell", "1=9C 2=8H 3=8D 4=8S 5=9H 6=7C", rest="8")
    play(engine, pos, "21")
    play(engine, pos, "31")
    refused(engine, pos, move(engine, pos, "41"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "25"), "does_not_fit")  # a red 8 on a red 9
    refused(engine, pos, move(engine, pos, "61"), "does_not_fit")


def test_any_card_fills_an_empty_column_or_cell() -> None:
    engine, pos = position("freecell", "1=KH5D9C 2= 3=KS7H a=", rest="8")
    for text in ("12", "1a", "32", "3a"):
        play(engine, pos, text)
    after = play(engine, pos, "1a", "12")
    assert pile(engine, after, "2") == "5D"
    assert pile(engine, after, "a") == "9C"


def test_a_free_cell_holds_one_card() -> None:
    engine, pos = position("freecell", "1=5D 2=9C a=KH", rest="8")
    refused(engine, pos, move(engine, pos, "1a"), "cell_taken")


def test_one_card_per_move_from_a_cell_or_to_a_cell() -> None:
    engine, pos = position("freecell", "1=TC9H a=", rest="8")
    refused(engine, pos, transfer(0, 8, 2), "one_at_a_time")


TARGET_FOR_HEAD = ["3C", "4D", "5C", "6D", "7C", "8D", "9C", "TD", "JC", "QD", "KC"]
"""The card that takes the head of the top ``k`` cards of :data:`RUN`, for k = 1 … 11."""


def _supermove_position(free_cells: int, empty_columns: int, targets: str) -> str:
    """RUN in column 1, the targets next to it, empty columns from 4 on, the rest in 8."""
    taken_cells = ["AC", "AD", "2C", "2D"][free_cells:]
    taken = " ".join(f"{c}={x}" for c, x in zip("abcd", taken_cells, strict=False))
    fillers = ["AS", "AH", "KH", "KS"]
    columns = " ".join(
        f"{n}=" + ("" if n - 4 < empty_columns else fillers[n - 4]) for n in range(4, 8)
    )
    return f"1=KD{RUN} {targets} {columns} {taken}"


@pytest.mark.parametrize("free_cells", range(5))
@pytest.mark.parametrize("empty_columns", range(4))
def test_a_multi_card_move_may_carry_free_cells_plus_1_times_2_to_the_empty_columns(
    free_cells: int, empty_columns: int
) -> None:
    """(free cells + 1) × 2^(empty columns): the most cards one move carries onto a card."""
    carry = (free_cells + 1) * 2**empty_columns
    most = min(carry, 11)
    over = TARGET_FOR_HEAD[most] if most < 11 else "3H"
    text = _supermove_position(free_cells, empty_columns, f"2={TARGET_FOR_HEAD[most - 1]} 3={over}")
    engine, pos = position("freecell", text, rest="8")
    assert engine.capacity(pos, 1) == carry
    after = play(engine, pos, f"12:{most}")
    assert pile(engine, after, "2") == TARGET_FOR_HEAD[most - 1] + RUN[-2 * most :]
    if most < 11:
        error = refused(engine, pos, transfer(0, 2, most + 1), "too_many")
        assert error.params["capacity"] == str(carry)


@pytest.mark.parametrize("free_cells", range(5))
@pytest.mark.parametrize("empty_columns", range(1, 4))
def test_a_multi_card_move_into_an_empty_column_does_not_count_that_column(
    free_cells: int, empty_columns: int
) -> None:
    carry = (free_cells + 1) * 2 ** (empty_columns - 1)
    most = min(carry, 11)
    text = _supermove_position(free_cells, empty_columns, "2=3H 3=3D")
    engine, pos = position("freecell", text, rest="8")
    gap = 3  # column 4
    assert engine.capacity(pos, gap) == carry
    sizes = sorted(m.size for m in engine.legal_moves(pos) if m.src == 0 and m.dst == gap)
    assert sizes == list(range(1, most + 1))
    if most < 11:
        refused(engine, pos, transfer(0, gap, most + 1), "too_many")


def test_foundation_cards_do_not_come_back() -> None:
    engine, pos = position("freecell", "1=3S 2= f3=AH2H a=", rest="8")
    refused(engine, pos, move(engine, pos, "f3-1"), "source_fixed")
    refused(engine, pos, move(engine, pos, "f3-2"), "source_fixed")
    refused(engine, pos, move(engine, pos, "f3-a"), "source_fixed")


def test_foundations_build_up_in_suit_from_the_ace() -> None:
    engine, pos = position("freecell", "1=3H 2=3D 3=2S a=AS f1=AH2H", rest="8")
    play(engine, pos, "1h")
    play(engine, pos, "ah")
    refused(engine, pos, move(engine, pos, "2-f1"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "3-f2"), "cannot_start")


# ------------------------------------------------------------------ Microsoft numbering


def _row(deal: int, row: int) -> str:
    return " ".join(card_text(col[row]) for col in microsoft_freecell_deal(deal) if row < len(col))


@pytest.mark.parametrize(
    ("deal", "first_row"),
    [
        (1, "JD 2D 9H JC 5D 7H 7C 5H"),
        (617, "7D AD 5C 3S 5S 8C 2D AH"),
        (11982, "AH AS 4H AC 2D 6S TS JS"),
    ],
)
def test_deal_numbers_are_those_of_microsoft_freecell(deal: int, first_row: str) -> None:
    """The three first rows RULES.md quotes."""
    assert _row(deal, 0) == first_row
    pos = start_position(FREECELL, {}, deal)
    assert " ".join(card_text(pos.piles[t][0]) for t in range(8)) == first_row


def test_microsoft_deal_1_in_full() -> None:
    """The whole of deal #1 as every FreeCell player knows it (rows, columns 1–8)."""
    rows = [
        "JD 2D 9H JC 5D 7H 7C 5H",
        "KD KC 9S 5S AD QC KH 3H",
        "2S KS 9D QD JS AS AH 3C",
        "4C 5C TS QH 4H AC 4D 7S",
        "3S TD 4S TH 8H 2C JH 7D",
        "6D 8S 8D QS 6C 3D 8C TC",
        "6S 9C 2H 6H",
    ]
    assert [_row(1, r) for r in range(7)] == rows


@pytest.mark.parametrize(
    ("deal", "rows"),
    [
        # published by a FreeCell implementation's tests (spinnytea/freecell, juice tests)
        (7239, ["5H 7S 8D 5S KH JS QC 4S", "4C AD JC 2C 6S 2D AS KC", "4H 2H 5C JD"]),
        (16508, ["4H 6C 8H AS 7D 6D 5H JS", "6H TD KH AD TH 4C 5S JH", "TC 8S 6S 5C"]),
    ],
)
def test_more_published_microsoft_deals(deal: int, rows: list[str]) -> None:
    assert [_row(deal, 0), _row(deal, 1), _row(deal, 6)] == rows


def test_microsoft_deal_24_by_columns() -> None:
    """Deal #24 column by column, as Freecell Solver's web tests list it."""
    columns = [
        "4C 2C 9C 8C QS 4S 2H",
        "5H QH 3C AC 3H 4H QD",
        "QC 9S 6H 9H 3S KS 3D",
        "5D 2S JC 5C JH 6D AS",
        "2D KD TH TC TD 8D",
        "7H JS KH TS KC 7C",
        "AH 5S 6S AD 8H JD",
        "7S 6C 7D 4D 8S 9D",
    ]
    assert [" ".join(map(card_text, c)) for c in microsoft_freecell_deal(24)] == columns


def _microsoft_by_the_book(deal: int) -> list[str]:
    """Microsoft's published shuffle, written out independently of patience.deal.

    The pack lists AC AD AH AS 2C … KS; each step picks index ``rand() % left``, deals that
    card and fills its place with the last card of the pack; cards go out row by row.
    """
    pack = [r + s for r in "A23456789TJQK" for s in "CDHS"]
    seed = deal
    dealt = []
    while pack:
        seed = (214013 * seed + 2531011) % 2**31
        i = (seed // 2**16) % len(pack)
        dealt.append(pack[i])
        pack[i] = pack[-1]
        pack.pop()
    return [" ".join(dealt[c::8]) for c in range(8)]


@pytest.mark.parametrize("deal", [1, 617, 11982, 32000, 32001, 1_000_000, 2**31 - 1])
def test_microsoft_deals_up_to_a_million_and_beyond(deal: int) -> None:
    got = [" ".join(map(card_text, c)) for c in microsoft_freecell_deal(deal)]
    assert got == _microsoft_by_the_book(deal)


def test_deal_1_replays_through_the_game_api() -> None:
    engine = engine_for(RULES)
    pos = start_position(FREECELL, {}, 1)
    assert sorted(c for p in pos.piles for c in p) == list(range(52))
    assert engine.legal_moves(pos)


def test_moving_a_whole_column_into_an_empty_one_is_refused_as_pointless() -> None:
    engine, pos = position("freecell", "1=7H 2=", rest="8")
    refused(engine, pos, move(engine, pos, "12"), "pointless")
