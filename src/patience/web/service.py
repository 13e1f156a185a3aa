"""Games being played: show, create, load, act, with one lock per game and a cache of live games.

The database is the truth. A live :class:`Game` is cached per worker keyed by (id, version);
a miss replays the stored moves. A change is committed with ``UPDATE … WHERE version = v``
before it is acknowledged; when that fails (another worker moved first) the cache entry is
dropped and the client is told its version is stale. A rejected request changes nothing.

Showing a deal stores nothing: a game (and its player) is stored on the player's first
change to it, a POST, so page visits and crawlers never write.
"""

from __future__ import annotations

import asyncio
import secrets
import uuid
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from dataclasses import replace as replace_record

from msgspec.structs import replace
from sqlalchemy.engine import Connection

from patience.deal import BadDeal
from patience.engine.core import Outcome
from patience.engine.errors import IllegalMove, NotationError
from patience.engine.game import Game
from patience.engine.position import Position
from patience.games import get_game
from patience.games.registry import BadOption, GameInfo, Options, UnknownGame
from patience.notation import parse_move, texts_among
from patience.scoring import Running
from patience.store.records import GameRecord, options_dict, options_text
from patience.store.repository import Store, now_ms, updated
from patience.views import View, hidden_view
from patience.web.errors import ApiError
from patience.web.messages import illegal_message
from patience.web.state import game_url, table_state, uncovered
from patience.web.wire import Last, State

MAX_RANDOM_DEAL = 1_000_000
"""New random deals are drawn from 1 to this (FreeCell's classic range)."""

RANDOM_DRAWS = 100
"""Random deals lost before the first move are drawn again, at most this many times (about
1% of the deals of the worst game are: a hundred draws in a row never all fail)."""

UNSAVED = ""
"""The id of a game shown but not stored yet."""


@dataclass
class Live:
    """A game rebuilt in memory: a stored one, or a deal's start not stored yet."""

    record: GameRecord
    game: Game
    _state: State | None = None
    _views: tuple[tuple[Position, View], ...] = ()
    """The hidden views of the last positions shown, by identity: the game's next answer
    after a move needs the one before it again."""
    running: Running = field(default_factory=Running)
    """The game's ``standard`` points so far, kept between its answers."""

    def stored_as(self, record: GameRecord) -> Live:
        """The same game under its new stored record (the views and points so far kept)."""
        return Live(record, self.game, _views=self._views, running=self.running)

    def _view(self, pos: Position) -> View:
        """The hidden view of ``pos``, made once however many answers need it."""
        for seen, view in self._views:
            if seen is pos:
                return view
        view = hidden_view(self.game.engine, pos)
        self._views = (*self._views[-1:], (pos, view))
        return view

    def state(self, lang: str) -> State:
        """The State the browser sees, its url in ``lang``."""
        if self._state is None:
            view = self._view(self.game.position)
            self._state = replace(
                table_state(
                    self.game,
                    view,
                    game_row_id=self.record.id or None,
                    version=self.record.version,
                    elapsed_ms=self.record.elapsed_ms,
                    running=self.running,
                ),
                last=self._last(view),
            )
        game = self.game
        return replace(self._state, url=game_url(lang, game.info.id, game.options, game.deal))

    def _last(self, view: View) -> Last | None:
        """The move that led to the current position and the cards it revealed (``view``: the
        current position's hidden view)."""
        positions = self.game.positions
        if len(positions) < 2:
            return None
        revealed = uncovered(self._view(positions[-2]), view)
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


def chosen(game_id: str, options: dict[str, str], deal: int | None) -> tuple[GameInfo, Options]:
    """The game and its canonical options; :class:`ApiError` for a game, option or deal
    number that does not exist."""
    try:
        info = get_game(game_id)
        canonical = info.canonical(options)
        if deal is not None:
            info.check_deal(deal)
    except UnknownGame:
        raise ApiError(404, "unknown_game", {"game": game_id}) from None
    except BadOption as error:
        params = {"game": error.game, "option": error.option, "value": error.value}
        if error.choices:
            raise ApiError(
                400, "bad_option", params | {"choices": ", ".join(error.choices)}
            ) from None
        known = {"options": ", ".join(error.known)}
        raise ApiError(400, "bad_option", params | known, text="unknown_option") from None
    except BadDeal:
        params = {"game": info.id, "deal": str(deal), "last": str(info.last_deal)}
        raise ApiError(400, "bad_deal", params) from None
    return info, canonical


