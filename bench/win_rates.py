"""Measure the win rate of every game and option; write docs/win_rates.md and the lobby's figures.

    .venv/bin/python bench/win_rates.py [--deals 100] [--jobs 2] [--nodes 30000] [--seconds 2]
        [--only GAME,...] [--doc docs/win_rates.md] [--json src/patience/solver/win_rates.json]

The solver's view: every card is known. Each deal is won (a solution that replays), proven
unwinnable, or unknown (budget out); the rate is won over decided deals with a 95% Wilson
interval, and the bounds count unknown deals as lost, then as won. The grade of every won deal
(patience.solver.difficulty) is recorded too; the lobby shows each game's typical grade.
"""

from __future__ import annotations

import argparse
import itertools
import time
from pathlib import Path

from patience.games import GAMES
from patience.notation import game_spec
from patience.solver import Budget
from patience.solver.measured import (
    DATA,
    FEWEST_WON,
    MOST_UNKNOWN,
    SEARCH_GRADES,
    Measured,
    grade_counts,
    load,
    save,
)
from patience.solver.stats import solve_many, summarize, wilson

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


def configurations() -> list[tuple[str, dict[str, str]]]:
    """Every game with every combination of its options."""
    out = []
    for info in GAMES.values():
        names = [o.name for o in info.options]
        for values in itertools.product(*(o.choices for o in info.options)):
            out.append((info.id, dict(zip(names, values, strict=True))))
    return out


def difficulty_cell(figures: Measured) -> str:
    """The typical grade and the count of won deals per grade."""
    grades = figures.grades or {}
    if "winnable" in grades:
        counts = f"{grades['winnable']} winnable"
    else:
        counts = " · ".join(str(grades.get(g.value, 0)) for g in SEARCH_GRADES)
    typical = figures.typical_grade
    return f"{typical.value if typical else '—'} ({counts})"


def budget_cell(figures: Measured) -> str:
    """The budget each deal had, as recorded (older entries did not record it)."""
    if figures.nodes is None:
        return "—"
    limit = f"{figures.nodes:,} nodes"
    return limit if figures.seconds is None else f"{limit} / {figures.seconds:g} s"


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
    median = "—" if figures.median_seconds is None else f"{figures.median_seconds:.3f}"
    return (
        f"| `{spec}` | {figures.deals} | {figures.won} | {figures.unwinnable} | "
        f"{figures.unknown} | {rate} | {lowest:.1%}–{highest:.1%} | {budget_cell(figures)} | "
        f"{median} | {difficulty_cell(figures)} | {CLAIMS.get(spec, '')} |"
    )


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--nodes", type=int, default=30_000)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument(
        "--only",
        default="",
        help="game ids, comma-separated (thirteens,pyramid), or game specs, semicolon-separated "
        "(klondike:draw=3,passes=1;spider:suits=2)",
    )
    parser.add_argument("--doc", type=Path, default=DOC)
    parser.add_argument("--json", type=Path, default=DATA, help="where the lobby's figures go")
    args = parser.parse_args()
    budget = Budget(args.nodes, args.seconds)
    wanted = set(filter(None, args.only.split(";" if ":" in args.only else ",")))
    figures = load(args.json)
    order = []
    for game, options in configurations():
        spec = game_spec(GAMES[game], GAMES[game].canonical(options))
        order.append(spec)
        if wanted and game not in wanted and spec not in wanted:
            continue
        began = time.perf_counter()
        records = list(solve_many(game, options, range(1, args.deals + 1), budget, args.jobs))
        summary = summarize(records)
        figures[spec] = Measured(
            summary.deals,
            summary.won,
            summary.unwinnable,
            summary.unknown,
            grade_counts(r.grade for r in records),
            nodes=args.nodes,
            seconds=args.seconds,
            median_seconds=round(summary.median_seconds, 4),
        )
        print(row(spec, figures[spec]), f"({time.perf_counter() - began:.0f} s)", flush=True)
    header = [
        "# Win rates (measured)",
        "",
        "The solver's view: **every card is known**, face-down and talon cards included, so",
        "these are the share of deals that *can* be won, not what a player who sees only the",
        "face-up cards wins. Written by `bench/win_rates.py`, which solves deals 1 to *deals*",
        "of each game, each within the row's *budget* (nodes searched, and seconds where a",
        "time limit was set; `—` where an older run did not record it). A run of some games",
        "(`--only`) rewrites their rows and keeps the others.",
        "",
        "*Rate* is won over decided deals (won + proven unwinnable) with its 95% Wilson",
        "interval; *bounds* count the unknown deals as all lost, then as all won — the true rate",
        "lies between them whatever the unknown deals are. Where unknowns are many, trust the",
        "bounds, not the rate (hard deals are more often the unknown ones); the rate is left out",
        f"when more than {MOST_UNKNOWN:.0%} of deals are unknown.",
        "",
        "| game | deals | won | unwinnable | unknown | rate (95%) | bounds | budget | median s "
        "| difficulty | claim |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    rows = [row(spec, figures[spec]) for spec in order if spec in figures]
    reading = kept_reading(args.doc)
    text = "\n".join(header + rows) + "\n\n" + reading + DIFFICULTY + "\n## Sources\n\n" + SOURCES
    args.doc.write_text(text)
    save(figures, args.json)
    print(f"wrote {args.doc} and the figures the lobby shows ({args.json})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
