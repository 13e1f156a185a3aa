"""Skill duels for the web: a challenge by link, both seats on one deal, the server's clock,
and a result computed only from the stored moves, replayed.

A seat's game is an ordinary stored game whose owner is the seat itself
(:func:`~patience.store.duels.seat_owner`, never a cookie's id), so the game API refuses it
to everyone: a seat moves only through the duel, which checks the seat's player, the clock
and the undo rule. Neither seat sees a table before both are seated, and nobody sees the
other's table before the duel is over: only its progress (moves, cards home, clock).

Time-outs need no timer: whoever next reads or changes the duel ends a seat whose clock ran
out, at the moment it ran out, and the result follows once both games ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import unicodedata
import uuid
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as replace_row
from typing import Any

from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from patience.deal_pools import ANY, load
from patience.duels.clock import Clock
from patience.duels.paths import split_at
from patience.duels.result import decide
from patience.duels.sealed import SEALED_TRIES, sealed_budget, sealed_deal
from patience.duels.series import Tally, tally
from patience.duels.standing import standing_of
from patience.engine.game import Game
from patience.games import GAMES
from patience.games.registry import GameInfo, Options
from patience.notation import game_spec
from patience.scoring import CARDS_HOME, game_score
from patience.store.duels import (
    DuelRow,
    DuelStore,
    SeatEnded,
    SeatRow,
    StoredDuel,
    append_progress,
    heard,
    seat_owner,
)
from patience.store.notices import can_listen, listen
from patience.store.records import GameRecord, options_dict, options_text, unplayed
from patience.store.repository import Store, StoreUnavailable, now_ms
from patience.web.deal_choice import chosen_deal
from patience.web.duel_wire import (
    DuelAnswer,
    DuelResult,
    NewDuel,
    SeatInfo,
    SeriesInfo,
    SplitInfo,
    StandingInfo,
)
from patience.web.errors import ApiError
from patience.web.reviews import FINISHED, review_url
from patience.web.sealed_table import shown_table
from patience.web.service import ActionMaker, Games, Live, chosen, random_game
from patience.web.solver_jobs import sealed_job
from patience.web.solver_pool import SolverPool
from patience.web.wire import State

NICKNAME_LETTERS = 24
"""The longest nickname, in characters."""

POLL_S = 0.2
"""How often a worker reads, for the duels it streams, what other workers wrote where no
notice tells it: on SQLite the events written since (:meth:`DuelHall._poll_logged`), on
PostgreSQL while the listening connection is down the duels' event counts."""

HEARD_POLL_S = 5.0
"""How often it reads them while this worker hears PostgreSQL's notices (in case one is
lost)."""

STREAM_S = 60.0
"""A stream ends after this long (the browser reconnects after its last event)."""

FRESH_TRIES = 10
"""Draws from the pool before a rematch settles for a deal its series played already (a
thin pool may hold few)."""

HEARTBEAT_S = 15.0
"""A stream with nothing to say sends a comment this often, so proxies keep it open."""

KNOWN_DUELS = 4096
"""Duels whose seats and progress a worker keeps between requests (the least recent go)."""

RECENT_EVENTS = 16
"""A known duel's latest progress events kept for its streams, so they need not read them."""


def nickname(text: str) -> str:
    """The nickname as shown: trimmed, inner spaces kept single; :class:`ApiError` if empty,
    longer than :data:`NICKNAME_LETTERS` or holding control characters.

    >>> nickname("  Ada   L. ")
    'Ada L.'
    """
    shown = " ".join(text.split())
    if not 1 <= len(shown) <= NICKNAME_LETTERS or any(
        unicodedata.category(c).startswith("C") for c in shown
    ):
        raise ApiError(400, "bad_nickname", {"most": str(NICKNAME_LETTERS)})
    return shown


def duel_url(lang: str, duel_id: str) -> str:
    return f"/{lang}/duel/{duel_id}"


def seat_clock(stored: StoredDuel, seat: SeatRow) -> Clock | None:
    """The seat's clock: live, both seats' from the duel's start (None before it); in turns,
    each from its own start, and the second seat's ending at the deadline at the latest.

    >>> duel = DuelRow("d", "freecell", "", 1, "open", 60_000, "turns", 3_600_000, True,
    ...                "any", None, 0, 0, None, 0, "d", 1, 1, None)
    >>> first = SeatRow("d", 0, "p", "Ada", "g", 0, 50_000, "won")
    >>> second = SeatRow("d", 1, "q", "Bob", "h", 3_620_000, None, None)
    >>> seat_clock(StoredDuel(duel, (first, second)), second)
    Clock(started_ms=3620000, limit_ms=30000)
    """
    duel = stored.duel
    if duel.mode != "turns":
        return None if duel.started_ms is None else Clock(duel.started_ms, duel.clock_ms)
    if seat.seat == 0:
        return Clock(seat.joined_ms, duel.clock_ms)
    deadline = turn_deadline(stored)
    assert deadline is not None  # the second seat plays after the first
    left = deadline - seat.joined_ms
    return Clock(seat.joined_ms, min(duel.clock_ms, left) if duel.clock_ms else left)


