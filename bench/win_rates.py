"""Measure the win rate of every game and option; write docs/win_rates.md and the lobby's figures.

    .venv/bin/python bench/win_rates.py [--deals 100] [--first 1] [--jobs 2] [--nodes 30000]
        [--seconds 2 | --no-clock] [--only GAME,...] [--log PATH] [--recheck SPEC]
        [--doc docs/win_rates.md] [--json src/patience/solver/batch/win_rates.json]

The solver's view: every card is known. Each deal is won (a solution that replays), proven
unwinnable, or unknown (budget out); the rate is won over decided deals with a 95% Wilson
interval, and the bounds count unknown deals as lost, then as won. The grade of every won deal
(patience.solver.difficulty) is recorded too; the lobby shows each game's typical grade. Each
row keeps the numbers of its unknown deals.

A long measurement in pieces (Spider's 10,000 deals at 5 s, say), each piece resumable:

    # deals 1-2,000; if killed, the same command again skips the deals in the log
    .venv/bin/python bench/win_rates.py --only "spider:suits=2" --deals 2000 --jobs 1 \
        --nodes 10000000 --seconds 5 --log /var/tmp/spider2.log
    # deals 2,001-4,000 extend the row (the same budget is required; so is the same log)
    .venv/bin/python bench/win_rates.py --only "spider:suits=2" --first 2001 --deals 2000 \
        --jobs 1 --nodes 10000000 --seconds 5 --log /var/tmp/spider2.log
    # the row's unknown deals again at 60 s: won, proved unwinnable, still unknown
    .venv/bin/python bench/win_rates.py --recheck "spider:suits=2" --nodes 100000000 \
        --seconds 60 --jobs 1 --log /var/tmp/spider2-60s.log

``--first N`` solves deals N to N+deals-1 and adds them to the row, which must cover deals 1
to N-1 at the same budget (anything else is refused and nothing changes). ``--log`` keeps one
line per solved deal (patience.solver.batch.deal_log), so a killed run loses only the deals in
progress; it needs a single spec, and a log serves every run of that spec and budget.
``--from-top`` solves the deals from the last down into ``--log`` and writes no row: a second
process, meeting one that runs up from the first deal, for a long row on two cores; stop
both when they meet at deal M, then ``--deals M --log UP`` and ``--first M+1 --deals
LAST-M --log DOWN`` write the row from the two logs without solving anything again.
``--recheck SPEC`` solves the row's unknown deals again with the (larger) budget given and
records the outcome beside the row (replacing an earlier recheck; every win replays, as
solve_many checks). A new run from deal 1 replaces the row. ``--no-clock`` drops the time
budget: ``--nodes`` alone bounds each deal, so every verdict is the same on any machine and
under any load (a loaded machine only takes longer). ``--cluster tcp://HOST:8786`` solves on a
Dask distributed cluster instead of local processes, in chunks of deals per task
(patience.solver.batch.cluster): the same verdicts under a node budget, and the same log.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from patience.engine.errors import NotationError
from patience.games import GAMES
from patience.notation import game_spec, parse_game_spec
from patience.solver import Budget
from patience.solver.batch.deal_log import BadLog, DealLog, Header
from patience.solver.batch.measured import (
    DATA,
    FEWEST_WON,
    MOST_UNKNOWN,
    SEARCH_GRADES,
    Measured,
    NotAnExtension,
    Recheck,
    grade_counts,
    load,
    save,
)
from patience.solver.batch.stats import DealRecord, solve_many, summarize, wilson

DOC = Path(__file__).resolve().parent.parent / "docs" / "win_rates.md"

CLAIMS: dict[str, str] = {
    "nationale": "our source page: about half of games are won by patient players",
    "thirteens": "our source page: about 5% (a player who cannot see the talon)",
    "freecell": "Microsoft deals 1–32,000: all but #11982 solvable [1]; "
    "8 unsolvable in 1–1,000,000 [2]",
    "pyramid": "about 1 in 50 with one pass [5]; 6.80% one pass, 66.87% pyramid only with "
    "unlimited passes [6] (ours: 3 passes, talon top playable — not comparable)",
    "klondike:draw=3,passes=unlimited": "thoughtful Klondike (draw 3, all cards known): "
    "81.96% ± 0.1% [3]; earlier bounds 82–91% [4]",
}

SOURCES = """\
[1] Michael Keller, FreeCell FAQ, Solitaire Laboratory, http://solitairelaboratory.com/fcfaq.html
    (deal #11982 the only one of the first 32,000 that no solver or person has won).
[2] The unsolvable deals of Microsoft's 1,000,000 (11982, 146692, 186216, 455889, 495505,
    512118, 517776, 781948), as listed by the FreeCell FAQ [1] and community sites.
