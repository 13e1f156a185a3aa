"""``patience review``: the verdict after each move of a game, and the move that lost it."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from patience.cli.args import CliError, deal_number, option_pair
from patience.cli.solve import SEES_ALL, _positive_int
from patience.engine.errors import IllegalMove
from patience.engine.game import Game, SavedGame
from patience.notation import game_spec, move_text, parse_game_spec, parse_record
from patience.review import REVIEW_BUDGET, Judge, Luck, Mark, Review, Step
from patience.review.game_review import REVIEW_NODES
from patience.review.records import luck_record, mark_record
from patience.solver import Budget


def register(subparsers: Any) -> None:
    """Add the ``review`` command."""
    parser = subparsers.add_parser(
        "review",
        help="review a finished game: where it was lost",
        description="Review a game: for each move, whether the position after it could still "
        "be won, was proven lost, or stayed unknown within the node budget; the move that "
        "lost the game; moves that were the only winning one, or left only one. " + SEES_ALL,
    )
    parser.add_argument("game", metavar="GAME", nargs="?", help="a game id (with --moves)")
    parser.add_argument("--deal", type=deal_number, default=1, metavar="N", help="deal (1)")
    parser.add_argument(
        "--option", "-o", type=option_pair, action="append", default=[], metavar="NAME=VALUE"
    )
    given = parser.add_mutually_exclusive_group(required=True)
    given.add_argument(
        "--moves", metavar="FILE", help="the moves in notation, by spaces or lines (- stdin)"
    )
    given.add_argument(
        "--record", metavar="FILE", help="a game record: GAME deal=N MOVE ... (- stdin)"
    )
    parser.add_argument(
        "--nodes",
        type=_positive_int,
        default=REVIEW_BUDGET.nodes,
        help=f"node budget per position ({REVIEW_BUDGET.nodes})",
    )
    parser.add_argument(
        "--total",
        type=_positive_int,
        default=REVIEW_NODES,
        help=f"node budget of the whole review ({REVIEW_NODES})",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise CliError(f"{path}: {error.strerror}", 1) from None
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file (UTF-8)", 1) from None


def _saved(args: argparse.Namespace) -> SavedGame:
    if args.record is not None:
        if args.game is not None:
            raise CliError("a record names its game: give GAME only with --moves")
        lines = [line for line in _read(args.record).splitlines() if line.strip()]
        if len(lines) != 1:
            raise CliError("a record is one line: GAME deal=N MOVE MOVE ...")
        return parse_record(lines[0])
    if args.game is None:
        raise CliError("name the game: patience review GAME --moves FILE")
    info, options = parse_game_spec(args.game)
    try:
        canonical = info.canonical(dict(options) | dict(args.option))
    except ValueError as error:
        raise CliError(str(error)) from None
    return SavedGame(info.id, canonical, args.deal, tuple(_read(args.moves).split()))


def run(args: argparse.Namespace) -> int:
    """Replay the game, review it and print a line per move (or one JSON object)."""
    saved = _saved(args)
    try:
        game = Game.load(saved)
    except IllegalMove:
        raise  # one line, status 1, as every command
    except ValueError as error:  # a deal number out of the game's range
        raise CliError(str(error)) from None
    judge = Judge(game.info, game.options, Budget(nodes=args.nodes))
    review = Review(judge, game.start, game.moves, args.total)
    status: dict[int, str] = {}
    for event in review.events():
        if isinstance(event, Step):
            status[event.index] = event.status
    texts = game.moves_text()
    marks = {mark.move: mark for mark in review.marks}
    if args.json:
        print(json.dumps(_record(game, review, status, texts)))
        return 0
    print(f"{game_spec(game.info, game.options)}, deal {game.deal}: {len(texts)} moves.")
    if review.every_card_known:
        print(f"Verdicts with every card known. {SEES_ALL}")
    print(f"start: {status[0]}")
    width = max([len(t) for t in texts] + [1])
    for number, text in enumerate(texts, 1):
        note = _note(game, review, marks.get(number))
        print(f"{number:4}. {text:<{width}}  {status[number]:<8}  {note}".rstrip())
    losing = review.band.losing_move
    print(f"Losing move: {losing} ({texts[losing - 1]})" if losing else "Losing move: none found")
    if review.luck is not None:
        print(_luck_line(review.luck))
    return 0


def _luck_line(luck: Luck) -> str:
    """The losing move judged by what the player could see, in one line."""
    verdict = {"mistake": "a mistake", "unlucky": "unlucky", None: "left open"}[luck.judgement]
    if luck.worlds == 1:
        return f"By what the player could see: {verdict} (the player could tell every card)."
    return (
        f"By what the player could see: {verdict}. With the {luck.unseen} cards never seen "
        f"dealt again {luck.worlds} ways, the move lost a win in {luck.lost}, kept one in "
        f"{luck.kept}; of the others, {luck.no_win} had no win and {luck.unknown} stayed "
        "unknown."
    )


def _note(game: Game, review: Review, mark: Mark | None) -> str:
    if mark is None:
        return ""
    if mark.kind == "losing":
        before = review.positions[mark.move - 1]
        instead = "" if mark.instead is None else move_text(game.engine, before, mark.instead)
        if mark.stuck:
            why = "no move left"
        elif mark.nodes:
            why = f"{mark.nodes} positions searched, none wins"
        else:
            why = "the solver proves no win is left"
        return f"losing move: {why}" + (f"; {instead} kept a win" if instead else "")
    if mark.kind == "only":
        return "the only winning move"
    had = "several" if mark.winning_before is None else str(mark.winning_before)
    return f"left one winning move (there were {had})"


def _record(
    game: Game, review: Review, status: dict[int, str], texts: list[str]
) -> dict[str, object]:
    return {
        "game": game_spec(game.info, game.options),
        "deal": game.deal,
        "start": status[0],
        "moves": [{"number": n, "move": t, "verdict": status[n]} for n, t in enumerate(texts, 1)],
        "losing_move": review.band.losing_move,
        "marks": [mark_record(review, m) for m in review.marks],
        "luck": None if review.luck is None else luck_record(review.luck),
        "complete": review.complete,
        "every_card_known": review.every_card_known,
        "note": SEES_ALL,
    }