def turn_deadline(stored: StoredDuel) -> int | None:
    """In turns, once the challenger's game has ended: when the other's time is up."""
    first = stored.seats[0]
    if stored.duel.mode != "turns" or first.finished_ms is None:
        return None
    return first.finished_ms + stored.duel.deadline_ms


def _until_time_up(stored: StoredDuel, now: int) -> float:
    """Milliseconds until a seat still playing runs out of time, or an in-turn challenge
    expires (infinity when neither can happen)."""
    ends = []
    for seat in stored.seats:
        clock = seat_clock(stored, seat) if seat.game_id is not None else None
        if seat.finish is None and clock is not None and clock.ends_ms is not None:
            ends.append(clock.ends_ms)
    deadline = turn_deadline(stored)
    if deadline is not None and len(stored.seats) == 1:
        ends.append(deadline)
    return max(min(ends) - now, 0) if ends else float("inf")


def _expired(stored: StoredDuel, now: int) -> bool:
    """Whether an in-turn challenge found nobody before its deadline."""
    deadline = turn_deadline(stored)
    return len(stored.seats) == 1 and deadline is not None and now >= deadline


@dataclass
class Known:
    """A duel as this worker last read it: its row and seats, each started seat's progress
    (moves, cards home) and the number of its last event, which all of them reflect."""

    stored: StoredDuel
    progress: dict[int, tuple[int, int]]
    events: int
    recent: deque[tuple[int, dict[str, Any]]] = field(
        default_factory=lambda: deque(maxlen=RECENT_EVENTS)
    )
    """The latest events taken in, in order, up to :attr:`events`."""

    def advance(self, seq: int, event: dict[str, Any]) -> bool:
        """Take the next event in when it only tells a seat's progress; False (nothing taken)
        for a change of seats or result, after which the duel is read anew, or a gap."""
        if seq <= self.events:
            return True  # taken in already (by another request of the same duel)
        if seq != self.events + 1 or event["type"] != "progress":
            return False
        self.progress[event["seat"]] = (event["moves"], event["cards_home"])
        self.events = seq
        self.recent.append((seq, event))
        return True


class Watch:
    """One stream's wake-up call: ``news`` is set when its duel changed; ``read`` tells that
    the change must be read from the database (another worker's, or other than a move);
    ``offered``: events another worker wrote, read once for every stream here."""

    def __init__(self) -> None:
        self.news = asyncio.Event()
        self.read = True
        self.offered: list[tuple[int, dict[str, Any]]] = []


