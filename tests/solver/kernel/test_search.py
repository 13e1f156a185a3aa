"""The kernel's scans: their wins replay to a win through the engine, and their proofs agree
with an exhaustive enumeration of small positions."""

from __future__ import annotations

from functools import partial

import pytest
from freecell_cases import endgame, small_endgames, variant
from hypothesis import given, settings
from solver_oracle import winnable_by_enumeration
from solver_positions import engine_of, replays_to_win

from patience.engine.core import Engine
from patience.engine.game import start_position
from patience.engine.position import Position
from patience.games import get_game
from patience.solver import Budget, Won
from patience.solver.freecell.hooks import Family, Weights
from patience.solver.freecell.search import SCANS, FreeCellSearch
from patience.solver.kernel.positions import engine_moves, state_of
from patience.solver.kernel.search import Hooks, Scan, Score, Turns, scan, take_turns
from patience.solver.kernel.state import cards_home
from patience.solver.kernel.tables import Tables

FREECELL = get_game("freecell")
ENGINE = engine_of("freecell")


def run_out(found: Scan, nodes: int = 200_000) -> None:
    assert found.run(nodes, None, 0) < nodes
    assert found.line is not None or found.exhausted


HOOKS = {
    "best first, no automatic moves": lambda family: Hooks(Score()),
    "depth first, no automatic moves": lambda family: Hooks(Score(), depth_first=True),
    "best first, safe moves home": lambda family: family.hooks(Weights(60, 5, 3, 10, 25)),
    "depth first, safe moves home": lambda family: family.hooks(
        Weights(60, 5, 3, 10, 25, depth_first=True)
    ),
}


@pytest.mark.parametrize("kind", HOOKS)
@settings(max_examples=30, deadline=None)
@given(case=small_endgames())
def test_proofs_and_wins_agree_with_an_enumeration(
    kind: str, case: tuple[Engine, Position]
) -> None:
    engine, pos = case
    truth = winnable_by_enumeration(engine, pos, 30_000)
    assert truth is not None
    tables = Tables(engine)
    state = state_of(tables, pos)
    assert state is not None
    if cards_home(state) == 52:
        return
    found = scan(tables, state, HOOKS[kind](Family(tables)))
    run_out(found)
    assert (found.line is not None) is truth
    if found.line is not None:
        assert replays_to_win(engine, pos, engine_moves(tables, pos, state, found.line))
    else:
        assert found.proves and found.exhausted


def test_a_restricted_scan_never_proves() -> None:
    engine = variant(2, 0)
    pos = endgame(engine, [["QC", "KH"], ["QH", "KC"]])
    assert winnable_by_enumeration(engine, pos, 10_000) is False
    tables = Tables(engine)
    state = state_of(tables, pos)
    assert state is not None
    restricted = scan(
        tables, state, Family(tables).hooks(Weights(60, 5, 3, 10, 25, whole_runs=True))
    )
    outcome = take_turns(lambda k: restricted, 1_000, lambda nodes: False, 100, [100])
    assert restricted.exhausted and not restricted.proves
    assert outcome.line is None and not outcome.proven
    full = scan(tables, state, Family(tables).hooks(Weights(60, 5, 3, 10, 25)))
    both = [restricted, full]
    outcome = take_turns(both.__getitem__, 1_000, lambda nodes: False, 100, [100, 100])
    assert outcome.proven


def test_scans_stop_at_the_node_budget_and_when_late() -> None:
    tables = Tables(ENGINE)
    state = state_of(tables, start_position(FREECELL, {}, 11982))
    assert state is not None
    family = Family(tables)
    make = lambda k: scan(tables, state, family.hooks(Weights(60, 5, 3, 10, 25)))  # noqa: E731
    assert take_turns(make, 300, lambda nodes: False, 100, [50]) == (None, False, 300)
    assert take_turns(make, 300, lambda nodes: nodes == 70, 100, [50]) == (None, False, 70)
    assert take_turns(make, 300, None, 100, [50]) == (None, False, 300)  # no clock


def test_a_scan_leaves_the_turns_at_its_lifetime() -> None:
    """Deal 11982 is lost and needs tens of thousands of nodes to prove. Alone, a scan given
    120 nodes to live leaves after them and the turns end there, undecided; of two scans, the
    one given 70 leaves after them and the other takes every turn after."""
    tables = Tables(ENGINE)
    state = state_of(tables, start_position(FREECELL, {}, 11982))
    assert state is not None
    family = Family(tables)
    one = partial(scan, tables, state, family.hooks(Weights(60, 5, 3, 10, 25)))
    assert take_turns(lambda k: one(), 1_000, None, 100, [50], [120]) == (None, False, 120)
    assert take_turns(lambda k: one(), 1_000, None, 100, [50], [0]) == (None, False, 1_000)
    runs: list[int] = []

    def counted() -> Scan:
        made = one()
        run = made.run

        class Counted:
            proves, line = made.proves, None
            exhausted = stopped = False

            def run(self, nodes: int, late: object, before: int) -> int:
                runs.append(nodes)
                return run(nodes, None, before)

        return Counted()  # type: ignore[return-value]

    makers = [counted, one]
    outcome = take_turns(lambda k: makers[k](), 400, None, 100, [50, 60], [0, 70])
    assert outcome == (None, False, 400)
    assert runs == [100, 50, 50, 50, 50, 30]  # the second scan: 60, then 10 to its 70


def test_a_scan_is_made_when_its_first_turn_comes() -> None:
    """Deal 1 is won within the first scan's nodes alone: the others are never made; with
    turns too short to win, each is made once, when its turn comes."""
    searcher = FreeCellSearch(ENGINE)
    state = state_of(searcher.tables, start_position(FREECELL, {}, 1))
    assert state is not None
    made = []

    def make(k: int) -> Turns:
        made.append(SCANS[k])
        return searcher.scan_of(state, SCANS[k])

    outcome = take_turns(make, 10_000, None, 1_000, [w.turn for w in SCANS])
    assert outcome.line is not None and outcome.nodes < 1_000 and made == [SCANS[0]]
    made.clear()  # ten nodes a turn, one turn each in all: each scan made once
    budget = 10 * len(SCANS)
    outcome = take_turns(make, budget, None, 10, [10] * len(SCANS))
    assert outcome == (None, False, budget) and made == list(SCANS)


def test_turns_and_lifetimes_must_pair() -> None:
    with pytest.raises(ValueError, match="2 turns but 1 lifetimes"):
        take_turns(lambda k: pytest.fail("no scan is made"), 100, None, 10, [10, 10], [5])


@pytest.mark.parametrize(
    "scans",
    [SCANS, (Weights(60, 5, 3, 10, 25, breaks=1, whole_runs=True, depth_first=True),)],
    ids=["FreeCell's scans", "one depth-first scan of whole runs"],
)
def test_every_win_replays_through_the_engine(scans: tuple[Weights, ...]) -> None:
    searcher = FreeCellSearch(ENGINE, scans=scans)
    for deal in range(1, 21):
        pos = start_position(FREECELL, {}, deal)
        result = searcher.solve(pos, Budget(nodes=20_000))
        assert isinstance(result, Won), (deal, result)
        assert replays_to_win(ENGINE, pos, result.moves)