[3] Charlie Blake and Ian P. Gent, "The Winnability of Klondike Solitaire and Many Other
    Patience Games", 2019, https://arxiv.org/abs/1906.12314 ("thoughtful" Klondike, all
    cards known: 81.956% ± 0.096%, the game of [4], which deals three cards at a time).
[4] Xiang Yan, Persi Diaconis, Paat Rusmevichientong and Benjamin Van Roy, "Solitaire: Man
    Versus Machine", NIPS 2004 (thoughtful Klondike, three cards a draw, unlimited passes:
    between about 82% and 91% winnable).
[5] Michael Keller and Mark Masten, "Pyramid and Giza", Solitaire Laboratory,
    http://solitairelaboratory.com/pyramidgiza.html (Morehead & Mott-Smith's 1 in 50, one pass).
[6] Solitaire Win Rates, "Pyramid", https://solitairewinrates.com/Pyramid.html (100 million
    deals: all cards, one pass, no overlap discards 6.80%; pyramid only, unlimited passes 66.87%).
"""


DIFFICULTY = f"""\
## Difficulty

Beside the win rate, the lobby shows each game's **difficulty**: the grade of its typical
winnable deal. Every deal the solver wins gets a grade from the number of positions it had to
search (`patience.solver.difficulty`): *easy* up to 300, *medium* up to 3,000, *hard* up to
30,000, *expert* beyond. Put the winnable deals of a game in order of grade and take the one
in the middle: that is the game's grade. Unknown deals may or may not be winnable; one that is
winnable needs more search than the budget allowed (with the default 30,000 nodes, every
would-be *expert* deal is unknown), so it counts as harder than every deal won. The
middle deal therefore lies between the middle of the won deals alone and the middle of the won
and unknown deals together; when both have the same grade the lobby shows it, otherwise (and
when fewer than {FEWEST_WON} deals were won, or the run kept no grades) it shows nothing. In a
game of mostly luck (Thirteens) the choices barely matter, so the search says nothing about
difficulty: the lobby says luck decides, beside the share of winnable deals.

The figure is the solver's, like the win rate: it sees every card, and it measures how much
searching a deal takes, not how long a person thinks. It changes only when the solver or the
budget changes (`--nodes`; under a time limit, a loaded machine may leave deals unknown that
would have been hard). The column *difficulty* gives the typical grade and the count of won
deals per grade (easy · medium · hard · expert, or all "winnable" for a game of luck).
"""


class RunError(Exception):
    """A run that cannot go ahead as asked; nothing was changed."""


def configurations() -> list[tuple[str, dict[str, str]]]:
    """Every game with every combination of its options."""
    out = []
    for info in GAMES.values():
        names = [o.name for o in info.options]
        for values in itertools.product(*(o.choices for o in info.options)):
            out.append((info.id, dict(zip(names, values, strict=True))))
    return out


def specs() -> dict[str, tuple[str, dict[str, str]]]:
    """Every configuration by its game spec, in the table's order."""
    return {
        game_spec(GAMES[game], GAMES[game].canonical(options)): (game, options)
        for game, options in configurations()
    }


def difficulty_cell(figures: Measured) -> str:
    """The typical grade and the count of won deals per grade."""
    grades = figures.grades or {}
    if "winnable" in grades:
        counts = f"{grades['winnable']} winnable"
    else:
        counts = " · ".join(str(grades.get(g.value, 0)) for g in SEARCH_GRADES)
    typical = figures.typical_grade
    return f"{typical.value if typical else '—'} ({counts})"


