"""Caprice: one test per rule sentence of RULES.md ("Relatives named by the seeds")."""

from __future__ import annotations

import pytest
import rule_positions

from patience.cards import ACE, KING, SUITS, card_text, make_card, parse_card, rank, suit
from patience.engine.core import Outcome
from patience.engine.errors import IllegalMove
from patience.engine.game import engine_for, start_position
from patience.engine.position import REDEAL_MOVE, Position, transfer
from patience.games import get_game
from patience.notation import position_text

INFO = get_game("caprice")
RULES = INFO.rules()
ENGINE = engine_for(RULES)
TABLEAU = [RULES.index(str(n)) for n in range(1, 13)]
ACE_PILES = [RULES.index(f"f{s + 1}") for s in SUITS]
KING_PILES = [RULES.index(f"f{s + 5}") for s in SUITS]


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def run(first: int, last: int, suit_: int) -> str:
    """Cards of one suit from rank ``first`` to ``last`` (either direction), as text."""
    step = 1 if last >= first else -1
    return " ".join(card_text(make_card(r, suit_)) for r in range(first, last + step, step))


def position(piles: dict[str, str], *, filler: str = "f1", redeals: int = 0) -> Position:
    """These piles (code -> cards, bottom first); the rest of the pack lies under ``filler``."""
    text = " ".join(f"{code}={''.join(held.split())}" for code, held in piles.items())
    pos = rule_positions.position("caprice", text, filler)[1]
    return pos._replace(redeals=redeals)


def legal(pos: Position, src: str, dst: str, size: int = 1) -> bool:
    return transfer(RULES.index(src), RULES.index(dst), size) in ENGINE.legal_moves(pos)


def refusal(pos: Position, src: str, dst: str, size: int = 1) -> str:
    with pytest.raises(IllegalMove) as caught:
        ENGINE.play(pos, transfer(RULES.index(src), RULES.index(dst), size))
    return caught.value.code


def test_nationales_eight_foundations_set_out_the_same_way() -> None:
    start = start_position(INFO, {}, 7)
    for s in SUITS:
        assert start.piles[ACE_PILES[s]][0] == make_card(ACE, s)
        assert start.piles[KING_PILES[s]][0] == make_card(KING, s)
    pos = position({"f3": "AH 2H 3H 4H", "f7": "KH QH JH", "1": "5H", "2": "TH", "3": "5D"})
    assert legal(pos, "1", "f3")  # the Ace pile builds up in suit
    assert legal(pos, "2", "f7")  # the King pile builds down in suit
    assert refusal(pos, "3", "f3") == "does_not_fit"  # only in suit


def _deal_by_the_rule(order: list[int]) -> tuple[list[list[int]], list[list[int]]]:
    """The layout RULES.md describes, computed card by card from the dealing order."""
    aces = [[make_card(ACE, s)] for s in SUITS]
    kings = [[make_card(KING, s)] for s in SUITS]
    piles: list[list[int]] = [[] for _ in range(12)]
    turn = 0
    for card in order:
        s, r = suit(card), rank(card)
        if rank(aces[s][-1]) == r - 1:
            aces[s].append(card)  # the Ace pile first when both fit, as in Nationale
        elif rank(kings[s][-1]) == r + 1:
            kings[s].append(card)
        else:
            piles[turn % 12].append(card)
            turn += 1
    return aces + kings, piles


@pytest.mark.parametrize("deal", range(1, 21))
def test_the_96_cards_are_dealt_one_at_a_time_to_12_piles_in_turn(deal: int) -> None:
    """A card fitting a foundation is played there and the next card goes to the same pile."""
    start = start_position(INFO, {}, deal)
    homes, piles = _deal_by_the_rule(INFO.order(RULES, deal))
    assert [list(start.piles[f]) for f in ACE_PILES + KING_PILES] == homes
    assert [list(start.piles[t]) for t in TABLEAU] == piles
    sizes = [len(p) for p in piles]
    assert max(sizes) - min(sizes) <= 1 and sizes == sorted(sizes, reverse=True)
    assert all(d == 0 for d in start.down)  # every card face up


def test_a_card_fitting_a_foundation_during_the_deal_is_played_there() -> None:
    went_home = [
        sum(map(len, (start_position(INFO, {}, d).piles[f] for f in ACE_PILES + KING_PILES)))
        for d in range(1, 11)
    ]
    assert max(went_home) > 8  # some deals do play cards home while dealing


