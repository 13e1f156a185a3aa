"""Games being played: create, load, act, with one lock per game and a cache of live games.

The database is the truth. A live :class:`Game` is cached per worker keyed by (id, version);
a miss replays the stored moves. A change is committed with ``UPDATE … WHERE version = v``
before it is acknowledged; when that fails (another worker moved first) the cache entry is
dropped and the client is told its version is stale. A rejected request changes nothing.
"""

from __future__ import annotations

import asyncio
import secrets
import uuid
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from msgspec.structs import replace

from patience.engine.errors import IllegalMove, NotationError
from patience.engine.game import Game
from patience.games import get_game
from patience.games.registry import BadOption, UnknownGame
from patience.notation import move_text, parse_move
from patience.store.records import GameRecord, options_dict, options_text
from patience.store.repository import Store, now_ms, updated
from patience.web.errors import ApiError
from patience.web.state import table_state, uncovered
from patience.web.wire import Last, State

MAX_RANDOM_DEAL = 1_000_000
"""New random deals are drawn from 1 to this (FreeCell's classic range)."""


@dataclass
class Live:
    """A stored game rebuilt in memory."""

    record: GameRecord
    game: Game
    _state: State | None = None

    def state(self, lang: str, url: str) -> State:
        if self._state is None:
            self._state = replace(
                table_state(
                    self.game,
                    game_row_id=self.record.id,
                    version=self.record.version,
                    elapsed_ms=self.record.elapsed_ms,
                ),
                last=self._last(),
            )
        return replace(self._state, url=url)

    def _last(self) -> Last | None:
        """The move that led to the current position and the cards it revealed."""
        positions = self.game.positions
        if len(positions) < 2:
            return None
        revealed = uncovered(self.game.engine, positions[-2], positions[-1])
        return Last(self.record.moves[self.record.cursor - 1], revealed)


class Broken(Exception):
    """A stored game whose moves no longer replay."""


def rebuild(record: GameRecord) -> Live:
    """Replay a stored game; :class:`Broken` if it does not replay."""
    try:
        game = Game(get_game(record.game), options_dict(record.options), record.deal)
        game.replay(record.moves)
        if not 0 <= record.cursor <= len(record.moves):
            raise ValueError(f"cursor {record.cursor} outside the move list")
        for _ in range(len(record.moves) - record.cursor):
            game.undo()
    except Exception as error:  # whatever the stored data makes the engine do, never crash-loop
        raise Broken(f"{type(error).__name__}: {error}") from error
    return Live(record, game)


Action = Callable[[Game], tuple[tuple[str, ...], int]]
"""Changes a game and returns its new move line and cursor; raises IllegalMove."""


def play_action(text: str, line: tuple[str, ...], cursor: int) -> Action:
    def act(game: Game) -> tuple[tuple[str, ...], int]:
        before = game.position
        try:
            move = parse_move(game.engine, before, text)
        except NotationError as error:
            raise IllegalMove("notation", str(error), move=text) from None
        game.play(move)
        return (*line[:cursor], move_text(game.engine, before, move)), cursor + 1

    return act


def undo_action(line: tuple[str, ...], cursor: int) -> Action:
    def act(game: Game) -> tuple[tuple[str, ...], int]:
        game.undo()
        return line, cursor - 1

    return act


def redo_action(line: tuple[str, ...], cursor: int) -> Action:
    def act(game: Game) -> tuple[tuple[str, ...], int]:
        game.redo()
        return line, cursor + 1

    return act


def restart_action(line: tuple[str, ...], cursor: int) -> Action:
    def act(game: Game) -> tuple[tuple[str, ...], int]:
        game.restart()
        return line, 0

    return act


ACTIONS = {"undo": undo_action, "redo": redo_action, "restart": restart_action}