def budget_cell(nodes: int | None, seconds: float | None) -> str:
    """The budget each deal had, as recorded (older entries did not record it)."""
    if nodes is None:
        return "—"
    limit = f"{nodes:,} nodes"
    return limit if seconds is None else f"{limit} / {seconds:g} s"


def row(spec: str, figures: Measured) -> str:
    """One line of the table, from the recorded figures alone."""
    decided = figures.won + figures.unwinnable
    low, high = wilson(figures.won, decided)
    lowest, highest = figures.bounds
    rate = "—"
    if figures.rate is not None:
        rate = f"{figures.rate:.1%} ({low:.1%}–{high:.1%})"
    elif decided:
        rate = "— (too many unknown)"
    median = "—"
    if figures.median_seconds is not None:
        median = ("≈" if figures.median_parts else "") + f"{figures.median_seconds:.3f}"
    return (
        f"| `{spec}` | {figures.first}–{figures.last} | {figures.won} | {figures.unwinnable} | "
        f"{figures.unknown} | {rate} | {lowest:.1%}–{highest:.1%} | "
        f"{budget_cell(figures.nodes, figures.seconds)} | {median} | "
        f"{difficulty_cell(figures)} | {CLAIMS.get(spec, '')} |"
    )


def recheck_rows(order: Sequence[str], figures: Mapping[str, Measured]) -> list[str]:
    """The section on re-checked unknown deals (empty when no row was re-checked)."""
    lines = []
    for spec in order:
        entry = figures.get(spec)
        if entry is None or entry.recheck is None or entry.rechecked_bounds is None:
            continue
        check = entry.recheck
        again = check.won + check.unwinnable + check.unknown
        lowest, highest = entry.rechecked_bounds
        lines.append(
            f"| `{spec}` | {again} of deals {entry.first}–{check.last} | "
            f"{budget_cell(check.nodes, check.seconds)} | {check.won} | {check.unwinnable} | "
            f"{check.unknown} | {lowest:.1%}–{highest:.1%} |"
        )
    if not lines:
        return []
    return [
        "",
        "## Re-checked unknown deals",
        "",
        "`--recheck SPEC` solves a row's unknown deals again with a larger budget. A deal won",
        "at either budget is won (its solution replays) and one proved unwinnable is lost, so",
        "the *bounds* here narrow the row's: they count only the deals still unknown as lost,",
        "then as won. Rows that kept no list of their unknown deals cannot be re-checked.",
        "",
        "| game | unknown deals re-checked | budget | won | proved unwinnable | still unknown "
        "| bounds |",
        "|---|---|---|---|---|---|---|",
        *lines,
    ]


def kept_reading(doc: Path) -> str:
    """The hand-written "## Reading" section of the doc (from its heading to the next
    section), which a run keeps as it is; empty if there is none."""
    if not doc.exists():
        return ""
    text = doc.read_text(encoding="utf-8")
    start = text.find("\n## Reading")
    if start < 0:
        return ""
    end = text.find("\n## ", start + 1)
    return text[start + 1 : end + 1 if end >= 0 else len(text)]


HEADER = [
    "# Win rates (measured)",
    "",
    "The solver's view: **every card is known**, face-down and talon cards included, so",
    "these are the share of deals that *can* be won, not what a player who sees only the",
    "face-up cards wins. Written by `bench/win_rates.py`, which solves the deals of each",
    "game named in the column *deals*, each within the row's *budget* (nodes searched, and",
    "seconds where a time limit was set; `—` where an older run did not record it). A run of",
    "some games (`--only`) rewrites their rows and keeps the others; a run from a later deal",
    "(`--first`) extends a row at the same budget.",
    "",
    "*Rate* is won over decided deals (won + proven unwinnable) with its 95% Wilson",
    "interval; *bounds* count the unknown deals as all lost, then as all won — the true rate",
    "lies between them whatever the unknown deals are. Where unknowns are many, trust the",
    "bounds, not the rate (hard deals are more often the unknown ones); the rate is left out",
    f"when more than {MOST_UNKNOWN:.0%} of deals are unknown. *Median s* is the median time",
    "the solver took over a deal; the medians of a row measured in several runs cannot be",
    "merged, so such a row keeps each run's median and shows their mean weighted by deals,",
    "marked ≈.",
    "",
    "| game | deals | won | unwinnable | unknown | rate (95%) | bounds | budget | median s "
    "| difficulty | claim |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
]


