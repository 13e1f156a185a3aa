"""Compute a deal pool: grade deals one after another with a node budget (never seconds, so
every machine computes the same pool) and keep the first deals of each grade.

>>> from patience.games import GAMES
>>> pool = prepare(GAMES["freecell"], (), first=1, deals=5, nodes=3_000, per_grade=2)
>>> pool.grades
{'easy': (1, 2), 'medium': (4,)}
>>> (pool.first, pool.last)
(1, 5)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from patience.deal_pools import Pool, fits
from patience.engine.game import start_position
from patience.games.registry import GameInfo, Options, Skill
from patience.notation import game_spec
from patience.solver import searcher_for
from patience.solver.batch.measured import SEARCH_GRADES
from patience.solver.batch.stats import solve_many
from patience.solver.difficulty import Grade, grade_of
from patience.solver.result import Budget

CLUSTER_WINDOW = 400
"""Deals handed to a cluster at once while preparing a pool: at most this many are graded
past the deal that fills the pool."""

EXPERT_FLOOR = 30_000
"""An expert deal needs more nodes than this, so a smaller budget finds none."""


def reachable(info: GameInfo, nodes: int) -> tuple[Grade, ...]:
    """The grades a search with ``nodes`` nodes can give a won deal of this game.

    >>> from patience.games import GAMES
    >>> [g.value for g in reachable(GAMES["klondike"], 30_000)]
    ['easy', 'medium', 'hard']
    >>> [g.value for g in reachable(GAMES["thirteens"], 200_000)]
    ['winnable']
    """
    if info.skill is Skill.MOSTLY_LUCK:
        return (Grade.WINNABLE,)
    return tuple(g for g in SEARCH_GRADES if g is not Grade.EXPERT or nodes > EXPERT_FLOOR)


def graded(
    info: GameInfo, options: Options, deals: range, nodes: int, cluster: str | None = None
) -> Iterator[tuple[int, Grade]]:
    """Each of ``deals`` with its grade at ``nodes`` nodes, in deal order, graded as they are
    asked for: here, or on the Dask cluster at ``cluster`` a window of deals at a time."""
    if cluster is None:
        searcher = searcher_for(info.rules(dict(options)))
        for deal in deals:
            result = searcher.solve(start_position(info, dict(options), deal), Budget(nodes))
            yield deal, grade_of(result, info.skill)
        return
    for start in range(0, len(deals), CLUSTER_WINDOW):
        window = deals[start : start + CLUSTER_WINDOW]
        found = solve_many(info.id, dict(options), window, Budget(nodes), cluster=cluster)
        for record in sorted(found, key=lambda record: record.deal):
            yield record.deal, Grade(record.grade)


def prepare(
    info: GameInfo,
    options: Options,
    *,
    first: int,
    deals: int,
    nodes: int,
    per_grade: int,
    progress: Callable[[int, Grade], None] | None = None,
    cluster: str | None = None,
) -> Pool:
    """The pool of deals ``first`` to ``first + deals - 1`` (at most ``per_grade`` of each
    grade; the scan stops early once every grade the budget can reach is full), graded here
    or on the Dask cluster at ``cluster`` (the same pool either way)."""
    wanted = reachable(info, nodes)
    found: dict[Grade, list[int]] = {grade: [] for grade in wanted}
    last = first - 1
    for deal, grade in graded(info, options, range(first, first + deals), nodes, cluster):
        if grade in found and len(found[grade]) < per_grade:
            found[grade].append(deal)
        last = deal
        if progress is not None:
            progress(deal, grade)
        if all(len(kept) >= per_grade for kept in found.values()):
            break
    grades = {grade.value: tuple(kept) for grade, kept in found.items() if kept}
    return Pool(game_spec(info, options), nodes, first, last, grades)


def first_fitting(
    info: GameInfo, options: Options, deals: Sequence[int], kind: str, nodes: int
) -> tuple[int, str] | None:
    """The first of ``deals`` whose grade (searched with ``nodes`` nodes) is of ``kind``, with
    that grade; ``None`` when none is.

    >>> from patience.games import GAMES
    >>> first_fitting(GAMES["freecell"], (), [1, 2, 3, 4], "medium", 3_000)
    (4, 'medium')
    >>> print(first_fitting(GAMES["freecell"], (), [1, 2], "hard", 3_000))
    None
    """
    searcher = searcher_for(info.rules(dict(options)))
    for deal in deals:
        result = searcher.solve(start_position(info, dict(options), deal), Budget(nodes))
        grade = grade_of(result, info.skill).value
        if fits(kind, grade):
            return deal, grade
    return None
