"""Server CPU per move request, in-process: the app called as ASGI, no HTTP server between.

A worker process starts the app on SQLite in a temporary directory (rate limits off) and
plays ``--moves`` move requests the way bench/web_load.py's players do: a random game and
deal, a random legal move from the last State, a new deal when a game ends or passes 300
moves. The requests carry ``Accept-Encoding: gzip``, as a browser's do. Only the move
requests are timed, in CPU seconds of the whole process (the database's thread included);
new games are not. The CPU milliseconds per move request are printed.

``--old SRC`` compares another checkout's code with this one in one run: a worker on each,
in turns, ``--rounds`` times (so a busy moment slows both), then the median of each and
their ratio. Both play the same games and moves when both answer the same States.

    .venv/bin/python bench/move_cpu.py
    .venv/bin/python bench/move_cpu.py --old /tmp/before/src --rounds 5
    .venv/bin/python bench/move_cpu.py --profile 30        # cProfile's top 30, one worker
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gzip
import json
import os
import pstats
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec

from checkouts import run_on

SRC = str(Path(__file__).resolve().parents[1] / "src")


class Client:
    """One player calling the app directly with ASGI messages."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.cookie = b""

    async def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        payload = msgspec.json.encode(body)
        headers = [
            (b"host", b"127.0.0.1:8000"),
            (b"content-type", b"application/json"),
            (b"content-length", str(len(payload)).encode()),
            (b"accept-encoding", b"gzip"),
        ]
        if self.cookie:
            headers.append((b"cookie", self.cookie))
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "root_path": "",
            "headers": headers,
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 8000),
            "state": {},
        }
        messages = [{"type": "http.request", "body": payload, "more_body": False}]
        answer: dict[str, Any] = {"body": b""}

        async def receive() -> dict[str, Any]:
            return messages.pop() if messages else {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                answer["status"] = message["status"]
                answer["headers"] = dict(message["headers"])
            elif message["type"] == "http.response.body":
                answer["body"] += message.get("body", b"")

        await self.app(scope, receive, send)
        cookie = answer["headers"].get(b"set-cookie")
        if cookie:
            self.cookie = cookie.split(b";")[0]
        body_bytes = answer["body"]
        if answer["headers"].get(b"content-encoding") == b"gzip":
            body_bytes = gzip.decompress(body_bytes)
        if answer["status"] not in (200, 201):
            raise SystemExit(f"{path}: {answer['status']} {body_bytes[:200]!r}")
        state: dict[str, Any] = msgspec.json.decode(body_bytes)
        return state


async def play(moves: int, seed: int) -> tuple[int, float]:
    """``moves`` move requests on a fresh app; their count and CPU seconds."""
    from patience.games import GAMES
    from patience.web.app import create_app
    from patience.web.limits import LimitConfig

    rng = random.Random(seed)
    games = sorted(GAMES)
    with tempfile.TemporaryDirectory(prefix="patience-move-cpu-") as data_dir:
        no_limits = LimitConfig(moves=None, games=None)
        app = create_app(None, Path(data_dir) / "data", "bench-secret", no_limits)
        async with app.router.lifespan_context(app):
            client = Client(app)
            cpu = 0.0
            state: dict[str, Any] | None = None
            for _ in range(moves):
                while state is None or state["outcome"] != "in_play" or not state["legal"]:
                    body = {"game": rng.choice(games), "deal": rng.randint(1, 1_000_000)}
                    state = await client.post("/api/games", body)
                move = rng.choice(state["legal"])["text"]
                body = {"version": state["version"], "move": move, "elapsed_ms": 1000}
                started = time.process_time()
                state = await client.post(f"/api/games/{state['id']}/moves", body)
                cpu += time.process_time() - started
                if state["moves_made"] > 300:  # a game going round in circles: next deal
                    state = None
    return moves, cpu


def worker(args: argparse.Namespace) -> None:
    moves, cpu = asyncio.run(play(args.moves, args.seed))
    print(json.dumps({"moves": moves, "cpu_s": cpu}))


def ms_per_move(src: str, args: argparse.Namespace) -> float:
    """One worker's CPU ms per move request, on the code in ``src``."""
    worker_args = ["--worker", "--moves", str(args.moves), "--seed", str(args.seed)]
    (answer,) = run_on(src, __file__, worker_args)
    return float(answer["cpu_s"]) * 1000 / int(answer["moves"])


def profile(args: argparse.Namespace, top: int) -> None:
    profiler = cProfile.Profile()
    profiler.runcall(asyncio.run, play(args.moves, args.seed))
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000, help="move requests per worker")
    parser.add_argument("--rounds", type=int, default=3, help="workers on each code")
    parser.add_argument("--seed", type=int, default=1, help="of the games and moves chosen")
    parser.add_argument("--old", help="another checkout's src directory, to compare with")
    parser.add_argument("--profile", type=int, metavar="TOP", help="profile one worker")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args)
        return 0
    if args.profile:
        profile(args, args.profile)
        return 0
    codes = {"this": SRC, **({"old": args.old} if args.old else {})}
    figures: dict[str, list[float]] = {name: [] for name in codes}
    for n in range(args.rounds):
        for name in sorted(codes, reverse=n % 2 == 1):
            figures[name].append(ms_per_move(codes[name], args))
            print(f"round {n + 1} {name}: {figures[name][-1]:.3f} ms", flush=True)
    print(f"{args.moves} move requests per worker, load average {os.getloadavg()[0]:.2f}")
    medians = {name: statistics.median(values) for name, values in figures.items()}
    for name, median in medians.items():
        print(f"{name} ({codes[name]}): {median:.3f} CPU ms per move request (median)")
    if args.old:
        print(f"this / old: {medians['this'] / medians['old']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
