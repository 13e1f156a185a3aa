"""Which games the FreeCell searcher takes: the FreeCell family, read from the rules.

A game belongs to the family when its rules (:class:`~patience.rules.game.Rules`) say so:
tableau piles that all share one build (any build table), one move unit and one rule for
empty piles; free cells that hold one card each; four foundations built up in suit from the
Ace (each of one fixed suit, or any suit); one pack of 52 cards; no stock, waste, refills,
covering, returns from the foundations or automatic runs; won with every card home. The cell
count, the build, the move unit, the start rule and the supermove limit are not read here:
the kernel takes them from the engine's tables (:mod:`patience.solver.kernel.tables`).

>>> from patience.engine.game import engine_for
>>> from patience.games import get_game
>>> in_family(engine_for(get_game("freecell").rules({})))
True
>>> in_family(engine_for(get_game("klondike").rules({})))
False
"""

from __future__ import annotations

from dataclasses import replace

from patience.cards import ACE, ALL_CARDS
from patience.engine.core import Engine
from patience.rules.build import Build, Direction, Match
from patience.rules.game import Win
from patience.rules.piles import PileSpec, Start
from patience.rules.stock import Action, Redeal

_UP_IN_SUIT = Build(Match.SUIT, Direction.UP)


def _alike(specs: list[PileSpec]) -> bool:
    """Do these piles share one spec apart from their code and place on screen?"""
    shapes = {replace(s, code="", row=0, column=0) for s in specs}
    return len(shapes) == 1


def in_family(engine: Engine) -> bool:
    """Does the engine play a game of the FreeCell family (see the module's docstring)?"""
    rules = engine.rules
    specs = engine.specs
    if rules.pairs_to or rules.foundation_returns or rules.foundation_swaps:
        return False
    if rules.auto_suit_runs or rules.win is not Win.ALL_HOME or rules.preset:
        return False
    if rules.stock.action is not Action.NONE or rules.stock.redeal is not Redeal.NONE:
        return False
    if engine.stock >= 0 or engine.waste >= 0 or sorted(rules.pack) != list(ALL_CARDS):
        return False
    if any(s.refill or s.covered_by for s in specs):
        return False
    tableau = [specs[t] for t in engine.tableau]
    cells = [specs[c] for c in engine.cells]
    founds = [specs[f] for f in engine.foundations]
    if not tableau or not _alike(tableau) or tableau[0].build is None:
        return False
    if cells and (
        not _alike(cells) or cells[0].build is not None or cells[0].start is not Start.ANY
    ):
        return False
    if len(founds) != 4 or any(
        f.build != _UP_IN_SUIT or f.start is not Start.RANK or f.start_rank != ACE for f in founds
    ):
        return False
    fixed = [f.suit for f in founds]
    return all(s is None for s in fixed) or sorted(fixed) == [0, 1, 2, 3]  # type: ignore[type-var]
