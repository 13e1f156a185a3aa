"""``patience games [--json]``: every game with its names, family, options and related games."""

from __future__ import annotations

import argparse
import json
from typing import Any

from patience.games import GAMES
from patience.games.registry import GameInfo


def register(subparsers: Any) -> None:
    """Add the ``games`` command."""
    parser = subparsers.add_parser(
        "games",
        help="list the games and their options",
        description="List every game: id, English and German names, family, decks, how much "
        "is skill, rule options (default first) and related games.",
    )
    parser.add_argument("--json", action="store_true", help="print a JSON list instead")
    parser.set_defaults(func=run)


def game_record(info: GameInfo) -> dict[str, Any]:
    """One game as plain data (the ``--json`` form)."""
    return {
        "id": info.id,
        "names": dict(info.names),
        "family": info.family,
        "decks": info.decks,
        "skill": info.skill.value,
        "options": [
            {"name": o.name, "choices": list(o.choices), "default": o.default} for o in info.options
        ],
        "related": list(info.related),
    }


def _describe(info: GameInfo) -> str:
    names = info.names["en"]
    if info.names["de"] != names:
        names += f" (de: {info.names['de']})"
    decks = "1 deck" if info.decks == 1 else f"{info.decks} decks"
    skill = info.skill.value.replace("_", " ")
    lines = [f"{info.id:<15}{names} — {info.family} family, {decks}, {skill}"]
    if info.options:
        options = "; ".join(f"{o.name}={'|'.join(o.choices)}" for o in info.options)
        lines.append(f"{'':<15}options: {options} (default first)")
    if info.related:
        lines.append(f"{'':<15}related: {', '.join(info.related)}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Print the games."""
    if args.json:
        print(json.dumps([game_record(g) for g in GAMES.values()], ensure_ascii=False, indent=2))
    else:
        print("\n".join(_describe(g) for g in GAMES.values()))
    return 0
