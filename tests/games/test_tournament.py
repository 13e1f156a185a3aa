"""Tournament: one test per rule sentence of RULES.md ("Relatives named by the seeds")."""

from __future__ import annotations

from collections import Counter

import pytest
import rule_positions

from patience.cards import ACE, KING, SUITS, card_text, make_card, parse_card, rank
from patience.engine.core import Outcome
from patience.engine.errors import IllegalMove
from patience.engine.game import Game, engine_for, start_position
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, Move, Position, transfer
from patience.games import get_game

INFO = get_game("tournament")
RULES = INFO.rules()
ENGINE = engine_for(RULES)
RESERVE = [RULES.index(f"r{n}") for n in range(1, 9)]
PILES = [RULES.index(str(n)) for n in range(1, 7)]
FOUNDATIONS = [RULES.index(f"f{n}") for n in range(1, 9)]
STOCK = RULES.index("s")


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def run(first: int, last: int, suit_: int) -> str:
    step = 1 if last >= first else -1
    return " ".join(card_text(make_card(r, suit_)) for r in range(first, last + step, step))


def position(piles: dict[str, str], *, filler: str = "s", redeals: int = 0) -> Position:
    """These piles (code -> cards, bottom first); the rest of the pack lies under ``filler``."""
    text = " ".join(f"{code}={''.join(held.split())}" for code, held in piles.items())
    pos = rule_positions.position("tournament", text, filler)[1]
    return pos._replace(redeals=redeals)


def move(src: str, dst: str, size: int = 1) -> Move:
    return transfer(RULES.index(src), RULES.index(dst), size)


def refusal(pos: Position, played: Move) -> str:
    with pytest.raises(IllegalMove) as caught:
        ENGINE.play(pos, played)
    return caught.value.code


def has_ace_or_king(block: list[int]) -> bool:
    return any(rank(c) in (ACE, KING) for c in block)


def test_eight_foundations_four_up_from_ace_four_down_from_king_in_suit() -> None:
    pos = position({"f3": "AH 2H", "f7": "KH QH", "1": "3H", "2": "JH", "3": "3D", "4": "TH"})
    legal = ENGINE.legal_moves(pos)
    assert move("1", "f3") in legal and move("2", "f7") in legal
    assert refusal(pos, move("3", "f3")) == "does_not_fit"
    assert refusal(pos, move("4", "f7")) == "does_not_fit"  # down one rank at a time


def test_foundations_are_started_by_the_first_ace_and_king_of_each_suit_played() -> None:
    start = start_position(INFO, {}, 1)
    assert all(not start.piles[f] for f in FOUNDATIONS)
    pos = position({"r1": "AS", "r2": "KD", "r3": "2C", "1": "7C AS"})
    legal = ENGINE.legal_moves(pos)
    assert move("r1", "f4") in legal  # the spade Ace pile
    assert move("r2", "f6") in legal  # the diamond King pile
    assert refusal(pos, move("r1", "f1")) == "cannot_start"  # another suit's pile
    assert refusal(pos, move("r1", "f8")) == "cannot_start"  # an Ace never starts a King pile
    assert refusal(pos, move("r3", "f1")) == "cannot_start"
    after = ENGINE.play(pos, move("r1", "f4"))
    assert refusal(after, move("1", "f4")) == "does_not_fit"  # the second Ace starts nothing


@pytest.mark.parametrize("deal", range(1, 61))
def test_eight_reserve_cells_are_dealt_first_and_again_while_none_holds_an_ace_or_king(
    deal: int,
) -> None:
    """The eight go under the pack and the next eight are dealt (no new shuffle)."""
    order = INFO.order(RULES, deal)
    blocks = [order[i : i + 8] for i in range(0, len(order), 8)]
    first = next(i for i, block in enumerate(blocks) if has_ace_or_king(block))
    dealt = order[8 * first :] + order[: 8 * first]
    start = start_position(INFO, {}, deal)
    assert [list(start.piles[r]) for r in RESERVE] == [[c] for c in dealt[:8]]
    assert has_ace_or_king(dealt[:8])
    assert [list(start.piles[p]) for p in PILES] == [
        dealt[8 + 4 * i : 12 + 4 * i] for i in range(6)
    ]
    assert list(start.piles[STOCK]) == dealt[32:][::-1]  # the next card is on top


def test_some_reserves_are_dealt_again() -> None:
    """Keeps the test above honest: its deals include reserves without an Ace or King."""
    again = [d for d in range(1, 61) if not has_ace_or_king(INFO.order(RULES, d)[:8])]
    assert again


def test_six_piles_of_four_cards() -> None:
    start = start_position(INFO, {}, 5)
    assert [len(start.piles[p]) for p in PILES] == [4] * 6
    assert all(start.down[p] == 0 for p in PILES)
    assert len(start.piles[STOCK]) == 104 - 8 - 24


