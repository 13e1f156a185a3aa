"""Klondike as RULES.md states it: one test per rule sentence, named after it.

The skill-play format (same deck for two players, all cards open) and the scoring profiles are
not engine rules; the views and scoring tests cover them.
"""

from __future__ import annotations

import itertools

import pytest
from rule_positions import move, pile, play, position, refused

from patience.engine.core import Engine, Outcome
from patience.engine.game import engine_for, start_position
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE
from patience.games import get_game
from patience.rules.piles import Kind

KLONDIKE = get_game("klondike")
ALL_OPTIONS = [
    {"draw": draw, "passes": passes}
    for draw, passes in itertools.product(*(o.choices for o in KLONDIKE.options))
]


@pytest.mark.parametrize("options", ALL_OPTIONS)
def test_pile_n_gets_n_cards_only_the_top_one_face_up(options: dict[str, str]) -> None:
    for deal in range(1, 6):
        pos = start_position(KLONDIKE, options, deal)
        for n in range(1, 8):
            assert len(pos.piles[n - 1]) == n
            assert pos.down[n - 1] == n - 1


@pytest.mark.parametrize("options", ALL_OPTIONS)
def test_24_cards_form_the_stock_and_4_foundations_start_empty(options: dict[str, str]) -> None:
    rules = KLONDIKE.rules(options)
    foundations = rules.indices(Kind.FOUNDATION)
    (stock,) = rules.indices(Kind.STOCK)
    assert len(foundations) == 4
    pos = start_position(KLONDIKE, options, 1)
    assert len(pos.piles[stock]) == 24
    assert pos.down[stock] == 24
    assert all(not pos.piles[f] for f in foundations)


def test_tableau_builds_down_in_alternating_colours() -> None:
    engine, pos = position("klondike", "1=9S 2=8H 3=8D 4=8S 5=9D 6=8C 7=7S", rest="s")
    play(engine, pos, "21")
    play(engine, pos, "31")
    play(engine, pos, "65")
    refused(engine, pos, move(engine, pos, "41"), "does_not_fit")  # same colour
    refused(engine, pos, move(engine, pos, "71"), "does_not_fit")  # two ranks down
    refused(engine, pos, move(engine, pos, "14"), "does_not_fit")  # up, not down


@pytest.mark.parametrize(
    ("nine", "eight"), [("9H", "8H"), ("9H", "8D"), ("9D", "8H"), ("9D", "8D")]
)
def test_a_red_8_never_goes_on_a_red_9(nine: str, eight: str) -> None:
    engine, pos = position("klondike", f"1={nine} 2={eight}", rest="s")
    error = refused(engine, pos, move(engine, pos, "21"), "does_not_fit")
    assert "alternating" in error.message


def test_any_face_up_run_in_order_moves_as_a_unit() -> None:
    engine, pos = position("klondike", "1=KH|9S8H7C 2=TD 3=8D", rest="s")
    after = play(engine, pos, "12:3")
    assert pile(engine, after, "2") == "TD9S8H7C"
    assert pile(engine, after, "1") == "KH"  # the face-down card turned up
    play(engine, pos, "13:1")  # a part of the run moves too
    refused(engine, pos, move(engine, pos, "13:2"), "does_not_fit")  # 8H on 8D


def test_cards_not_in_order_do_not_move_together() -> None:
    engine, pos = position("klondike", "1=KH|9S7C 2=TD", rest="s")
    refused(engine, pos, move(engine, pos, "12:2"), "not_a_run")


def test_only_a_king_or_a_run_headed_by_a_king_fills_an_empty_pile() -> None:
    engine, pos = position("klondike", "1= 2=5C|KHQSJH 3=4D|QC 4=AS|KD w=KC", rest="s")
    play(engine, pos, "21:3")
    play(engine, pos, "w1")
    play(engine, pos, "41")
    refused(engine, pos, move(engine, pos, "21:2"), "cannot_start")
    refused(engine, pos, move(engine, pos, "21:1"), "cannot_start")
    refused(engine, pos, move(engine, pos, "31"), "cannot_start")


def test_face_down_cards_turn_up_when_uncovered() -> None:
    engine, pos = position("klondike", "1=5C4H|KH 2=", rest="s")
    after = play(engine, pos, "12")
    assert pile(engine, after, "1") == "5C|4H"
    refused(engine, after, move(engine, after, "12:2"), "face_down")


def test_stock_draws_1_to_the_waste() -> None:
    engine, pos = position("klondike", "s=2C3C4C w=", rest="1")
    after = play(engine, pos, "s")
    assert pile(engine, after, "w") == "4C"
    assert pile(engine, after, "s").endswith("2C3C")


def test_stock_draws_3_with_the_draw_3_option() -> None:
    engine, pos = position("klondike:draw=3", "s=2C3C4C5C w=", rest="1")
    after = play(engine, pos, "s")
    assert pile(engine, after, "w") == "5C4C3C"  # the third card drawn lies on top
    assert pile(engine, after, "s").endswith("2C")
    after = play(engine, after, "s")
    assert pile(engine, after, "w") == "5C4C3C2C"  # fewer than three left: all of them


