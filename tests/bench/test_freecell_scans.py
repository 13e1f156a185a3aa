"""bench/freecell_scans.py: its simulation of scans taking turns is the kernel's
``take_turns`` (any outcomes, turns and lifetimes) and gives the real searcher's verdicts and
nodes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench_module import load_bench
from patience.solver.freecell.search import FIRST_ALONE, SCANS, Weights
from patience.solver.kernel.search import take_turns

bench = load_bench("freecell_scans")


class FakeScan:
    """A scan that wins or runs out of states after a set number of nodes."""

    def __init__(self, outcome: str, nodes: int, proves: bool) -> None:
        self.outcome, self.nodes, self.proves = outcome, nodes, proves
        self.own = 0
        self.line: bytes | None = None
        self.exhausted = False
        self.stopped = False

    def run(self, nodes: int, late: Callable[[int], bool] | None, before: int) -> int:
        """As the kernel's ``Scan.run``: the states expanded, the winning one included."""
        self.stopped = False
        done = 0
        while done < nodes:
            if self.outcome == "exhausted" and self.own == self.nodes:
                self.exhausted = True
                return done
            done += 1
            if self.outcome == "won" and self.own == self.nodes:
                self.line = b""
                return done
            self.own += 1
            if late is not None and late(before + done):
                self.stopped = True
                return done
        if self.outcome == "exhausted" and self.own == self.nodes:
            self.exhausted = True
        return done


scan_figures = st.tuples(
    st.sampled_from(["won", "exhausted", "never"]), st.integers(0, 40), st.booleans()
)
"""Small counts, so that wins and ends fall on the last node of a turn as often as not."""


@given(
    st.lists(
        st.tuples(scan_figures, st.integers(1, 6), st.integers(0, 30)), min_size=1, max_size=4
    ),
    st.integers(1, 8),
    st.integers(1, 120),
)
def test_the_simulation_is_take_turns(
    scans: list[tuple[tuple[str, int, bool], int, int]], first_alone: int, budget: int
) -> None:
    turns = [turn for _, turn, _ in scans]
    lifetimes = [lifetime for _, _, lifetime in scans]
    outcome = take_turns(
        lambda k: FakeScan(*scans[k][0]), budget, lambda nodes: False, first_alone, turns, lifetimes
    )
    tables = [
        (
            # a scan that never ends: undecided at a cap no turn reaches within the budget
            {1: bench.Alone("cap", budget) if kind == "never" else bench.Alone(kind, n)},
            proves,
            turn,
            lifetime,
        )
        for (kind, n, proves), turn, lifetime in scans
    ]
    real = "won" if outcome.line is not None else "proven" if outcome.proven else "unknown"
    assert bench.simulate(tables, 1, first_alone, budget) == (real, outcome.nodes)


def test_simulated_verdicts_and_nodes_are_the_searchers(tmp_path: Path) -> None:
    deals = list(range(1, 121))
    first = bench.name_of(SCANS[0])
    opening = bench.table_of("first", bench.CANDIDATES[first], deals, FIRST_ALONE, tmp_path, 2)
    hard = [deal for deal in deals if opening[deal].outcome != "won"]
    assert 5 <= len(hard) < len(deals)
    tables = {}
    for weights in SCANS:  # a gamble measured for its lifetime: all it ever runs
        name, cap = bench.name_of(weights), weights.lifetime or 30_000
        tables[name] = bench.table_of(name, bench.plain(weights), hard, cap, tmp_path, 2)
    assert bench.check(tables, hard, 200_000) >= 5
    log = tmp_path / "first.jsonl"  # a second run reads the table instead of solving again
    lines = log.read_text().splitlines()
    deal, outcome, nodes = json.loads(lines[1])
    lines[1] = json.dumps([deal, outcome, nodes + 7])
    log.write_text("\n".join(lines) + "\n")
    again = bench.table_of("first", bench.CANDIDATES[first], deals, FIRST_ALONE, tmp_path, 2)
    assert again == opening | {deal: bench.Alone(outcome, nodes + 7)}


def test_every_scan_has_a_table_of_its_own() -> None:
    """The bench keys its tables by name: every scan of ``SCANS`` has a name of its own
    (a gamble's names its kind and seed), and a scan neither measured nor a gamble none."""
    names = [bench.name_of(w) for w in SCANS]
    assert len(set(names)) == len(SCANS)
    assert bench.name_of(bench.GAMBLES[0]) == "g-wr-50-30-5-20-40-b3-j100-s1"
    assert bench.name_of(bench.GAMBLES[0]._replace(seed=7, turn=3, lifetime=3)).endswith("-j100-s7")
    with pytest.raises(ValueError, match="neither"):
        bench.name_of(Weights(1, 2, 3, 4, 5))


def test_macro_scans_are_named_by_order_and_seed() -> None:
    one = Weights(0, 0, 0, 0, 0, macros="0j26[34]", seed=6)
    assert bench.name_of(one) == "m-0j26g34-s6"
    assert bench.name_of(one._replace(macros="0j26[34]=")) != bench.name_of(one)
    assert bench.name_of(one._replace(seed=7, turn=9)) == "m-0j26g34-s7"
