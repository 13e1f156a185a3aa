"""The State sent to the browser: nothing in it may tell of a card the player cannot see."""

from __future__ import annotations

from patience.engine.game import engine_for
from patience.games import get_game
from patience.notation import parse_position
from patience.views import hidden_view
from patience.web.state import _autocomplete

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
