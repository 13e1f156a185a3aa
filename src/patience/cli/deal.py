"""``patience deal GAME``: a deal as a board, as JSON, or as a position text."""

from __future__ import annotations

import argparse
import json
from typing import Any

from patience.cards import card_text
from patience.cli.args import CliError, add_game_arguments, chosen_game
from patience.cli.board import table_text
from patience.engine.game import Game
from patience.notation import position_text
from patience.solver import first_winnable_deal
from patience.views import hidden_view, open_view


def register(subparsers: Any) -> None:
    """Add the ``deal`` command."""
    parser = subparsers.add_parser(
        "deal",
        help="print a deal",
        description="Print the start of a deal as the terminal player shows it. Face-down "
        "cards are hidden (## on the board, null in --json) unless --open is given. "
        "--position-text prints every card, face-down ones included, in position notation.",
    )
    add_game_arguments(parser)
    form = parser.add_mutually_exclusive_group()
    form.add_argument(
        "--json",
        action="store_true",
        help="a JSON object mapping each pile's code to its cards, bottom first (AH, TD)",
    )
    form.add_argument(
        "--position-text",
        action="store_true",
        help="the position in one line of position notation (shows every card)",
    )
    parser.add_argument("--open", action="store_true", help="show face-down cards too")
    parser.add_argument(
        "--winnable",
        action="store_true",
        help="the first deal from --deal on that the solver proves winnable (it sees every card)",
    )
    parser.set_defaults(func=run)


def deal_record(game: Game, *, show_all: bool) -> dict[str, list[str | None]]:
    """Each pile's code mapped to its cards bottom first; ``None`` for a hidden card."""
    view = (open_view if show_all else hidden_view)(game.engine, game.position)
    return {
        pile.code: [None if c is None else card_text(c) for c in pile.cards] for pile in view.piles
    }


def run(args: argparse.Namespace) -> int:
    """Print the deal."""
    game = chosen_game(args)
    if args.winnable:
        try:
            args.deal = first_winnable_deal(game.info, dict(game.options), args.deal)
        except LookupError as error:
            raise CliError(str(error), 1) from None
        game = chosen_game(args)
    if args.json:
        print(json.dumps(deal_record(game, show_all=args.open)))
    elif args.position_text:
        print(position_text(game.info, game.options, game.position))
    else:
        print(table_text(game, show_all=args.open))
    return 0
