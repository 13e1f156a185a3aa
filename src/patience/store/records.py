"""One stored game as a plain value, and the text form of its options."""

from __future__ import annotations

from dataclasses import dataclass

OUTCOMES = ("in_play", "won", "lost", "abandoned", "broken")
"""Stored outcomes: the engine's three, ``abandoned`` for a game the player gave up, and
``broken`` for a move list that no longer replays."""


@dataclass(frozen=True)
class GameRecord:
    """A game as stored: enough to rebuild it by replaying ``moves[:cursor]`` from the deal."""

    id: str
    player_id: str
    game: str
    options: str
    """Canonical options as ``name=value`` pairs joined by commas (empty when none)."""
    deal: int
    moves: tuple[str, ...]
    """The whole line in notation, including undone moves that may be redone."""
    cursor: int
    """How many moves of the line are played."""
    version: int
    elapsed_ms: int
    outcome: str
    won_ms: int | None
    """Time on the clock when the game was first won."""
    won_moves: int | None
    """Moves played when the game was first won."""
    broken: str | None
    created_ms: int
    updated_ms: int


def unplayed(
    record_id: str, owner: str, game: str, options: str, deal: int, at_ms: int
) -> GameRecord:
    """A game of ``owner`` at its deal, with no move yet, stored at ``at_ms``."""
    return GameRecord(
        id=record_id,
        player_id=owner,
        game=game,
        options=options,
        deal=deal,
        moves=(),
        cursor=0,
        version=0,
        elapsed_ms=0,
        outcome="in_play",
        won_ms=None,
        won_moves=None,
        broken=None,
        created_ms=at_ms,
        updated_ms=at_ms,
    )


@dataclass(frozen=True)
class UnfinishedGame:
    """A game the player began and can go on with: what its page needs to resume it."""

    game: str
    options: str
    deal: int
    moves_made: int
    updated_ms: int


def options_text(options: tuple[tuple[str, str], ...]) -> str:
    """``(("draw", "3"),)`` → ``"draw=3"``."""
    return ",".join(f"{name}={value}" for name, value in options)


def options_dict(text: str) -> dict[str, str]:
    """``"draw=3,passes=1"`` → ``{"draw": "3", "passes": "1"}``."""
    return dict(pair.split("=", 1) for pair in text.split(",") if pair)
