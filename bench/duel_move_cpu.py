"""The server's CPU time per duel move, in process: no network, no other clients (issue 15).

Builds the app as ``patience serve`` does (SQLite in a fresh temporary directory) and calls it
as an ASGI application directly: ``--duels`` open FreeCell and Klondike duels are started, and
then both players of every duel play random legal moves in turn, each followed by its answer,
until ``--moves`` moves are made. Every duel keeps both players' event streams open, as
browsers do, so a move also pays for waking them. Printed: the process's CPU time (user +
system, all threads: the event loop and the database's) per move, the event loop's share,
and the wall time, over the moves alone (the duels' start is not counted). The requests ask
for gzip, as a browser's do. ``--profile``: the functions that took most of it (cProfile,
event loop only).

Where ``bench/duel_load.py`` measures latency under load on a shared machine, this measures the
cost of one move, which the machine's other load changes little: compare two commits by
running it at each, back to back.

    .venv/bin/python bench/duel_move_cpu.py                   # 200 duels, 4,000 moves
    .venv/bin/python bench/duel_move_cpu.py --profile
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
import tempfile
import time
from http.cookies import SimpleCookie
from typing import Any

from starlette.types import ASGIApp, Message

from patience.web.app import create_app
from patience.web.limits import LimitConfig

GAMES = ("freecell", "klondike")


class Caller:
    """One player: requests straight into the ASGI app, with its own cookie."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.cookie = ""

    async def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        raw = json.dumps(body).encode() if body is not None else b""
        headers = [(b"host", b"bench"), (b"content-type", b"application/json")]
        headers.append((b"accept-encoding", b"gzip"))  # as a browser's requests do
        if self.cookie:
            headers.append((b"cookie", self.cookie.encode()))
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "root_path": "",
            "headers": headers,
            "client": ("127.0.0.1", 1),
            "server": ("127.0.0.1", 80),
            "state": {},
        }
        sent: list[Message] = []

        async def receive() -> Message:
            return {"type": "http.request", "body": raw, "more_body": False}

        async def send(message: Message) -> None:
            sent.append(message)

        await self.app(scope, receive, send)
        start = sent[0]
        for name, value in start["headers"]:
            if name == b"set-cookie":
                morsel = SimpleCookie(value.decode())
                self.cookie = "; ".join(f"{k}={m.value}" for k, m in morsel.items())
        body_bytes = b"".join(m.get("body", b"") for m in sent[1:])
        if (b"content-encoding", b"gzip") in start["headers"]:
            body_bytes = gzip.decompress(body_bytes)
        if start["status"] not in (200, 201):
            raise SystemExit(f"{method} {path}: {start['status']} {body_bytes[:200]!r}")
        return json.loads(body_bytes)


async def follow(app: ASGIApp, caller: Caller, duel_id: str, heard: list[int]) -> None:
    """A player's event stream, kept open; counts the events it hears."""
    path = f"/api/duels/{duel_id}/events"
    headers = [(b"host", b"bench"), (b"cookie", caller.cookie.encode())]
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"after=0",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
        "state": {},
    }
    never = asyncio.Event()

    async def receive() -> Message:
        await never.wait()
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        heard[0] += message.get("body", b"").count(b"event: duel")

    await app(scope, receive, send)


async def run(duels: int, moves: int, seed: int, profile: bool) -> tuple[int, int]:
    """Play and print; the moves made and the events the streams heard."""
    directory = tempfile.mkdtemp(prefix="patience-duel-cpu-")
    limits = LimitConfig(moves=None, games=None)  # one address for every player
    app = create_app(None, directory, "bench-secret", limits, solvers=1)
    rng = random.Random(seed)
    async with app.router.lifespan_context(app):
        tables: list[tuple[Caller, str, dict[str, Any]]] = []
        streams, heard = [], [0]
        for _ in range(duels):
            ada, bob = Caller(app), Caller(app)
            body = {"game": rng.choice(GAMES), "nickname": "A", "kind": "any"}
            duel = await ada.call("POST", "/api/duels", body)
            joined = await bob.call("POST", f"/api/duels/{duel['id']}/join", {"nickname": "B"})
            shown = await ada.call("GET", f"/api/duels/{duel['id']}")
            tables += [(ada, duel["id"], shown["table"]), (bob, duel["id"], joined["table"])]
            for caller in (ada, bob):
                streams.append(asyncio.create_task(follow(app, caller, duel["id"], heard)))
        await asyncio.sleep(0.5)
        live = list(range(len(tables)))  # the seats that may still move
        profiler = cProfile.Profile() if profile else None
        cpu, wall, made = time.process_time(), time.perf_counter(), 0
        loop_cpu = time.thread_time()
        if profiler:
            profiler.enable()
        while made < moves:
            if not live:
                break
            n = rng.choice(live)
            caller, duel_id, table = tables[n]
            if table["outcome"] != "in_play" or not table["legal"] or table["moves_made"] > 300:
                live.remove(n)
                continue
            body = {"version": table["version"], "move": rng.choice(table["legal"])["text"]}
            answer = await caller.call("POST", f"/api/duels/{duel_id}/moves", body)
            tables[n] = (caller, duel_id, answer["table"])
            made += 1
            if made % 50 == 0:
                await asyncio.sleep(0)  # the streams take their news
        await asyncio.sleep(0.3)
        if profiler:
            profiler.disable()
        loop_cpu = time.thread_time() - loop_cpu
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        for task in streams:
            task.cancel()
        await asyncio.gather(*streams, return_exceptions=True)
    load = os.getloadavg()[0]
    print(
        f"{made} moves of {duels} duels: CPU {cpu * 1000 / made:.3f} ms a move "
        f"({loop_cpu * 1000 / made:.3f} on the event loop), "
        f"wall {wall * 1000 / made:.3f} ms a move; {heard[0]} events heard; load average {load:.2f}"
    )
    if profiler:
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(60)
        stats.sort_stats("tottime").print_stats(30)
    return made, heard[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duels", type=int, default=200)
    parser.add_argument("--moves", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    asyncio.run(run(args.duels, args.moves, args.seed, args.profile))


if __name__ == "__main__":
    main()
