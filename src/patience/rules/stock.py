"""What the stock (talon) does when a player uses it, and how often it may start again."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Action(Enum):
    """The stock move a player makes (notation ``s``)."""

    NONE = "none"
    """The player never uses the stock; it only refills piles."""
    TO_WASTE = "to_waste"
    """Turn ``count`` cards onto the waste (Klondike, Pyramid, King Tut)."""
    EACH_TABLEAU = "each_tableau"
    """Deal ``count`` cards onto every tableau pile (Spider, Tournament)."""


class Redeal(Enum):
    """What starting again means (notation ``r``)."""

    NONE = "none"
    RECYCLE_WASTE = "recycle_waste"
    """When the stock is empty, the waste turns over to form it again, in order."""
    GATHER_TABLEAU = "gather_tableau"
    """The tableau piles are gathered and dealt again.

    Picking up the last pile first, each from its top card down, onto a face-down pack puts
    the first pile's bottom card on top: the redeal deals pile 1 bottom to top, then pile 2, …
    """


UNLIMITED = -1


@dataclass(frozen=True)
class StockRule:
    """The stock's behaviour.

    ``redeals`` is how many times a player may start again (:data:`UNLIMITED` for no limit);
    ``redeal_when_empty`` allows it only once the stock is spent. ``blocked_by_gap`` forbids
    the stock move while a tableau pile is empty (Spider). ``top_playable`` lets the stock's top
    card take part in removals (Pyramid).
    """

    action: Action = Action.NONE
    count: int = 1
    redeal: Redeal = Redeal.NONE
    redeals: int = 0
    redeal_when_empty: bool = True
    blocked_by_gap: bool = False
    top_playable: bool = False
