"""What the commands share: the error they report, and choosing a game, options and deal."""

from __future__ import annotations

import argparse

from patience.deal import BadDeal, deal_from_text
from patience.engine.errors import NotationError
from patience.engine.game import Game
from patience.notation import parse_game_spec


class CliError(Exception):
    """Bad input to a command: printed as one ``patience: error:`` line, exit ``status``."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def option_pair(text: str) -> tuple[str, str]:
    """Read ``name=value`` (an argparse ``type``)."""
    name, eq, value = text.partition("=")
    if not eq or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"{text!r}: write an option as name=value (draw=3)")
    return name.strip(), value.strip()


def deal_number(text: str) -> int:
    """Read a deal number, 1 or more (an argparse ``type``); each game checks its own range."""
    try:
        return deal_from_text(text.strip())
    except BadDeal as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """``GAME``, ``--deal N`` and ``--option k=v`` (repeatable)."""
    parser.add_argument(
        "game",
        metavar="GAME",
        help="a game id from `patience games`, optionally with options: klondike:draw=3",
    )
    parser.add_argument(
        "--deal", type=deal_number, default=1, metavar="N", help="deal number (default 1)"
    )
    parser.add_argument(
        "--option",
        "-o",
        type=option_pair,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, e.g. draw=3 (repeat for more; `patience games` lists them)",
    )


def chosen_game(args: argparse.Namespace) -> Game:
    """The game, options and deal the arguments name, started; bad input raises CliError."""
    try:
        info, options = parse_game_spec(args.game)
    except NotationError as error:
        raise CliError(str(error)) from None
    given = dict(options) | dict(args.option)
    try:
        return Game(info, given, args.deal)
    except ValueError as error:  # BadOption, or a deal number the game does not have
        raise CliError(str(error)) from None
