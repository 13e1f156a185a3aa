"""The deal a new game of a chosen kind starts with: drawn from the game's graded pool.

The kind ``any`` draws no pool (the deal is random, as a new game always was). Any other kind
must be one of :data:`patience.deal_pools.KINDS` that the game's pool has deals of, else an
:class:`ApiError` (400) says which kinds the game offers. The deal inside the pool is random;
the kind is what every machine agrees on.

>>> from patience.games import GAMES
>>> chosen_deal(GAMES["freecell"], (), "any") is None
True
>>> chosen_deal(GAMES["freecell"], (), "easy") in load("freecell").deals("easy")
True
>>> chosen_deal(GAMES["freecell"], (), "tricky")
Traceback (most recent call last):
...
patience.web.errors.ApiError: unknown_kind
"""

from __future__ import annotations

from patience.deal_pools import ANY, KINDS, load, pick
from patience.games.registry import GameInfo, Options
from patience.notation import game_spec
from patience.web.errors import ApiError
from patience.web.service import chosen


def offered_kinds(info: GameInfo, options: Options) -> tuple[str, ...]:
    """The kinds of deal a player may ask for in this game, ``any`` first.

    >>> from patience.games import GAMES
    >>> offered_kinds(GAMES["thirteens"], ())
    ('any', 'winnable')
    """
    pool = load(game_spec(info, options))
    return pool.kinds() if pool is not None else (ANY,)


def chosen_deal(info: GameInfo, options: Options, kind: str) -> int | None:
    """A deal of this kind from the pool (``None`` for ``any``: the caller deals at random)."""
    if kind not in KINDS:
        shown = kind if len(kind) <= 20 else kind[:20] + "…"
        raise ApiError(400, "unknown_kind", {"kind": shown, "kinds": ", ".join(KINDS)})
    if kind == ANY:
        return None
    pool = load(game_spec(info, options))
    if pool is None or not pool.deals(kind):
        kinds = ", ".join(offered_kinds(info, options))
        raise ApiError(400, "no_pool", {"game": info.id, "kind": kind, "kinds": kinds})
    return pick(pool, kind)


def requested_deal(
    game_id: str, options: dict[str, str], deal: int | None, kind: str
) -> int | None:
    """The deal ``POST /api/games`` asked for: the given one, or one of ``kind`` (``None``:
    any deal at random); a kind other than ``any`` beside a deal number is refused."""
    if kind == ANY:
        return deal
    if deal is not None:
        raise ApiError(400, "kind_with_deal")
    info, canonical = chosen(game_id, options, None)
    return chosen_deal(info, canonical, kind)