def write(figures: Mapping[str, Measured], doc: Path, data: Path) -> None:
    """Write the doc (keeping its "## Reading" section) and the lobby's figures."""
    order = [spec for spec in specs() if spec in figures]
    rows = [row(spec, figures[spec]) for spec in order]
    table = "\n".join(HEADER + rows + recheck_rows(order, figures)) + "\n\n"
    doc.write_text(
        table + kept_reading(doc) + DIFFICULTY + "\n## Sources\n\n" + SOURCES, encoding="utf-8"
    )
    save(figures, data)


def solved(
    spec: str,
    deals: Sequence[int],
    budget: Budget,
    jobs: int,
    log_path: Path | None,
    cluster: str | None = None,
) -> list[DealRecord]:
    """The records of ``deals`` in order: from the log where it has them, solved (and
    logged) where not; on ``jobs`` processes, or the Dask cluster at ``cluster``."""
    game, options = specs()[spec]
    if log_path is None:
        found = solve_many(game, options, deals, budget, jobs, cluster)
        return sorted(found, key=lambda record: record.deal)
    with DealLog(log_path, Header(spec, budget.nodes, budget.seconds)) as log:
        todo = [deal for deal in deals if deal not in log.done]
        if len(todo) < len(deals):
            print(f"{spec}: {len(deals) - len(todo)} deals from {log_path}", flush=True)
        for record in solve_many(game, options, todo, budget, jobs, cluster):
            log.add(record)
        return [log.done[deal] for deal in deals]


def figures_of(records: Sequence[DealRecord], budget: Budget) -> Measured:
    """The row of one run of consecutive deals."""
    summary = summarize(records)
    return Measured(
        summary.deals,
        summary.won,
        summary.unwinnable,
        summary.unknown,
        grade_counts(r.grade for r in records),
        nodes=budget.nodes,
        seconds=budget.seconds,
        median_seconds=round(summary.median_seconds, 4),
        first=records[0].deal,
        unknown_deals=tuple(r.deal for r in records if r.outcome == "unknown"),
    )


def canonical(text: str) -> str:
    """The game spec ``text`` names, its options in order and defaults filled in
    (``klondike:draw=3`` is ``klondike:draw=3,passes=unlimited``)."""
    try:
        info, options = parse_game_spec(text)
    except NotationError as error:
        raise RunError(str(error)) from None
    return game_spec(info, options)


def selected(only: str) -> list[str]:
    """The specs ``--only`` names: a game id names every spec of the game; nothing, every
    spec."""
    items = set(filter(None, only.split(";" if ":" in only else ",")))
    wanted = {canonical(item) if ":" in item else item.strip() for item in items}
    every = specs()
    unknown = wanted - set(every) - {game for game, _ in every.values()}
    if unknown:
        raise RunError(f"--only names no game or spec {sorted(unknown)}")
    return [spec for spec, (game, _) in every.items() if not wanted or {spec, game} & wanted]


def measure(args: argparse.Namespace, figures: dict[str, Measured], budget: Budget) -> None:
    """Solve deals ``first`` to ``first + deals - 1`` of every selected spec; write each row
    as it is done (a later deal than 1 extends the row)."""
    chosen = selected(args.only)
    if args.log is not None and len(chosen) != 1:
        raise RunError(f"--log needs a single spec; --only {args.only!r} names {len(chosen)}")
    if args.deals < 1 or args.first < 1:
        raise RunError("--deals and --first must be at least 1")
    if args.from_top:
        if args.log is None:
            raise RunError("--from-top needs --log: its deals are joined to a row from there")
        deals = range(args.first + args.deals - 1, args.first - 1, -1)
        solved(chosen[0], deals, budget, args.jobs, args.log, args.cluster)
        print(f"{chosen[0]}: deals {deals[0]} down to {deals[-1]} are in {args.log}")
        return
    for spec in chosen:  # refuse before solving anything
        old = figures.get(spec)
        if args.first > 1 and old is None:
            raise RunError(f"{spec}: no row to extend from deal {args.first}")
        if args.first > 1 and old is not None:
            try:
                old.refuse_extension(args.first, budget.nodes, budget.seconds)
            except NotAnExtension as error:
                raise RunError(f"{spec}: {error}") from None
            if old.unknown_deals is None:
                print(f"{spec}: the row kept no list of its unknown deals; nor will the extended")
    deals = range(args.first, args.first + args.deals)
    for spec in chosen:
        began, cpu = time.perf_counter(), time.process_time()
        new = figures_of(solved(spec, deals, budget, args.jobs, args.log, args.cluster), budget)
        figures[spec] = figures[spec].extended(new) if args.first > 1 else new
        write(figures, args.doc, args.json)
        print(
            row(spec, figures[spec]),
            f"({time.perf_counter() - began:.0f} s, {time.process_time() - cpu:.0f} s CPU here)",
            flush=True,
        )


