"""A deal named in a URL's query: the game's options and the deal number.

Links pick up parameters on their way (``fbclid``, ``utm_source``, …): only the names the
game's options use, and ``deal``, are read; every other parameter is ignored. A bad value of
a name we read is an :class:`~patience.web.errors.ApiError` that says what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping

from patience.deal import BadDeal, deal_from_text
from patience.games import GAMES
from patience.web.errors import ApiError


def game_query(params: Mapping[str, str], game_id: str) -> tuple[str, dict[str, str], int | None]:
    """``(game id, options, deal or None)`` read from the query of a page or request.

    >>> game_query({"deal": "12", "draw": "3", "fbclid": "x"}, "klondike")
    ('klondike', {'draw': '3'}, 12)
    """
    info = GAMES.get(game_id)
    if info is None:
        raise ApiError(404, "unknown_game", {"game": game_id[:40]})
    names = {option.name for option in info.options}
    options = {name: value for name, value in params.items() if name in names}
    text = params.get("deal")
    if text is None:
        return info.id, options, None
    try:
        deal = deal_from_text(text, info.last_deal)
    except BadDeal:
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise ApiError(
            400, "bad_deal", {"game": info.id, "deal": shown, "last": str(info.last_deal)}
        ) from None
    return info.id, options, deal