def random_game(info: GameInfo, options: Options) -> Game:
    """A random deal of the game that is not lost before its first move."""
    for _ in range(RANDOM_DRAWS):
        game = Game(info, dict(options), secrets.randbelow(MAX_RANDOM_DEAL) + 1)
        if game.outcome() is not Outcome.LOST:
            return game
    return game


Action = Callable[[Game], tuple[tuple[str, ...], int]]
"""Changes a game and returns its new move line and cursor; raises IllegalMove."""

ActionMaker = Callable[[tuple[str, ...], int], Action]
"""Makes the action to apply from the stored move line and cursor."""

Also = Callable[[Game], Callable[[Connection], object]]
"""Given the changed game, a write to commit in the same transaction as its save."""


def play_action(text: str, line: tuple[str, ...], cursor: int) -> Action:
    def act(game: Game) -> tuple[tuple[str, ...], int]:
        known = game.choices()  # of the position before the move
        try:
            move = parse_move(
                game.engine, known.pos, text, legal=known.legal, canonical=known.search
            )
        except NotationError as error:
            raise IllegalMove("notation", str(error), move=text) from None
        game.play(move)
        text_played = texts_among(game.engine, known.legal, known.search, [move])[0]
        return (*line[:cursor], text_played), cursor + 1

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


LIVE_GAMES = 2048
"""Live games a worker keeps by default: more than 500 duels play at once (each ~1-2 KB a
move, some 300 MB at 100 moves a game)."""


