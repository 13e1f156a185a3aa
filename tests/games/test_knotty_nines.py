"""Knotty Nines: one test per rule sentence of RULES.md ("Relatives named by the seeds").

RULES.md calls it Sweet Sixteen with 9 piles (talon 43), building down regardless of suit or
colour; Sweet Sixteen's other sentences therefore apply and are tested here too.
"""

from __future__ import annotations

import pytest
import rule_positions

from patience.cards import parse_card
from patience.engine.core import Outcome
from patience.engine.errors import IllegalMove
from patience.engine.game import engine_for, start_position
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, Move, Position, transfer
from patience.games import get_game

INFO = get_game("knotty_nines")
RULES = INFO.rules()
ENGINE = engine_for(RULES)
PILES = [RULES.index(str(n)) for n in range(1, 10)]
STOCK = RULES.index("s")


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def position(piles: dict[str, str], *, filler: str = "s") -> Position:
    """These piles (code -> cards, bottom first); the rest of the pack lies under ``filler``."""
    text = " ".join(f"{code}={''.join(held.split())}" for code, held in piles.items())
    pos = rule_positions.position("knotty_nines", text, filler)[1]
    return pos


def one_each(first: int, text: str) -> dict[str, str]:
    """One card on each pile from pile ``first`` on."""
    return {str(n): card for n, card in enumerate(text.split(), first)}


def move(src: str, dst: str, size: int = 1) -> Move:
    return transfer(RULES.index(src), RULES.index(dst), size)


def refusal(pos: Position, played: Move) -> str:
    with pytest.raises(IllegalMove) as caught:
        ENGINE.play(pos, played)
    return caught.value.code


def test_9_piles_with_one_face_up_card_each_and_a_talon_of_43() -> None:
    start = start_position(INFO, {}, 1)
    assert ENGINE.tableau == tuple(PILES)
    assert [len(start.piles[p]) for p in PILES] == [1] * 9
    assert all(start.down[p] == 0 for p in PILES)
    assert len(start.piles[STOCK]) == 43


def test_building_down_regardless_of_suit_or_colour() -> None:
    pos = position({"1": "5H", "2": "4H", "3": "4C", "4": "3H", "5": "6H", "6": "5S"})
    legal = ENGINE.legal_moves(pos)
    assert move("2", "1") in legal and move("3", "1") in legal
    assert refusal(pos, move("4", "1")) == "does_not_fit"
    assert refusal(pos, move("5", "1")) == "does_not_fit"  # never up
    assert refusal(pos, move("6", "1")) == "does_not_fit"
    assert refusal(pos, move("1", "2")) == "does_not_fit"


def test_one_top_card_at_a_time() -> None:
    pos = position({"1": "QS JS", "2": "KD"})
    assert refusal(pos, move("1", "2", 2)) == "one_at_a_time"


def test_an_emptied_pile_is_refilled_at_once_with_the_talons_top_card() -> None:
    others = one_each(3, "KC KD KH QC QD QH JC")
    pos = position({"1": "5H", "2": "4C", **others, "s": "KS 2D"})
    after = ENGINE.play(pos, move("2", "1"))
    assert list(after.piles[PILES[1]]) == cards("2D")
    assert after.piles[STOCK][-1] == parse_card("KS")


def test_the_talon_does_nothing_else() -> None:
    pos = start_position(INFO, {}, 1)
    assert refusal(pos, STOCK_MOVE) == "no_stock_move"
    assert refusal(pos, REDEAL_MOVE) == "no_redeal"


def test_win_when_the_talon_is_empty() -> None:
    pos = position({"1": "5H", "2": "4C", "s": "2D"}, filler="3")
    assert ENGINE.outcome(pos) is Outcome.IN_PLAY
    won = ENGINE.play(pos, move("2", "1"))
    assert not won.piles[STOCK] and ENGINE.outcome(won) is Outcome.WON


def test_out_of_moves_when_the_talon_is_not_empty_and_no_card_can_move() -> None:
    pos = position(one_each(1, "KC KD KH JC JD JH 9C 9D 9H"))
    assert pos.piles[STOCK]
    assert ENGINE.legal_moves(pos) == [] and ENGINE.outcome(pos) is Outcome.LOST