class DuelHall:
    """Every duel this worker serves: created, joined, played, watched and decided."""

    def __init__(self, store: Store, games: Games, solvers: SolverPool, secret: str) -> None:
        self.duels = DuelStore(store)
        self.games = games
        self.solvers = solvers
        self.secret = secret
        """Seals closed duels' deals (:mod:`patience.duels.sealed`)."""
        self._watchers: dict[str, set[Watch]] = {}
        """Per duel watched here, one :class:`Watch` per stream: woken when this worker
        changes it, or hears that another did."""
        self.listening = asyncio.Event()
        """Set while this worker hears other workers' notices (PostgreSQL)."""
        self._counts: dict[str, int] = {}
        """Per duel watched here, how many events its streams have read."""
        self._logged: int | None = None
        """SQLite: the mark up to which the duels' events were read for the streams here."""
        self._told: set[str] = set()
        """PostgreSQL: the duels whose notices told of events their streams here have not
        read (:meth:`_read_told` reads them for all)."""
        self._reading: asyncio.Task[None] | None = None
        """PostgreSQL: the running :meth:`_read_told`, if any."""
        self._moving: dict[str, int] = {}
        """Per duel, how many of its moves this worker is storing now."""
        self._deferred: dict[str, int] = {}
        """Per duel, the highest event number a notice told while a move was being stored."""
        self._known: OrderedDict[str, Known] = OrderedDict()
        """The duels this worker served lately, brought up to date from their events (see
        :meth:`_current` and :meth:`act`), so that a move reads neither the duel nor the
        seats' games."""

    # ------------------------------------------------------------------ reading

    async def _stored(self, duel_id: str) -> StoredDuel:
        found = await self.duels.get(duel_id) if _looks_like_id(duel_id) else None
        if found is None:
            raise ApiError(404, "no_such_duel", {"id": duel_id[:40]})
        return found

    async def _seat_game(self, duel: DuelRow, seat: SeatRow) -> Live:
        assert seat.game_id is not None  # a started duel's seats have their games
        return await self.games.get(seat_owner(duel.id, seat.seat), seat.game_id)

    async def _current(self, duel_id: str, *, read: bool = True) -> Known:
        """The duel as it stands: what this worker knows of it and (``read``) the events since
        (one read), or, when these changed more than a seat's progress, the duel and its seats'
        games read anew. Without ``read``, what this worker knows is trusted as it is (only a
        move does, and its transaction checks the events since)."""
        known = self._known.get(duel_id)
        if known is not None:
            self._known.move_to_end(duel_id)
            news = await self.duels.events(duel_id, known.events) if read else []
            if all(known.advance(seq, event) for seq, event in news):
                if news:  # what this worker knows grew: its streams take it (see _heard)
                    self._wake(duel_id, read=False)
                return known
        stored = await self._stored(duel_id)
        progress = {}
        for seat in stored.seats:
            if seat.game_id is not None:
                game = (await self._seat_game(stored.duel, seat)).game
                progress[seat.seat] = (len(game.moves), game_score(game, CARDS_HOME))
        known = Known(stored, progress, stored.duel.events)
        kept = self._known.get(duel_id)
        if kept is None or kept.events <= known.events:  # a move may have passed this read
            self._known[duel_id] = known
            if kept is None or kept.events < known.events:
                self._wake(duel_id)  # the streams read what this worker learnt (see _heard)
        while len(self._known) > KNOWN_DUELS:
            self._known.popitem(last=False)
        return known

    async def _settled(self, duel_id: str, *, read: bool = True) -> Known:
        """:meth:`_current` after ending any seat whose time is up (see :meth:`_settle`)."""
        known = await self._current(duel_id, read=read)
        if await self._settle(known.stored) is known.stored:
            return known
        return await self._current(duel_id)

    async def show(self, player_id: str, duel_id: str, lang: str) -> DuelAnswer:
        """The duel as ``player_id`` may see it (after ending any seat whose time is up)."""
        return await self._answer(await self._settled(duel_id), player_id, lang)

    async def _answer(
        self, known: Known, player_id: str, lang: str, mine: Live | None = None
    ) -> DuelAnswer:
        """The answer to ``player_id`` (``mine``: the asker's game, when at hand); the
        seats' games are read only for the asker's table, or when the duel is over."""
        stored, now = known.stored, now_ms()
        duel = stored.duel
        you = next((s.seat for s in stored.seats if s.player_id == player_id), None)
        over = duel.result is not None
        lives = {
            s.seat: mine if s.seat == you and mine is not None else await self._seat_game(duel, s)
            for s in stored.seats
            if s.game_id is not None and (over or s.seat == you)
        }
        seats = []
        for seat in stored.seats:
            live = lives.get(seat.seat)
            clock = seat_clock(stored, seat) if seat.game_id is not None else None
            review = None
            if over and live is not None and live.record.outcome in FINISHED:
                review = review_url(lang, live.record.id)
            moves, home = known.progress.get(seat.seat, (0, 0))
            if live is not None:
                moves, home = len(live.game.moves), game_score(live.game, CARDS_HOME)
            seats.append(
                SeatInfo(
                    seat.seat,
                    seat.nickname,
                    moves=moves,
                    cards_home=home,
                    used_ms=0 if clock is None else clock.used(now, seat.finished_ms),
                    ends_ms=None if clock is None else clock.ends_ms,
                    finish=seat.finish,
                    review=review,
                )
            )
        table = None
        if you is not None and you in lives:
            table = _table(lives[you], duel, lang)
        tables = [_table(lives[s], duel, lang) for s in sorted(lives)] if over else None
        # A single duel is a series of its own; only a longer one is read back.
        series = await self.duels.series(duel.series) if duel.best_of > 1 else [stored]
        rounds = _tally(series, duel.best_of)
        following = await self.duels.rematch_of(duel.id) if over else None
        return DuelAnswer(
            id=duel.id,
            url=duel_url(lang, duel.id),
            game=duel.game,
            options=options_dict(duel.options),
            deal=None if _sealed(duel) else duel.deal,
            view=duel.view,
            clock_ms=duel.clock_ms,
            mode=duel.mode,
            deadline_ms=duel.deadline_ms,
            joinable=not over
            and len(stored.seats) == 1
            and (duel.mode == "live" or stored.seats[0].finish is not None),
            undo=duel.undo,
            kind=duel.kind,
            grade=duel.grade,
            started_ms=duel.started_ms,
            now_ms=now,
            seats=seats,
            you=you,
            table=table,
            tables=tables,
            result=_result(duel.result),
            series=_series_info(rounds, duel, stored.seats),
            split=_split([lives[s] for s in sorted(lives)]) if over and len(lives) == 2 else None,
            next_url=None if following is None else duel_url(lang, following),
            previous_url=None if duel.previous is None else duel_url(lang, duel.previous),
            last_event=known.events,
        )

    # ------------------------------------------------------------------ creating, joining

    async def create(self, player_id: str, body: NewDuel, lang: str) -> DuelAnswer:
        """A new duel with ``player_id`` in seat 0: waiting for an opponent (live), or
        playing at once (in turns)."""
        info, options = chosen(body.game, body.options, None)
        name = nickname(body.nickname)
        duel_id = uuid.uuid4().hex
        terms = DuelRow(
            id=duel_id,
            game=info.id,
            options=options_text(options),
            deal=0,
            view=body.view,
            clock_ms=body.clock_minutes * 60_000,
            mode=body.mode,
            deadline_ms=body.deadline_hours * 3_600_000 if body.mode == "turns" else 0,
            undo=body.undo,
            kind=body.kind,
            grade=None,
            created_ms=0,
            started_ms=None,
            result=None,
            events=0,
            series=duel_id,
            round=1,
            best_of=body.best_of,
            previous=None,
        )
        await self._open(terms, player_id, name)
        return await self.show(player_id, duel_id, lang)

    async def _open(
        self, terms: DuelRow, player_id: str, name: str, played: frozenset[int] = frozenset()
    ) -> None:
        """Store a duel on ``terms`` with a fresh deal of its kind (none of ``played``, as far
        as the pool allows) and ``player_id`` in seat 0 (playing at once in turns);
        :class:`IntegrityError` when another rematch of the same duel was stored first."""
        info = GAMES[terms.game]
        options = info.canonical(options_dict(terms.options))
        if terms.view == "closed":  # sealed deals differ by the duel's id
            deal, grade = await self._sealed_deal(info, options, terms.kind, terms.id)
        else:
            deal, grade = _public_deal(info, options, terms.kind)
            for _ in range(FRESH_TRIES):
                if deal not in played:
                    break
                deal, grade = _public_deal(info, options, terms.kind)
        stamp = now_ms()
        turns = terms.mode == "turns"
        duel = replace_row(
            terms, deal=deal, grade=grade, created_ms=stamp, started_ms=stamp if turns else None
        )
        events: tuple[dict[str, Any], ...] = ({"type": "seat", "seat": 0, "nickname": name},)
        game = None
        if turns:  # the challenger plays first, at once
            game = _seat_record(duel, 0, stamp)
            events += ({"type": "start", "seat": 0, "started_ms": stamp},)
        seat = SeatRow(duel.id, 0, player_id, name, game.id if game else None, stamp, None, None)
        await self.games.add_player(player_id)
        await self.duels.create(duel, seat, events, game)
        self._wake(duel.id)

    async def rematch(self, player_id: str, duel_id: str, lang: str) -> DuelAnswer:
        """The next duel after this decided one, for either of its players: the series' next
        round on a fresh deal (a new series once this one is decided), the asker in seat 0 and
        the free seat kept for the other; asked by both, one duel."""
        stored = await self._settle(await self._stored(duel_id))
        duel = stored.duel
        mine = next((s for s in stored.seats if s.player_id == player_id), None)
        if mine is None:
            raise ApiError(403, "not_in_duel")
        if duel.result is None:
            raise ApiError(409, "duel_in_play")
        if len(stored.seats) < 2:
            raise ApiError(409, "duel_expired")
        found = await self.duels.rematch_of(duel.id)
        if found is None:
            new_id = uuid.uuid4().hex
            series = await self.duels.series(duel.series)
            decided = _tally(series, duel.best_of).decided
            terms = replace_row(
                duel,
                id=new_id,
                result=None,
                events=0,
                series=new_id if decided else duel.series,
                round=1 if decided else duel.round + 1,
                previous=duel.id,
            )
            try:
                played = frozenset(s.duel.deal for s in series)
                await self._open(terms, player_id, mine.nickname, played)
                found = new_id
            except IntegrityError:  # the other player asked at the same moment
                found = await self.duels.rematch_of(duel.id)
                assert found is not None
        try:
            return await self.join(player_id, found, mine.nickname, lang)
        except ApiError as error:
            if error.code != "duel_turn":
                raise
            return await self.show(player_id, found, lang)  # in turn: the other plays first

    async def _sealed_deal(
        self, info: GameInfo, options: Options, kind: str, duel_id: str
    ) -> tuple[int, str | None]:
        """A deal from the secret, graded on a solver as ``kind`` asks; 503 ``no_sealed_deal``
        when none of the candidates is of that kind, ``busy`` when the solvers are."""
        chosen_deal(info, options, kind)  # the same refusals as a new game of this kind
        deals = [sealed_deal(self.secret, duel_id, n, info.last_deal) for n in range(SEALED_TRIES)]
        if kind == ANY:
            return deals[0], None
        pool = load(game_spec(info, options))
        assert pool is not None  # chosen_deal refuses a kind without a pool
        nodes = sealed_budget(pool.nodes, kind)
        found = await self.solvers.run(sealed_job, info.id, dict(options), deals, kind, nodes)
        if found is None:
            raise ApiError(503, "no_sealed_deal", {"kind": kind}, headers={"Retry-After": "1"})
        return found

    async def join(self, player_id: str, duel_id: str, name: str, lang: str) -> DuelAnswer:
        """Take the free seat and start the duel, or in turns one's own game once the
        challenger's has ended (the seat's own player: its answer again)."""
        stored = await self._settle(await self._stored(duel_id))
        if any(s.player_id == player_id for s in stored.seats):
            return await self.show(player_id, duel_id, lang)
        duel = stored.duel
        if duel.result is not None and len(stored.seats) == 1:
            raise ApiError(409, "duel_expired")
        if len(stored.seats) > 1:
            raise ApiError(409, "seat_taken")
        if duel.previous is not None and not await self._played_before(duel, player_id):
            raise ApiError(409, "seat_kept")
        turns = duel.mode == "turns"
        if turns and stored.seats[0].finish is None:
            raise ApiError(409, "duel_turn", {"name": stored.seats[0].nickname})
        shown = nickname(name)
        stamp = now_ms()
        records = {n: _seat_record(duel, n, stamp) for n in ((1,) if turns else (0, 1))}
        seat = SeatRow(duel.id, 1, player_id, shown, None, stamp, None, None)
        await self.games.add_player(player_id)
        start = {"type": "start", "seat": 1} if turns else {"type": "start"}
        events = (
            {"type": "seat", "seat": 1, "nickname": shown},
            start | {"started_ms": stamp},
        )
        if not await self.duels.start(seat, records, stamp, events, started=not turns):
            raise ApiError(409, "seat_taken")
        self._wake(duel.id)
        return await self.show(player_id, duel_id, lang)

    async def _played_before(self, duel: DuelRow, player_id: str) -> bool:
        """Whether ``player_id`` sat in the duel this one is the rematch of."""
        assert duel.previous is not None
        before = await self.duels.get(duel.previous)
        return before is not None and any(s.player_id == player_id for s in before.seats)

    # ------------------------------------------------------------------ playing

    async def act(
        self,
        player_id: str,
        duel_id: str,
        version: int,
        make: ActionMaker,
        *,
        history: bool,
        lang: str,
    ) -> DuelAnswer:
        """Change the asker's game (``history``: an undo, redo or restart, which the duel
        may forbid) and tell the other seat of the progress.

        The duel is taken as this worker knows it, unread: the move's transaction reads the
        events since and is rolled back if they ended the seat (the move is then tried once
        more on the duel read anew, which refuses it); a refusal is made on the duel read
        anew only."""
        known = await self._settled(duel_id, read=False)
        try:
            seat = _playing_seat(known.stored, player_id)
        except ApiError:
            known = await self._settled(duel_id)
            seat = _playing_seat(known.stored, player_id)
        stored = known.stored
        duel = stored.duel
        if history and not duel.undo:
            raise ApiError(403, "undo_off")
        clock = seat_clock(stored, seat)
        assert clock is not None and seat.game_id is not None
        owner = seat_owner(duel.id, seat.seat)
        stamp = 0
        news: list[tuple[int, dict[str, Any]]] = []

        def progress(game: Game) -> Callable[[Connection], object]:
            """The move's progress event, appended in the transaction that saves the move."""
            nonlocal stamp
            stamp, after = now_ms(), known.events
            event = {
                "type": "progress",
                "seat": seat.seat,
                "moves": len(game.moves),
                "cards_home": game_score(game, CARDS_HOME),
                "used_ms": clock.used(stamp),
            }

            def append(conn: Connection) -> None:
                nonlocal news  # the last run is the committed one (a failed group runs again)
                news = append_progress(conn, duel.id, seat.seat, after, stamp, event)

            return append

        self._moving[duel_id] = self._moving.get(duel_id, 0) + 1
        try:
            try:
                live = await self.games.act(
                    owner, seat.game_id, version, make, clock.used(now_ms()), progress
                )
            except ApiError as error:
                again = await self.games.get(owner, seat.game_id)
                error.state = _state_of(again, duel)
                raise
            except SeatEnded:
                self._known.pop(duel_id, None)
                return await self.act(player_id, duel_id, version, make, history=history, lang=lang)
            # The events since the duel was read came with the move: mostly progress alone.
            advanced = all(known.advance(seq, told) for seq, told in news)
        finally:
            self._moved(duel_id)
        if not advanced:
            known = await self._current(duel_id)
        self._wake(duel.id, read=False)  # the streams here find the move in ``known``
        if live.record.outcome == "won":
            await self._end(duel, seat.seat, "won", stamp)
            self._wake(duel.id)
            return await self.show(player_id, duel_id, lang)
        return await self._answer(known, player_id, lang, mine=live)

    async def resign(self, player_id: str, duel_id: str, lang: str) -> DuelAnswer:
        """End the asker's game where it stands (it is then judged as unfinished)."""
        stored = await self._settle(await self._stored(duel_id))
        seat = _playing_seat(stored, player_id)
        await self._end(stored.duel, seat.seat, "resigned", now_ms())
        self._wake(stored.duel.id)
        return await self.show(player_id, duel_id, lang)

    async def _end(self, duel: DuelRow, seat: int, finish: str, at_ms: int) -> None:
        event = {"type": "end", "seat": seat, "finish": finish}
        await self.duels.end_seat(duel.id, seat, finish, at_ms, event)

    async def _settle(self, stored: StoredDuel) -> StoredDuel:
        """End the seats whose time is up, decide a duel whose games both ended; the duel
        as it then stands."""
        duel = stored.duel
        if duel.result is not None:
            return stored
        changed, now = False, now_ms()
        for seat in stored.seats:
            clock = seat_clock(stored, seat) if seat.game_id is not None else None
            if seat.finish is None and clock is not None and clock.ran_out(now):
                assert clock.ends_ms is not None
                await self._end(duel, seat.seat, "time", clock.ends_ms)
                changed = True
        if changed:
            stored = await self._stored(duel.id)
        if _expired(stored, now) or (
            len(stored.seats) == 2 and all(seat.finish is not None for seat in stored.seats)
        ):
            await self._decide(stored)
            stored = await self._stored(duel.id)
            changed = True
        if changed:
            self._wake(duel.id)
        return stored

    async def _decide(self, stored: StoredDuel) -> None:
        """The result, from each seat's stored moves replayed (never from what a browser
        said), stored once."""
        duel = stored.duel
        standings = []
        for seat in stored.seats:
            live = await self._seat_game(duel, seat)
            clock = seat_clock(stored, seat)
            assert clock is not None
            standings.append(standing_of(live.game, clock.used(now_ms(), seat.finished_ms)))
        if len(standings) == 1:  # in turns, nobody played the challenger's deal in time
            winner, reason = None, "expired"
        else:
            decision = decide(standings[0], standings[1])
            winner, reason = decision.winner, decision.reason
        result = {"winner": winner, "reason": reason, "standings": [vars(s) for s in standings]}
        if await self.duels.decide(duel.id, result, now_ms()):
            await self._give_up_unfinished(stored)

    async def _give_up_unfinished(self, stored: StoredDuel) -> None:
        """Mark each decided seat's unfinished game as given up, so that its review opens
        (reviews take finished games only); a game with no move stays as it is."""
        for seat in stored.seats:
            live = await self._seat_game(stored.duel, seat)
            record = live.record
            if record.moves and record.outcome in ("in_play", "lost"):
                owner = seat_owner(stored.duel.id, seat.seat)
                with contextlib.suppress(ApiError):  # changed meanwhile: nothing to give up
                    await self.games.abandon(owner, record.id, record.version)

    # ------------------------------------------------------------------ watching

    def _wake(self, duel_id: str, *, read: bool = True) -> None:
        """Wake the duel's streams here; without ``read``, to find what is new in what this
        worker knows of the duel (a move's progress, taken in)."""
        for watch in self._watchers.get(duel_id, ()):
            watch.read = watch.read or read
            watch.news.set()

    async def watch(self) -> None:
        """Bring the streams here what other workers wrote (until cancelled): on SQLite by
        one read each :data:`POLL_S` of the events written since; on PostgreSQL as its
        notices tell, and by one read of every watched duel's event count each
        :data:`HEARD_POLL_S` (:data:`POLL_S` while no notices come) for what no notice said."""
        try:
            await asyncio.gather(
                listen(self.duels.store, self._heard, self.listening), self._poll()
            )
        finally:
            if self._reading is not None:
                self._reading.cancel()

    def _heard(self, payload: str) -> None:
        """A notice: the event is read for the duel's streams here (with the other events
        notices told of meanwhile, :meth:`_read_told`), unless they have it already or this
        worker knows it (whenever what it knows grows, it wakes them). While a move of the
        duel is being stored here, the notice may be the move's own, come back before the
        move's answer: it waits for the move (:meth:`_moved`)."""
        duel_id, seq = heard(payload)
        known = self._known.get(duel_id)
        if seq is not None and (known is not None and known.events >= seq):
            return  # known here already, and the streams were woken when it became known
        if seq is not None and self._counts.get(duel_id, 0) >= seq:
            return
        if seq is not None and self._moving.get(duel_id):
            self._deferred[duel_id] = max(seq, self._deferred.get(duel_id, 0))
            return
        if seq is None or duel_id not in self._watchers:
            self._wake(duel_id)
            return
        self._told.add(duel_id)
        if self._reading is None:
            self._reading = asyncio.get_running_loop().create_task(self._read_told())

    def _moved(self, duel_id: str) -> None:
        """A move of the duel stored here, or refused: the notices that waited for it wake the
        streams now, unless what this worker knows holds their events (then the move's own
        wake-up without a read serves them)."""
        left = self._moving.pop(duel_id, 1) - 1
        if left:
            self._moving[duel_id] = left
            return
        seq = self._deferred.pop(duel_id, None)
        known = self._known.get(duel_id)
        if seq is not None and (known is None or known.events < seq):
            self._wake(duel_id)

    async def _poll(self) -> None:
        if not can_listen(self.duels.store):
            return await self._poll_logged()
        while True:
            await asyncio.sleep(HEARD_POLL_S if self.listening.is_set() else POLL_S)
            watched = list(self._watchers)
            if not watched:
                continue
            try:
                counts = await self.duels.event_counts(watched)
            except StoreUnavailable:
                continue  # the streams read again when the database is back
            for duel_id, count in counts.items():
                if duel_id in self._watchers and count > self._heard_up_to(duel_id):
                    self._counts[duel_id] = count
                    self._wake(duel_id)

    async def _poll_logged(self) -> None:
        """SQLite, one worker of several: each :data:`POLL_S`, one read of the events written
        since the last, which the streams here take from memory (what this worker knows of a
        duel takes in its progress too); every stream of every duel for one read."""
        while True:
            wanted = {duel_id: self._heard_up_to(duel_id) for duel_id in self._watchers}
            try:
                self._logged, news = await self.duels.logged_since(self._logged, wanted)
            except StoreUnavailable:
                news = []  # the streams read again when the database is back
            self._offer(news)
            await asyncio.sleep(POLL_S)

    def _offer(self, news: list[tuple[str, int, dict[str, Any]]]) -> None:
        """Events another worker wrote, read once for every stream here: offered to the
        streams of their duels (and taken in by what this worker knows of the duel)."""
        told: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for duel_id, seq, event in news:
            told.setdefault(duel_id, []).append((seq, event))
        for duel_id, events in told.items():
            known = self._known.get(duel_id)
            if known is not None:  # what it knows was told to the streams when it came
                events = [(seq, event) for seq, event in events if seq > known.events]
                for seq, event in events:
                    if not known.advance(seq, event):
                        break
            for watch in self._watchers.get(duel_id, ()) if events else ():
                watch.offered.extend(events)
                watch.news.set()

    async def _read_told(self) -> None:
        """Read the events the notices told of, for every stream here at once: the notices
        that come while a read runs wait for the next."""
        try:
            while self._told:
                told, self._told = self._told, set()
                wanted = {d: self._heard_up_to(d) for d in told if d in self._watchers}
                if not wanted:
                    continue
                try:
                    self._offer(await self.duels.events_since(wanted))
                except StoreUnavailable:
                    for duel_id in wanted:  # the streams read again when the database is back
                        self._wake(duel_id)
        finally:
            self._reading = None

    def _heard_up_to(self, duel_id: str) -> int:
        """The number of the duel's last event its streams here were told of or will take
        from what this worker knows."""
        known = self._known.get(duel_id)
        return max(self._counts.get(duel_id, 0), 0 if known is None else known.events)

    async def stream(self, duel_id: str, after: int) -> AsyncIterator[str]:
        """Server-sent events of the duel from number ``after`` on (:class:`ApiError` before
        they begin if there is no such duel)."""
        return self._events(duel_id, after, await self._settle(await self._stored(duel_id)))

    async def _events(self, duel_id: str, after: int, stored: StoredDuel) -> AsyncIterator[str]:
        """The events of :meth:`stream`, read when this worker's changes or :meth:`watch` wake
        the stream (and at least every :data:`HEARTBEAT_S`), or taken from what this worker
        knows of the duel when its own move woke it; the duel itself is read again only when
        its seats changed or a clock ran out. A seat whose clock runs out is ended here too,
        when it runs out, so watchers see it without anyone moving."""
        watch = Watch()
        watchers = self._watchers.setdefault(duel_id, set())
        watchers.add(watch)
        loop = asyncio.get_running_loop()
        began = last_said = loop.time()
        stale = False
        try:
            while loop.time() - began < STREAM_S:
                watch.news.clear()
                if stale or _until_time_up(stored, now_ms()) <= 0:  # seats or clocks changed
                    stored, stale = await self._settle(await self._stored(duel_id)), False
                    watch.read = True  # the row may be ahead of what this worker knows
                known = self._known.get(duel_id)
                events = None if watch.read else events_at_hand(known, watch.offered, after)
                watch.read = False
                watch.offered.clear()
                if events is None:
                    events = await self.duels.events(duel_id, after)
                for seq, event in events:
                    after = seq
                    last_said = loop.time()
                    yield f"id: {seq}\nevent: duel\ndata: {json.dumps(event)}\n\n"
                    if event["type"] == "result":
                        return
                    stale = stale or event["type"] in ("seat", "start", "end")
                self._counts[duel_id] = max(self._counts.get(duel_id, 0), after)
                if stored.duel.result is not None and not events:
                    return  # decided before this stream's first event: nothing more comes
                if stale:
                    continue
                if loop.time() - last_said > HEARTBEAT_S:
                    last_said = loop.time()
                    yield ": still here\n\n"
                left = STREAM_S - (loop.time() - began)
                wait = min(HEARTBEAT_S, left, _until_time_up(stored, now_ms()) / 1000)
                try:
                    async with asyncio.timeout(max(wait, 0.01)):  # no task a wait, as wait_for
                        await watch.news.wait()
                except TimeoutError:
                    watch.read = True
        finally:
            watchers.discard(watch)
            if not watchers:
                self._watchers.pop(duel_id, None)
                self._counts.pop(duel_id, None)


