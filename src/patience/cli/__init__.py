"""The ``patience`` command: ``patience COMMAND ...``.

Each name in :data:`COMMANDS` is a module ``patience.cli.<name>`` with a ``register(subparsers)``
function that adds its subparser and sets ``func`` (parsed arguments -> exit status). To add a
command, write such a module and add its name to :data:`COMMANDS`.

Bad input prints one ``patience: error: ...`` line to standard error and exits 2 (bad usage)
or 1 (anything else); no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import NoReturn

from patience.cli.args import CliError
from patience.engine.errors import IllegalMove, NotationError
from patience.games.registry import BadOption, UnknownGame

COMMANDS = (
    "games",
    "deal",
    "moves",
    "play",
    "solve",
    "review",
    "stats",
    "serve",
    "backup",
    "pools",
    "daily",
)
"""The subcommands, in the order ``patience --help`` lists them."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (subparsers inherit the class)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"patience: error: {message} (see `{self.prog} --help`)\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command in :data:`COMMANDS`."""
    parser = _Parser(
        prog="patience",
        description="Patience (solitaire) card games in the terminal.",
        epilog="`patience COMMAND --help` describes each command.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"patience.cli.{name}").register(subparsers)
    return parser


def _fail(message: str, status: int) -> int:
    print(f"patience: error: {message}", file=sys.stderr)
    return status


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (for ``raise SystemExit(main())``)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return int(args.func(args))
    except SystemExit as done:  # --help, or argparse's own usage error (already printed)
        return done.code if isinstance(done.code, int) else 0 if done.code is None else 2
    except CliError as error:
        return _fail(str(error), error.status)
    except (UnknownGame, BadOption, NotationError) as error:
        return _fail(str(error), 2)
    except IllegalMove as error:
        return _fail(error.message, 1)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`patience games | head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
