"""Canonical keys: positions that differ only by swapping interchangeable piles share a key.

Two piles are interchangeable when the rules treat them alike (same spec apart from the code
and place on screen) and nothing in the game depends on which is which. Free cells always are;
tableau piles are unless the stock deals onto them in order, a redeal gathers them in order,
removals refill two of them in order, or piles cover one another. The key sorts each class.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace

from patience.engine.core import Engine
from patience.engine.position import Position
from patience.rules.piles import Kind, PileSpec
from patience.rules.stock import Action, Redeal

Key = Hashable


def _shape(spec: PileSpec) -> PileSpec:
    return replace(spec, code="", row=0, column=0)


def _tableau_symmetric(engine: Engine) -> bool:
    rules = engine.rules
    if rules.pairs_to or rules.stock.action is Action.EACH_TABLEAU:
        return False
    if rules.stock.redeal is Redeal.GATHER_TABLEAU:
        return False
    return not any(spec.covered_by for spec in engine.specs)


def classes(engine: Engine) -> list[tuple[int, ...]]:
    """Groups of interchangeable piles (each of two or more)."""
    groups: dict[tuple[Kind, PileSpec], list[int]] = {}
    covering = {c for spec in engine.specs for c in spec.covered_by}
    tableau_ok = _tableau_symmetric(engine)
    for i, spec in enumerate(engine.specs):
        if spec.covered_by or i in covering:
            continue
        if spec.kind is Kind.TABLEAU and not tableau_ok:
            continue
        if spec.kind in (Kind.TABLEAU, Kind.CELL, Kind.FOUNDATION):
            groups.setdefault((spec.kind, _shape(spec)), []).append(i)
    return [tuple(g) for g in groups.values() if len(g) > 1]


def key_function(engine: Engine) -> Callable[[Position], Key]:
    """A function from positions to keys equal exactly for positions alike up to symmetry."""
    groups = classes(engine)
    if not groups:
        return lambda pos: pos
    grouped = {i for g in groups for i in g}
    alone = tuple(i for i in range(len(engine.specs)) if i not in grouped)

    def key(pos: Position) -> Key:
        piles, down = pos.piles, pos.down
        parts: list[object] = [tuple(piles[i] for i in alone), tuple(down[i] for i in alone)]
        for group in groups:
            parts.append(tuple(sorted((piles[i], down[i]) for i in group)))
        parts.append(pos.redeals)
        return tuple(parts)

    return key
