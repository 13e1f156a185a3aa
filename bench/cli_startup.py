"""How long ``patience games`` takes from the shell, beside a Python that does nothing.

Both are started ``--runs`` times each, in turns (so a busy moment slows both), as new
processes of this virtualenv's interpreter: ``patience games`` through the installed console
script, and ``python -c pass``. The median and the fastest wall time of each are printed,
and what the command costs beyond starting Python.

    .venv/bin/python bench/cli_startup.py
    .venv/bin/python bench/cli_startup.py --runs 30
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path


def commands() -> dict[str, list[str]]:
    """The two command lines measured, by label."""
    script = Path(sys.executable).with_name("patience")
    if not script.exists():
        raise SystemExit(f"no console script at {script}: run `make venv` first")
    return {
        "patience games": [str(script), "games"],
        "python -c pass": [sys.executable, "-c", "pass"],
    }


def wall_time(argv: list[str]) -> float:
    """Seconds from starting ``argv`` to its exit (its output thrown away)."""
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def measure(runs: int) -> dict[str, list[float]]:
    """Each command's wall times, the commands started in turns."""
    lines = commands()
    times: dict[str, list[float]] = {label: [] for label in lines}
    for _ in range(runs):
        for label, argv in lines.items():
            times[label].append(wall_time(argv))
    return times


def report(times: dict[str, list[float]]) -> str:
    """A small table: median and fastest milliseconds of each, and the difference."""
    rows = [f"{'':<16}{'median ms':>10}{'fastest ms':>12}"]
    for label, seconds in times.items():
        rows.append(
            f"{label:<16}{statistics.median(seconds) * 1e3:>10.0f}{min(seconds) * 1e3:>12.0f}"
        )
    games, bare = (statistics.median(s) for s in times.values())
    rows.append(f"patience games costs {(games - bare) * 1e3:.0f} ms beyond starting Python")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="starts of each command (10)")
    args = parser.parse_args(argv)
    print(report(measure(max(args.runs, 1))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
