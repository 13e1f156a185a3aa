"""King Tut: one test per rule sentence of RULES.md ("Relatives named by the seeds")."""

from __future__ import annotations

import pytest
import rule_positions

from patience.cards import parse_card
from patience.engine.core import Outcome
from patience.engine.errors import IllegalMove
from patience.engine.game import engine_for, start_position
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, Move, Position, remove
from patience.games import get_game

INFO = get_game("king_tut")
RULES = INFO.rules()
ENGINE = engine_for(RULES)
PLACES = [RULES.index(f"p{n}") for n in range(1, 29)]
STOCK, WASTE = RULES.index("s"), RULES.index("w")


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def position(piles: dict[str, str]) -> Position:
    """These piles (code -> cards, bottom first); every other card has been removed."""
    text = " ".join(f"{code}={''.join(held.split())}" for code, held in piles.items())
    pos = rule_positions.position("king_tut", text, "h")[1]
    return pos


def removal(*codes: str) -> Move:
    return remove(*(RULES.index(c) for c in codes))


def refusal(pos: Position, played: Move) -> str:
    with pytest.raises(IllegalMove) as caught:
        ENGINE.play(pos, played)
    return caught.value.code


def test_pyramids_layout() -> None:
    pyramid = get_game("pyramid").rules()
    assert RULES.piles[:28] == pyramid.piles[:28]
    assert RULES.pairs_to == pyramid.pairs_to == 13
    start = start_position(INFO, {}, 1)
    assert [len(start.piles[p]) for p in PLACES] == [1] * 28
    assert len(start.piles[STOCK]) == 24


def test_the_talon_deals_three_cards_at_a_time_to_the_waste() -> None:
    pos = position({"s": "2D 3D 4D 5D"})
    after = ENGINE.play(pos, STOCK_MOVE)
    assert list(after.piles[WASTE]) == cards("5D 4D 3D")
    assert list(after.piles[STOCK]) == cards("2D")
    last = ENGINE.play(after, STOCK_MOVE)
    assert list(last.piles[WASTE]) == cards("5D 4D 3D 2D")


def test_unlimited_passes() -> None:
    pos = position({"p28": "TS", "s": "2D 3D 4D"})
    for _ in range(10):
        pos = ENGINE.play(pos, STOCK_MOVE)
        assert REDEAL_MOVE in ENGINE.legal_moves(pos)
        pos = ENGINE.play(pos, REDEAL_MOVE)
    assert pos.redeals == 0  # not counted, so every pass repeats the same positions
    assert list(pos.piles[STOCK]) == cards("2D 3D 4D")
    assert ENGINE.outcome(pos) is Outcome.LOST


def test_only_the_waste_top_and_free_pyramid_cards_are_playable() -> None:
    pos = position({"p16": "5C", "p22": "QD", "p28": "8C", "s": "AS KC", "w": "QH 5D"})
    legal = ENGINE.legal_moves(pos)
    assert removal("p28", "w") in legal  # 8C + 5D
    assert refusal(pos, removal("s")) == "covered"  # the talon's top King stays
    assert refusal(pos, removal("p22", "s")) == "covered"  # QD + AS: the talon top is hidden
    assert refusal(pos, removal("p16", "p28")) == "covered"  # 5C lies under QD
    assert not any(STOCK in (m.src, m.dst) for m in legal)


def test_win_when_the_pyramid_is_cleared() -> None:
    pos = position({"p1": "KH", "s": "2D 3D", "w": "9C"})
    assert ENGINE.outcome(pos) is Outcome.IN_PLAY
    won = ENGINE.play(pos, removal("p1"))
    assert ENGINE.is_won(won) and ENGINE.outcome(won) is Outcome.WON
    assert won.piles[STOCK] and won.piles[WASTE]  # cards left in the talon do not matter