class Games:
    """Every game this worker touches: per-game locks, the live cache and the store."""

    def __init__(self, store: Store, cache_size: int = LIVE_GAMES) -> None:
        """``cache_size`` live games are kept (each holds its positions: ~1-2 KB per move):
        more than the games played at once, or every move replays its game."""
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
            raise ApiError(404, "no_such_game", {"id": game_id[:40]})
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

    def fresh(self, info: GameInfo, options: Options, deal: int | None) -> Live:
        """The start of a deal, not stored; a random deal not lost at the start when ``deal``
        is None."""
        game = random_game(info, options) if deal is None else Game(info, dict(options), deal)
        stamp = now_ms()
        record = GameRecord(
            id=UNSAVED,
            player_id="",
            game=info.id,
            options=options_text(options),
            deal=game.deal,
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
        return Live(record, game)

    def show(self, game_id: str, options: dict[str, str], deal: int | None) -> Live:
        """A deal's start as a player would see it, stored nowhere."""
        info, canonical = chosen(game_id, options, deal)
        return self.fresh(info, canonical, deal)

    async def create(
        self, player_id: str, game_id: str, options: dict[str, str], deal: int | None
    ) -> Live:
        """Start a deal (a random one when ``deal`` is None) and store it, with its player."""
        shown = self.show(game_id, options, deal)
        record = replace_record(shown.record, id=uuid.uuid4().hex, player_id=player_id)
        await self.add_player(player_id)
        await self.store.insert(record)
        live = Live(record, shown.game)
        self._remember(live)
        return live

    async def practice(self, player_id: str, source: GameRecord, moves: tuple[str, ...]) -> Live:
        """A new game of the player's that goes on from ``source`` after ``moves`` (its
        first moves): kept apart from the player's statistics, which count whole games."""
        game = Game(get_game(source.game), options_dict(source.options), source.deal)
        game.replay(moves)
        shown = self.fresh(game.info, game.options, source.deal)
        record = replace_record(
            shown.record,
            id=uuid.uuid4().hex,
            player_id=player_id,
            moves=moves,
            cursor=len(moves),
            outcome=game.outcome().value,
        )
        await self.add_player(player_id)
        await self.store.insert(record, practice_of=source.id)
        live = Live(record, game)
        self._remember(live)
        return live

    async def add_player(self, player_id: str) -> None:
        if player_id in self._known_players:
            return
        await self.store.add_player(player_id)
        self._known_players[player_id] = None
        while len(self._known_players) > self.cache_size:
            self._known_players.popitem(last=False)

    async def resume_or_show(
        self, player_id: str | None, game_id: str, options: dict[str, str], deal: int | None
    ) -> Live:
        """The player's open game of (game, options[, deal]), else the deal's start, unstored.

        Nothing is written: opening a page never changes a player's record.
        """
        info, canonical = chosen(game_id, options, deal)
        if player_id is not None:
            found = await self.open_game(player_id, game_id, options, deal)
            if found is not None:
                return found
        return self.fresh(info, canonical, deal)

    async def open_game(
        self, player_id: str, game_id: str, options: dict[str, str], deal: int | None
    ) -> Live | None:
        """The player's open game of (game, options[, deal]) if there is one that replays."""
        info, canonical = chosen(game_id, options, deal)
        record = await self.store.current(player_id, info.id, options_text(canonical), deal)
        if record is None:
            return None
        try:
            return await self.get(player_id, record.id)
        except ApiError as error:
            if error.code != "broken_game":
                raise
        return None

    # ------------------------------------------------------------------ changing

    async def act(
        self,
        player_id: str,
        game_id: str,
        version: int,
        make: ActionMaker,
        elapsed_ms: int | None,
        also: Also | None = None,
    ) -> Live:
        """Apply one change to a stored game and commit it (with what ``also`` writes for the
        changed game, if given); :class:`ApiError` if rejected."""
        async with self.lock(game_id):
            live = self._cache.get(game_id)  # trusted only at the client's version: the
            if live is None or live.record.version != version:  # UPDATE below checks it
                live = await self._load(game_id)
            _check_owner(live, player_id)
            record = live.record
            if version != record.version:
                raise _stale(live)
            try:
                line, cursor = make(record.moves, record.cursor)(live.game)
            except IllegalMove as error:
                raise _refused(error, live) from None
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
            return await self._commit(live, new, also)

    async def abandon(self, player_id: str, game_id: str, version: int) -> Live:
        """Give up a game the player has moved in: it counts as lost and is not resumed."""
        async with self.lock(game_id):
            live = await self._load(game_id)
            _check_owner(live, player_id)
            record = live.record
            if version != record.version:
                raise _stale(live)
            if not record.moves or record.outcome not in ("in_play", "lost"):
                raise ApiError(409, "not_started", {"outcome": record.outcome}, live.state)
            return await self._commit(live, updated(record, outcome="abandoned"))

    async def _commit(self, live: Live, new: GameRecord, also: Also | None = None) -> Live:
        """Store ``new`` over the record of ``live`` (the game's lock held) with what ``also``
        writes; stale if another worker changed the game first."""
        record = live.record
        self.forget(record.id)  # the cached game is ahead of the store until the commit
        extra = None if also is None else also(live.game)
        if not await self.store.save(new, record.version, extra):
            raise _stale(await self._load(record.id))
        changed = live.stored_as(new)
        self._remember(changed)
        return changed


def _looks_like_id(game_id: str) -> bool:
    return len(game_id) == 32 and all(c in "0123456789abcdef" for c in game_id)


def _check_owner(live: Live, player_id: str) -> None:
    if live.record.player_id != player_id:
        raise ApiError(403, "not_your_game")


def _stale(live: Live) -> ApiError:
    return ApiError(409, "stale", {"version": str(live.record.version)}, live.state)


def _refused(error: IllegalMove, live: Live) -> ApiError:
    def wording(lang: str) -> str:
        return illegal_message(error, lang)

    return ApiError(422, error.code, error.params, live.state, wording=wording)


def _broken(reason: str) -> ApiError:
    return ApiError(410, "broken_game", {"reason": reason})
