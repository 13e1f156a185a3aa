"""``patience pools prepare|show``: the graded deal pools a new game's chooser picks from."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from patience import deal_pools
from patience.cli.args import CliError, deal_number
from patience.cli.solve import _positive_int
from patience.deal_pools import file_name, load, pool_text
from patience.deal_pools.prepare import prepare
from patience.games import GAMES
from patience.games.registry import GameInfo, Options
from patience.notation import game_spec, parse_game_spec
from patience.solver.difficulty import GRADE_BUDGET

HERE = Path(deal_pools.__file__).parent
"""Where the pools live: the package's own data, installed with it."""


def register(subparsers: Any) -> None:
    """Add the ``pools`` command."""
    parser = subparsers.add_parser(
        "pools",
        help="prepare or list the graded deal pools",
        description="The deals a new game of a chosen kind (winnable, easy, medium, hard, "
        "expert) is picked from, graded ahead by the solver with a node budget.",
    )
    parser.set_defaults(func=run_show)  # each action sets its own; this names the command's
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    make = actions.add_parser(
        "prepare",
        help="grade deals and write the pools",
        description="Grade deals from --from on, one after another, and write one pool file "
        "per game spec. Node budgets only: every machine writes the same files.",
    )
    make.add_argument(
        "games",
        nargs="*",
        metavar="GAME",
        help="game ids (every option combination) or specs (klondike:draw=3,passes=1); "
        "default every game",
    )
    make.add_argument("--per-grade", type=_positive_int, default=50, help="deals kept per grade")
    make.add_argument(
        "--nodes", type=_positive_int, default=GRADE_BUDGET.nodes, help="node budget per deal"
    )
    make.add_argument("--from", dest="first", type=deal_number, default=1, help="first deal")
    make.add_argument(
        "--deals", type=_positive_int, default=1_000, help="the most deals graded per spec"
    )
    make.add_argument("--out", type=Path, default=HERE, help="directory to write (the package)")
    make.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="grade on the Dask cluster whose scheduler is at ADDRESS (the same pools)",
    )
    make.set_defaults(func=run_prepare)
    show = actions.add_parser("show", help="count the deals of each pool")
    show.set_defaults(func=run_show)


def chosen_specs(names: list[str]) -> list[tuple[GameInfo, Options]]:
    """The specs the GAME arguments name: a bare id stands for each of its option sets."""
    if not names:
        return [(info, options) for info in GAMES.values() for options in info.option_sets()]
    out: list[tuple[GameInfo, Options]] = []
    for name in names:
        info, options = parse_game_spec(name)
        sets = info.option_sets() if ":" not in name else [options]
        out += [(info, one) for one in sets]
    return out


def run_prepare(args: argparse.Namespace) -> int:
    """Prepare and write each named spec's pool, saying how long each took."""
    if not args.out.is_dir():
        raise CliError(f"{args.out}: no such directory")
    for info, options in chosen_specs(args.games):
        spec = game_spec(info, options)
        began = time.process_time()
        pool = prepare(
            info,
            options,
            first=args.first,
            deals=args.deals,
            nodes=args.nodes,
            per_grade=args.per_grade,
            cluster=args.cluster,
        )
        (args.out / file_name(spec)).write_text(pool_text(pool), encoding="utf-8")
        counts = ", ".join(f"{g} {len(d)}" for g, d in pool.grades.items()) or "no won deal"
        print(
            f"{spec}: deals {pool.first}-{pool.last} at {pool.nodes} nodes: {counts} "
            f"({time.process_time() - began:.1f} CPU s)",
            file=sys.stderr,
        )
    return 0


def run_show(args: argparse.Namespace) -> int:
    """Print each spec's pool: its budget, the deals scanned, and the deals per kind."""
    for info in GAMES.values():
        for options in info.option_sets():
            spec = game_spec(info, options)
            pool = load(spec)
            if pool is None:
                print(f"{spec}: no pool")
                continue
            kinds = ", ".join(f"{k} {len(pool.deals(k))}" for k in pool.kinds()[1:])
            print(f"{spec}: {kinds} (deals {pool.first}-{pool.last}, {pool.nodes} nodes)")
    return 0