def test_the_waste_is_turned_back_in_order_with_unlimited_passes() -> None:
    pos = start_position(KLONDIKE, {}, 7)
    engine = _engine({})
    stock = 7
    original = pos.piles[stock]
    for passes in range(3):
        for _ in range(24):
            pos = engine.play(pos, STOCK_MOVE)
        refused(engine, pos, STOCK_MOVE, "stock_empty")
        pos = engine.play(pos, REDEAL_MOVE)
        assert pos.piles[stock] == original, f"pass {passes + 2}"
        assert pos.redeals == 0  # unlimited passes are not counted


@pytest.mark.parametrize(("passes", "redeals"), [("3", 2), ("1", 0)])
def test_the_passes_option_limits_turning_the_waste_back(passes: str, redeals: int) -> None:
    options = {"passes": passes}
    engine = _engine(options)
    pos = start_position(KLONDIKE, options, 3)
    for used in range(redeals):
        refused(engine, pos, REDEAL_MOVE, "stock_not_empty")
        while pos.piles[7]:
            pos = engine.play(pos, STOCK_MOVE)
        pos = engine.play(pos, REDEAL_MOVE)
        assert pos.redeals == used + 1
    while pos.piles[7]:
        pos = engine.play(pos, STOCK_MOVE)
    refused(engine, pos, REDEAL_MOVE, "no_redeals_left")
    assert engine.outcome(pos) is not Outcome.WON


def test_only_the_waste_top_is_playable() -> None:
    engine, pos = position("klondike", "1=6S 2=5S w=5H4D", rest="s")
    # 4D (the top) goes on 5S; 5H beneath it could go on 6S but is not playable
    play(engine, pos, "w2")
    assert not any(m.src == 8 and m.dst == 0 for m in engine.legal_moves(pos))
    refused(engine, pos, move(engine, pos, "w1:2"), "one_at_a_time")


def test_foundations_build_up_in_suit_from_the_ace() -> None:
    engine, pos = position("klondike", "1=3H 2=3D 3=4H 4=AS 5=2S f1=AH2H", rest="s")
    play(engine, pos, "1h")
    play(engine, pos, "4h")
    refused(engine, pos, move(engine, pos, "2-f1"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "3-f1"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "5-f2"), "cannot_start")


def test_a_foundations_top_card_may_return_to_the_tableau() -> None:
    engine, pos = position("klondike", "1=4S 2=4H f1=AH2H3H", rest="s")
    after = play(engine, pos, "f1-1")
    assert pile(engine, after, "1") == "4S3H"
    refused(engine, pos, move(engine, pos, "f1-2"), "does_not_fit")


def test_win_all_52_on_the_foundations() -> None:
    suits = "CDHS"
    ranks = "A23456789TJQK"
    home = " ".join(f"f{i + 1}=" + "".join(r + s for r in ranks) for i, s in enumerate(suits))
    engine, pos = position("klondike", home + " s=", rest="s")
    assert engine.outcome(pos) is Outcome.WON
    engine, pos = position("klondike", home.replace("QSKS", "QS") + " 1=KS", rest="s")
    assert engine.outcome(pos) is Outcome.IN_PLAY
    assert engine.outcome(play(engine, pos, "1h")) is Outcome.WON


@pytest.mark.parametrize("options", ALL_OPTIONS)
def test_out_of_moves_no_legal_move_and_the_stock_cannot_bring_a_new_playable_card(
    options: dict[str, str],
) -> None:
    spec = "klondike:" + ",".join(f"{k}={v}" for k, v in options.items())
    # Black tops only, so nothing builds on the tableau; the Aces lie face down.
    tops = "1=QS 2=QC 3=JS 4=JC 5=9S 6=9C 7=7S"
    engine, pos = position(spec, tops + " s=5H4D3H", rest="7")
    assert engine.outcome(pos) is Outcome.LOST
    engine, pos = position(spec, tops + " s=5HJH4D3H", rest="7")
    # the Jack of hearts will fit a black Queen (with draw 3 it is the third card turned)
    assert engine.outcome(pos) is Outcome.IN_PLAY
    engine, pos = position(spec, tops + " s=5HJH4D3H2H", rest="7")
    # now the Jack is the fourth card: drawing three at a time never shows it
    want = Outcome.LOST if options["draw"] == "3" else Outcome.IN_PLAY
    assert engine.outcome(pos) is want


def _engine(options: dict[str, str]) -> Engine:
    return engine_for(KLONDIKE.rules(options))


def test_an_ace_starts_whichever_empty_foundation_it_is_put_on() -> None:
    """RULES.md does not say which empty foundation an Ace takes: any of them. ``1h`` names the
    first empty one, as it always has (stored games replay), and ``1-f3`` the third."""
    engine, pos = position("klondike", "1=AS f1=AH", rest="s")
    assert pile(engine, play(engine, pos, "1h"), "f2") == "AS"
    for code in ("f2", "f3", "f4"):
        after = play(engine, pos, f"1-{code}")
        assert pile(engine, after, code) == "AS"
        assert pile(engine, after, "1") == ""
    homeward = [m for m in engine.search_moves(pos) if m.src == 0 and m.dst in engine.foundations]
    assert homeward == [move(engine, pos, "1h")]
