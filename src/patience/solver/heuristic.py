"""How promising a position looks: the score that orders the search and plain hints.

The score only orders moves; it never prunes, so it cannot make a search wrong, only slow.
It rewards cards home (or removed), an emptier talon where emptying it wins, free cells and
empty piles, and punishes face-down cards, cards out of sequence, and cards lying on top of
the cards the foundations want next. It reads the build rules from the game's piles.
"""

from __future__ import annotations

from collections.abc import Callable

from patience.engine.core import Engine
from patience.engine.position import Position
from patience.rules.game import Win

Score = Callable[[Position], int]


def score_function(engine: Engine) -> Score:
    """A score for positions of this engine's game (higher is better)."""
    rules = engine.rules
    specs = engine.specs
    tableau = engine.tableau
    foundations = engine.foundations
    cells = engine.cells
    stock = engine.stock
    stock_wins = rules.win is Win.STOCK_EMPTY
    removal = bool(rules.pairs_to)
    fits = {t: build.fits for t in tableau if (build := specs[t].build) is not None}
    wanted_cache: dict[tuple[int, int], frozenset[int]] = {}

    def wanted_by(f: int, top: int) -> frozenset[int]:
        found = wanted_cache.get((f, top))
        if found is None:
            spec = specs[f]
            if top < 0:
                found = frozenset(c for c in range(52) if spec.accepts_on_empty(c))
            elif spec.build is not None:
                found = frozenset(c for c in range(52) if spec.build.fits(top, c))
            else:
                found = frozenset()
            wanted_cache[(f, top)] = found
        return found

    homing = [f for f in foundations if specs[f].build is not None]

    def score(pos: Position) -> int:
        piles, down = pos.piles, pos.down
        home = sum(len(piles[f]) for f in foundations)
        value = 100 * home
        if stock_wins:
            value -= 100 * len(piles[stock])
        if removal:
            return value - sum(down)
        wanted: set[int] = set()
        for f in homing:
            pile = piles[f]
            wanted |= wanted_by(f, pile[-1] if pile else -1)
        free_cells = sum(1 for c in cells if not piles[c])
        empty = 0
        for t in tableau:
            cards = piles[t]
            if not cards:
                empty += 1
                continue
            lowest = down[t]
            value -= 12 * lowest
            fit = fits.get(t)
            for i in range(lowest, len(cards)):
                card = cards[i]
                if card in wanted:
                    value -= 20 * (len(cards) - 1 - i) + 2
                if i > lowest and fit is not None and not fit(cards[i - 1], card):
                    value -= 2 * (len(cards) - i)
        # free cells and empty piles, and how many cards they let one move carry
        value += 8 * free_cells + 15 * empty + 10 * ((free_cells + 1) << min(empty, 4))
        return value

    return score
