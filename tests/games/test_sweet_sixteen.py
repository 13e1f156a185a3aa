"""Sweet Sixteen as RULES.md states it: one test per rule sentence, named after it.

Piles: 1–16, the talon ``s`` (its top is the last card written).
"""

from __future__ import annotations

import pytest
from rule_positions import move, pile, play, position, refused

from patience.engine.core import Outcome
from patience.engine.game import start_position
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, transfer
from patience.games import get_game
from patience.rules.piles import Kind

SWEET_SIXTEEN = get_game("sweet_sixteen")


def test_16_piles_with_one_face_up_card_each_36_in_the_talon_no_foundations() -> None:
    rules = SWEET_SIXTEEN.rules()
    (talon,) = rules.indices(Kind.STOCK)
    assert not rules.indices(Kind.FOUNDATION)
    for deal in (1, 2, 3):
        pos = start_position(SWEET_SIXTEEN, {}, deal)
        piles = rules.indices(Kind.TABLEAU)
        assert len(piles) == 16
        assert all(len(pos.piles[p]) == 1 and pos.down[p] == 0 for p in piles)
        assert len(pos.piles[talon]) == 36


def test_build_down_in_alternating_colours_a_kreuz_9_takes_only_herz_8_or_karo_8() -> None:
    eights = "8H 8D 8C 8S"
    others = " ".join(f"{n}={c}" for n, c in enumerate(eights.split(), 2))
    engine, pos = position("sweet_sixteen", f"1=9C {others} 6=7H 7=9D s=AH", rest="s")
    play(engine, pos, "21")
    play(engine, pos, "31")
    refused(engine, pos, move(engine, pos, "41"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "51"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "61"), "does_not_fit")
    refused(engine, pos, move(engine, pos, "27"), "does_not_fit")  # a red 8 on a red 9


def test_one_top_card_at_a_time() -> None:
    engine, pos = position("sweet_sixteen", "1=9C8H 2=TD 3=9S s=AH", rest="s")
    refused(engine, pos, transfer(0, 1, 2), "one_at_a_time")
    assert all(m.size == 1 for m in engine.legal_moves(pos))


def test_an_emptied_pile_is_refilled_at_once_with_the_talons_top_card() -> None:
    engine, pos = position("sweet_sixteen", "1=9C 2=8H s=5S4D", rest="s")
    after = play(engine, pos, "21")
    assert pile(engine, after, "2") == "4D"
    assert pile(engine, after, "1") == "9C8H"


def test_the_talon_does_nothing_else() -> None:
    engine, pos = position("sweet_sixteen", "1=9C 2=8H s=5S4D", rest="s")
    refused(engine, pos, STOCK_MOVE, "no_stock_move")
    refused(engine, pos, REDEAL_MOVE, "no_redeal")
    assert all(engine.stock not in (m.src, m.dst) for m in engine.legal_moves(pos))


def test_win_the_moment_the_talon_is_empty_whatever_the_tableau_looks_like() -> None:
    engine, pos = position("sweet_sixteen", "1=9C 2=8H s=4D", rest="1")
    assert engine.outcome(pos) is Outcome.IN_PLAY
    after = play(engine, pos, "21")  # the talon's last card refills pile 2
    assert not after.piles[engine.stock]
    assert engine.outcome(after) is Outcome.WON
    assert engine.is_won(after)


@pytest.mark.parametrize(("talon", "outcome"), [("s=4D", Outcome.LOST), ("s=", Outcome.WON)])
def test_out_of_moves_the_talon_is_not_empty_and_no_card_can_move(
    talon: str, outcome: Outcome
) -> None:
    # Sixteen black tops: nothing goes on anything.
    black = [r + s for s in "CS" for r in "A23456789T"][:15]
    piles = " ".join(f"{n}={c}" for n, c in enumerate(black, 2))
    engine, pos = position("sweet_sixteen", f"1=KS {piles} {talon}", rest="1")
    assert not engine.legal_moves(pos)
    assert engine.outcome(pos) is outcome
