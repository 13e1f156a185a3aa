"""The stock and redeal controls a game page offers, read from the game's rules.

>>> from patience.games import GAMES
>>> stock_controls(GAMES["caprice"].rules())
StockControls(deal=False, redeal='gather_tableau', redeal_button=True, redeals_counted=True)
>>> stock_controls(GAMES["spider"].rules())
StockControls(deal=True, redeal=None, redeal_button=False, redeals_counted=False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from patience.rules.game import Rules
from patience.rules.piles import Kind
from patience.rules.stock import UNLIMITED, Action, Redeal


@dataclass(frozen=True)
class StockControls:
    deal: bool
    """The stock pile deals when clicked, tapped or on ``s``."""
    redeal: str | None
    """What a redeal does (a :class:`Redeal` value), ``None`` for a game without one."""
    redeal_button: bool
    """A Redeal button is needed: there is no stock pile whose click, once empty, redeals."""
    redeals_counted: bool
    """The redeals are limited, so the status line counts those left."""


def stock_controls(rules: Rules) -> StockControls:
    rule = rules.stock
    has_stock = any(spec.kind is Kind.STOCK for spec in rules.piles)
    redeals = rule.redeal is not Redeal.NONE and rule.redeals != 0
    return StockControls(
        deal=has_stock and rule.action is not Action.NONE,
        redeal=rule.redeal.value if redeals else None,
        redeal_button=redeals and not (has_stock and rule.redeal_when_empty),
        redeals_counted=redeals and rule.redeals != UNLIMITED,
    )


def keys_help(controls: StockControls, t: Mapping[str, str], table: str = "keys_help") -> str:
    """The key help of a page with a board in the language of ``t``: the table's keys (the
    string ``table``: a duel has no hint), then the stock's and the redeal's where the game
    has them."""
    parts = [t[table]]
    if controls.deal:
        parts.append(t["keys_deal"])
    if controls.redeal:
        where = "keys_redeal_button" if controls.redeal_button else "keys_redeal_stock"
        parts.append(t[where].format(redeal=t[f"redeal_{controls.redeal}"]))
    return " ".join(parts)
