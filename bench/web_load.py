"""Simulated players against a real server: moves per second, latency and errors.

Starts ``patience serve`` (one uvicorn worker, SQLite in a fresh temporary directory) on a
loopback port, then runs ``--players`` players at once for ``--seconds``. Each player has its
own cookie, starts a random game and deal, and plays a random legal move from the last State
it got, pausing ``--think-ms`` on average between moves (0: as fast as the server answers).
A finished or stuck game is followed by a new one. Latency is measured per move request.

    .venv/bin/python bench/web_load.py                      # 200 players, 20 s
    .venv/bin/python bench/web_load.py --players 50 --think-ms 0 --seconds 10
    .venv/bin/python bench/web_load.py --url http://127.0.0.1:8000   # a server already running

Target (issue 4): p99 under 20 ms at 200 concurrent players on one worker, zero errors.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx2
import msgspec

from patience.games import GAMES

P99_TARGET_MS = 20.0


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    by_second: dict[int, list[float]] = field(default_factory=dict)
    """Latencies by the second of the run they ended in (to tell stalls from steady state)."""
    server_ms: list[float] = field(default_factory=list)
    """The server's own time per move (its Server-Timing header)."""
    games: int = 0
    errors: list[str] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(data_dir: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PATIENCE_")}
    code = "from patience.cli import main; raise SystemExit(main())"
    process = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--port", str(port), "--data-dir", data_dir],
        env=env,
        stdout=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx2.get(f"{url}/api/stats", timeout=1)
            return process, url
        except httpx2.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start within 60 s")


class Connection:
    """One player's keep-alive HTTP/1.1 connection, kept minimal so that the load generator,
    which shares the machine with the server, spends little CPU per request."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.cookie = ""
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, str], Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        payload = msgspec.json.encode(body)
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(payload)}\r\n{self.cookie}\r\n"
        )
        self.writer.write(head.encode() + payload)
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("the server closed the connection")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        data = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if "set-cookie" in headers:
            self.cookie = "Cookie: " + headers["set-cookie"].split(";")[0] + "\r\n"
        return status, headers, msgspec.json.decode(data)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def player(
    url: str, seed: int, stop_at: float, think_s: float, tally: Tally, ramp_s: float
) -> None:
    rng = random.Random(seed)
    games = list(GAMES)
    host, port = url.split("//", 1)[1].rsplit(":", 1)
    connection = Connection(host, int(port))
    await asyncio.sleep(rng.uniform(0, ramp_s))
    state: dict[str, Any] | None = None
    try:
        while time.monotonic() < stop_at:
            try:
                if state is None or state["outcome"] != "in_play" or not state["legal"]:
                    body = {"game": rng.choice(games), "deal": rng.randint(1, 1_000_000)}
                    status, _, answer = await connection.post("/api/games", body)
                    if status != 201:
                        tally.errors.append(f"new game: {status}")
                        state = None
                        continue
                    state = answer
                    tally.games += 1
                    continue
                move = rng.choice(state["legal"])["text"]
                body = {"version": state["version"], "move": move, "elapsed_ms": 1000}
                started = time.perf_counter()
                status, headers, answer = await connection.post(
                    f"/api/games/{state['id']}/moves", body
                )
                took = time.perf_counter() - started
                tally.latencies.append(took)
                tally.by_second.setdefault(int(time.monotonic()), []).append(took * 1000)
                timing = headers.get("server-timing", "")
                if "dur=" in timing:
                    tally.server_ms.append(float(timing.split("dur=")[1]))
                if status != 200:
                    tally.errors.append(f"move {move}: {status} {str(answer)[:80]}")
                    state = None
                    continue
                state = answer
                if state["moves_made"] > 300:  # a game going round in circles: next deal
                    state = None
            except (OSError, ValueError, asyncio.IncompleteReadError) as error:
                tally.errors.append(f"{type(error).__name__}: {error}")
                connection.close()
                connection = Connection(host, int(port))
                state = None
            if think_s:
                await asyncio.sleep(rng.uniform(0, 2 * think_s))
    finally:
        connection.close()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def load(url: str, players: int, seconds: float, think_s: float) -> Tally:
    tally = Tally()
    ramp = min(think_s * 2, 2.0)
    stop_at = time.monotonic() + seconds + ramp
    await asyncio.gather(
        *(player(url, seed, stop_at, think_s, tally, ramp) for seed in range(players))
    )
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think-ms", type=float, default=1000.0, help="mean pause per move")
    parser.add_argument("--url", help="use a running server instead of starting one")
    args = parser.parse_args()
    process = None
    with tempfile.TemporaryDirectory(prefix="patience-load-") as data_dir:
        if args.url:
            url = args.url
        else:
            process, url = start_server(data_dir)
        try:
            started = time.monotonic()  # includes the ramp-up
            tally = asyncio.run(load(url, args.players, args.seconds, args.think_ms / 1000))
            wall = time.monotonic() - started
        finally:
            if process is not None:
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=30)
    server_cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_s = server_cpu.ru_utime + server_cpu.ru_stime
    lat = tally.latencies
    if not lat:
        print("no moves were made", tally.errors[:5])
        return 1
    ms = [x * 1000 for x in lat]
    p50, p90, p99 = (percentile(ms, f) for f in (0.5, 0.9, 0.99))
    print(
        f"players {args.players}, think {args.think_ms:.0f} ms mean, {wall:.1f} s: "
        f"{len(lat)} moves ({len(lat) / wall:.0f} moves/s), {tally.games} games started"
    )
    print(
        f"latency ms: p50 {p50:.1f}, p90 {p90:.1f}, p99 {p99:.1f}, max {max(ms):.1f}, "
        f"mean {statistics.fmean(ms):.1f}"
    )
    seconds_p99 = sorted(
        (percentile(values, 0.99), second - min(tally.by_second))
        for second, values in tally.by_second.items()
    )
    worst, at = seconds_p99[-1]
    print(
        f"p99 of each second: median {seconds_p99[len(seconds_p99) // 2][0]:.1f}, "
        f"worst {worst:.1f} (second {at}); "
        f"{sum(p < P99_TARGET_MS for p, _ in seconds_p99)} of {len(seconds_p99)} seconds "
        f"under {P99_TARGET_MS:.0f} ms"
    )
    if tally.server_ms:
        own = [percentile(tally.server_ms, f) for f in (0.5, 0.9, 0.99)]
        print("server's own time ms: p50 {:.1f}, p90 {:.1f}, p99 {:.1f}".format(*own), end="")
        print(f", max {max(tally.server_ms):.1f}")
    if process is not None:  # CPU per request is what the machine's load does not change much
        requests = len(lat) + tally.games
        print(
            f"server CPU: {cpu_s:.1f} s in all (start-up included), "
            f"{cpu_s * 1000 / requests:.2f} ms per request"
        )
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"errors: {len(tally.errors)}", *sorted(set(tally.errors))[:5], sep="\n  ")
    ok = p99 < P99_TARGET_MS and not tally.errors
    print(f"target p99 < {P99_TARGET_MS:.0f} ms, zero errors: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
