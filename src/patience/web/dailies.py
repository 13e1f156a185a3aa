"""The daily deal for the web: one ranked attempt per player, game and day on the day's sealed
deal, practice after it, the board ranked from the stored moves replayed, streaks, nicknames
and transfer codes.

An attempt's game is an ordinary stored game whose owner is the attempt
(:func:`~patience.store.dailies.entry_owner`, never a cookie's id), so the game API refuses
it: it moves only through the attempt, which checks the player, the day and the undo rule,
and keeps how it stands (moves, cards home, the server's time) beside it for the board. While
the day lasts nothing the browser receives names the deal or reveals an unseen card.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

import msgspec
from sqlalchemy.exc import IntegrityError

from patience.daily.calendar import day_of, next_day_ms
from patience.daily.ranking import Result, better_than, field_of, order_key, ranks
from patience.daily.share import strip
from patience.daily.streaks import streak_of
from patience.games import GAMES
from patience.scoring import CARDS_HOME, game_score
from patience.store.dailies import PLAYING, DailyRow, DailyStore, EntryRow, entry_owner
from patience.store.records import GameRecord, options_text, unplayed
from patience.store.repository import Store
from patience.web.daily_wire import (
    Board,
    BoardLine,
    CommonLoss,
    DailyAnswer,
    DailyEntry,
    DailyGame,
    DayPlayed,
    EntrySummary,
    Field,
    Me,
    ShareCard,
    StartDaily,
    Streak,
    YourPlace,
)
from patience.web.duels import nickname
from patience.web.errors import ApiError
from patience.web.reviews import FINISHED, ReviewDesk, review_url
from patience.web.sealed_table import shown_table
from patience.web.service import ActionMaker, Games, Live
from patience.web.wire import State

WON, STUCK, RESIGNED = "won", "stuck", "resigned"

BOARD_TOP = 100
"""How many attempts the board lists (the asker's own place is given besides)."""

COMMON_LOSS_MIN = 5
"""How many reviewed lost attempts a board needs before it names the most common losing move."""

HISTORY_DAYS = 62
"""How many days back ``GET /api/daily/me`` lists the asker's attempts."""


def daily_url(lang: str, day: str, game: str) -> str:
    """The page of a day's game."""
    return f"/{lang}/daily/{day}/{game}"


def asked_day(text: str, today: str) -> str:
    """The day asked for; 400 ``bad_day`` for a text that is none, 404 ``no_such_day`` for a
    day to come (its deals are nobody's business yet).

    >>> asked_day("2026-12-05", "2026-12-05")
    '2026-12-05'
    """
    try:
        day = datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise ApiError(400, "bad_day", {"day": text[:20]}) from None
    if day > today:
        raise ApiError(404, "no_such_day", {"day": day})
    return day


def asked_game(game: str) -> str:
    if game not in GAMES:
        raise ApiError(404, "unknown_game", {"game": game[:40]})
    return game


def name_key(name: str) -> str:
    """A nickname as compared on a board: without case.

    >>> name_key("Ada") == name_key("ADA")
    True
    """
    return name.casefold()


def code_hash(code: str) -> str:
    """The stored form of a transfer code: SHA-256 of its letters, without case or dashes."""
    letters = "".join(c for c in code.upper() if c.isalnum())
    return hashlib.sha256(letters.encode()).hexdigest()


def new_code() -> str:
    """A transfer code: 100 random bits as 20 letters and digits in groups of four.

    >>> len(new_code()), new_code().count("-")
    (24, 4)
    """
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # 32 signs, none mistaken for another
    letters = "".join(secrets.choice(alphabet) for _ in range(20))
    return "-".join(letters[n : n + 4] for n in range(0, 20, 4))


def result_of(entry: EntryRow) -> Result:
    return Result(entry.status == WON, entry.moves, entry.cards_home, entry.time_ms)


def _ranked(entries: Sequence[EntryRow]) -> list[tuple[int, EntryRow]]:
    """The board's attempts in order, each with its rank (equal results: the earlier start
    first, then by name)."""
    ordered = sorted(entries, key=lambda e: (order_key(result_of(e)), e.started_ms, e.nickname))
    return list(zip(ranks([result_of(e) for e in ordered]), ordered, strict=True))


def _replayable(entry: EntryRow) -> bool:
    """Whether the attempt's game is finished, so its review opens (a resignation before the
    first move leaves nothing to replay)."""
    return entry.status in (WON, STUCK) or (entry.status == RESIGNED and entry.moves > 0)


class DailyDesk:
    """The daily deals this worker serves; ``clock`` is the server's (milliseconds)."""

    def __init__(
        self, store: Store, games: Games, reviews: ReviewDesk, clock: Callable[[], int]
    ) -> None:
        self.dailies = DailyStore(store)
        self.games = games
        self.reviews = reviews
        self.clock = clock
        self._deals: dict[tuple[str, str], DailyRow] = {}

    # ------------------------------------------------------------------ the day

    async def overview(self, player_id: str | None, day_text: str | None) -> DailyAnswer:
        """A day's deals (today's without their numbers) and the asker's ranked attempts."""
        today = day_of(self.clock())
        day = asked_day(day_text or today, today)
        return (await self.days(player_id, [day]))[0]

    async def days(self, player_id: str | None, days: Sequence[str]) -> list[DailyAnswer]:
        """:meth:`overview` of each of ``days`` (none to come), in three reads in all."""
        now = self.clock()
        today = day_of(now)
        first, last = min(days), max(days)
        rows = await self.dailies.between(first, last)
        counts = await self.dailies.counts(first, last)
        mine: dict[tuple[str, str], EntryRow] = {}
        if player_id is not None:
            ranked = await self.dailies.ranked_of(player_id, first)
            mine = {(e.day, e.game): e for e in ranked if e.day <= last}
        answers = []
        for day in days:
            games = []
            for game in GAMES:
                row = rows.get((day, game))
                entry = mine.get((day, game))
                you = None
                if entry is not None:
                    you = EntrySummary(
                        entry.id, True, entry.status, entry.moves, entry.cards_home, entry.time_ms
                    )
                games.append(
                    DailyGame(
                        game,
                        None if row is None else row.grade,
                        None if row is None or day == today else row.deal,
                        None if row is None else row.par,
                        counts.get((day, game), 0),
                        you,
                    )
                )
            answers.append(DailyAnswer(day, day == today, next_day_ms(now), now, games))
        return answers

    async def _deal(self, day: str, game: str) -> DailyRow:
        """The day's deal of ``game`` (a stored deal never changes: read once per worker)."""
        row = self._deals.get((day, game)) or await self.dailies.get(day, game)
        if row is None:
            raise ApiError(503, "daily_not_prepared", {"day": day}, headers={"Retry-After": "60"})
        self._deals[day, game] = row
        return row

    # ------------------------------------------------------------------ attempts

    async def start(
        self, player_id: str, day_text: str, game: str, body: StartDaily, lang: str
    ) -> DailyEntry:
        """The asker's ranked attempt at a board (once), or a practice game after it."""
        now = self.clock()
        today = day_of(now)
        day, game = asked_day(day_text, today), asked_game(game)
        row = await self._deal(day, game)
        if day != today:
            raise ApiError(409, "daily_past", {"day": day})
        attempts = await self.dailies.attempts(day, game, player_id)
        ranked = attempts[0] if attempts and attempts[0].ranked else None
        entry_id = uuid.uuid4().hex
        chosen_name: str | None = None
        if body.ranked:
            if ranked is not None:
                raise ApiError(409, "daily_played")
            known = await self.dailies.nickname(player_id)
            name = nickname(body.nickname if body.nickname is not None else known or "")
            if await self.dailies.name_taken(day, game, name_key(name), player_id):
                raise ApiError(409, "nickname_taken", {"nickname": name})
            chosen_name = None if name == known else name
        else:
            if ranked is None or not ranked.ended:
                raise ApiError(409, "daily_ranked_first")
            name = ranked.nickname
            for old in attempts[1:]:  # a new practice game gives up the last
                if not old.ended:
                    await self._give_up(old)
        entry = EntryRow(
            id=entry_id,
            day=day,
            game=game,
            player_id=player_id,
            ranked_player=player_id if body.ranked else None,
            nickname=name,
            name_key=name_key(name) if body.ranked else None,
            game_id=uuid.uuid4().hex,
            status=PLAYING,
            moves=0,
            cards_home=0,
            time_ms=0,
            started_ms=now,
        )
        await self.games.add_player(player_id)
        try:
            await self.dailies.start(entry, _record(entry, row, now), chosen_name)
        except IntegrityError:  # another request of this board was first
            if body.ranked and await self.dailies.name_taken(
                day, game, entry.name_key or "", player_id
            ):
                raise ApiError(409, "nickname_taken", {"nickname": name}) from None
            raise ApiError(409, "daily_played") from None
        return await self._answer(entry, await self._live(entry), lang)

    async def _live(self, entry: EntryRow) -> Live:
        return await self.games.get(entry_owner(entry.id), entry.game_id)

    async def _mine(self, player_id: str, entry_id: str) -> EntryRow:
        found = await self.dailies.entry(entry_id) if _looks_like_id(entry_id) else None
        if found is None:
            raise ApiError(404, "no_such_entry")
        if found.player_id != player_id:
            raise ApiError(403, "not_your_entry")
        return found

    async def show(self, player_id: str, entry_id: str, lang: str) -> DailyEntry:
        entry = await self._mine(player_id, entry_id)
        return await self._answer(entry, await self._live(entry), lang)

    async def act(
        self,
        player_id: str,
        entry_id: str,
        version: int,
        make: ActionMaker,
        *,
        history: bool,
        lang: str,
    ) -> DailyEntry:
        """Change the asker's attempt (``history``: an undo, redo or restart, which a ranked
        attempt refuses) and keep how it stands."""
        entry = await self._playing(player_id, entry_id)
        if history and entry.ranked:
            raise ApiError(403, "undo_off", text="no_undo_ranked")
        now = self.clock()
        owner = entry_owner(entry.id)
        time_ms = now - entry.started_ms
        try:
            live = await self.games.act(owner, entry.game_id, version, make, time_ms)
        except ApiError as error:
            again = await self.games.get(owner, entry.game_id)
            error.state = self._state_of(again, entry)
            raise
        entry = _standing(entry, live, time_ms)
        await self.dailies.stand(entry)
        if entry.ended:
            await self._review(entry)
        return await self._answer(entry, live, lang)

    async def resign(self, player_id: str, entry_id: str, version: int, lang: str) -> DailyEntry:
        """End the asker's attempt where it stands (ranked as unfinished)."""
        entry = await self._give_up(await self._playing(player_id, entry_id), version)
        await self._review(entry)
        return await self._answer(entry, await self._live(entry), lang)

    async def _review(self, entry: EntryRow) -> None:
        """Start the review of a ranked attempt that ended, for its share card and the board's
        most common losing move (when the solvers are busy, the share card starts it later)."""
        if entry.ranked and _replayable(entry):
            await self.reviews.begin(entry.game_id)

    async def _give_up(self, entry: EntryRow, version: int | None = None) -> EntryRow:
        """End an attempt where it stands, its game given up so that its review opens
        (``version``: the one the asker saw; None: as stored). A refusal carries the
        attempt's own table, as sealed as every other answer."""
        record = (await self._live(entry)).record
        try:
            if version is not None and version != record.version:
                raise ApiError(409, "stale", {"version": str(record.version)})
            if record.moves and record.outcome not in FINISHED:
                await self.games.abandon(entry_owner(entry.id), record.id, record.version)
        except ApiError as error:  # the game API's refusals carry its open state
            error.state = self._state_of(await self._live(entry), entry)
            raise
        ended = replace(entry, status=RESIGNED)
        await self.dailies.stand(ended)
        return ended

    async def _playing(self, player_id: str, entry_id: str) -> EntryRow:
        entry = await self._mine(player_id, entry_id)
        if entry.ended:
            raise ApiError(409, "entry_over", {"status": entry.status})
        if entry.day != day_of(self.clock()):
            raise ApiError(409, "daily_over")
        return entry

    def _state_of(self, live: Live, entry: EntryRow) -> Callable[[str], State]:
        def state(lang: str) -> State:
            return self._table(live, entry, lang)

        return state

    def _table(self, live: Live, entry: EntryRow, lang: str) -> State:
        sealed = entry.day == day_of(self.clock())
        url = daily_url(lang, entry.day, entry.game)
        return shown_table(live, url, every_card=False, sealed=sealed)

    async def _answer(self, entry: EntryRow, live: Live, lang: str) -> DailyEntry:
        row = await self._deal(entry.day, entry.game)
        rank = better = None
        over = entry.day < day_of(self.clock())
        if entry.ranked and (entry.ended or over):  # the board is read once it holds the entry
            board = await self._board(entry.day, entry.game)
            entries = len(board)
            place = next((r for r, e in board if e.id == entry.id), None)
            if place is not None:
                rank, better = place, better_than(place, [r for r, _ in board])
        else:
            entries = await self.dailies.board_size(entry.day, entry.game, ended_only=not over)
        return DailyEntry(
            id=entry.id,
            day=entry.day,
            game=entry.game,
            grade=row.grade,
            par=row.par,
            ranked=entry.ranked,
            nickname=entry.nickname,
            status=entry.status,
            moves=entry.moves,
            cards_home=entry.cards_home,
            time_ms=entry.time_ms,
            started_ms=entry.started_ms,
            now_ms=self.clock(),
            undo=not entry.ranked,
            table=self._table(live, entry, lang),
            rank=rank,
            entries=entries,
            better_than=better,
            board_url=daily_url(lang, entry.day, entry.game),
        )

    # ------------------------------------------------------------------ the board

    async def _board(self, day: str, game: str) -> list[tuple[int, EntryRow]]:
        """The ranked attempts of a board with their ranks: while the day lasts those that
        ended, after it every one."""
        over = day < day_of(self.clock())
        return _ranked(await self.dailies.board(day, game, ended_only=not over))

    async def may_watch(self, player_id: str | None, day: str, game: str) -> bool:
        """Whether the asker may watch the board's replays: after its day, or once the asker's
        own ranked attempt at it has ended."""
        if day < day_of(self.clock()):
            return True
        if player_id is None:
            return False
        attempts = await self.dailies.attempts(day, game, player_id)
        return bool(attempts) and attempts[0].ranked and attempts[0].ended

    async def board(self, player_id: str | None, day_text: str, game: str, lang: str) -> Board:
        today = day_of(self.clock())
        day, game = asked_day(day_text, today), asked_game(game)
        row = await self.dailies.get(day, game)
        if row is None:
            raise ApiError(404, "no_such_day", {"day": day})
        board = await self._board(day, game)
        watch = await self.may_watch(player_id, day, game)
        top = [
            BoardLine(
                rank,
                e.nickname,
                e.status,
                e.moves,
                e.cards_home,
                e.time_ms,
                e.player_id == player_id,
                review_url(lang, e.game_id) if watch and _replayable(e) else None,
            )
            for rank, e in board[:BOARD_TOP]
        ]
        ranks_all = [r for r, _ in board]
        you = next(
            (
                YourPlace(r, better_than(r, ranks_all), e.status, e.moves, e.cards_home, e.time_ms)
                for r, e in board
                if e.player_id == player_id
            ),
            None,
        )
        chart = field_of([result_of(e) for _, e in board])
        return Board(
            day=day,
            game=game,
            grade=row.grade,
            par=row.par,
            deal=row.deal if day < today else None,
            entries=len(board),
            top=top,
            you=you,
            field=Field(chart.won_moves, chart.unfinished_cards),
            common_loss=await self._common_loss([e for _, e in board]) if watch else None,
            replays=watch,
        )

    async def _common_loss(self, entries: Sequence[EntryRow]) -> CommonLoss | None:
        """The losing move the reviews of the lost attempts found most often, once enough
        were reviewed."""
        lost = [e for e in entries if e.status in (STUCK, RESIGNED) and e.moves > 0]
        losses = await self.reviews.losing_moves([e.game_id for e in lost])
        if len(losses) < COMMON_LOSS_MIN:
            return None
        (move_number, move), count = Counter(losses.values()).most_common(1)[0]
        return CommonLoss(move_number, move, count, len(losses))

    # ------------------------------------------------------------------ share card

    async def share(self, player_id: str, entry_id: str) -> ShareCard:
        """The ranked attempt's share card: no card, no deal number; its strip from the
        attempt's review, started when first asked for."""
        entry = await self._mine(player_id, entry_id)
        if not entry.ended:
            raise ApiError(409, "entry_in_play")
        row = await self._deal(entry.day, entry.game)
        marks: list[str] | None = []
        state = "done"
        if _replayable(entry):
            answer = await self.reviews.open(entry.game_id, "en", viewer=player_id)
            state = answer.state
            statuses = {}
            for raw in answer.events:
                event = msgspec.json.decode(raw)
                if event.get("type") == "step":
                    statuses[event["index"]] = event["status"]
            marks = strip(len(answer.moves), statuses)
        return ShareCard(
            entry.day, entry.game, entry.status, entry.moves, row.par, entry.time_ms, marks, state
        )

    # ------------------------------------------------------------------ the player

    async def me(self, player_id: str | None) -> Me:
        """The asker's nickname, streaks (overall and per game) and recent days."""
        today = day_of(self.clock())
        first = _days_before(today, HISTORY_DAYS - 1)
        entries = await self.dailies.ranked_of(player_id, "") if player_id else []
        name = await self.dailies.nickname(player_id) if player_id else None
        per_game: dict[str, dict[str, bool]] = {}
        overall: dict[str, bool] = {}
        for e in entries:
            won = e.status == WON
            per_game.setdefault(e.game, {})[e.day] = won
            overall[e.day] = overall.get(e.day, False) or won
        return Me(
            nickname=name,
            today=today,
            overall=_streak(overall, today),
            games={game: _streak(days, today) for game, days in per_game.items()},
            days=[DayPlayed(e.day, e.game, e.status) for e in entries if e.day >= first],
        )

    async def rename(self, player_id: str, text: str) -> str:
        """Change the asker's nickname (and on today's boards); 409 where one has it."""
        name = nickname(text)
        today = day_of(self.clock())
        key = name_key(name)
        for e in await self.dailies.ranked_of(player_id, today):
            if await self.dailies.name_taken(e.day, e.game, key, player_id):
                raise ApiError(409, "nickname_taken", {"nickname": name})
        await self.games.add_player(player_id)
        try:
            await self.dailies.rename(player_id, name, key, today)
        except IntegrityError:
            raise ApiError(409, "nickname_taken", {"nickname": name}) from None
        return name

    async def make_code(self, player_id: str) -> str:
        """A new transfer code for the asker (shown once: only its hash is kept)."""
        code = new_code()
        await self.games.add_player(player_id)
        await self.dailies.keep_code(player_id, code_hash(code), self.clock())
        return code

    async def revoke_code(self, player_id: str) -> None:
        await self.dailies.revoke_code(player_id)

    async def redeem(self, code: str) -> str:
        """The player a transfer code carries; 404 ``bad_transfer_code``."""
        found = await self.dailies.player_of_code(code_hash(code))
        if found is None:
            raise ApiError(404, "bad_transfer_code")
        return found


def _days_before(day: str, count: int) -> str:
    """The day ``count`` days before ``day``.

    >>> _days_before("2026-01-02", 2)
    '2025-12-31'
    """
    return (datetime.date.fromisoformat(day) - datetime.timedelta(days=count)).isoformat()


def _streak(days: dict[str, bool], today: str) -> Streak:
    found = streak_of(days, today)
    return Streak(found.played, found.won, found.best_played, found.best_won)


def _standing(entry: EntryRow, live: Live, time_ms: int) -> EntryRow:
    """How the attempt stands after a change: won, stuck (a ranked attempt with no legal move
    left: without undo it cannot go on) or playing."""
    game, record = live.game, live.record
    if record.outcome == WON:
        status = WON
    elif entry.ranked and not game.choices().legal:
        status = STUCK
    else:
        status = PLAYING
    home = game_score(game, CARDS_HOME)
    return replace(entry, status=status, moves=record.cursor, cards_home=home, time_ms=time_ms)


def _record(entry: EntryRow, row: DailyRow, now: int) -> GameRecord:
    options = options_text(GAMES[row.game].canonical({}))
    return unplayed(entry.game_id, entry_owner(entry.id), row.game, options, row.deal, now)


def _looks_like_id(text: str) -> bool:
    return len(text) == 32 and all(c in "0123456789abcdef" for c in text)