def test_build_up_or_down_in_suit() -> None:
    pos = position({"f1": "AC", "1": "6H", "2": "5H", "3": "7H", "4": "7D", "5": "6H"})
    assert legal(pos, "2", "1") and legal(pos, "3", "1")
    assert refusal(pos, "4", "1") == "does_not_fit"  # a 7 of another suit
    assert refusal(pos, "5", "1") == "does_not_fit"  # the same rank


def test_no_wrap() -> None:
    pos = position({"f1": "AC", "1": "KS", "2": "AS"})
    assert refusal(pos, "2", "1") == "does_not_fit"
    assert refusal(pos, "1", "2") == "does_not_fit"


def test_one_card_at_a_time() -> None:
    pos = position({"f1": "AC", "1": "5H 6H", "2": "7H", "3": ""})
    assert legal(pos, "1", "2")
    assert refusal(pos, "1", "2", 2) == "one_at_a_time"
    assert refusal(pos, "1", "3", 2) == "one_at_a_time"


def test_any_card_fills_a_gap() -> None:
    tops = ["5H", "KS", "AD", "QC", "7S"]
    piles = {str(n): f"{n}S {top}" for n, top in enumerate(tops, 2)}
    pos = position({"f1": "AC", **piles, "1": ""})
    for n in range(2, 2 + len(tops)):
        assert legal(pos, str(n), "1")


def test_foundation_cards_stay_home() -> None:
    """RULES.md gives Caprice no way back from a foundation (Nationale has one)."""
    pos = position({"f1": "AC", "f3": "AH 2H 3H", "1": "4H", "2": ""})
    assert refusal(pos, "f3", "1") == "source_fixed"
    assert refusal(pos, "f3", "2") == "source_fixed"


def test_two_redeals_and_the_redeals_left_are_shown() -> None:
    pos = start_position(INFO, {}, 3)
    left = []
    for _ in range(2):
        assert REDEAL_MOVE in ENGINE.legal_moves(pos)
        pos = ENGINE.play(pos, REDEAL_MOVE)
        left.append(RULES.stock.redeals - pos.redeals)
    assert left == [1, 0]
    assert position_text(INFO, INFO.canonical(), pos).endswith(" redeals=2")
    assert REDEAL_MOVE not in ENGINE.legal_moves(pos)
    with pytest.raises(IllegalMove) as caught:
        ENGINE.play(pos, REDEAL_MOVE)
    assert caught.value.code == "no_redeals_left"


def test_a_redeal_gathers_in_reverse_dealing_order_and_deals_again_without_shuffling() -> None:
    """Gathered last pile first, top card first, the cards come out in the order they lay.

    Pile 1 bottom to top, then pile 2, and so on; each is dealt the same way as at the start,
    so 4H (fitting the Ace pile at 3H) goes home and the next card takes its turn.
    """
    pos = position(
        {"f1": "AC", "f3": "AH 2H 3H", "1": "9S 4H", "2": "", "3": "7D", "4": "", "5": "TC JC"},
        redeals=1,
    )
    after = ENGINE.play(pos, REDEAL_MOVE)
    assert [list(after.piles[t]) for t in TABLEAU[:6]] == [
        cards("9S"),
        cards("7D"),
        cards("TC"),
        cards("JC"),
        [],
        [],
    ]
    assert after.piles[ACE_PILES[2]][-1] == parse_card("4H")
    assert after.redeals == 2


def test_a_redeal_plays_every_fitting_card_home() -> None:
    pos = position({"f1": "AC", "f3": "AH 2H 3H", "1": "4H 5H 6H", "2": "9S"})
    after = ENGINE.play(pos, REDEAL_MOVE)
    assert after.piles[ACE_PILES[2]] == tuple(cards("AH 2H 3H 4H 5H 6H"))
    assert [list(after.piles[t]) for t in TABLEAU[:2]] == [cards("9S"), []]


def test_win_all_104_home() -> None:
    full = {f"f{s + 1}": run(ACE, KING, s) for s in SUITS}
    full |= {f"f{s + 5}": run(KING, ACE, s) for s in SUITS}
    full["f5"] = run(KING, 2, 0)
    pos = position({**full, "1": "AC"}, filler="f5")
    assert ENGINE.outcome(pos) is Outcome.IN_PLAY
    won = ENGINE.play(pos, transfer(RULES.index("1"), RULES.index("f5")))
    assert ENGINE.is_won(won) and ENGINE.outcome(won) is Outcome.WON
