"""Reviews through the web app: from opening a review to its first finding, first mark and
end, and the same review opened again (its findings stored), p50 and p95.

Each game is played by bench/review.py's random but legal player (the same games every run),
stored through the API and given up, then its review opened over the ASGI app with the
solver pool of a real server (``--solvers`` processes, spawned before the clock starts) and
its event stream followed to the end. "Again" opens the review of the same game once more, and
"same moves" reviews another player's game of the same moves: both should search nothing.
Prints the load average beside the figures: the machines are shared.

    .venv/bin/python bench/web_review.py                    # 10 Klondike games of 150 moves
    .venv/bin/python bench/web_review.py --games 3 freecell
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from starlette.testclient import TestClient

from patience.engine.game import Game
from patience.web.app import create_app
from patience.web.limits import LimitConfig
from review import p95, random_game


@dataclass(frozen=True)
class Opened:
    """Seconds from the request to the first finding, the first mark (``None``: none), the
    end; and to the answer of the review opened again, and of a game of the same moves."""

    first: float
    first_mark: float | None
    end: float
    again: float
    same_moves: float


def _store(client: TestClient, game_id: str, deal: int, texts: list[str]) -> str:
    state = client.post("/api/games", json={"game": game_id, "deal": deal}).json()
    for text in texts:
        body = {"version": state["version"], "move": text}
        state = client.post(f"/api/games/{state['id']}/moves", json=body).json()
    client.post(f"/api/games/{state['id']}/abandon", json={"version": state["version"]})
    return str(state["id"])


def _follow(client: TestClient, review_id: str) -> tuple[float, float | None, float]:
    start = time.perf_counter()
    opened = client.get(f"/api/reviews/{review_id}").json()
    first = mark = None
    events = opened["events"]
    if events:
        first = time.perf_counter() - start
    if any(e["type"] == "mark" for e in events):
        mark = first
    if opened["state"] != "done":
        with client.stream("GET", f"/api/reviews/{review_id}/events?after={opened['seen']}") as s:
            for line in s.iter_lines():
                if not line.startswith("data: {"):
                    continue
                now = time.perf_counter() - start
                first = now if first is None else first
                if mark is None and json.loads(line[6:])["type"] == "mark":
                    mark = now
    return first or 0.0, mark, time.perf_counter() - start


def review_game(client: TestClient, game_id: str, deal: int, limit: int) -> Opened:
    game = Game.new(game_id, deal=deal)
    for move in random_game(game_id, deal, limit):
        game.play(move)
    texts = game.moves_text()
    review_id = _store(client, game_id, deal, texts)
    first, mark, end = _follow(client, review_id)
    again = _follow(client, review_id)[2]
    client.cookies.clear()  # another player, the same moves
    same = _follow(client, _store(client, game_id, deal, texts))[2]
    return Opened(first, mark, end, again, same)


def _figures(values: list[float]) -> str:
    if not values:
        return "          -"
    return f"{sorted(values)[len(values) // 2]:5.2f} {p95(values):5.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", default=["klondike"])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--solvers", type=int, default=2)
    args = parser.parse_args(argv)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"{'game':<10} {'games':>5}  first p50/p95  mark p50/p95  end p50/p95  "
        "again p50/p95  same moves p50/p95  (seconds)"
    )
    with tempfile.TemporaryDirectory() as data:
        no_limits = LimitConfig(moves=None, games=None)
        app = create_app(None, Path(data), "bench", no_limits, solvers=args.solvers)
        with TestClient(app) as client:
            pool = app.state.solvers
            for job in [pool.submit(time.sleep, 0.3) for _ in range(args.solvers)]:
                job.result()  # the processes are started before the clock
            for game_id in args.game:
                found = [
                    review_game(client, game_id, d, args.moves) for d in range(1, args.games + 1)
                ]
                marks = [o.first_mark for o in found if o.first_mark is not None]
                print(
                    f"{game_id:<10} {len(found):>5}  {_figures([o.first for o in found])}    "
                    f"{_figures(marks)}   {_figures([o.end for o in found])}  "
                    f"{_figures([o.again for o in found])}      "
                    f"{_figures([o.same_moves for o in found])}"
                )
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
