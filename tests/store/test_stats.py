"""Statistics: what counts as played, wins, streaks, best time and fewest moves."""

from __future__ import annotations

from dataclasses import replace

from patience.store.records import GameRecord
from patience.store.stats import statistics

_BASE = GameRecord(
    id="",
    player_id="p",
    game="klondike",
    options="draw=1,passes=unlimited",
    deal=1,
    moves=("s",),
    cursor=1,
    version=1,
    elapsed_ms=0,
    outcome="in_play",
    won_ms=None,
    won_moves=None,
    broken=None,
    created_ms=0,
    updated_ms=0,
)


def game(n: int, **changes: object) -> GameRecord:
    return replace(_BASE, id=str(n), created_ms=n, updated_ms=n, **changes)  # type: ignore[arg-type]


def won(n: int, ms: int, moves: int) -> GameRecord:
    return game(n, outcome="won", won_ms=ms, won_moves=moves)


def test_open_latest_game_is_not_counted_yet() -> None:
    assert statistics([game(1)]) == []


def test_a_game_left_open_is_never_counted_and_one_given_up_is_lost() -> None:
    assert statistics([game(1), game(2)]) == []
    [row] = statistics([game(1, outcome="abandoned"), game(2)])
    assert (row.played, row.won, row.win_percent, row.streak) == (1, 0, 0.0, 0)


def test_game_without_moves_is_never_played() -> None:
    assert statistics([game(1, moves=(), cursor=0), game(2, moves=(), cursor=0)]) == []


def test_streaks_times_and_moves() -> None:
    records = [
        won(1, 90_000, 120),
        won(2, 80_000, 130),
        game(3, outcome="lost"),
        won(4, 70_000, 140),
        game(5),  # still open: not counted
    ]
    [row] = statistics(records)
    assert (row.played, row.won, row.win_percent) == (4, 3, 75.0)
    assert (row.streak, row.best_streak) == (1, 2)
    assert (row.best_time_ms, row.fewest_moves) == (70_000, 120)


def test_a_win_stays_a_win_after_undo() -> None:
    [row] = statistics([game(1, outcome="in_play", won_ms=5, won_moves=9), game(2)])
    assert row.won == 1


def test_broken_games_and_other_options_are_apart() -> None:
    records = [
        game(1, outcome="broken"),
        game(2, outcome="lost"),
        replace(won(3, 1000, 50), options="draw=3,passes=unlimited"),
    ]
    rows = statistics(records)
    assert [(r.options, r.played, r.won) for r in rows] == [
        ("draw=1,passes=unlimited", 1, 0),
        ("draw=3,passes=unlimited", 1, 1),
    ]
