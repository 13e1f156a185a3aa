"""``patience stats GAME --deals N``: solve many deals on every core and report the win rate."""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

from patience.cli.args import CliError, deal_number, option_pair
from patience.cli.solve import SEES_ALL, _positive_float, _positive_int
from patience.notation import game_spec, parse_game_spec
from patience.solver import Budget
from patience.solver.batch.chart import svg_chart
from patience.solver.batch.deal_log import BadLog, DealLog, Header
from patience.solver.batch.stats import DealRecord, Summary, solve_many, summarize


def register(subparsers: Any) -> None:
    """Add the ``stats`` command."""
    parser = subparsers.add_parser(
        "stats",
        help="solve many deals and report the win rate",
        description="Solve deals K..K+N-1 on every core and print won / proven unwinnable / "
        "unknown, the win rate of decided deals with its 95% (Wilson) interval, and the time "
        "per deal. " + SEES_ALL,
    )
    parser.add_argument("game", metavar="GAME", help="a game id, optionally game:opt=value")
    parser.add_argument(
        "--option", "-o", type=option_pair, action="append", default=[], metavar="NAME=VALUE"
    )
    parser.add_argument("--deals", type=_positive_int, required=True, metavar="N")
    parser.add_argument("--start", type=deal_number, default=1, metavar="K")
    parser.add_argument("--jobs", type=int, default=0, metavar="J", help="processes (0: all)")
    parser.add_argument("--nodes", type=_positive_int, default=200_000, help="nodes per deal")
    parser.add_argument("--seconds", type=_positive_float, default=None, help="time per deal")
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="solve on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), in "
        "chunks of deals per task; the workers need this package installed",
    )
    parser.add_argument(
        "--log",
        type=Path,
        metavar="PATH",
        help="keep every solved deal in PATH as it comes; a run stopped and started again "
        "with the same log solves only the deals it lacks",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--csv", type=Path, metavar="PATH", help="write every deal as CSV")
    parser.add_argument("--chart", type=Path, metavar="PATH", help="write an SVG chart")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Solve the deals, print the summary, write the CSV and chart."""
    info, options = parse_game_spec(args.game)
    try:
        canonical = info.canonical(dict(options) | dict(args.option))
    except ValueError as error:
        raise CliError(str(error)) from None
    if args.jobs < 0:
        raise CliError("--jobs must be 0 (every core) or more")
    spec = game_spec(info, canonical)
    deals = range(args.start, args.start + args.deals)
    budget = Budget(args.nodes, args.seconds)
    try:
        with contextlib.ExitStack() as stack:
            log = None
            if args.log is not None:
                log = stack.enter_context(DealLog(args.log, Header(spec, args.nodes, args.seconds)))
            done = {} if log is None else log.done
            found = {deal: done[deal] for deal in deals if deal in done}
            todo = [deal for deal in deals if deal not in found]
            began = time.perf_counter()
            for record in solve_many(
                info.id, dict(canonical), todo, budget, args.jobs, args.cluster
            ):
                found[record.deal] = record
                if log is not None:
                    log.add(record)
                _progress(len(found), len(deals), began)
    except BadLog as error:
        raise CliError(str(error)) from None
    except OSError as error:  # no cluster at the address, or the log cannot be written
        raise CliError(f"cannot solve: {error}", 1) from None
    print(file=sys.stderr)
    records = [found[deal] for deal in deals]
    summary = summarize(records)
    if args.csv:
        write_csv(args.csv, records)
    if args.chart:
        args.chart.write_text(svg_chart(f"{spec}: deals {deals[0]}..{deals[-1]}", records))
    if args.json:
        print(json.dumps({"game": spec, "first": deals[0], **asdict(summary), "note": SEES_ALL}))
    else:
        print(report(spec, summary))
    return 0


def _progress(done: int, total: int, began: float) -> None:
    width = 30
    filled = width * done // total
    elapsed = time.perf_counter() - began
    left = elapsed / done * (total - done)
    bar = "#" * filled + "-" * (width - filled)
    print(f"\r[{bar}] {done}/{total}  {elapsed:.0f}s, ~{left:.0f}s left", end="", file=sys.stderr)


def report(spec: str, s: Summary) -> str:
    """The summary in a few lines."""
    low, high = s.interval
    return "\n".join(
        [
            f"{spec}: {s.deals} deals ({SEES_ALL})",
            f"won {s.won}, proven unwinnable {s.unwinnable}, unknown {s.unknown}",
            f"win rate of decided deals {s.rate:.1%} (95% interval {low:.1%}-{high:.1%}); "
            f"counting unknown deals as lost/won: {s.lowest:.1%}-{s.highest:.1%}",
            f"time per deal: mean {s.mean_seconds:.3f} s, median {s.median_seconds:.3f} s, "
            f"p95 {s.p95_seconds:.3f} s, max {s.max_seconds:.3f} s",
        ]
    )


def write_csv(path: Path, records: list[DealRecord]) -> None:
    """Every deal's record as a CSV row."""
    fields = list(DealRecord.__dataclass_fields__)
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        for record in records:
            writer.writerow({**asdict(record), "seconds": f"{record.seconds:.5f}"})
