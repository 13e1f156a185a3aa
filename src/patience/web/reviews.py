"""Reviews of finished games for the web: started on a solver process when first asked for,
their findings read back from the database by any worker, as they come.

Only a finished game (won, lost or given up) is reviewed: a review shows every position and
the solver's verdicts, which see every card, so it would tell the player of a game in play
what they cannot see. Anyone with the link may read a review; only its player plays on.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, replace

import msgspec

from patience.daily.calendar import day_of
from patience.engine.game import Game
from patience.notation import record_text
from patience.store.dailies import DailyStore, is_entry_owner
from patience.store.duels import DuelStore, is_seat_owner
from patience.store.records import GameRecord, options_dict
from patience.store.repository import Store, now_ms
from patience.store.reviews import STALE_MS, ReviewRow, Reviews
from patience.views import hidden_view
from patience.web.errors import ApiError
from patience.web.service import rebuild
from patience.web.solver_jobs import count_job, line_job, review_job
from patience.web.solver_pool import Busy, SolverPool
from patience.web.state import game_url, table_piles
from patience.web.wire import CountAnswer, LineAnswer, Pile, ReviewAnswer

logger = logging.getLogger(__name__)

FINISHED = ("won", "lost", "abandoned")


def review_url(lang: str, game_id: str) -> str:
    """The review page of a finished game."""
    return f"/{lang}/review/{game_id}"


POLL_S = 0.2
"""How often a stream of findings looks for new ones."""

STREAM_S = 60.0
"""A stream ends after this long (the browser reconnects where it left off)."""


@dataclass(frozen=True)
class Reviewed:
    """What a review shows that never changes for a version of a game."""

    record: GameRecord
    game: Game
    moves: tuple[str, ...]
    positions: list[list[Pile]]
    every_card_known: bool
    sealed: bool = False
    """A daily deal whose day lasts: its number stays unsaid."""


def _reviewed(record: GameRecord) -> Reviewed:
    game = rebuild(record).game
    engine = game.engine
    views = [hidden_view(engine, position) for position in game.positions]
    every_card_known = any(None in pile.cards for pile in views[0].piles)
    moves = record.moves[: record.cursor]
    return Reviewed(record, game, moves, [table_piles(v) for v in views], every_card_known)


class ReviewDesk:
    """Opens reviews, starts their jobs, and reads their findings."""

    def __init__(
        self,
        store: Store,
        solvers: SolverPool,
        cache_size: int = 64,
        clock: Callable[[], int] = now_ms,
    ) -> None:
        """``clock``: the server's (milliseconds), which says when a daily deal's day is over."""
        self.store = store
        self.clock = clock
        self.reviews = Reviews(store)
        self.solvers = solvers
        self.url = store.engine.url.render_as_string(hide_password=False)
        self._cache: OrderedDict[tuple[str, int], Reviewed] = OrderedDict()
        self.cache_size = cache_size
        self._watching: set[asyncio.Task[None]] = set()

    async def finished(self, game_id: str, viewer: str | None) -> Reviewed:
        """The finished game ``game_id`` as ``viewer`` (a player id, None for a visitor) may
        see it; :class:`ApiError` when there is none, or it is still being played."""
        valid = len(game_id) == 32 and all(c in "0123456789abcdef" for c in game_id)
        record = await self.store.get(game_id) if valid else None
        if record is None:
            raise ApiError(404, "no_such_game", {"id": game_id[:40]})
        if record.outcome not in FINISHED:
            raise ApiError(409, "review_in_play", {"outcome": record.outcome})
        if is_seat_owner(record.player_id) and not await self._duel_over(record.id):
            raise ApiError(409, "duel_in_play")
        sealed = is_entry_owner(record.player_id) and await self._daily_sealed(record.id, viewer)
        key = (record.id, record.version)
        found = self._cache.get(key)
        if found is None:
            found = await asyncio.to_thread(_reviewed, record)
            self._cache[key] = found
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        self._cache.move_to_end(key)
        return replace(found, sealed=True) if sealed else found

    async def _duel_over(self, game_id: str) -> bool:
        """Whether the duel a seat's game belongs to has a result: until then a review
        would show one seat a winning line of the deal the other still plays."""
        duels = DuelStore(self.store)
        duel_id = await duels.duel_of_game(game_id)
        stored = await duels.get(duel_id) if duel_id is not None else None
        return stored is not None and stored.duel.result is not None

    async def _daily_sealed(self, game_id: str, viewer: str | None) -> bool:
        """Whether a daily attempt's game is on a deal whose day lasts (its review then opens
        only to a player whose own ranked attempt at that board has ended: 409
        ``daily_in_play`` for anyone else, whom a replay would show the deal)."""
        dailies = DailyStore(self.store)
        entry = await dailies.entry_of_game(game_id)
        if entry is None or entry.day < day_of(self.clock()):
            return False
        attempts = [] if viewer is None else await dailies.attempts(entry.day, entry.game, viewer)
        if not (attempts and attempts[0].ranked and attempts[0].ended):
            raise ApiError(409, "daily_in_play")
        return True

    async def open(self, game_id: str, lang: str, viewer: str | None) -> ReviewAnswer:
        """The review so far, started on a solver if nobody works on it."""
        reviewed = await self.finished(game_id, viewer)
        record = reviewed.record
        state = await self._ensure(record)
        events = await self.reviews.events(record.id)
        game = reviewed.game
        sealed = reviewed.sealed
        return ReviewAnswer(
            id=record.id,
            game=record.game,
            options=dict(game.options),
            deal=None if sealed else record.deal,
            outcome=record.outcome,
            url=None if sealed else game_url(lang, game.info.id, game.options, game.deal),
            record=None if sealed else record_text(game.save()),
            moves=list(reviewed.moves),
            positions=reviewed.positions,
            every_card_known=reviewed.every_card_known,
            state=state,
            retry_after=Busy().retry_after if state == "busy" else None,
            events=[msgspec.Raw(event.encode()) for _, event in events],
            seen=events[-1][0] if events else 0,
            sealed=sealed,
        )

    async def begin(self, game_id: str) -> str:
        """Start the review of a finished game unless one is at work or done (the server's
        own wish, not a reader's: no viewer's rights are asked); the review's state."""
        record = await self.store.get(game_id)
        if record is None or record.outcome not in FINISHED:
            return "failed"
        return await self._ensure(record)

    async def _ensure(self, record: GameRecord) -> str:
        """The review's state, after starting a job for it when there is none at work."""
        row = await self.reviews.get(record.id)
        if row is not None and row.version == record.version and _settled(row):
            return row.state
        if not self.solvers.has_room(long=True):
            return "busy"
        token = await self.reviews.claim(record.id, record.version, row)
        if token is None:
            return "running"  # another request, here or on another worker, was first
        moves = record.moves[: record.cursor]
        options = options_dict(record.options)
        args = (self.url, record.id, token, record.game, options, record.deal, moves)
        try:
            future = self.solvers.submit(review_job, *args, long=True)
        except Busy:
            await self.reviews.release(record.id, token)
            return "busy"
        self._watch(record.id, token, future)
        return "running"

    def _watch(self, game_id: str, token: str, future: Future[bool]) -> None:
        async def watch() -> None:
            try:
                await asyncio.wrap_future(future)
            except Exception:
                logger.exception("the review of game %s failed", game_id)
                await self.reviews.fail(game_id, token)

        task = asyncio.create_task(watch())
        self._watching.add(task)
        task.add_done_callback(self._watching.discard)

    async def stream(self, game_id: str, after: int) -> AsyncIterator[bytes]:
        """Server-sent events: each finding numbered above ``after`` as it is written, then
        an ``end`` event with the review's state once it stops (done, failed, or stalled)."""
        ends = time.monotonic() + STREAM_S
        while time.monotonic() < ends:
            row = await self.reviews.get(game_id)
            for seq, event in await self.reviews.events(game_id, after):
                yield f"id: {seq}\ndata: {event}\n\n".encode()
                after = seq
            if row is None or _stopped(row, after):
                state = "failed" if row is None or row.state == "running" else row.state
                yield f"event: end\ndata: {json.dumps(state)}\n\n".encode()
                return
            await asyncio.sleep(POLL_S)

    async def line(self, game_id: str, index: int, viewer: str | None) -> LineAnswer:
        """A winning line from position ``index`` of the game (a short solver job)."""
        reviewed = await self.finished(game_id, viewer)
        moves = _moves_to(reviewed, index)
        record = reviewed.record
        args = (self.url, record.game, options_dict(record.options), record.deal, moves)
        found = await self.solvers.run(line_job, *args)
        return LineAnswer(index, None, []) if found is None else LineAnswer(index, *found)

    async def count(self, game_id: str, index: int, viewer: str | None) -> CountAnswer:
        """The winning moves at position ``index`` (a long solver job: every move judged)."""
        reviewed = await self.finished(game_id, viewer)
        moves = _moves_to(reviewed, index)
        record = reviewed.record
        args = (self.url, record.game, options_dict(record.options), record.deal, moves)
        found = await self.solvers.run(count_job, *args, long=True)
        return CountAnswer(index, **found)  # type: ignore[arg-type]

    async def losing_moves(self, game_ids: Sequence[str]) -> dict[str, tuple[int, str]]:
        """The losing move (number, text) of each of ``game_ids`` whose review found one."""
        return await self.reviews.losing_moves(game_ids)

    async def close(self) -> None:
        for task in list(self._watching):
            task.cancel()


def _settled(row: ReviewRow) -> bool:
    """Whether a review needs no new job: it is done, or its job (or the failure it ended
    in) is recent."""
    return row.state == "done" or now_ms() - row.updated_ms < STALE_MS


def _stopped(row: ReviewRow, seen: int) -> bool:
    """Whether no finding will follow the ``seen`` ones: the review ended, or its job
    stopped writing (the next open of the review starts it anew)."""
    if row.state != "running":
        return seen >= row.events
    return now_ms() - row.updated_ms >= STALE_MS


def _moves_to(reviewed: Reviewed, index: int) -> tuple[str, ...]:
    if not 0 <= index <= len(reviewed.moves):
        raise ApiError(404, "no_such_position", {"index": str(index)})
    return reviewed.moves[:index]
