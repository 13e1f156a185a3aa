"""A player's statistics as the stats page and ``GET /api/stats`` show them, and as CSV."""

from __future__ import annotations

import csv
import io
from collections.abc import Collection, Iterable
from typing import Any

from patience.games import GAMES
from patience.store.records import GameRecord, options_dict, options_text
from patience.store.stats import statistics
from patience.web.ui_strings import ui_strings


def describe_options(options: dict[str, str], lang: str) -> str:
    """Options in words, e.g. ``Cards drawn: 3, Passes through the stock: unlimited``."""
    t = ui_strings(lang)
    return ", ".join(
        f"{t.get(f'option_{name}', name)}: {t.get(f'choice_{value}', value)}"
        for name, value in options.items()
    )


def stat_rows(
    records: Iterable[GameRecord], lang: str, assisted: Collection[str] = frozenset()
) -> list[dict[str, Any]]:
    """One row per game and options the player has played, in lobby order; ``assisted``: the
    games in which the player took help."""
    order = {game_id: i for i, game_id in enumerate(GAMES)}
    rows = [row for row in statistics(records, assisted) if row.game in GAMES]
    rows.sort(key=lambda row: (order[row.game], row.options))
    return [
        {
            "game": row.game,
            "name": GAMES[row.game].names[lang],
            "options": options_dict(row.options),
            "options_text": describe_options(options_dict(row.options), lang),
            "played": row.played,
            "won": row.won,
            "won_assisted": row.won_assisted,
            "win_percent": row.win_percent,
            "streak": row.streak,
            "best_streak": row.best_streak,
            "best_time_ms": row.best_time_ms,
            "fewest_moves": row.fewest_moves,
        }
        for row in rows
    ]


CSV_COLUMNS = (
    "game",
    "name",
    "options",
    "played",
    "won",
    "won_assisted",
    "win_percent",
    "streak",
    "best_streak",
    "best_time_ms",
    "fewest_moves",
)
"""The columns of the CSV export: the rows' keys, options as ``name=value`` pairs."""


def stats_csv(rows: Iterable[dict[str, Any]]) -> str:
    """The rows of :func:`stat_rows` as CSV with a header line; an unknown figure is empty.

    >>> print(stats_csv(stat_rows([], "en")), end="")
    game,name,options,played,won,won_assisted,win_percent,streak,best_streak,best_time_ms,fewest_moves
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        flat = {**row, "options": options_text(tuple(row["options"].items()))}
        writer.writerow("" if flat[key] is None else flat[key] for key in CSV_COLUMNS)
    return out.getvalue()
