"""Klondike draw 1: our solver against Klondike-Solver (PyPI ``pyksolve``) on our deals.

    .venv/bin/python bench/klondike_vs_ksolve.py [--deals 1000] [--seconds 2]
        [--nodes N [--no-clock]] [--cpu] [--ksolve-deals N] [--closed 5000000]

Each deal is given to pyksolve in Klondike-Solver's card format (``load_solitaire``); both
solvers see every card. Prints decided (won + proven unwinnable) per cent, time per deal
(wall clock, and our CPU seconds beside it), the load average, the ratio of total times,
and whether the two agree on each deal both decided. pyksolve is not in the lock: the script
imports it from the environment, else from the site-packages named by ``KSOLVE_SITE``
(default: a venv at /tmp/ksenv, made by ``python3 -m venv /tmp/ksenv && /tmp/ksenv/bin/pip
install pyksolve``). Without it, our half still runs and the script says why the other half
is missing. ``--ksolve-deals`` gives pyksolve only the first N deals (it has no time limit,
only a state limit, ``--closed``). ``--no-clock`` drops our time budget: ``--nodes`` alone
bounds each deal, so the verdicts and node counts are the same on every machine and load.
``--cpu`` counts our time budget in CPU seconds of the solving process (what a core of its own
gives, whatever else the shared machine runs); our times shown are then CPU seconds.
"""

from __future__ import annotations

import argparse
import glob
import os
import statistics
import sys
import time
from typing import Any

from patience.cards import card_text, rank
from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver import Budget
from patience.solver.batch.stats import percentile, solve_many

INFO = get_game("klondike")
OPTIONS = {"draw": "1", "passes": "unlimited"}


def deck_text(deal: int, talon_reversed: bool) -> str:
    """Our deal in Klondike-Solver's own format (``load_solitaire``).

    Three digits a card (rank 01-13, suit 1-4 for clubs, diamonds, hearts, spades): the 28
    tableau cards row by row as dealt, then the talon. (pyksolve's ``load_pysol`` cannot load
    even the text its own ``get_pysol`` writes: it returns False, so we use this format.)
    """
    engine = engine_for(INFO.rules(OPTIONS))
    pos = start_position(INFO, OPTIONS, deal)
    order: list[int] = []
    for row in range(len(engine.tableau)):
        order.extend(pos.piles[t][row] for t in engine.tableau[row:])
    stock = list(pos.piles[engine.stock])
    order.extend(reversed(stock) if talon_reversed else stock)
    return "".join(f"{rank(c):02d}{SUIT_DIGIT[card_text(c)[1]]}" for c in order)


SUIT_DIGIT = {"C": 1, "D": 2, "H": 3, "S": 4}


def ksolve(solver: Any, deal: int, talon_reversed: bool, closed: int) -> tuple[str, float]:
    if not solver.load_solitaire(deck_text(deal, talon_reversed)):
        raise RuntimeError(f"pyksolve refused deal {deal}")
    solver.reset_game(1)
    began = time.perf_counter()
    result = solver.solve_fast(max_closed_count=closed)
    seconds = time.perf_counter() - began
    value = abs(result.value) if result.value < 0 else result.value
    name = {1: "won", 0: "unwinnable"}.get(value, "unknown")
    return name, seconds