def recheck(args: argparse.Namespace, figures: dict[str, Measured], budget: Budget) -> None:
    """Solve the unknown deals of one row again with a larger budget; record the outcome."""
    spec = canonical(args.recheck)
    entry = figures.get(spec)
    if entry is None:
        raise RunError(f"--recheck: {spec} has no row")
    if entry.unknown_deals is None:
        raise RunError(
            f"--recheck: the row of {spec} kept no list of its unknown deals (measured before "
            "they were kept); measure it again first"
        )
    if entry.nodes is None or not _larger(budget, entry.nodes, entry.seconds):
        raise RunError(
            f"--recheck: {budget_cell(budget.nodes, budget.seconds)} is not larger than the "
            f"row's {budget_cell(entry.nodes, entry.seconds)} (give more nodes or seconds, "
            "and no less of either)"
        )
    records = solved(spec, entry.unknown_deals, budget, args.jobs, args.log, args.cluster)
    outcomes = [r.outcome for r in records]
    figures[spec] = replace(
        entry,
        recheck=Recheck(
            nodes=budget.nodes,
            seconds=budget.seconds,
            last=entry.last,
            won=outcomes.count("won"),
            unwinnable=outcomes.count("unwinnable"),
            unknown_deals=tuple(r.deal for r in records if r.outcome == "unknown"),
        ),
    )
    write(figures, args.doc, args.json)
    print(*recheck_rows([spec], figures)[-1:])


def _larger(budget: Budget, nodes: int, seconds: float | None) -> bool:
    """Is ``budget`` no less than ``nodes`` and ``seconds`` (``None``: no limit) in either,
    and more in one?"""
    new_time = math.inf if budget.seconds is None else budget.seconds
    old_time = math.inf if seconds is None else seconds
    no_less = budget.nodes >= nodes and new_time >= old_time
    return no_less and (budget.nodes, new_time) != (nodes, old_time)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=1, help="the first deal (1: a new row)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="solve on the Dask cluster whose scheduler is at ADDRESS (instead of --jobs)",
    )
    parser.add_argument("--nodes", type=int, default=30_000)
    clock = parser.add_mutually_exclusive_group()
    clock.add_argument("--seconds", type=float, default=2.0)
    clock.add_argument("--no-clock", action="store_true", help="a node budget alone")
    parser.add_argument(
        "--only",
        default="",
        help="game ids, comma-separated (thirteens,pyramid), or game specs, semicolon-separated "
        "(klondike:draw=3,passes=1;spider:suits=2)",
    )
    parser.add_argument("--log", type=Path, help="log every solved deal here; resume from it")
    parser.add_argument(
        "--from-top",
        action="store_true",
        help="solve the deals from the last down into --log and write no row (join it later)",
    )
    parser.add_argument("--recheck", metavar="SPEC", help="solve this row's unknown deals again")
    parser.add_argument("--doc", type=Path, default=DOC)
    parser.add_argument("--json", type=Path, default=DATA, help="where the lobby's figures go")
    args = parser.parse_args(argv)
    budget = Budget(args.nodes, None if args.no_clock else args.seconds)
    figures = load(args.json)
    try:
        if args.recheck:
            recheck(args, figures, budget)
        else:
            measure(args, figures, budget)
    except (RunError, BadLog) as error:
        print(f"win_rates: {error}", file=sys.stderr)
        return 2
    print(f"wrote {args.doc} and the figures the lobby shows ({args.json})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