def test_no_building_on_the_piles() -> None:
    pos = position({"1": "5D", "2": "6D", "3": "4D", "r1": "7D"})
    assert refusal(pos, move("1", "2")) == "target_fixed"
    assert refusal(pos, move("3", "1")) == "target_fixed"
    assert refusal(pos, move("r1", "2")) == "target_fixed"


def test_top_cards_go_to_the_foundations_or_an_empty_reserve_cell() -> None:
    pos = position({"1": "9C AH", "2": "8D", "r1": "", "r2": "KS", "r3": "QS"})
    legal = ENGINE.legal_moves(pos)
    assert move("1", "f3") in legal and move("1", "r1") in legal and move("2", "r1") in legal
    assert refusal(pos, move("2", "r2")) == "cell_taken"
    assert refusal(pos, move("1", "r1", 2)) == "one_at_a_time"
    assert refusal(pos, move("r3", "r1")) == "target_fixed"  # reserve cards only go home


def test_the_talon_deals_four_cards_onto_each_pile() -> None:
    start = start_position(INFO, {}, 2)
    after = ENGINE.play(start, STOCK_MOVE)
    dealt = start.piles[STOCK][-24:]
    for p in PILES:
        assert after.piles[p][:4] == start.piles[p] and len(after.piles[p]) == 8
    new = Counter(c for p in PILES for c in after.piles[p][4:])
    assert new == Counter(dealt)
    assert after.piles[STOCK] == start.piles[STOCK][:-24]


def test_an_emptied_pile_is_refilled_with_four_cards() -> None:
    others = {str(n): f"{n}D" for n in range(2, 7)}
    pos = position({"1": "AH", **others, "s": "2C 3C 4C 5C 6C"})
    after = ENGINE.play(pos, move("1", "f3"))
    assert list(after.piles[PILES[0]]) == cards("6C 5C 4C 3C")  # the talon's top first
    assert after.piles[STOCK][-1] == parse_card("2C")


def test_when_the_talon_is_spent_the_piles_are_gathered_and_dealt_again() -> None:
    piles = {"1": "2C 3C", "2": "4D", "3": "5H 6H 7H", "4": "8S", "5": "", "6": "9C TC"}
    homes = {"f1": "AC", "f2": "AD"}
    before = position({**homes, **piles, "s": "JD"})
    assert refusal(before, REDEAL_MOVE) == "stock_not_empty"
    pos = position({**homes, **piles, "r1": "QD", "s": ""}, filler="f1")
    after = ENGINE.play(pos, REDEAL_MOVE)
    assert [list(after.piles[p]) for p in PILES] == [
        cards("2C 3C 4D 5H"),
        cards("6H 7H 8S 9C"),
        cards("TC"),
        [],
        [],
        [],
    ]
    assert not after.piles[STOCK]
    assert all(after.piles[i] == pos.piles[i] for i in RESERVE + FOUNDATIONS)


def test_three_rounds_in_all() -> None:
    game = Game(INFO, {}, 4)
    for round_ in range(3):
        while game.position.piles[STOCK]:
            game.play(STOCK_MOVE)
        if round_ < 2:
            game.play(REDEAL_MOVE)
            assert len(game.position.piles[STOCK]) > 0
    assert game.position.redeals == 2
    assert refusal(game.position, REDEAL_MOVE) == "no_redeals_left"


def test_the_tops_of_two_foundations_of_the_same_suit_may_be_played_onto_each_other() -> None:
    pos = position({"f3": run(ACE, 5, 2), "f7": run(KING, 6, 2), "f1": run(ACE, 5, 0)})
    legal = ENGINE.legal_moves(pos)
    assert move("f3", "f7") in legal and move("f7", "f3") in legal
    assert refusal(pos, move("f7", "f1")) == "does_not_fit"
    assert refusal(pos, move("f3", "r1")) == "target_fixed"
    assert refusal(pos, move("f3", "1")) == "target_fixed"


def test_a_foundations_last_card_may_cross_and_the_next_ace_starts_it_again() -> None:
    """Decision (docs/relatives.md): the swap rule also moves a foundation's base card."""
    pos = position({"f3": "AH", "f7": run(KING, 2, 2), "1": "AH"})
    after = ENGINE.play(pos, move("f3", "f7"))
    assert not after.piles[RULES.index("f3")] and len(after.piles[RULES.index("f7")]) == 13
    assert move("1", "f3") in ENGINE.legal_moves(after)


def test_win_all_104_home() -> None:
    full = {f"f{s + 1}": run(ACE, KING, s) for s in SUITS}
    full |= {f"f{s + 5}": run(KING, ACE, s) for s in SUITS}
    full["f8"] = run(KING, 2, 3)
    pos = position({**full, "r4": "AS"}, filler="f8")
    assert ENGINE.outcome(pos) is Outcome.IN_PLAY
    won = ENGINE.play(pos, move("r4", "f8"))
    assert ENGINE.outcome(won) is Outcome.WON
