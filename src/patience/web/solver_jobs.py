"""What the solver processes do: each job a module-level function of plain, picklable values,
run in a :class:`~patience.web.solver_pool.SolverPool` process, never on the event loop.

Review jobs write their findings to the database as they find them
(:class:`~patience.store.reviews.ReviewLog`), so any web worker can show them; their verdicts
are kept there too, so no position is searched twice for any review.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

from patience.daily.deals import DailyDeal, NoDailyDeal, daily_deal
from patience.deal_pools.prepare import first_fitting
from patience.engine.game import Game
from patience.engine.position import Move, MoveKind, Position
from patience.games import get_game
from patience.notation import move_text
from patience.review import Judge, Review, Verdict, winning_moves
from patience.review.records import end_record, event_record
from patience.solver.hint import Hint, hint
from patience.solver.result import Budget
from patience.store.reviews import ClaimLost, ReviewLog, StoredVerdict
from patience.views import hidden_view
from patience.web.state import table_piles
from patience.web.wire import Pile


def hint_job(game: str, options: Mapping[str, str], position: Position, budget: Budget) -> Hint:
    """The hint for ``position`` (see :func:`patience.solver.hint.hint`)."""
    return hint(get_game(game), options, position, budget)


def sealed_job(
    game: str, options: Mapping[str, str], deals: Sequence[int], kind: str, nodes: int
) -> tuple[int, str] | None:
    """The first of ``deals`` of ``kind`` (:func:`~patience.deal_pools.prepare.first_fitting`)."""
    info = get_game(game)
    return first_fitting(info, info.canonical(dict(options)), deals, kind, nodes)


def daily_job(game: str, secret: str, day: str) -> DailyDeal | None:
    """The day's deal of ``game`` (:func:`~patience.daily.deals.daily_deal`), None when no
    candidate was winnable within the budget."""
    try:
        return daily_deal(get_game(game), secret, day)
    except NoDailyDeal:
        return None


class StoredVerdicts:
    """The database's verdicts, as a :class:`~patience.review.VerdictStore`."""

    def __init__(self, log: ReviewLog) -> None:
        self.log = log

    def get(self, key: str) -> Verdict | None:
        found = self.log.verdict(key)
        if found is None:
            return None
        if found.status not in ("winnable", "lost", "unknown"):
            return None  # not a verdict we wrote: search again
        return Verdict(found.status, line_moves(found.line), found.nodes)  # type: ignore[arg-type]

    def put(self, key: str, verdict: Verdict) -> None:
        self.log.keep(key, StoredVerdict(verdict.status, line_words(verdict.line), verdict.nodes))


def line_words(moves: Sequence[Move]) -> str:
    """Moves as words, exactly (no position needed to read them back).

    >>> line_moves(line_words([Move(MoveKind.TRANSFER, 0, 9, 1)]))
    (Move(kind=<MoveKind.TRANSFER: 0>, src=0, dst=9, size=1),)
    """
    return " ".join(f"{m.kind.value},{m.src},{m.dst},{m.size}" for m in moves)


def line_moves(words: str) -> tuple[Move, ...]:
    moves = []
    for word in words.split():
        kind, src, dst, size = (int(part) for part in word.split(","))
        moves.append(Move(MoveKind(kind), src, dst, size))
    return tuple(moves)


@contextmanager
def _judge(url: str, played: Game) -> Iterator[Judge]:
    """A judge of the game's positions that keeps its verdicts in the database."""
    log = ReviewLog(url, "", "")
    try:
        yield Judge(played.info, played.options, store=StoredVerdicts(log))
        log.flush()
    finally:
        log.close()


def _game(game: str, options: Mapping[str, str], deal: int, moves: Sequence[str]) -> Game:
    played = Game(get_game(game), dict(options), deal)
    played.replay(moves)
    return played


def review_job(
    url: str,
    review_id: str,
    token: str,
    game: str,
    options: Mapping[str, str],
    deal: int,
    moves: Sequence[str],
) -> bool:
    """Review the game and write every finding under ``review_id`` while ``token`` holds its
    claim; false when another job took the review over."""
    played = _game(game, options, deal, moves)
    log = ReviewLog(url, review_id, token)
    try:
        judge = Judge(played.info, played.options, store=StoredVerdicts(log))
        review = Review(judge, played.start, played.moves)
        for event in review.events():
            log.add(event_record(review, event))
        log.add(end_record(review))
        log.flush("done")
        return True
    except ClaimLost:
        return False
    finally:
        log.close()


def line_job(
    url: str, game: str, options: Mapping[str, str], deal: int, moves: Sequence[str]
) -> tuple[list[str], list[list[Pile]]] | None:
    """A winning line from the position after ``moves``, in notation, with the table after
    each of its moves as the player would see it; ``None`` when none is proven within the
    review's budget."""
    played = _game(game, options, deal, moves)
    with _judge(url, played) as judge:
        verdict = judge.verdict(played.position)
    if verdict.status != "winnable":
        return None
    engine, position = played.engine, played.position
    texts, tables = [], [table_piles(hidden_view(engine, position))]
    for move in verdict.line:
        texts.append(move_text(engine, position, move))
        position = engine.apply(position, move)
        tables.append(table_piles(hidden_view(engine, position)))
    return texts, tables


def verdict_job(
    url: str, game: str, options: Mapping[str, str], deal: int, moves: Sequence[str]
) -> str:
    """The verdict on the position after ``moves``: winnable, lost or unknown."""
    played = _game(game, options, deal, moves)
    with _judge(url, played) as judge:
        return judge.verdict(played.position).status


def count_job(
    url: str, game: str, options: Mapping[str, str], deal: int, moves: Sequence[str]
) -> dict[str, object]:
    """How many moves at the position after ``moves`` keep a win, lose, or stay unknown,
    with the winning ones in notation; moves that lead to positions alike (a card to one
    free cell or another) count once."""
    played = _game(game, options, deal, moves)
    with _judge(url, played) as judge:
        distinct = played.engine.search_moves(played.position)  # one of moves alike
        count = winning_moves(judge, played.position, among=distinct)
    return {
        "winning": count.winning,
        "lost": count.lost,
        "unknown": count.unknown,
        "winners": [move_text(played.engine, played.position, m) for m in count.winners],
    }
