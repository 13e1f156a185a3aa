"""The component walk of the talon-feeding games: blocks, exact exits, wins and proofs.

Its verdicts are also checked against plain enumeration in tests/solver/test_feeding.py.
"""

from __future__ import annotations

from collections import deque
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_positions import engine_of, playout

from patience.solver.removal.feeding import FeedingSearcher, feeding_searcher
from patience.solver.removal.feeding_levels import Component, Levels, _ways
from patience.solver.removal.feeding_search import FeedingSearch, State, fits_chains

FEEDING_GAMES = ("sweet_sixteen", "trusty_twelve", "knotty_nines")


def levels_at(game: str, deal: int, steps: int, seed: int) -> Levels | None:
    """The component walk from a playout position, if its piles are chains and talon is left."""
    engine = engine_of(game)
    searcher = feeding_searcher(engine)
    assert isinstance(searcher, FeedingSearcher)
    pos = playout(game, deal, steps, seed)
    if not pos.piles[engine.stock] or not fits_chains(engine, searcher.onto, searcher.classes, pos):
        return None
    return Levels(FeedingSearch(engine, searcher.classes, searcher.onto, pos))


def level_by_enumeration(levels: Levels) -> tuple[set[Component], set[Component]]:
    """Every position between deals from the start, by its single moves: their components,
    and the components of the positions one deal away."""
    search = levels.search
    seen: set[State] = {search.start}
    queue = deque([search.start])
    inside: set[Component] = set()
    after: set[Component] = set()
    while queue:
        state = queue.popleft()
        inside.add(levels.component(state))
        for _, child, deals in search.children(state):
            if deals:
                after.add(levels.component(child))
            elif child not in seen:
                seen.add(child)
                queue.append(child)
    return inside, after


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(FEEDING_GAMES),
    deal=st.integers(1, 10_000),
    steps=st.integers(0, 80),
    seed=st.integers(0, 1000),
)
def test_a_level_is_one_component_and_its_exits_are_exact(
    game: str, deal: int, steps: int, seed: int
) -> None:
    levels = levels_at(game, deal, steps, seed)
    if levels is None:
        return
    inside, after = level_by_enumeration(levels)
    start = levels.component(levels.search.start)
    assert inside == {start}
    assert set(levels.exits(start)) == after


def test_a_block_can_deal_when_its_tops_can_be_arranged_for_it() -> None:
    # Heights as ranks here; a block is its sorted tops and its piles' sorted bottoms.
    assert _ways((5, 6), (5, 9)) == [[((5,), (9,))]]  # a lone 5 goes onto the 6
    assert _ways((5, 6), (9, 9)) == []  # no pile with a bottom of 5
    assert _ways((5, 6, 6), (6, 7, 8)) == []  # the lone 6 has no 7 to go onto
    # [7 6], [6 5], [9 8 7]: the 5 goes onto the first 6, then the lone 6 onto the 7.
    assert _ways((5, 6, 7), (6, 7, 9)) == [[((5, 6), (7, 9))]]


def test_a_block_that_splits_gives_every_way_its_piles_can_part() -> None:
    # Tops 4, 5, 6, 7 on bottoms 4, 7, 8, 9: the lone 4 goes onto the 5, and the 6 and 7 may
    # lie on any two of the piles with bottoms 7, 8 and 9 whose rest can take the 4 on a 5+.
    ways = _ways((4, 5, 6, 7), (4, 7, 8, 9))
    assert sorted(ways) == sorted(
        [
            [((4,), (7,)), ((6, 7), (8, 9))],
            [((4,), (8,)), ((6, 7), (7, 9))],
            [((4,), (9,)), ((6, 7), (7, 8))],
        ]
    )


def test_the_walk_refuses_more_lines_than_a_byte_of_points_names() -> None:
    # 17 classes, each a line of its own (a point is line * 16 + height + 13: a byte).
    search = SimpleNamespace(line=list(range(17)) + [-1] * 35, height=[0] * 52, talon=(0,))
    with pytest.raises(ValueError, match="at most 16 lines"):
        Levels(search)  # type: ignore[arg-type]
