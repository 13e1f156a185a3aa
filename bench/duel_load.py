"""Simulated live duels against a real server: move latency and event delivery (issue 15).

Starts ``patience serve`` as bench/web_load.py does (``--workers``, SQLite in a fresh
temporary directory or ``--db postgres`` on a throwaway cluster, the rate limits off) and runs
``--duels`` duels at once for ``--seconds``. In each, player A challenges (an open FreeCell or
Klondike duel on a pool deal, ``kind`` "any") and player B joins; each player, with a cookie of
its own, keeps the duel's event stream open (``GET /api/duels/{id}/events``, raw asyncio) and
plays a random legal move of its table every ``--think-ms`` on average (``--gzip``: asking
for compressed answers as browsers do). A seat with no move left resigns; a duel with a
result is followed by a new one. ``--warm-s``: the moves of the first seconds after the
players arrived are made but not timed, for the steady state alone.

Measured: the move latency (request to answer, at the mover) and the event delivery: from the
move's answer at the mover to its ``progress`` event at the OTHER player's stream (one machine,
one clock; an event that comes before the answer counts as 0 ms). Errors: any answer other than
2xx or an expected 409 (``stale``, a seat already over), a stream that closed before its
duel's result or its 60 s, and a connection lost.

The 1,000 players of one run share one Python process, and its pauses would count as the
server's: a full collection of the players' objects stopped them for 120-190 ms every few
seconds, and every answer in flight was timed that much late (most moves over 100 ms came in
those windows). So the players' collector is paused while they play (``collector_paused``,
as around each search; their objects are freed by reference counting, and the run is
bounded), and their event loop's own lag is measured and printed (*players' lag*: how late
a 5 ms sleep wakes), so what is left of it can be told from the server's.

    .venv/bin/python bench/duel_load.py                       # 100 duels, 20 s, SQLite, 1 worker
    .venv/bin/python bench/duel_load.py --duels 500 --workers 4 --db postgres
    .venv/bin/python bench/duel_load.py --matrix              # 100 and 500 duels, both
                                                              # databases, 1 and 4 workers
    .venv/bin/python bench/duel_load.py --url http://127.0.0.1:8000   # a server already running

Target: 500 duels (1,000 players) with move p99 <= 100 ms, event delivery p99 <= 500 ms and
zero errors.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import signal
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from patience.solver.batch.stats import collector_paused
from web_load import (
    ROOT,
    Connection,
    children_cpu_s,
    git_commit,
    new_database,
    percentile,
    postgres_cluster,
    start_server,
)

MOVE_P99_MS = 100.0
EVENT_P99_MS = 500.0
GAMES = ("freecell", "klondike")
IDLE_S = 4.0
"""How long a player's connection may stay idle before it is opened anew (uvicorn's
keep-alive timeout is 5 s)."""
EXPECTED_409 = ("stale", "seat_over", "duel_over")
"""Races a player cannot see coming: its other request moved the version, its seat or the
duel ended meanwhile."""


@dataclass
class Tally:
    moves_ms: list[float] = field(default_factory=list)
    events_ms: list[float] = field(default_factory=list)
    duels: int = 0
    results: int = 0
    early: int = 0
    """Events that reached the other stream before the mover had its answer (counted 0 ms)."""
    conflicts: int = 0
    """Expected 409 answers (see :data:`EXPECTED_409`)."""
    errors: list[str] = field(default_factory=list)
    counted_from: float = 0.0
    """Moves asked for before this time (``time.monotonic``) are not timed (``--warm-s``)."""
    timed_s: float | None = None
    """How long moves were timed, when not the whole run (the rate's divisor)."""
    lags_ms: list[float] = field(default_factory=list)
    """How late the players' event loop woke from a 5 ms sleep, in the timed part."""


@dataclass
class Seat:
    """One player of a duel: its connection for requests and what its stream heard."""

    connection: Connection
    used: float = 0.0
    """When the connection last had an answer: uvicorn closes one idle for 5 s."""
    answer: dict[str, Any] = field(default_factory=dict)
    last_event: int = 0
    over: bool = False


class Duel:
    """The two seats of one duel and the times of its moves, to pair answers with events."""

    def __init__(self, duel_id: str) -> None:
        self.id = duel_id
        self.answered: dict[tuple[int, int], float] = {}
        """(seat, moves) → when the mover had its answer."""
        self.heard: dict[tuple[int, int], float] = {}
        """(seat, moves) → when the other seat's stream had its progress event."""
        self.done = asyncio.Event()

    def pair(self, key: tuple[int, int], tally: Tally) -> None:
        if key in self.answered and key in self.heard:
            answered = self.answered.pop(key)
            delay = self.heard.pop(key) - answered
            if answered < tally.counted_from:
                return
            tally.early += delay < 0
            tally.events_ms.append(max(0.0, delay * 1000))


async def stream(
    host: str, port: int, seat: Seat, me: int, duel: Duel, stop_at: float, tally: Tally
) -> None:
    """Follow the duel's events as player ``me`` until its result or the end of the run,
    reconnecting after the server's 60 s close as a browser would."""
    while not duel.done.is_set() and time.monotonic() < stop_at:
        reader, writer = await asyncio.open_connection(host, port)
        try:
            writer.write(
                f"GET /api/duels/{duel.id}/events?after={seat.last_event} HTTP/1.1\r\n"
                f"Host: {host}\r\n{seat.connection.cookie}\r\n".encode()
            )
            status = (await reader.readline()).split()
            if len(status) < 2 or status[1] != b"200":
                tally.errors.append(f"stream: {status[1:2]}")
                return
            while (await reader.readline()) not in (b"\r\n", b""):
                pass
            began, buffer = time.monotonic(), b""
            closed = await read_events(reader, buffer, seat, me, duel, tally, stop_at)
            if closed and not duel.done.is_set() and time.monotonic() - began < 55:
                tally.errors.append("stream closed early")
                return
        finally:
            writer.close()


async def read_events(
    reader: asyncio.StreamReader,
    buffer: bytes,
    seat: Seat,
    me: int,
    duel: Duel,
    tally: Tally,
    stop_at: float,
) -> bool:
    """Read the chunked event stream until it ends (True) or the run does (False)."""
    while True:
        left = stop_at - time.monotonic()
        if left <= 0:
            return False
        try:
            size_line = await asyncio.wait_for(reader.readline(), left)
        except TimeoutError:
            return False
        size = int(size_line.strip() or b"0", 16)
        if size == 0:
            return True
        buffer += (await reader.readexactly(size + 2))[:-2]
        while b"\n\n" in buffer:
            block, buffer = buffer.split(b"\n\n", 1)
            fields = dict(
                line.split(": ", 1) for line in block.decode().splitlines() if ": " in line
            )
            if "data" not in fields:
                continue
            seat.last_event = int(fields["id"])
            event = json.loads(fields["data"])
            if event["type"] == "progress" and event["seat"] != me:
                key = (event["seat"], event["moves"])
                duel.heard[key] = time.monotonic()
                duel.pair(key, tally)
            elif event["type"] == "result":
                duel.done.set()


async def send(
    seat: Seat, method: str, path: str, body: dict[str, Any] | None, tally: Tally
) -> dict[str, Any] | None:
    """A request of the seat's; its answer, or None after a 409 race or an error (counted).
    A connection idle for longer than the server keeps one is opened anew, as browsers do."""
    if time.monotonic() - seat.used > IDLE_S:
        old = seat.connection
        old.close()
        seat.connection = Connection(old.host, old.port)
        seat.connection.cookie = old.cookie
    status, _, answer = await seat.connection.request(method, path, body)
    seat.used = time.monotonic()
    if status in (200, 201):
        seat.answer = answer
        return dict(answer)
    error = answer.get("error") if isinstance(answer, dict) else None
    code = error.get("code") if isinstance(error, dict) else None
    if status == 409 and code in EXPECTED_409:
        tally.conflicts += 1
    else:
        tally.errors.append(f"{method} {path.split('/')[-1]}: {status} {str(answer)[:80]}")
    return None


async def play(
    seat: Seat, me: int, duel: Duel, rng: random.Random, think_s: float, stop_at: float, t: Tally
) -> None:
    """Random legal moves of the seat's table until its game ends (then it resigns if it did
    not win) or the run does."""
    path = f"/api/duels/{duel.id}"
    while time.monotonic() < stop_at and not duel.done.is_set():
        await asyncio.sleep(min(rng.uniform(0, 2 * think_s), stop_at - time.monotonic()))
        if time.monotonic() >= stop_at:
            return
        table = seat.answer.get("table")
        if seat.answer["seats"][me]["finish"] is not None or table is None:
            return
        if table["outcome"] != "in_play" or not table["legal"] or table["moves_made"] > 300:
            await send(seat, "POST", f"{path}/resign", {"version": table["version"]}, t)
            return
        body = {"version": table["version"], "move": rng.choice(table["legal"])["text"]}
        started = time.perf_counter()
        answer = await send(seat, "POST", f"{path}/moves", body, t)
        if time.monotonic() - (time.perf_counter() - started) >= t.counted_from:
            t.moves_ms.append((time.perf_counter() - started) * 1000)
        if answer is not None:
            key = (me, answer["seats"][me]["moves"])
            duel.answered[key] = time.monotonic()
            duel.pair(key, t)


async def one_duel(
    host: str,
    port: int,
    seats: list[Seat],
    rng: random.Random,
    think_s: float,
    stop_at: float,
    t: Tally,
) -> bool:
    """A challenge, its join, both streams and both players' moves; whether to go on."""
    body = {"game": rng.choice(GAMES), "nickname": "A", "kind": "any"}
    created = await send(seats[0], "POST", "/api/duels", body, t)
    if created is None:
        return False
    duel = Duel(created["id"])
    path = f"/api/duels/{duel.id}"
    if await send(seats[1], "POST", f"{path}/join", {"nickname": "B"}, t) is None:
        return False
    if await send(seats[0], "GET", path, None, t) is None:
        return False
    t.duels += 1
    followers = [
        asyncio.create_task(stream(host, port, seat, n, duel, stop_at, t))
        for n, seat in enumerate(seats)
    ]
    try:
        await asyncio.gather(
            *(play(seat, n, duel, rng, think_s, stop_at, t) for n, seat in enumerate(seats))
        )
        if time.monotonic() < stop_at:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(duel.done.wait(), 10)
            t.results += duel.done.is_set()
    finally:
        for follower in followers:
            follower.cancel()
        for outcome in await asyncio.gather(*followers, return_exceptions=True):
            if isinstance(outcome, Exception):
                t.errors.append(f"stream: {type(outcome).__name__}: {outcome}")
    return True


async def pair_of_players(
    url: str, seed: int, stop_at: float, think_s: float, ramp_s: float, t: Tally
) -> None:
    """Two players dueling again and again until the run ends."""
    rng = random.Random(seed)
    host, port_text = url.split("//", 1)[1].rsplit(":", 1)
    port = int(port_text)
    await asyncio.sleep(rng.uniform(0, ramp_s))
    seats = [Seat(Connection(host, port)), Seat(Connection(host, port))]
    try:
        while time.monotonic() < stop_at:
            if not await one_duel(host, port, seats, rng, think_s, stop_at, t):
                return
    except (OSError, ValueError, asyncio.IncompleteReadError) as error:
        t.errors.append(f"{type(error).__name__}: {error}")
    finally:
        for seat in seats:
            seat.connection.close()


async def load(
    url: str, duels: int, seconds: float, think_s: float, ramp_s: float, warm_s: float = 0.0
) -> Tally:
    """``duels`` pairs of players, arriving over ``ramp_s``, until ``seconds`` after it; the
    moves of the first ``warm_s`` after the arrivals are made but not timed."""
    tally = Tally()
    tally.counted_from = time.monotonic() + ramp_s + warm_s
    tally.timed_s = seconds - warm_s if warm_s else None
    stop_at = time.monotonic() + seconds + ramp_s
    lag = asyncio.create_task(measure_lag(tally))
    try:
        with collector_paused():
            await asyncio.gather(
                *(
                    pair_of_players(url, seed, stop_at, think_s, ramp_s, tally)
                    for seed in range(duels)
                )
            )
    finally:
        lag.cancel()
    return tally


LAG_PROBE_S = 0.005


async def measure_lag(tally: Tally) -> None:
    """Sleep :data:`LAG_PROBE_S` again and again; how late each wake-up came, in ms."""
    while True:
        asleep = time.perf_counter()
        await asyncio.sleep(LAG_PROBE_S)
        if time.monotonic() >= tally.counted_from:
            tally.lags_ms.append((time.perf_counter() - asleep - LAG_PROBE_S) * 1000)


@dataclass(frozen=True)
class Setup:
    duels: int
    db: str
    workers: int

    def __str__(self) -> str:
        return f"{self.db} {self.workers}w {self.duels} duels"


def raise_file_limit() -> None:
    """Two sockets a player (its requests and its stream), for the server as well: the soft
    limit of open files up to the hard one, which the server inherits."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def run_one(setup: Setup, args: argparse.Namespace, cluster: str | None, n: int) -> Row:
    """Start the server of ``setup``, load it, stop it; its figures."""
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="patience-duels-") as data_dir:
        db_url = new_database(cluster, f"duels_{n}") if cluster else None
        cpu_before = children_cpu_s()
        process, url = start_server(data_dir, setup.workers, db_url, args.checkout)
        try:
            started = time.monotonic()
            tally = asyncio.run(
                load(url, setup.duels, args.seconds, args.think_ms / 1000, args.ramp_s, args.warm_s)
            )
            wall = time.monotonic() - started
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=60)
        cpu_s = children_cpu_s() - cpu_before
    return Row(str(setup), tally, wall, load_before, os.getloadavg(), cpu_s)


@dataclass
class Row:
    """One run's figures."""

    name: str
    tally: Tally
    wall: float
    load_before: tuple[float, float, float]
    load_after: tuple[float, float, float]
    cpu_s: float | None

    def met(self) -> bool:
        t = self.tally
        return (
            bool(t.moves_ms and t.events_ms)
            and percentile(t.moves_ms, 0.99) <= MOVE_P99_MS
            and percentile(t.events_ms, 0.99) <= EVENT_P99_MS
            and not t.errors
        )


HEADER = (
    f"{'run':<24} {'duels':>6} {'moves':>7} {'mv/s':>6} {'move p50':>8} {'p95':>6} {'p99':>6} "
    f"{'events':>7} {'ev p50':>7} {'p95':>6} {'p99':>6} {'409':>5} {'errors':>6} "
    f"{'load before':>11} {'after':>5} {'met':>4}"
)


def table_row(row: Row) -> str:
    t = row.tally
    moves = [percentile(t.moves_ms, f) if t.moves_ms else 0.0 for f in (0.5, 0.95, 0.99)]
    events = [percentile(t.events_ms, f) if t.events_ms else 0.0 for f in (0.5, 0.95, 0.99)]
    rate = len(t.moves_ms) / (t.timed_s or row.wall)
    return (
        f"{row.name:<24} {t.duels:>6} {len(t.moves_ms):>7} {rate:>6.0f} "
        f"{moves[0]:>8.1f} {moves[1]:>6.1f} {moves[2]:>6.1f} {len(t.events_ms):>7} "
        f"{events[0]:>7.1f} {events[1]:>6.1f} {events[2]:>6.1f} {t.conflicts:>5} "
        f"{len(t.errors):>6} {row.load_before[0]:>11.2f} {row.load_after[0]:>5.2f} "
        f"{'yes' if row.met() else 'NO':>4}"
    )


def report(rows: list[Row]) -> None:
    """The table of every run, then each run's errors and server CPU."""
    print(HEADER)
    for row in rows:
        print(table_row(row))
    print(
        f"times in ms; targets: move p99 <= {MOVE_P99_MS:.0f}, event p99 <= {EVENT_P99_MS:.0f}, "
        f"zero errors; load average (1 min) on {os.cpu_count()} cores"
    )
    for row in rows:
        t = row.tally
        cpu = f", server CPU {row.cpu_s:.1f} s" if row.cpu_s is not None else ""
        lag = (
            f", players' lag p99 {percentile(t.lags_ms, 0.99):.1f} ms, max {max(t.lags_ms):.1f}"
            if t.lags_ms
            else ""
        )
        print(
            f"{row.name}: {row.wall:.1f} s, {t.results} results, {t.early} events heard "
            f"before their answer{cpu}{lag}; load average "
            f"{'/'.join(f'{x:.2f}' for x in row.load_before)} before, "
            f"{'/'.join(f'{x:.2f}' for x in row.load_after)} after"
        )
        for error in sorted(set(t.errors))[:5]:
            print(f"  error: {error}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--duels", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think-ms", type=float, default=1000.0, help="mean pause per move")
    parser.add_argument(
        "--ramp-s", type=float, default=2.0, help="the players arrive over this many seconds"
    )
    parser.add_argument("--workers", type=int, default=1, help="server worker processes")
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument(
        "--matrix", action="store_true", help="100 and 500 duels, both databases, 1 and 4 workers"
    )
    parser.add_argument(
        "--checkout", type=Path, default=ROOT, help="serve from this checkout (its own .venv)"
    )
    parser.add_argument(
        "--warm-s",
        type=float,
        default=0.0,
        help="time no move of the first seconds after the arrivals (the steady state only)",
    )
    parser.add_argument("--url", help="use a running server instead of starting one")
    parser.add_argument(
        "--gzip", action="store_true", help="players ask for gzip as browsers do (and inflate it)"
    )
    args = parser.parse_args(argv)
    raise_file_limit()
    Connection.gzip = args.gzip
    if args.url:
        before, started = os.getloadavg(), time.monotonic()
        tally = asyncio.run(
            load(args.url, args.duels, args.seconds, args.think_ms / 1000, args.ramp_s, args.warm_s)
        )
        row = Row(args.url, tally, time.monotonic() - started, before, os.getloadavg(), None)
        report([row])
        return 0 if row.met() else 1
    if args.matrix:
        setups = [
            Setup(d, db, w) for db in ("sqlite", "postgres") for w in (1, 4) for d in (100, 500)
        ]
    else:
        setups = [Setup(args.duels, args.db, args.workers)]
    print(f"server: {args.checkout} at {git_commit(args.checkout)}", flush=True)
    rows = []
    with contextlib.ExitStack() as stack:
        cluster = None
        if any(s.db == "postgres" for s in setups):
            cluster = stack.enter_context(postgres_cluster())
        for n, setup in enumerate(setups):
            rows.append(run_one(setup, args, cluster if setup.db == "postgres" else None, n))
            print(table_row(rows[-1]), flush=True)
    report(rows)
    return 0 if all(row.met() for row in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
