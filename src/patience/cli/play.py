"""``patience play GAME``: play in the terminal, one command per line of standard input.

Commands: a move in notation (``36``, ``3a``, ``1h``, ``s``, ``x3+7``), ``undo``, ``redo``,
``moves`` (list the legal moves), ``help`` and ``quit``. The board is printed after every
change; a bad or illegal move prints one error line to standard error and changes nothing.
The session ends on ``quit``, at the end of input, or when the game is won.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from patience.cli.args import add_game_arguments, chosen_game
from patience.cli.board import table_text
from patience.engine.core import Outcome
from patience.engine.errors import IllegalMove, NotationError
from patience.engine.game import Game
from patience.notation import move_text

HELP = (
    "Type a move (36, 3a, 1h, 10-3, 36:3, s, r, x3+7), or: "
    "moves (list the legal moves), undo, redo, help, quit."
)
QUIT = frozenset({"quit", "q", "exit"})


def register(subparsers: Any) -> None:
    """Add the ``play`` command."""
    parser = subparsers.add_parser(
        "play",
        help="play a deal in the terminal",
        description="Play a deal in the terminal. " + HELP + " Reads standard input line by "
        "line, so a session can be scripted: printf '36\\nundo\\nquit\\n' | patience play "
        "freecell --deal 1. Face-down cards show as ## unless --open is given.",
    )
    add_game_arguments(parser)
    parser.add_argument("--open", action="store_true", help="show face-down cards too")
    parser.set_defaults(func=run)


def _lines(stream: TextIO) -> Iterator[str]:
    """The commands typed, with a prompt when a person is typing them."""
    if not stream.isatty():
        yield from stream
        return
    while True:
        try:
            yield input("> ")
        except EOFError:
            print()
            return


def _status(game: Game) -> str:
    count = len(game.moves)
    return f"{count} move{'' if count == 1 else 's'}"


class Session:
    """One game at the terminal: reads commands, prints the board and errors."""

    def __init__(self, game: Game, *, show_all: bool, out: TextIO, err: TextIO) -> None:
        self.game = game
        self.show_all = show_all
        self.out = out
        self.err = err

    def show(self) -> None:
        print(table_text(self.game, show_all=self.show_all), file=self.out)
        print(_status(self.game), file=self.out)

    def command(self, text: str) -> bool:
        """Carry out one command; ``False`` when the session is over."""
        word = text.strip().lower()
        if not word:
            return True
        if word in QUIT:
            return False
        if word == "help":
            print(HELP, file=self.out)
            return True
        if word == "moves":
            game = self.game
            listed = [move_text(game.engine, game.position, m) for m in game.legal_moves()]
            print(" ".join(listed) if listed else "(no legal moves)", file=self.out)
            return True
        try:
            if word == "undo":
                self.game.undo()
            elif word == "redo":
                self.game.redo()
            else:
                self.game.play_text(word)
        except IllegalMove as error:
            print(f"{text.strip()}: {error.message}", file=self.err)
            return True
        except NotationError as error:
            print(error, file=self.err)
            return True
        self.show()
        return self._after_move()

    def _after_move(self) -> bool:
        outcome = self.game.outcome()
        if outcome is Outcome.WON:
            print(f"Won in {_status(self.game)}.", file=self.out)
            return False
        if outcome is Outcome.LOST:
            print("No moves left: the game is lost (undo, or quit).", file=self.out)
        return True


def run(args: argparse.Namespace) -> int:
    """Play until quit, end of input or a win."""
    session = Session(chosen_game(args), show_all=args.open, out=sys.stdout, err=sys.stderr)
    session.show()
    for line in _lines(sys.stdin):
        if not session.command(line):
            break
    return 0
