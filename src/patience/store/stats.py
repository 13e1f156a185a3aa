"""Statistics per player, game and options, computed from the stored games.

What counts as **played**: a game in which at least one move was made and that is finished —
won (at any time: undoing after a win does not take it back), out of moves (``lost``), or
given up by the player (``abandoned``: the page asks first, then sends a POST). A game left
open is not counted, however many other deals the player opens meanwhile: opening a page never
changes a player's record, and the game can be taken up again. Broken games (whose moves no
longer replay) are never counted.

Streaks run over played games in the order they were started; best time and fewest moves are
taken over won games, at the moment of the first win. Wins in games where the player took help
that sees every card (a hint, "still winnable?") are counted among the wins and also apart, as
``won_assisted``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from itertools import groupby

from patience.store.records import GameRecord


@dataclass(frozen=True)
class StatRow:
    """One line of a player's statistics."""

    game: str
    options: str
    played: int
    won: int
    won_assisted: int
    win_percent: float | None
    streak: int
    best_streak: int
    best_time_ms: int | None
    fewest_moves: int | None


def _key(record: GameRecord) -> tuple[str, str]:
    return record.game, record.options


def statistics(
    records: Iterable[GameRecord], assisted: Collection[str] = frozenset()
) -> list[StatRow]:
    """The statistics of one player's games, one row per (game, options) with a played game;
    ``assisted``: the ids of the games in which the player took help."""
    ordered = sorted(
        (r for r in records if r.outcome != "broken"), key=lambda r: (*_key(r), r.created_ms)
    )
    rows = []
    for (game, options), group in groupby(ordered, key=_key):
        records_of_group = list(group)
        played = [
            r
            for r in records_of_group
            if r.moves and (r.won_ms is not None or r.outcome in ("lost", "abandoned"))
        ]
        if not played:
            continue
        wins = [r for r in played if r.won_ms is not None]
        streak = best = 0
        for record in played:
            streak = streak + 1 if record.won_ms is not None else 0
            best = max(best, streak)
        rows.append(
            StatRow(
                game=game,
                options=options,
                played=len(played),
                won=len(wins),
                won_assisted=sum(r.id in assisted for r in wins),
                win_percent=round(100 * len(wins) / len(played), 1),
                streak=streak,
                best_streak=best,
                best_time_ms=min((r.won_ms for r in wins if r.won_ms is not None), default=None),
                fewest_moves=min(
                    (r.won_moves for r in wins if r.won_moves is not None), default=None
                ),
            )
        )
    return rows
