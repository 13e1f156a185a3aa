"""Klondike draw 1: our solver against Klondike-Solver (PyPI ``pyksolve``) on our deals.

    .venv/bin/python bench/klondike_vs_ksolve.py [--deals 1000] [--nodes 100000] [--seconds 2]

Each deal is given to pyksolve in Klondike-Solver's card format (``load_solitaire``); both
solvers see every card. Prints decided (won + proven unwinnable) per cent, time per deal,
the ratio of total times, and whether the two agree on each deal both decided. Without
pyksolve installed, our half still runs and the script says why the other half is missing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from patience.cards import card_text, rank
from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver import Budget
from patience.solver.stats import percentile, solve_many

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--closed", type=int, default=5_000_000, help="pyksolve state limit")
    args = parser.parse_args()
    deals = range(1, args.deals + 1)
    budget = Budget(args.nodes, args.seconds)
    ours = list(solve_many("klondike", OPTIONS, deals, budget, args.jobs))
    times = sorted(r.seconds for r in ours)
    decided = sum(r.outcome != "unknown" for r in ours)
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
    over = sum(t > 2.0 for t in times)
    print(f"ours: {decided / len(ours):.1%} decided, {over} deals over 2 s")
    try:
        from pyksolve import solver as ks  # type: ignore[import-not-found]
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
        for r in ours[:40]:
            theirs, _ = ksolve(solver, r.deal, flipped, args.closed)
            hits += r.outcome != "unknown" and theirs == r.outcome
        agree[flipped] = hits
    flipped = agree[True] > agree[False]
    print(
        f"talon order check (agreements on 40 deals): as listed {agree[False]}, "
        f"reversed {agree[True]}; using {'reversed' if flipped else 'as listed'}"
    )
    results = [ksolve(solver, d, flipped, args.closed) for d in deals]
    line("pyksolve", [o for o, _ in results], [s for _, s in results])
    both = [
        (r.outcome, o)
        for r, (o, _) in zip(ours, results, strict=True)
        if r.outcome != "unknown" and o != "unknown"
    ]
    clash = sum(a != b for a, b in both)
    print(f"deals both decided: {len(both)}, disagreements: {clash}")
    print(f"ratio of total time, ours / pyksolve: {sum(times) / sum(s for _, s in results):.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
