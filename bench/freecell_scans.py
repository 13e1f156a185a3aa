"""FreeCell's scans: each candidate scan alone on the hard deals, and the turns of a set of
them simulated exactly, to choose ``SCANS`` (issue 17).

The scans of :class:`~patience.solver.freecell.search.FreeCellSearch` are independent: each
searches its own states, so how many nodes a set of scans taking turns needs for a deal
follows from how many each needs alone (to win, or to run out of states). This bench
measures that once per scan and deal, then replays ``take_turns``'s schedule on the figures
(:func:`simulate`), so hundreds of sets and turn lengths are compared in seconds instead of
a solver run of 1-32,000 each.

1. The first scan of ``SCANS`` alone for ``FIRST_ALONE`` nodes on deals 1..``--deals``:
   the deals it does not win there are the *hard* ones (the others are won before the rest
   join in, whatever they are).
2. Each scan of :data:`CANDIDATES` alone on the hard deals, up to ``--cap`` nodes (a deal
   it has not decided by then counts as beyond the simulation, never as won).
3. With ``--gambles``, each gamble of :data:`GAMBLE_KINDS` (a depth-first scan with seeded
   noise, seeds 1..``--seeds``; ``SCANS`` held twenty of them until 2026-12-07) alone on the
   hard deals, up to ``--gamble-cap`` nodes.
4. The sets: ``SCANS`` as they are (with ``--halves``, against the order before 2026-12-07's
   fourth session, the macro scans then the kernel's at their full turns, on the odd hard
   deals, where ``SCANS``' order was chosen, and on the even ones), then with ``--search``
   every set of the first scan and two to four others (equal turns) and a grid of turn
   lengths for the best, and with ``--gambles`` the sets of ``SCANS`` with numbers of
   gambles of each kind and lifetimes put after its macro scans; each with the hard deals
   left undecided at ``--nodes``, the nodes of the hard deals in all, and deal 1941's.

The tables are kept in ``--log`` (one JSON-lines file a scan), so a second run reads them.
``--check N`` solves N hard deals with the real searcher and requires the simulation's
nodes and verdicts (tests/bench/test_freecell_scans.py does so on a small range).

    .venv/bin/python bench/freecell_scans.py --deals 32000 --cap 80000 --search
    .venv/bin/python bench/freecell_scans.py --deals 32000 --cap 80000 --gambles
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver.freecell.hooks import Weights
from patience.solver.freecell.macros import FIRST_ORDER
from patience.solver.freecell.search import (
    FIRST_ALONE,
    KERNEL_SCANS,
    MACRO_SCANS,
    SCANS,
    FreeCellSearch,
)
from patience.solver.kernel.positions import state_of
from patience.solver.kernel.state import CARDS, HOME, State, cards_home, settle
from patience.solver.result import Budget, ProvenUnwinnable, Won

GAMBLE = 1_000
"""Nodes a gamble lives, in one turn."""
GAMBLE_KINDS = (
    (Weights(50, 30, 5, 20, 40, breaks=3, whole_runs=True, depth_first=True, jitter=100), 4),
    (Weights(100, 20, 0, 8, 15, breaks=2, whole_runs=True, depth_first=True, jitter=1_000), 12),
    (Weights(50, 30, 5, 20, 40, breaks=3, depth_first=True, jitter=100), 4),
)
"""The kinds of gamble and how many seeds of each: a whole-run kind scored with a little
noise, one whose noise outweighs the score, and one of every move."""


def gambles(kinds: Sequence[tuple[Weights, int]], lifetime: int) -> tuple[Weights, ...]:
    """Seeds 1, 2, ... of each kind, up to its count, seed by seed, each living ``lifetime``
    nodes in one turn.

    >>> [(g.jitter, g.seed) for g in gambles(((Weights(1, 0, 0, 0, 0, jitter=9), 2),
    ...                                        (Weights(2, 0, 0, 0, 0, jitter=7), 1)), 50)]
    [(9, 1), (7, 1), (9, 2)]
    """
    return tuple(
        kind._replace(seed=seed, turn=lifetime, lifetime=lifetime)
        for seed in range(1, max((count for _, count in kinds), default=0) + 1)
        for kind, count in kinds
        if seed <= count
    )


GAMBLES = gambles(GAMBLE_KINDS, GAMBLE)
"""Twenty short depth-first scans with seeded noise in their scores (*gambles*), each for
one turn, as SCANS had them from 2026-12-06 to -07 (docs/SOLVERS.md, "Gambles")."""


FREECELL = get_game("freecell")
ENGINE = engine_for(FREECELL.rules({}))

CANDIDATES: dict[str, Weights] = {
    "wr-60-5-3-10-25-b1": Weights(60, 5, 3, 10, 25, breaks=1, whole_runs=True),
    "wr-100-20-0-8-15-b2": Weights(100, 20, 0, 8, 15, breaks=2, whole_runs=True),
    "wr-50-30-5-20-40-b3": Weights(50, 30, 5, 20, 40, breaks=3, whole_runs=True),
    "bf-60-5-3-10-25": Weights(60, 5, 3, 10, 25),
    "bf-50-30-5-20-40-b3": Weights(50, 30, 5, 20, 40, breaks=3),
    "bf-80-10-2-15-30-b2": Weights(80, 10, 2, 15, 30, breaks=2),
    "bf-100-20-0-8-15-b2": Weights(100, 20, 0, 8, 15, breaks=2),
    "df-100-20-0-8-15-b2": Weights(100, 20, 0, 8, 15, breaks=2, depth_first=True),
    "df-100-40-0-8-15-b4": Weights(100, 40, 0, 8, 15, breaks=4, depth_first=True),
    "df-50-30-5-20-40-b3": Weights(50, 30, 5, 20, 40, breaks=3, depth_first=True),
    "df-60-5-3-10-25-b1": Weights(60, 5, 3, 10, 25, breaks=1, depth_first=True),
    "dfwr-100-20-0-8-15-b2": Weights(
        100, 20, 0, 8, 15, breaks=2, depth_first=True, whole_runs=True
    ),
    "macros": Weights(0, 0, 0, 0, 0, macros=FIRST_ORDER),
}
"""The scans measured (the turn of each is set per set, not here)."""


@dataclass(frozen=True)
class Alone:
    """One scan alone on one deal: ``outcome`` "won" (after ``nodes`` nodes and one more),
    "exhausted" (after ``nodes``) or "cap" (undecided after ``nodes``)."""

    outcome: str
    nodes: int


Table = dict[int, Alone]


_SEARCHER = FreeCellSearch(ENGINE)
_TABLES = _SEARCHER.tables


def _start(deal: int) -> State | None:
    """The deal's settled kernel state, or None when it is won at once."""
    state = state_of(_TABLES, start_position(FREECELL, {}, deal))
    assert state is not None
    state, _ = settle(state, (0, HOME, 0), _TABLES.needs)
    return None if cards_home(state) == CARDS else state