class Games:
    """Every game this worker touches: per-game locks, the live cache and the store."""

    def __init__(self, store: Store, cache_size: int = 512) -> None:
        """``cache_size`` live games are kept (each holds its positions: ~1-2 KB per move)."""
        self.store = store
        self.cache_size = cache_size
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._known_players: OrderedDict[str, None] = OrderedDict()
        """Players this worker has seen stored (so their row is not looked up per game)."""

    def lock(self, game_id: str) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def _remember(self, live: Live) -> None:
        self._cache[live.record.id] = live
        self._cache.move_to_end(live.record.id)
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    def forget(self, game_id: str) -> None:
        self._cache.pop(game_id, None)

    # ------------------------------------------------------------------ loading

    async def _load(self, game_id: str) -> Live:
        """The stored game, from the cache when its version is current."""
        record = await self.store.get(game_id) if _looks_like_id(game_id) else None
        if record is None:
            raise ApiError(404, "no_such_game", "There is no game with this id.", {"id": game_id})
        cached = self._cache.get(game_id)
        if cached is not None and cached.record == record:
            return cached
        if record.outcome == "broken":
            raise _broken(record.broken or "")
        try:
            live = rebuild(record)
        except Broken as error:
            await self.store.mark_broken(game_id, str(error))
            self.forget(game_id)
            raise _broken(str(error)) from None
        self._remember(live)
        return live

    async def get(self, player_id: str, game_id: str) -> Live:
        async with self.lock(game_id):
            live = await self._load(game_id)
        _check_owner(live, player_id)
        return live

    async def create(
        self, player_id: str, game_id: str, options: dict[str, str], deal: int | None
    ) -> Live:
        """Start a deal (a random one when ``deal`` is None) and store it."""
        try:
            info = get_game(game_id)
            canonical = info.canonical(options)
        except UnknownGame:
            raise ApiError(404, "unknown_game", f"There is no game {game_id!r}.") from None
        except BadOption as error:
            raise ApiError(400, "bad_option", str(error)) from None
        if deal is None:
            deal = secrets.randbelow(MAX_RANDOM_DEAL) + 1
        game = Game(info, dict(canonical), deal)
        stamp = now_ms()
        record = GameRecord(
            id=uuid.uuid4().hex,
            player_id=player_id,
            game=info.id,
            options=options_text(canonical),
            deal=deal,
            moves=(),
            cursor=0,
            version=0,
            elapsed_ms=0,
            outcome=game.outcome().value,
            won_ms=None,
            won_moves=None,
            broken=None,
            created_ms=stamp,
            updated_ms=stamp,
        )
        if player_id not in self._known_players:
            await self.store.add_player(player_id)
            self._known_players[player_id] = None
            while len(self._known_players) > self.cache_size:
                self._known_players.popitem(last=False)
        await self.store.insert(record)
        live = Live(record, game)
        self._remember(live)
        return live

    async def resume_or_start(
        self, player_id: str, game_id: str, options: dict[str, str], deal: int | None
    ) -> Live:
        """The player's open game of (game, options[, deal]), or a new one."""
        try:
            canonical = options_text(get_game(game_id).canonical(options))
        except UnknownGame:
            raise ApiError(404, "unknown_game", f"There is no game {game_id!r}.") from None
        except BadOption as error:
            raise ApiError(400, "bad_option", str(error)) from None
        record = await self.store.current(player_id, game_id, canonical, deal)
        if record is not None:
            try:
                return await self.get(player_id, record.id)
            except ApiError as error:
                if error.code != "broken_game":
                    raise
        return await self.create(player_id, game_id, options, deal)

    # ------------------------------------------------------------------ changing

    async def act(
        self,
        player_id: str,
        game_id: str,
        version: int,
        make: Callable[[tuple[str, ...], int], Action],
        elapsed_ms: int | None,
        lang: str,
        url: Callable[[Live], str],
        message: Callable[[IllegalMove], str],
    ) -> Live:
        """Apply one change to a stored game and commit it; :class:`ApiError` if rejected."""
        async with self.lock(game_id):
            live = self._cache.get(game_id)  # trusted only at the client's version: the
            if live is None or live.record.version != version:  # UPDATE below checks it
                live = await self._load(game_id)
            _check_owner(live, player_id)
            record = live.record
            if version != record.version:
                raise _stale(live, lang, url(live))
            try:
                line, cursor = make(record.moves, record.cursor)(live.game)
            except IllegalMove as error:
                raise ApiError(
                    422, error.code, message(error), error.params, live.state(lang, url(live))
                ) from None
            outcome = live.game.outcome().value
            elapsed = record.elapsed_ms if elapsed_ms is None else elapsed_ms
            first_win = outcome == "won" and record.won_ms is None
            new = updated(
                record,
                moves=line,
                cursor=cursor,
                outcome=outcome,
                elapsed_ms=elapsed,
                won_ms=elapsed if first_win else record.won_ms,
                won_moves=cursor if first_win else record.won_moves,
            )
            self.forget(game_id)  # the cached game is ahead of the store until the commit
            if not await self.store.save(new, record.version):  # another worker moved first
                fresh = await self._load(game_id)
                raise _stale(fresh, lang, url(fresh))
            live = Live(new, live.game)
            self._remember(live)
            return live


def _looks_like_id(game_id: str) -> bool:
    return len(game_id) == 32 and all(c in "0123456789abcdef" for c in game_id)


def _check_owner(live: Live, player_id: str) -> None:
    if live.record.player_id != player_id:
        raise ApiError(403, "not_your_game", "This game belongs to another player.")


def _stale(live: Live, lang: str, url: str) -> ApiError:
    return ApiError(
        409,
        "stale",
        "The game has changed since; here is its current state.",
        {"version": str(live.record.version)},
        live.state(lang, url),
    )


def _broken(reason: str) -> ApiError:
    return ApiError(
        410,
        "broken_game",
        "This game's stored moves no longer replay, so it cannot go on. Please start a new deal.",
        {"reason": reason},
    )
