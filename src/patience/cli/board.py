"""The table as text, laid out by each pile's ``row`` and ``column`` in the game's definition.

Every grid row of the layout prints as a line of pile labels and, under it, the piles' cards,
downwards bottom card first: as many from the top as the view shows spread (every card of a
tableau pile, the last draw's cards of a waste, the top card of a stock, foundation or cell).
Every pile but a tableau pile or a cell carries its card count in its label (``s:24``).
``##`` is a card the player may not see, ``--`` an empty pile.

>>> from patience.engine.game import Game
>>> from patience.views import hidden_view
>>> game = Game.new("klondike", deal=1)
>>> print(render(hidden_view(game.engine, game.position)).splitlines()[1])
##    --          --    --    --    --
"""

from __future__ import annotations

from itertools import groupby

from patience.cards import card_text
from patience.engine.game import Game
from patience.rules.piles import Kind
from patience.rules.stock import Redeal
from patience.views import PileView, View, hidden_view, open_view

HIDDEN = "##"
EMPTY = "--"


def _label(pile: PileView) -> str:
    if pile.kind is Kind.TABLEAU or pile.kind is Kind.CELL:
        return pile.code
    return f"{pile.code}:{len(pile.cards)}"


def _card(card: int | None) -> str:
    return HIDDEN if card is None else card_text(card)


def _body(pile: PileView) -> list[str]:
    if not pile.cards:
        return [EMPTY]
    return [_card(c) for c in pile.cards[len(pile.cards) - pile.showing :]]


def render(view: View) -> str:
    """The whole table as lines of text (no trailing spaces)."""
    width = max(max(len(_label(p)) for p in view.piles), len(HIDDEN)) + 2
    lines: list[str] = []
    ordered = sorted(view.piles, key=lambda p: (p.row, p.column, p.index))
    for _, row in groupby(ordered, key=lambda p: p.row):
        placed: list[tuple[int, PileView]] = []
        end = 0
        for pile in row:
            x = max(pile.column * width, end)  # two piles in one grid cell sit side by side
            placed.append((x, pile))
            end = x + width
        columns = [(x, [_label(pile), *_body(pile)]) for x, pile in placed]
        for depth in range(max(len(texts) for _, texts in columns)):
            line = ""
            for x, texts in columns:
                if depth < len(texts):
                    line = line.ljust(x) + texts[depth]
            lines.append(line.rstrip())
    return "\n".join(lines)


def table_text(game: Game, *, show_all: bool = False) -> str:
    """A title line (game, options, deal), the table, and the redeals left where there are any.

    ``show_all`` shows face-down cards too (the open view of skill play).
    """
    view = (open_view if show_all else hidden_view)(game.engine, game.position)
    options = ", ".join(f"{k}={v}" for k, v in game.options)
    title = f"{game.info.names['en']} · deal {game.deal}" + (f" · {options}" if options else "")
    lines = [title, render(view)]
    if view.redeals_left is not None and game.rules.stock.redeal is not Redeal.NONE:
        lines.append(f"redeals left: {view.redeals_left}")
    return "\n".join(lines)
