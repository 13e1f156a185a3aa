"""Pools of graded deal numbers, computed ahead (``patience pools prepare``) and stored here.

One JSON file per game spec (``klondike:draw=1,passes=1`` is ``klondike__draw-1_passes-1.json``)
holds the node budget each deal was graded with, the deals scanned, and per grade the deals of
that grade (:mod:`patience.solver.difficulty`). A deal won within the budget has its true grade
whatever the budget (the search is deterministic and counts nodes, never time), so a pool
graded with fewer nodes than :data:`~patience.solver.difficulty.GRADE_BUDGET` is right for
every grade it holds; it only finds fewer expert deals.

A player asks for a *kind* of deal: ``any`` (no pool: any deal), ``winnable`` (every won grade
together) or one grade. A pool offers only the kinds it has deals of.

>>> pool = load("freecell")
>>> "hard" in pool.kinds()
True
>>> deal = pick(pool, "winnable")
>>> any(deal in deals for deals in pool.grades.values())
True
>>> load("no_such_game") is None
True
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from patience.solver.difficulty import Grade

ANY = "any"
"""The kind that asks for no pool: any deal, as a new game always was."""

WINNABLE = Grade.WINNABLE.value

GRADED_KINDS = (Grade.EASY.value, Grade.MEDIUM.value, Grade.HARD.value, Grade.EXPERT.value)

KINDS = (ANY, WINNABLE, *GRADED_KINDS)
"""Every kind of deal a player may ask for, in the order a chooser lists them."""


def fits(kind: str, grade: str) -> bool:
    """Whether a deal of ``grade`` (a :class:`~patience.solver.difficulty.Grade` value) is of
    ``kind``.

    >>> fits("winnable", "hard"), fits("hard", "hard"), fits("easy", "hard"), fits("any", "unknown")
    (True, True, False, True)
    """
    return kind in (ANY, grade) or (kind == WINNABLE and grade in (WINNABLE, *GRADED_KINDS))


class NotAPool(ValueError):
    """A pool file that does not hold what a pool holds."""


@dataclass(frozen=True)
class Pool:
    """The graded deals of one game spec: ``grades`` maps a won grade to its deals, in order;
    they were found among deals ``first`` to ``last``, graded with ``nodes`` nodes each."""

    spec: str
    nodes: int
    first: int
    last: int
    grades: Mapping[str, tuple[int, ...]]

    def kinds(self) -> tuple[str, ...]:
        """The kinds a player may ask for in this game, ``any`` first (see :data:`KINDS`)."""
        return tuple(kind for kind in KINDS if kind == ANY or self.deals(kind))

    def deals(self, kind: str) -> tuple[int, ...]:
        """The deals of this kind (``winnable``: every won grade; ``any``: none, no pool)."""
        if kind == WINNABLE:
            return tuple(sorted(deal for deals in self.grades.values() for deal in deals))
        return self.grades.get(kind, ())

    def grade_of(self, deal: int) -> str | None:
        """The grade the pool holds ``deal`` under (None if it holds it under none).

        >>> Pool("freecell", 300, 1, 9, {"easy": (1, 2), "hard": (7,)}).grade_of(7)
        'hard'
        """
        return next((grade for grade, deals in self.grades.items() if deal in deals), None)


def file_name(spec: str) -> str:
    """The file that holds the pool of ``spec``.

    >>> file_name("klondike:draw=1,passes=1")
    'klondike__draw-1_passes-1.json'
    """
    return spec.replace(":", "__").replace(",", "_").replace("=", "-") + ".json"


def pool_text(pool: Pool) -> str:
    """The pool as its file's text (one line per grade): the same pool gives the same bytes.

    >>> print(pool_text(Pool("freecell", 300, 1, 2, {"easy": (1, 2)})), end="")
    {"game": "freecell", "nodes": 300, "first": 1, "last": 2, "grades": {
     "easy": [1, 2]
    }}
    """
    head = {"game": pool.spec, "nodes": pool.nodes, "first": pool.first, "last": pool.last}
    lines = [
        f" {json.dumps(g)}: {json.dumps(list(pool.grades[g]))}" for g in _in_order(pool.grades)
    ]
    return json.dumps(head)[:-1] + ', "grades": {\n' + ",\n".join(lines) + "\n}}\n"


def parse_pool(text: str) -> Pool:
    """Read a pool file's text; :class:`NotAPool` if it is not one."""
    try:
        record = json.loads(text)
        grades = {str(g): tuple(int(d) for d in deals) for g, deals in record["grades"].items()}
        pool = Pool(
            str(record["game"]),
            int(record["nodes"]),
            int(record["first"]),
            int(record["last"]),
            grades,
        )
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise NotAPool(f"not a deal pool: {error}") from None
    if not set(grades) <= {WINNABLE, *GRADED_KINDS}:
        raise NotAPool(f"{pool.spec}: grades of won deals only, not {sorted(grades)}")
    return pool


@cache
def load(spec: str) -> Pool | None:
    """The stored pool of ``spec`` (``None`` if none was prepared)."""
    path = resources.files("patience.deal_pools").joinpath(file_name(spec))
    if not path.is_file():
        return None
    return parse_pool(path.read_text(encoding="utf-8"))


def pick(pool: Pool, kind: str) -> int:
    """A deal of this kind from the pool, chosen at random (:mod:`secrets`); the pool must
    have one (see :meth:`Pool.kinds`)."""
    return secrets.choice(pool.deals(kind))


def _in_order(grades: Mapping[str, object]) -> list[str]:
    return [kind for kind in (WINNABLE, *GRADED_KINDS) if kind in grades]
