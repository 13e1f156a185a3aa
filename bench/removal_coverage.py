"""Coverage of the depth-first solver on the removal and talon-feeding games, wins replayed.

    .venv/bin/python bench/removal_coverage.py [--deals 200] [--jobs 1] [--seconds 1]
        [--nodes 10000000] [--games thirteens,pyramid,...] [--cpu-limit 1.0]

For each game: deals won, proven unwinnable and unknown within the budget, the share decided,
median / p95 / max wall seconds a deal, the CPU seconds of all its deals (time.process_time in
the workers) beside their wall seconds, the load average when the game ends, and a check that
every win replays through Engine.play to a won position (a failed replay is counted and
reported). The budget is wall-clock time, so on a loaded machine read the CPU column too; with
``--cpu-limit L`` (give ``--seconds`` well above L) each game also gets the share of deals
decided within L CPU seconds and the CPU p50 / p95 (the search is deterministic, so a deal
decided after c <= L CPU seconds is decided by any budget of L CPU seconds; unknowns count as
over the limit).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time

from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver import Budget, Won, searcher_for
from replay import replays_to_win

GAMES = ("thirteens", "pyramid", "king_tut", "sweet_sixteen", "trusty_twelve", "knotty_nines")


def solve_one(job: tuple[str, int, Budget]) -> tuple[str, float, bool, float]:
    """Solve one deal: its verdict, seconds, whether a win replays (True otherwise), CPU s."""
    game, deal, budget = job
    info = get_game(game)
    rules = info.rules({})
    start = start_position(info, {}, deal)
    cpu = time.process_time()
    result = searcher_for(rules).solve(start, budget)
    cpu = time.process_time() - cpu
    replays = not isinstance(result, Won) or replays_to_win(engine_for(rules), start, result.moves)
    return result.name, result.seconds, replays, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--nodes", type=int, default=10_000_000)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--cpu-limit", type=float, default=0.0, help="CPU seconds a deal")
    args = parser.parse_args()
    budget = Budget(args.nodes, args.seconds)
    print(f"deals 1..{args.deals}, {args.jobs} processes, {args.seconds} s / {args.nodes} nodes")
    print(
        f"{'game':16}{'won':>6}{'unwin.':>8}{'unknown':>9}{'decided':>9}"
        f"{'median s':>10}{'p95 s':>8}{'max s':>8}{'bad replays':>13}"
        f"{'CPU s':>8}{'wall s':>8}{'load':>6}"
    )
    with multiprocessing.Pool(args.jobs) as pool:
        for game in filter(None, args.games.split(",")):
            jobs = [(game, deal, budget) for deal in range(1, args.deals + 1)]
            rows = pool.map(solve_one, jobs, chunksize=4)
            counts = {name: sum(r[0] == name for r in rows) for name in ("won", "unwinnable")}
            unknown = len(rows) - sum(counts.values())
            times = sorted(r[1] for r in rows)
            p95 = times[max(0, -(-len(times) * 95 // 100) - 1)]
            bad = sum(not r[2] for r in rows)
            decided = (len(rows) - unknown) / len(rows)
            cpu = sum(r[3] for r in rows)
            print(
                f"{game:16}{counts['won']:>6}{counts['unwinnable']:>8}{unknown:>9}{decided:>9.1%}"
                f"{statistics.median(times):>10.3f}{p95:>8.3f}{times[-1]:>8.3f}{bad:>13}"
                f"{cpu:>8.1f}{sum(times):>8.1f}{os.getloadavg()[0]:>6.1f}",
                flush=True,
            )
            if args.cpu_limit:
                limit = args.cpu_limit
                cpus = sorted(r[3] if r[0] != "unknown" else float("inf") for r in rows)
                within = sum(c <= limit for c in cpus) / len(cpus)
                p95_cpu = cpus[max(0, -(-len(cpus) * 95 // 100) - 1)]
                print(
                    f"{'':16}decided within {limit} CPU s: {within:.1%}, "
                    f"CPU p50 {statistics.median(cpus):.3f} s, p95 {p95_cpu:.3f} s",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
