"""How long ``POST /api/games`` takes for each kind of deal, through the ASGI app.

Every game spec with every kind its pool offers (``any`` included) is asked for ``--runs``
times, in turns, through Starlette's test client on a fresh SQLite store (the game is stored,
as a player's is); the median and the 95th percentile per kind are printed with the load
average. The deals come from pools prepared ahead, so no kind searches: the target is a 95th
percentile under a second.

    .venv/bin/python bench/deal_choice.py
    .venv/bin/python bench/deal_choice.py --runs 20
"""

from __future__ import annotations

import argparse
import math
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from starlette.testclient import TestClient

from patience.deal_pools import KINDS
from patience.games import GAMES
from patience.notation import game_spec
from patience.web.app import create_app
from patience.web.deal_choice import offered_kinds
from patience.web.limits import LimitConfig


@contextmanager
def client() -> Iterator[TestClient]:
    """A client of a fresh app without rate limits, on a store in a temporary directory."""
    with tempfile.TemporaryDirectory() as data:
        app = create_app(None, Path(data), "bench-secret", LimitConfig(moves=None, games=None))
        with TestClient(app) as test_client:
            yield test_client


def measure(runs: int, games: list[str] | None = None) -> dict[str, list[float]]:
    """Seconds per request, by kind, over every spec of ``games`` (default every game)."""
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    with client() as http:
        for _ in range(runs):
            for game_id in games or list(GAMES):
                info = GAMES[game_id]
                for options in info.option_sets():
                    for kind in offered_kinds(info, options):
                        body = {"game": info.id, "options": dict(options), "kind": kind}
                        start = time.perf_counter()
                        response = http.post("/api/games", json=body)
                        times[kind].append(time.perf_counter() - start)
                        if response.status_code != 201:
                            raise SystemExit(f"{game_spec(info, options)} {kind}: {response.text}")
    return {kind: seconds for kind, seconds in times.items() if seconds}


def percentile(seconds: list[float], share: float) -> float:
    """The value below which ``share`` of the sorted times fall (nearest rank).

    >>> percentile([0.1, 0.2, 0.3, 0.4], 0.5), percentile([0.1, 0.2, 0.3, 0.4], 0.95)
    (0.2, 0.4)
    """
    ordered = sorted(seconds)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def report(times: dict[str, list[float]], loadavg: str) -> str:
    """A table of requests, median and 95th percentile milliseconds per kind."""
    rows = [f"{'kind':<10}{'requests':>9}{'p50 ms':>9}{'p95 ms':>9}"]
    for kind, seconds in times.items():
        p50, p95 = statistics.median(seconds) * 1e3, percentile(seconds, 0.95) * 1e3
        rows.append(f"{kind:<10}{len(seconds):>9}{p50:>9.1f}{p95:>9.1f}")
    rows.append(f"load average: {loadavg}")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds over every spec (5)")
    args = parser.parse_args(argv)
    times = measure(max(args.runs, 1))
    print(report(times, Path("/proc/loadavg").read_text().strip()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
