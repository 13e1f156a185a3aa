"""``patience solve GAME``: the solver's verdict on a deal or a position, with the solution."""

from __future__ import annotations

import argparse
import json
from typing import Any

from patience.cli.args import CliError, deal_number, option_pair
from patience.engine.game import engine_for, start_position
from patience.engine.position import Position
from patience.games.registry import GameInfo, Options
from patience.notation import game_spec, move_text, parse_game_spec, parse_position
from patience.solver import Budget, Result, Won, grade_of, searcher_for

SEES_ALL = "The solver sees every card, face-down and talon cards included."


def register(subparsers: Any) -> None:
    """Add the ``solve`` command."""
    parser = subparsers.add_parser(
        "solve",
        help="solve a deal or a position",
        description="Search a deal (or a position) for a win. The answer is won (with the "
        "moves, one per line), proven unwinnable (every reachable position was searched), or "
        "unknown (the budget ran out). " + SEES_ALL,
    )
    parser.add_argument("game", metavar="GAME", help="a game id, optionally game:opt=value")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--deal", type=deal_number, default=None, metavar="N", help="deal (1)")
    where.add_argument(
        "--position", metavar="TEXT", help="a position in position notation (one line)"
    )
    parser.add_argument(
        "--option", "-o", type=option_pair, action="append", default=[], metavar="NAME=VALUE"
    )
    parser.add_argument("--nodes", type=_positive_int, default=200_000, help="node budget")
    parser.add_argument("--seconds", type=_positive_float, default=None, help="time budget")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def _positive_int(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give a whole number from 1")
    return int(text)


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give a positive number of seconds")
    return value


def chosen(args: argparse.Namespace) -> tuple[GameInfo, Options, Position, int | None]:
    """The game, options, position and deal number (``None`` for a given position)."""
    info, options = parse_game_spec(args.game)
    given = dict(options) | dict(args.option)
    if args.position is not None:
        pos_info, pos_options, position = parse_position(args.position)
        if pos_info.id != info.id or (args.option and dict(pos_options) != given):
            raise CliError("the position names another game or other options than GAME")
        return pos_info, pos_options, position, None
    deal = args.deal or 1
    try:
        canonical = info.canonical(given)
        return info, canonical, start_position(info, dict(canonical), deal), deal
    except ValueError as error:
        raise CliError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    """Solve and print the outcome and the solution."""
    info, options, position, deal = chosen(args)
    result = searcher_for(info.rules(dict(options))).solve(
        position, Budget(args.nodes, args.seconds)
    )
    moves = solution_text(info, options, position, result)
    grade = grade_of(result, info.skill).value if deal is not None else None
    if args.json:
        record = {
            "game": game_spec(info, options),
            "deal": deal,
            "outcome": result.name,
            "moves": moves,
            "nodes": result.nodes,
            "seconds": round(result.seconds, 4),
            "grade": grade,
            "note": SEES_ALL,
        }
        print(json.dumps(record))
        return 0
    where = f"deal {deal}" if deal is not None else "the position"
    print(f"{game_spec(info, options)}, {where}: {_verdict(result)}")
    print(f"({result.nodes} nodes, {result.seconds:.3f} s. {SEES_ALL})")
    if grade is not None:
        print(f"Difficulty: {grade}")
    for text in moves:
        print(text)
    return 0


def _verdict(result: Result) -> str:
    if isinstance(result, Won):
        return f"won in {len(result.moves)} moves"
    if result.name == "unwinnable":
        return "proven unwinnable (every reachable position was searched)"
    return "unknown (the budget ran out)"


def solution_text(info: GameInfo, options: Options, start: Position, result: Result) -> list[str]:
    """The winning moves in notation, each written for the position it is played in."""
    if not isinstance(result, Won):
        return []
    engine = engine_for(info.rules(dict(options)))
    texts = []
    pos = start
    for move in result.moves:
        texts.append(move_text(engine, pos, move))
        pos = engine.apply(pos, move)
    return texts