def alone(weights: Weights, deal: int, cap: int) -> Alone:
    """``weights``'s scan alone on ``deal`` for up to ``cap`` nodes."""
    state = _start(deal)
    if state is None:
        return Alone("won", 0)
    one = _SEARCHER.scan_of(state, weights)
    nodes = one.run(cap, None, 0)
    if one.line is not None:
        return Alone("won", nodes - 1)  # the states expanded before the winning one
    return Alone("exhausted" if one.exhausted else "cap", nodes)


def _alone_job(job: tuple[Weights, Sequence[int], int]) -> list[tuple[int, Alone]]:
    weights, deals, cap = job
    return [(deal, alone(weights, deal, cap)) for deal in deals]


def table_of(
    name: str, weights: Weights, deals: Sequence[int], cap: int, log: Path, jobs: int
) -> Table:
    """The scan alone on every deal, read from ``log`` when it holds them at this cap."""
    path = log / f"{name}.jsonl"
    table: Table = {}
    if path.exists():
        lines = path.read_text().splitlines()
        if lines and json.loads(lines[0]) == {"weights": list(weights), "cap": cap}:
            for line in lines[1:]:
                deal, outcome, nodes = json.loads(line)
                table[deal] = Alone(outcome, nodes)
    missing = [deal for deal in deals if deal not in table]
    if missing:
        chunks = [(weights, missing[i : i + 50], cap) for i in range(0, len(missing), 50)]
        with ProcessPoolExecutor(jobs) as pool:
            for done in pool.map(_alone_job, chunks):
                table.update(done)
        log.mkdir(parents=True, exist_ok=True)
        rows = [json.dumps({"weights": list(weights), "cap": cap})]
        rows += [json.dumps([d, a.outcome, a.nodes]) for d, a in sorted(table.items())]
        path.write_text("\n".join(rows) + "\n")
    return table


