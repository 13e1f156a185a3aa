"""``patience moves [GAME] --position TEXT``: the legal moves of a position, in notation."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from patience.cli.args import CliError
from patience.engine.game import engine_for
from patience.notation import move_text, parse_game_spec, parse_position


def register(subparsers: Any) -> None:
    """Add the ``moves`` command."""
    parser = subparsers.add_parser(
        "moves",
        help="list the legal moves of a position",
        description="List the legal moves of a position, one per line in move notation. "
        "The position text names its game, so GAME may be left out; when given, it must match.",
    )
    parser.add_argument("game", metavar="GAME", nargs="?", help="the game (optional)")
    parser.add_argument(
        "--position",
        required=True,
        metavar="TEXT",
        help="a position in position notation (from `patience deal GAME --position-text`); "
        "- reads it from standard input",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the legal moves."""
    text = sys.stdin.read() if args.position == "-" else args.position
    info, options, position = parse_position(text)
    if args.game is not None:
        named, named_options = parse_game_spec(args.game)
        if named is not info or (":" in args.game and named_options != options):
            raise CliError(f"the position is a {info.id} position, not {args.game}")
    engine = engine_for(info.rules(dict(options)))
    for move in engine.legal_moves(position):
        print(move_text(engine, position, move))
    return 0
