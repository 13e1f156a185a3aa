"""Trusty Twelve and Knotty Nines: one test per rule sentence of RULES.md ("Relatives").

RULES.md calls them Sweet Sixteen with 12 piles (talon 40) / 9 piles (talon 43), building down
regardless of suit or colour; Sweet Sixteen's other sentences therefore apply and are tested
here too, once for each game.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
import rule_positions

from patience.cards import parse_card
from patience.engine.core import Engine, Outcome
from patience.engine.errors import IllegalMove
from patience.engine.game import engine_for, start_position
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, Move, Position, transfer
from patience.games import get_game
from patience.games.registry import GameInfo


@dataclass(frozen=True)
class Case:
    game_id: str
    piles: int
    talon: int

    @property
    def info(self) -> GameInfo:
        return get_game(self.game_id)

    @property
    def engine(self) -> Engine:
        return engine_for(self.info.rules())

    def position(self, piles: dict[str, str], *, filler: str = "s") -> Position:
        """These piles (code -> cards, bottom first); the rest of the pack lies under ``filler``."""
        text = " ".join(f"{code}={''.join(held.split())}" for code, held in piles.items())
        return rule_positions.position(self.game_id, text, filler)[1]

    def move(self, src: str, dst: str, size: int = 1) -> Move:
        rules = self.info.rules()
        return transfer(rules.index(src), rules.index(dst), size)

    def refusal(self, pos: Position, played: Move) -> str:
        with pytest.raises(IllegalMove) as caught:
            self.engine.play(pos, played)
        return caught.value.code

    @property
    def stock(self) -> int:
        return self.info.rules().index("s")


CASES = [Case("trusty_twelve", 12, 40), Case("knotty_nines", 9, 43)]
# Cards for the other piles; in STUCK no two ranks are neighbours, so none goes on another.
COURT = "KC KD KH KS QC QD QH QS JC JD JH JS"
STUCK = "KC KD KH KS JC JD JH JS 9C 9D 9H 9S"


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def one_each(first: int, text: str) -> dict[str, str]:
    """One card on each pile from pile ``first`` on."""
    return {str(n): card for n, card in enumerate(text.split(), first)}


@pytest.fixture(params=CASES, ids=lambda c: c.game_id)
def case(request: pytest.FixtureRequest) -> Case:
    return request.param  # type: ignore[no-any-return]


def test_n_piles_with_one_face_up_card_each_and_the_rest_in_the_talon(case: Case) -> None:
    start = start_position(case.info, {}, 1)
    piles = case.engine.tableau
    assert len(piles) == case.piles
    assert [len(start.piles[p]) for p in piles] == [1] * case.piles
    assert all(start.down[p] == 0 for p in piles)
    assert len(start.piles[case.stock]) == case.talon


def test_building_down_regardless_of_suit_or_colour(case: Case) -> None:
    pos = case.position({"1": "9C", "2": "8S", "3": "8H", "4": "7C", "5": "TC", "6": "9D"})
    legal = case.engine.legal_moves(pos)
    assert case.move("2", "1") in legal and case.move("3", "1") in legal
    assert case.refusal(pos, case.move("4", "1")) == "does_not_fit"
    assert case.refusal(pos, case.move("5", "1")) == "does_not_fit"  # never up
    assert case.refusal(pos, case.move("6", "1")) == "does_not_fit"
    assert case.refusal(pos, case.move("1", "2")) == "does_not_fit"


def test_one_top_card_at_a_time(case: Case) -> None:
    pos = case.position({"1": "9C 8H", "2": "TD"})
    assert case.refusal(pos, case.move("1", "2", 2)) == "one_at_a_time"


def test_an_emptied_pile_is_refilled_at_once_with_the_talons_top_card(case: Case) -> None:
    others = one_each(3, " ".join(COURT.split()[: case.piles - 2]))
    pos = case.position({"1": "9C", "2": "8S", **others, "s": "4D 3H"})
    after = case.engine.play(pos, case.move("2", "1"))
    assert list(after.piles[case.engine.tableau[1]]) == cards("3H")
    assert after.piles[case.stock][-1] == parse_card("4D")


def test_the_talon_does_nothing_else(case: Case) -> None:
    pos = start_position(case.info, {}, 1)
    assert case.refusal(pos, STOCK_MOVE) == "no_stock_move"
    assert case.refusal(pos, REDEAL_MOVE) == "no_redeal"


def test_win_when_the_talon_is_empty(case: Case) -> None:
    pos = case.position({"1": "9C", "2": "8S", "s": "3H"}, filler="3")
    assert case.engine.outcome(pos) is Outcome.IN_PLAY
    won = case.engine.play(pos, case.move("2", "1"))
    assert not won.piles[case.stock] and case.engine.outcome(won) is Outcome.WON


def test_out_of_moves_when_the_talon_is_not_empty_and_no_card_can_move(case: Case) -> None:
    pos = case.position(one_each(1, " ".join(STUCK.split()[: case.piles])))
    assert pos.piles[case.stock]
    assert case.engine.legal_moves(pos) == [] and case.engine.outcome(pos) is Outcome.LOST