def simulate(
    scans: Sequence[tuple[Table, bool, int, int]],
    deal: int,
    first_alone: int,
    nodes: int,
) -> tuple[str, int]:
    """``take_turns`` replayed on each scan's figures alone (``(table, proves, turn,
    lifetime)``): "won", "proven", "unknown" (the budget spent) or "beyond" (a scan's cap
    reached first), and the nodes expanded in all, as :class:`FreeCellSearch` would report
    them."""
    taking = list(range(len(scans)))
    own = [0] * len(scans)
    expanded = taken = 0
    while taking:
        at = taken % len(taking)
        current = taking[at]
        table, proves, turn, lifetime = scans[current]
        quota = min(first_alone if taken == 0 else turn, nodes - expanded)
        if lifetime:
            quota = min(quota, lifetime - own[current])
        result = table[deal]
        if result.outcome == "won" and own[current] + quota > result.nodes:
            return "won", expanded + result.nodes - own[current] + 1
        if result.outcome == "exhausted" and own[current] + quota >= result.nodes:
            expanded += result.nodes - own[current]
            if proves:
                return "proven", expanded
            del taking[at]
            continue
        if result.outcome == "cap" and own[current] + quota > result.nodes:
            return "beyond", expanded
        own[current] += quota
        expanded += quota
        if lifetime and own[current] >= lifetime:
            del taking[at]
            continue
        if expanded >= nodes:
            return "unknown", expanded
        taken += 1
    return "unknown", expanded


@dataclass(frozen=True)
class Figures:
    undecided: list[int]
    nodes: int
    """Of the hard deals in all, an undecided deal counted at the whole budget."""
    deal_1941: tuple[str, int] | None


def scans_of(
    tables: dict[str, Table], scans: Sequence[Weights]
) -> list[tuple[Table, bool, int, int]]:
    """The scans with their turns and lifetimes, as :func:`simulate` takes them (a scan
    proves unless it moves whole runs only or macro moves)."""
    return [(tables[name_of(w)], not (w.whole_runs or w.macros), w.turn, w.lifetime) for w in scans]


def figures(
    tables: dict[str, Table], scans: Sequence[Weights], deals: Iterable[int], nodes: int
) -> Figures:
    taking = scans_of(tables, scans)
    undecided, total, at_1941 = [], 0, None
    for deal in deals:
        outcome, spent = simulate(taking, deal, FIRST_ALONE, nodes)
        if deal == 1941:
            at_1941 = (outcome, spent)
        if outcome in ("won", "proven"):
            total += spent
        else:
            undecided.append(deal)
            total += nodes
    return Figures(undecided, total, at_1941)


def plain(weights: Weights) -> Weights:
    """``weights`` but for its turn and lifetime: what a scan alone measures."""
    return weights._replace(turn=Weights._field_defaults["turn"], lifetime=0)


def name_of(weights: Weights) -> str:
    """The candidate, the macro scan of that order and seed, or the gamble of that kind and
    seed, that is ``weights`` but for its turn and lifetime."""
    alone = plain(weights)
    found = next((n for n, w in CANDIDATES.items() if w == alone), None)
    if found is None and weights.macros:
        order = weights.macros.translate(str.maketrans({"[": "g", "]": "", "=": "s", ":": "d"}))
        found = f"m-{order.replace(' ', '_')}-s{weights.seed}"
    if found is None:
        if not weights.jitter:
            raise ValueError(f"neither a candidate nor a gamble: {weights}")
        runs = "wr-" if weights.whole_runs else ""
        scores = "-".join(str(w) for w in weights[:5])
        found = f"g-{runs}{scores}-b{weights.breaks}-j{weights.jitter}-s{weights.seed}"
    return found


def check(tables: dict[str, Table], deals: Sequence[int], nodes: int) -> int:
    """Solve ``deals`` with the real searcher; the simulation of ``SCANS`` must agree on
    every deal it decides within the caps. How many were compared."""
    searcher = FreeCellSearch(ENGINE)
    scans = scans_of(tables, SCANS)
    compared = 0
    for deal in deals:
        outcome, spent = simulate(scans, deal, FIRST_ALONE, nodes)
        if outcome == "beyond":
            continue
        result = searcher.solve(start_position(FREECELL, {}, deal), Budget(nodes=nodes))
        real = (
            "won"
            if isinstance(result, Won)
            else "proven"
            if isinstance(result, ProvenUnwinnable)
            else "unknown"
        )
        if (real, result.nodes) != (outcome, spent):
            raise SystemExit(f"deal {deal}: simulated {outcome} {spent}, solved {real} {result}")
        compared += 1
    return compared