def events_at_hand(
    known: Known | None, offered: list[tuple[int, dict[str, Any]]], after: int
) -> list[tuple[int, dict[str, Any]]] | None:
    """The events after number ``after`` from what this worker knows of the duel and the
    events offered to a stream, or None where they leave a gap (the stream then reads).

    >>> progress = {"type": "progress"}
    >>> events_at_hand(None, [(5, progress), (6, progress)], 4)
    [(5, {'type': 'progress'}), (6, {'type': 'progress'})]
    >>> events_at_hand(None, [(6, progress)], 4) is None
    True
    >>> events_at_hand(None, [], 4)
    []
    """
    have = {seq: event for seq, event in offered if seq > after}
    newest = max(have, default=after)
    if known is not None:
        newest = max(newest, known.events)
        have.update((seq, event) for seq, event in known.recent if seq > after)
    events: list[tuple[int, dict[str, Any]]] = []
    while after + len(events) < newest:
        seq = after + len(events) + 1
        if seq not in have:
            return None
        events.append((seq, have[seq]))
    return events


def _playing_seat(stored: StoredDuel, player_id: str) -> SeatRow:
    """The asker's seat, started and not ended; :class:`ApiError` otherwise."""
    seat = next((s for s in stored.seats if s.player_id == player_id), None)
    if seat is None:
        raise ApiError(403, "not_in_duel")
    if stored.duel.started_ms is None:
        raise ApiError(409, "duel_waiting")
    if seat.finish is not None:
        raise ApiError(409, "seat_over", {"finish": seat.finish})
    return seat


