"""Measure the win rate of every game and option; write docs/win_rates.md and the lobby's figures.

    .venv/bin/python bench/win_rates.py [--deals 100] [--jobs 2] [--nodes 30000] [--seconds 2]

The solver's view: every card is known. Each deal is won (a solution that replays), proven
unwinnable, or unknown (budget out); the rate is won over decided deals with a 95% Wilson
interval, and the bounds count unknown deals as lost, then as won.
"""

from __future__ import annotations

import argparse
import itertools
import time
from pathlib import Path

from patience.games import GAMES
from patience.notation import game_spec
from patience.solver import Budget
from patience.solver.measured import MOST_UNKNOWN, Measured, load, save
from patience.solver.stats import Summary, solve_many, summarize

DOC = Path(__file__).resolve().parent.parent / "docs" / "win_rates.md"

CLAIMS: dict[str, str] = {
    "nationale": "our source page: about half of games are won by patient players",
    "thirteens": "our source page: about 5% (a player who cannot see the talon)",
    "freecell": "Microsoft deals 1–32,000: all but #11982 solvable [1]; "
    "8 unsolvable in 1–1,000,000 [2]",
    "klondike:draw=1,passes=unlimited": "about 82% of deals winnable with all cards known "
    "(81.96% ± 0.1%) [3]; earlier bounds 82–91% [4]",
}

SOURCES = """\
[1] Michael Keller, FreeCell FAQ, Solitaire Laboratory, http://solitairelaboratory.com/fcfaq.html
    (deal #11982 the only one of the first 32,000 that no solver or person has won).
[2] The unsolvable deals of Microsoft's 1,000,000 (11982, 146692, 186216, 455889, 495505,
    512118, 517776, 781948), as listed by the FreeCell FAQ [1] and community sites.
[3] Charlie Blake and Ian P. Gent, "The Winnability of Klondike Solitaire and Many Other
    Patience Games", 2019, https://arxiv.org/abs/1906.12314 (draw 1, unlimited passes,
    all cards known: 81.956% ± 0.096%).
[4] Xiang Yan, Persi Diaconis, Paat Rusmevichientong and Benjamin Van Roy, "Solitaire: Man
    Versus Machine", NIPS 2004 (thoughtful Klondike: between about 82% and 91% winnable).
"""


def configurations() -> list[tuple[str, dict[str, str]]]:
    """Every game with every combination of its options."""
    out = []
    for info in GAMES.values():
        names = [o.name for o in info.options]
        for values in itertools.product(*(o.choices for o in info.options)):
            out.append((info.id, dict(zip(names, values, strict=True))))
    return out


def row(spec: str, s: Summary) -> str:
    low, high = s.interval
    claim = CLAIMS.get(spec, "")
    rate = f"{s.rate:.1%} ({low:.1%}–{high:.1%})"
    if s.unknown > MOST_UNKNOWN * s.deals:
        rate = "— (too many unknown)"
    return (
        f"| `{spec}` | {s.deals} | {s.won} | {s.unwinnable} | {s.unknown} | "
        f"{rate} | {s.lowest:.1%}–{s.highest:.1%} | "
        f"{s.median_seconds:.3f} | {claim} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--nodes", type=int, default=30_000)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--only", default="", help="comma-separated game ids")
    parser.add_argument("--doc", type=Path, default=DOC)
    args = parser.parse_args()
    budget = Budget(args.nodes, args.seconds)
    wanted = set(filter(None, args.only.split(",")))
    rows = []
    figures = load()
    for game, options in configurations():
        if wanted and game not in wanted:
            continue
        spec = game_spec(GAMES[game], GAMES[game].canonical(options))
        began = time.perf_counter()
        records = list(solve_many(game, options, range(1, args.deals + 1), budget, args.jobs))
        summary = summarize(records)
        figures[spec] = Measured(summary.deals, summary.won, summary.unwinnable, summary.unknown)
        rows.append(row(spec, summary))
        print(rows[-1], f"({time.perf_counter() - began:.0f} s)", flush=True)
    header = [
        "# Win rates (measured)",
        "",
        "The solver's view: **every card is known**, face-down and talon cards included, so",
        "these are the share of deals that *can* be won, not what a player who sees only the",
        "face-up cards wins. Written by `bench/win_rates.py` "
        f"(`--deals {args.deals} --nodes {args.nodes} --seconds {args.seconds}`): deals 1 to "
        f"{args.deals} of each game, each searched with a budget of {args.nodes:,} nodes or "
        f"{args.seconds} s.",
        "",
        "*Rate* is won over decided deals (won + proven unwinnable) with its 95% Wilson",
        "interval; *bounds* count the unknown deals as all lost, then as all won — the true rate",
        "lies between them whatever the unknown deals are. Where unknowns are many, trust the",
        "bounds, not the rate (hard deals are more often the unknown ones); the rate is left out",
        f"when more than {MOST_UNKNOWN:.0%} of deals are unknown.",
        "",
        "| game | deals | won | unwinnable | unknown | rate (95%) | bounds | median s | claim |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    text = "\n".join(header + rows) + "\n\n## Sources\n\n" + SOURCES
    args.doc.write_text(text)
    save(figures)
    print(f"wrote {args.doc} and the figures the lobby shows")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
