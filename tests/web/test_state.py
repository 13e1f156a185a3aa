"""The State sent to the browser: nothing in it may tell of a card the player cannot see."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from patience.cards import card_text
from patience.engine.game import Game, engine_for
from patience.games import get_game
from patience.notation import parse_position
from patience.rules.piles import Kind
from patience.views import View, hidden_view
from patience.web.state import _autocomplete, uncovered

HOME_BUT_TWO_KINGS = (
    "f1=AC2C3C4C5C6C7C8C9CTCJCQCKC f2=AD2D3D4D5D6D7D8D9DTDJDQDKD "
    "f3=AH2H3H4H5H6H7H8H9HTHJHQH f4=AS2S3S4S5S6S7S8S9STSJSQS"
)


def test_autocomplete_is_offered_only_once_every_card_is_in_sight() -> None:
    info = get_game("klondike")
    engine = engine_for(info.rules())
    _, _, hidden = parse_position(f"klondike 1=KH|KS {HOME_BUT_TWO_KINGS}")
    _, _, open_ = parse_position(f"klondike 1=KHKS {HOME_BUT_TWO_KINGS}")
    safe = engine.safe_foundation_moves
    assert _autocomplete(engine, open_, hidden_view(engine, open_), safe(open_))
    # safe moves would win, but KH is face down
    assert not _autocomplete(engine, hidden, hidden_view(engine, hidden), safe(hidden))


def _seen(view: View) -> Counter[int]:
    return Counter(c for pile in view.piles for c in pile.cards if c is not None)


@pytest.mark.parametrize("game_id", ["klondike", "spider", "pyramid", "freecell"])
def test_the_cards_a_move_uncovers_are_those_seen_after_it_and_not_before(game_id: str) -> None:
    rng = random.Random(game_id)
    game = Game.new(game_id, deal=7)
    before = hidden_view(game.engine, game.position)
    for _ in range(60):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
        after = hidden_view(game.engine, game.position)
        expected = sorted((_seen(after) - _seen(before)).elements())
        assert uncovered(before, after) == [card_text(c) for c in expected]
        before = after


def test_turning_the_stock_uncovers_the_card_turned() -> None:
    game = Game.new("klondike", deal=1)
    before = hidden_view(game.engine, game.position)
    game.play_text("s")
    after = hidden_view(game.engine, game.position)
    waste = next(p for p in after.piles if p.kind is Kind.WASTE)
    assert uncovered(before, after) == [card_text(c) for c in waste.cards if c is not None]