def print_figures(label: str, found: Figures) -> None:
    print(
        f"{label}: undecided {len(found.undecided)} {found.undecided[:12]}, "
        f"hard deals' nodes {found.nodes:,}, deal 1941 {found.deal_1941}",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=32_000)
    parser.add_argument("--cap", type=int, default=80_000, help="a scan alone, nodes a deal")
    parser.add_argument("--gamble-cap", type=int, default=4_000, help="a gamble alone")
    parser.add_argument("--seeds", type=int, default=12, help="seeds of each gamble kind")
    parser.add_argument("--nodes", type=int, default=200_000, help="the simulated budget")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--log", type=Path, default=Path("/tmp/patience-freecell-scans"))
    parser.add_argument("--search", action="store_true", help="compare other sets and turns")
    parser.add_argument("--gambles", action="store_true", help="compare numbers of gambles")
    parser.add_argument("--check", type=int, default=0, help="hard deals solved for real")
    parser.add_argument(
        "--halves",
        action="store_true",
        help="SCANS against the macro scans then the kernel's at their own turns, odd and even",
    )
    args = parser.parse_args(argv)
    began = time.perf_counter()
    print(f"load average {os.getloadavg()[0]:.2f}; deals 1-{args.deals}", flush=True)
    first = name_of(SCANS[0])
    every = list(range(1, args.deals + 1))
    opening = table_of(f"first-{first}", CANDIDATES[first], every, FIRST_ALONE, args.log, args.jobs)
    hard = [d for d in every if opening[d].outcome != "won"]
    print(f"hard deals (not won by {first} alone in {FIRST_ALONE} nodes): {len(hard)}")
    measured = {name_of(w): plain(w) for w in SCANS} | (CANDIDATES if args.search else {})
    if args.gambles:
        every_seed = gambles([(kind, args.seeds) for kind, _ in GAMBLE_KINDS], GAMBLE)
        measured |= {name_of(w): plain(w) for w in every_seed}
    caps = {n: args.gamble_cap if w.jitter else args.cap for n, w in measured.items()}
    tables = {}
    for name, weights in measured.items():
        tables[name] = table_of(name, weights, hard, caps[name], args.log, args.jobs)
        won = sorted(a.nodes for a in tables[name].values() if a.outcome == "won")
        print(
            f"  {name:<30} alone: {len(won)} won within {caps[name]:,} nodes, "
            f"median {won[len(won) // 2] if won else '-'}",
            flush=True,
        )
    print_figures("SCANS", figures(tables, SCANS, hard, args.nodes))
    lead = [w for w in SCANS[1:] if w.macros]  # gambles go after the macro scans
    rest = [w for w in SCANS[1:] if not w.macros]
    if args.search:
        found = []
        others = [n for n in CANDIDATES if n != first]
        for k in (2, 3, 4):
            for chosen in itertools.combinations(others, k):
                for order in (chosen, chosen[::-1]):
                    scans = [CANDIDATES[n] for n in (first, *order)]
                    got = figures(tables, scans, hard, args.nodes)
                    found.append((len(got.undecided), got.nodes, [first, *order], got))
        found.sort(key=lambda f: (f[0], f[1]))
        for _, _, names, got in found[:10]:
            print_figures(f"  {names} equal turns", got)
        best = found[0][2]
        grid = []
        for lengths in itertools.product((250, 500, 1_000), repeat=len(best)):
            scans = [CANDIDATES[n]._replace(turn=t) for n, t in zip(best, lengths, strict=True)]
            got = figures(tables, scans, hard, args.nodes)
            grid.append((len(got.undecided), got.nodes, lengths, got))
        grid.sort(key=lambda f: (f[0], f[1]))
        for _, _, lengths, got in grid[:5]:
            print_figures(f"  {best} turns {list(lengths)}", got)
    if args.gambles:
        tried = []
        for counts in itertools.product((4, 8, 12), (4, 8, 12), (0, 2, 4, 6)):
            if max(counts) > args.seeds:
                continue
            kinds = [(kind, count) for (kind, _), count in zip(GAMBLE_KINDS, counts, strict=True)]
            for lifetime in (500, 800, GAMBLE, 1_200):
                scans = [SCANS[0], *lead, *gambles(kinds, lifetime), *rest]
                got = figures(tables, scans, hard, args.nodes)
                tried.append((len(got.undecided), got.nodes, f"{counts} living {lifetime}", got))
        tried.sort(key=lambda t: (t[0], t[1]))
        for _, _, label, got in tried[:10]:
            print_figures(f"  gambles {label}", got)
    if args.halves:  # SCANS' order was chosen on the odd deals; the even ones check it
        before = (*MACRO_SCANS, *KERNEL_SCANS)
        for half, rest_of in (("odd", 1), ("even", 0)):
            part = [d for d in hard if d % 2 == rest_of]
            print_figures(f"  {half}, before", figures(tables, before, part, args.nodes))
            print_figures(f"  {half}, SCANS", figures(tables, SCANS, part, args.nodes))
    if args.check:
        step = max(1, len(hard) // args.check)
        agreed = check(tables, hard[::step][: args.check], args.nodes)
        print(f"checked against the searcher: {agreed} deals agree")
    print(f"{time.perf_counter() - began:.0f} s; load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
