"""What a player may see of a position.

In normal play the server sends only :func:`hidden_view`: face-down tableau cards and the
stock are blanks (``None``), except a stock top the rules make playable (Pyramid). The skill
format of our Klondike source page lets both players see every card: :func:`open_view`.

>>> from patience.engine.game import Game
>>> game = Game.new("klondike", deal=1)
>>> view = hidden_view(game.engine, game.position)
>>> [p.cards for p in view.piles[:2]]
[(41,), (None, 29)]
>>> open_view(game.engine, game.position).piles[1].cards
(19, 29)
"""

from __future__ import annotations

from dataclasses import dataclass

from patience.engine.core import Engine
from patience.engine.position import Position
from patience.rules.piles import Kind
from patience.rules.stock import UNLIMITED, Action


@dataclass(frozen=True)
class PileView:
    """One pile as a player sees it; ``cards`` bottom first, ``None`` for a card face down."""

    index: int
    code: str
    kind: Kind
    cards: tuple[int | None, ...]
    down: int
    free: bool
    """Whether the top card may be used now (covered Pyramid cards are not)."""
    row: int
    column: int
    showing: int
    """How many cards from the top lie spread so that each shows (face or back): every card
    of a tableau pile, the cards one turn of the stock lays on a waste (the top three when
    Klondike draws three), the top card of any other pile."""


@dataclass(frozen=True)
class View:
    """The whole table for one player."""

    piles: tuple[PileView, ...]
    redeals_left: int | None
    """Redeals (or passes) still allowed; ``None`` when there is no limit."""


def _spread(engine: Engine, kind: Kind) -> int:
    """How many top cards of a pile of this kind lie spread (before counting its cards)."""
    rule = engine.rules.stock
    if kind is Kind.TABLEAU:
        return engine.card_total
    if kind is Kind.WASTE and rule.action is Action.TO_WASTE:
        return rule.count
    return 1


def _view(engine: Engine, pos: Position, *, show_all: bool) -> View:
    stock_rule = engine.rules.stock
    piles = []
    for i, (spec, cards, down) in enumerate(zip(engine.specs, pos.piles, pos.down, strict=True)):
        hidden = 0 if show_all else down
        if not show_all and spec.kind is Kind.STOCK and stock_rule.top_playable and cards:
            hidden = len(cards) - 1
        shown: tuple[int | None, ...] = (None,) * hidden + cards[hidden:]
        piles.append(
            PileView(
                i,
                spec.code,
                spec.kind,
                shown,
                down,
                engine.is_free(pos, i),
                spec.row,
                spec.column,
                min(len(cards), _spread(engine, spec.kind)),
            )
        )
    limit = stock_rule.redeals
    left = None if limit == UNLIMITED else max(limit - pos.redeals, 0)
    return View(tuple(piles), left)


def hidden_view(engine: Engine, pos: Position) -> View:
    """The table with every card a player may not see replaced by ``None``."""
    return _view(engine, pos, show_all=False)


def open_view(engine: Engine, pos: Position) -> View:
    """The table with every card shown (skill play, solvers' explanations, finished games)."""
    return _view(engine, pos, show_all=True)