def _seat_record(duel: DuelRow, seat: int, stamp: int) -> GameRecord:
    owner = seat_owner(duel.id, seat)
    return unplayed(uuid.uuid4().hex, owner, duel.game, duel.options, duel.deal, stamp)


def _tally(duels: Sequence[StoredDuel], best_of: int) -> Tally:
    """The series of ``duels`` so far: each decided round's winner by player."""
    winners = []
    for stored in duels:
        result = stored.duel.result
        if result is None or result["reason"] == "expired":
            continue
        winner = result["winner"]
        winners.append(None if winner is None else stored.seats[winner].player_id)
    return tally(best_of, winners)


def _split(lives: Sequence[Live]) -> SplitInfo | None:
    """Where the seats' games went apart, with each one's move there."""
    games = [live.game for live in lives]
    move = split_at(*(game.moves for game in games))
    if move is None:
        return None
    texts = [game.moves_text() for game in games]
    return SplitInfo(move, [t[move - 1] if move <= len(t) else None for t in texts])


def _series_info(rounds: Tally, duel: DuelRow, seats: Sequence[SeatRow]) -> SeriesInfo:
    """The series as this duel's seats see it (wins and winner by seat)."""
    players = [seat.player_id for seat in seats]
    return SeriesInfo(
        best_of=duel.best_of,
        round=duel.round,
        wins=[rounds.wins.get(player, 0) for player in players],
        decided=rounds.decided,
        winner=players.index(rounds.winner) if rounds.winner in players else None,
    )