def import_pyksolve() -> Any:
    """pyksolve's solver module, from this environment or from ``KSOLVE_SITE``."""
    try:
        from pyksolve import solver  # type: ignore[import-not-found]
    except ImportError:
        pattern = os.environ.get("KSOLVE_SITE", "/tmp/ksenv/lib/python3*/site-packages")
        sys.path.extend(glob.glob(pattern))
        from pyksolve import solver
    return solver


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=10_000_000)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument(
        "--no-clock",
        action="store_true",
        help="no time budget: --nodes alone (the same answers on every machine)",
    )
    parser.add_argument("--cpu", action="store_true", help="our time budget in CPU seconds")
    parser.add_argument("--closed", type=int, default=5_000_000, help="pyksolve state limit")
    parser.add_argument(
        "--ksolve-deals", type=int, help="give pyksolve only the first N deals (0: none)"
    )
    args = parser.parse_args()
    deals = range(1, args.deals + 1)
    budget = Budget(args.nodes) if args.no_clock else Budget(args.nodes, args.seconds, args.cpu)
    print(f"load average before: {load_average()}")
    wall = time.perf_counter()
    cpu = time.process_time()
    ours = list(solve_many("klondike", OPTIONS, deals, budget, args.jobs))
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    times = sorted(r.seconds for r in ours)
    decided = sum(r.outcome != "unknown" for r in ours)
    print(f"load average after ours: {load_average()}")
    print(f"Klondike draw 1, unlimited passes, our deals 1..{args.deals}; both see every card")
    print(
        f"{'':10}{'won':>6}{'unwin.':>8}{'unknown':>9}{'decided':>9}{'median s':>10}"
        f"{'p95 s':>8}{'max s':>8}{'total s':>9}"
    )

    def line(name: str, outcomes: list[str], secs: list[float]) -> None:
        s = sorted(secs)
        n = len(outcomes)
        print(
            f"{name:10}{outcomes.count('won'):>6}{outcomes.count('unwinnable'):>8}"
            f"{outcomes.count('unknown'):>9}{(n - outcomes.count('unknown')) / n:>9.1%}"
            f"{statistics.median(s):>10.3f}{percentile(s, 0.95):>8.3f}{s[-1]:>8.3f}{sum(s):>9.1f}"
        )

    line("ours", [r.outcome for r in ours], times)
    limit = args.seconds
    over = sum(t > limit for t in times)
    print(
        f"ours: {decided / len(ours):.1%} decided, {over} deals over {limit:g}"
        f"{' CPU' if args.cpu else ''} s; "
        f"{wall:.1f} s wall, {cpu:.1f} s CPU (one process: {args.jobs == 1})"
    )
    unknown = [r.deal for r in ours if r.outcome == "unknown"]
    print(f"ours unknown ({len(unknown)}): {' '.join(map(str, unknown))}")
    if args.ksolve_deals == 0:
        return 0
    try:
        ks = import_pyksolve()
    except ImportError as error:
        print(
            f"pyksolve not compared: it does not import here ({error}); "
            "install it with `uv pip install pyksolve` (PyPI wheel, CPython 3.11 x86-64)"
        )
        return 0
    solver = ks.Solitaire()
    # PySol lists the talon in an order we check rather than assume: the orientation under
    # which the two solvers agree on the first deals is the one that describes our deal.
    agree = {}
    for flipped in (False, True):
        hits = 0
        for r in ours[:10]:
            theirs, _ = ksolve(solver, r.deal, flipped, args.closed)
            hits += r.outcome != "unknown" and theirs == r.outcome
        agree[flipped] = hits
    flipped = agree[True] > agree[False]
    print(
        f"talon order check (agreements on 10 deals): as listed {agree[False]}, "
        f"reversed {agree[True]}; using {'reversed' if flipped else 'as listed'}"
    )
    shared = deals[: args.ksolve_deals] if args.ksolve_deals else deals
    results = [ksolve(solver, d, flipped, args.closed) for d in shared]
    print(f"load average after pyksolve: {load_average()}")
    mine = ours[: len(shared)]
    if len(shared) < len(deals):
        line(f"ours 1..{len(shared)}", [r.outcome for r in mine], [r.seconds for r in mine])
    line("pyksolve", [o for o, _ in results], [s for _, s in results])
    both = [
        (r.outcome, o)
        for r, (o, _) in zip(mine, results, strict=True)
        if r.outcome != "unknown" and o != "unknown"
    ]
    clash = sum(a != b for a, b in both)
    print(f"deals both decided: {len(both)}, disagreements: {clash}")
    ratio = sum(r.seconds for r in mine) / sum(s for _, s in results)
    print(f"ratio of total time on deals 1..{len(shared)}, ours / pyksolve: {ratio:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
