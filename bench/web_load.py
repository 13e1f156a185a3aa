"""Simulated players against real servers: moves per second, latency and errors.

Starts ``patience serve`` (``--workers`` uvicorn workers; SQLite in a fresh temporary
directory, or ``--db postgres``: a throwaway PostgreSQL cluster of its own, with its durable
defaults, fsync and synchronous_commit on) on a loopback port, with the rate limits off, then
runs ``--players`` players at once for ``--seconds``. Each player has its own cookie, starts a
random game and deal, and plays a random legal move from the last State it got, pausing
``--think-ms`` on average between moves (0: as fast as the server answers). A finished or
stuck game is followed by a new one. Latency is measured per move request, by the players,
which share the machine with the servers.

    .venv/bin/python bench/web_load.py                      # 200 players, 20 s, SQLite, 1 worker
    .venv/bin/python bench/web_load.py --players 1000 --workers 4 --db postgres
    .venv/bin/python bench/web_load.py --matrix             # 200 and 1,000 players, both
                                                            # databases, 1 and 4 workers
    .venv/bin/python bench/web_load.py --matrix --checkout /tmp/before   # another checkout's
                                                            # server (its own .venv), to compare
    .venv/bin/python bench/web_load.py --url http://127.0.0.1:8000   # a server already running

Targets: 200 players on one worker p99 under 20 ms (issue 4); 1,000 players on four workers
p99 at most 100 ms on both databases, zero errors (issue 18).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import tempfile
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import msgspec

from patience.games import GAMES

P99_TARGET_MS = {200: 20.0, 1000: 100.0}
"""The p99 each count of players must stay under (the largest count below or equal applies)."""

ROOT = Path(__file__).resolve().parents[1]


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


def target_ms(players: int) -> float:
    return P99_TARGET_MS[max([n for n in P99_TARGET_MS if n <= players] or [min(P99_TARGET_MS)])]


def start_server(
    data_dir: str, workers: int, db_url: str | None, checkout: Path
) -> tuple[subprocess.Popen[bytes], str]:
    """``patience serve`` of ``checkout`` (with its own .venv) on a free loopback port."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PATIENCE_")}
    env |= {"PATIENCE_LIMIT_MOVES": "off", "PATIENCE_LIMIT_GAMES": "off"}  # one address
    python = checkout / ".venv" / "bin" / "python"
    code = "from patience.cli import main; raise SystemExit(main())"
    command = [str(python), "-c", code, "serve", "--port", str(port), "--data-dir", data_dir]
    command += ["--workers", str(workers), *(["--db", db_url] if db_url else [])]
    command.append("--no-daily-prep")  # no daily grading beside the load measured
    process = subprocess.Popen(command, env=env, cwd=checkout, stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx2.get(f"{url}/api/stats", timeout=1)
            time.sleep(1 if workers > 1 else 0)  # the other workers finish starting
            return process, url
        except httpx2.TransportError:
            if process.poll() is not None:
                raise SystemExit(f"the server exited with {process.returncode}") from None
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start within 60 s")


def _as_postgres(command: list[str]) -> list[str]:
    """initdb and pg_ctl refuse to run as root: run them as ``postgres`` then."""
    return ["runuser", "-u", "postgres", "--", *command] if os.getuid() == 0 else command


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a free loopback port with its default, durable
    settings; yields its URL without a database name. Stopped and removed however it ends."""
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    if not bins:
        raise SystemExit("no PostgreSQL under /usr/lib/postgresql (apt-get install postgresql)")
    bin_dir = bins[-1]
    directory = Path(tempfile.mkdtemp(prefix="patience-load-pg-"))
    data = directory / "data"
    if os.getuid() == 0:
        shutil.chown(directory, "postgres")
    port = free_port()
    try:
        subprocess.run(
            _as_postgres(
                [
                    str(bin_dir / "initdb"),
                    "-D",
                    str(data),
                    "-U",
                    "postgres",
                    "-A",
                    "trust",
                    "-E",
                    "UTF8",
                    "--locale=C.UTF-8",
                ]
            ),
            check=True,
            stdout=subprocess.DEVNULL,
        )
        options = f"-h 127.0.0.1 -p {port} -k {directory} -c max_connections=200"
        subprocess.run(
            _as_postgres(
                [
                    str(bin_dir / "pg_ctl"),
                    "-D",
                    str(data),
                    "-l",
                    str(directory / "server.log"),
                    "-w",
                    "-s",
                    "-o",
                    options,
                    "start",
                ]
            ),
            check=True,
        )
        yield f"postgresql://postgres@127.0.0.1:{port}"
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.run(
                _as_postgres(
                    [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "-s", "stop"]
                ),
                check=False,
            )
        shutil.rmtree(directory, ignore_errors=True)


def new_database(cluster_url: str, name: str) -> str:
    """Create database ``name`` in the cluster; its URL."""
    import psycopg

    with psycopg.connect(f"{cluster_url}/postgres", autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{cluster_url}/{name}"


class Connection:
    """One player's keep-alive HTTP/1.1 connection, kept minimal so that the load generator,
    which shares the machine with the server, spends little CPU per request."""

    gzip = False
    """Ask for gzip as browsers do (``Accept-Encoding``), and inflate what comes so."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.cookie = ""
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, str], Any]:
        return await self.request("POST", path, body)

    async def request(
        self, method: str, path: str, body: dict[str, Any] | None = None
    ) -> tuple[int, dict[str, str], Any]:
        """Send a request (``body`` as JSON) on the kept connection; status, headers, JSON."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        payload = b"" if body is None else msgspec.json.encode(body)
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(payload)}\r\n{self.cookie}"
            + ("Accept-Encoding: gzip\r\n" if self.gzip else "")
            + "\r\n"
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
        if headers.get("content-encoding") == "gzip":
            data = zlib.decompress(data, wbits=31)
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


@dataclass(frozen=True)
class Setup:
    players: int
    db: str
    workers: int

    def __str__(self) -> str:
        return f"{self.db} {self.workers}w {self.players}p"


def children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_one(setup: Setup, args: argparse.Namespace, cluster: str | None, n: int) -> bool:
    """Start the server of ``setup``, load it, stop it, print its figures; whether it met
    the target."""
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="patience-load-") as data_dir:
        db_url = new_database(cluster, f"load_{n}") if cluster else None
        cpu_before = children_cpu_s()
        process, url = start_server(data_dir, setup.workers, db_url, args.checkout)
        try:
            started = time.monotonic()  # includes the ramp-up
            tally = asyncio.run(load(url, setup.players, args.seconds, args.think_ms / 1000))
            wall = time.monotonic() - started
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=60)
        cpu_s = children_cpu_s() - cpu_before
    return report(setup, args, tally, wall, cpu_s, load_before)


def report(
    setup: Setup | None,
    args: argparse.Namespace,
    tally: Tally,
    wall: float,
    cpu_s: float | None,
    load_before: float,
) -> bool:
    players = setup.players if setup else args.players
    target = target_ms(players)
    lat = tally.latencies
    print(f"== {setup or args.url}: think {args.think_ms:.0f} ms mean, {wall:.1f} s")
    if not lat:
        print("no moves were made", tally.errors[:5])
        return False
    ms = [x * 1000 for x in lat]
    p50, p90, p99 = (percentile(ms, f) for f in (0.5, 0.9, 0.99))
    print(
        f"{len(lat)} moves ({len(lat) / wall:.0f} moves/s), {tally.games} games started; "
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
        f"{sum(p < target for p, _ in seconds_p99)} of {len(seconds_p99)} seconds "
        f"under {target:.0f} ms"
    )
    if tally.server_ms:
        own = [percentile(tally.server_ms, f) for f in (0.5, 0.9, 0.99)]
        print("server's own time ms: p50 {:.1f}, p90 {:.1f}, p99 {:.1f}".format(*own), end="")
        print(f", max {max(tally.server_ms):.1f}")
    if cpu_s is not None:  # CPU per request is what the machine's load does not change much
        requests = len(lat) + tally.games
        print(
            f"server CPU: {cpu_s:.1f} s in all (start-up included), "
            f"{cpu_s * 1000 / requests:.2f} ms per request"
        )
    print(
        f"load average: {load_before:.1f} before, {os.getloadavg()[0]:.1f} at the end, "
        f"on {os.cpu_count()} cores"
    )
    print(f"errors: {len(tally.errors)}", *sorted(set(tally.errors))[:5], sep="\n  ")
    ok = p99 <= target and not tally.errors
    print(f"target p99 <= {target:.0f} ms, zero errors: {'met' if ok else 'NOT met'}", flush=True)
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think-ms", type=float, default=1000.0, help="mean pause per move")
    parser.add_argument("--workers", type=int, default=1, help="server worker processes")
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument(
        "--matrix",
        action="store_true",
        help="200 and 1,000 players on SQLite and PostgreSQL, 1 and 4 workers each",
    )
    parser.add_argument(
        "--checkout",
        type=Path,
        default=ROOT,
        help="serve from this checkout, with its own .venv (default: this one)",
    )
    parser.add_argument("--url", help="use a running server instead of starting one")
    args = parser.parse_args()
    if args.url:
        load_before = os.getloadavg()[0]
        started = time.monotonic()
        tally = asyncio.run(load(args.url, args.players, args.seconds, args.think_ms / 1000))
        return 0 if report(None, args, tally, time.monotonic() - started, None, load_before) else 1
    if args.matrix:
        setups = [
            Setup(p, db, w) for db in ("sqlite", "postgres") for w in (1, 4) for p in (200, 1000)
        ]
    else:
        setups = [Setup(args.players, args.db, args.workers)]
    print(f"server: {args.checkout} at {git_commit(args.checkout)}")
    met = []
    with contextlib.ExitStack() as stack:
        cluster = None
        if any(s.db == "postgres" for s in setups):
            cluster = stack.enter_context(postgres_cluster())
        for n, setup in enumerate(setups):
            met.append(run_one(setup, args, cluster if setup.db == "postgres" else None, n))
    return 0 if all(met) else 1


def git_commit(checkout: Path) -> str:
    done = subprocess.run(
        ["git", "-C", str(checkout), "log", "-1", "--format=%h %s"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip()[:72] or "(not a git checkout)"


if __name__ == "__main__":
    raise SystemExit(main())