def _public_deal(info: GameInfo, options: Options, kind: str) -> tuple[int, str | None]:
    """An open duel's deal: from the pool of ``kind`` (or any), with its grade there."""
    deal = chosen_deal(info, options, kind)
    if deal is None:
        deal = random_game(info, options).deal
    pool = load(game_spec(info, options))
    return deal, None if pool is None else pool.grade_of(deal)


def _sealed(duel: DuelRow) -> bool:
    """Whether the duel's deal is still sealed: a closed duel not yet decided."""
    return duel.view == "closed" and duel.result is None


def _table(live: Live, duel: DuelRow, lang: str) -> State:
    """A seat's game as the duel shows it: every card open (a closed duel: what the player may
    see, and neither the deal's number nor an outcome drawn from unseen cards until the duel
    is over), its url the duel's page."""
    sealed = _sealed(duel)
    return shown_table(live, duel_url(lang, duel.id), every_card=not sealed, sealed=sealed)


def _state_of(live: Live, duel: DuelRow) -> Callable[[str], State]:
    def state(lang: str) -> State:
        return _table(live, duel, lang)

    return state


def _result(stored: dict[str, object] | None) -> DuelResult | None:
    if stored is None:
        return None
    standings = stored["standings"]
    assert isinstance(standings, list)
    winner = stored["winner"]
    return DuelResult(
        winner=winner if isinstance(winner, int) else None,
        reason=str(stored["reason"]),
        standings=[StandingInfo(**s) for s in standings],
    )


def _looks_like_id(duel_id: str) -> bool:
    return len(duel_id) == 32 and all(c in "0123456789abcdef" for c in duel_id)
