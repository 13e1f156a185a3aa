"""A game's options checked against each other: the verdicts of win-rate deal logs, deal by deal.

    .venv/bin/python bench/options_agree.py LOG [LOG ...]

Some options only give a player more choice: drawing one card at a time can do whatever
drawing three does, and more passes allow every line fewer passes allow
(``patience.solver.klondike.subgame`` has the argument). Options never enter a deal's seed
(``patience.deal``), so deal N is the same cards under each. Hence a deal won under one
option is winnable under every *wider* one (``klondike.subgame.wider``), and a deal proved
unwinnable under an option is unwinnable under every narrower one.

The bench reads deal logs written by ``bench/win_rates.py --log`` (several logs of one spec
are joined), checks that no deal is won under one option and proved unwinnable under a wider
one, nor both under one option — either would be a solver bug, and the bench then exits
with status 1 — and prints, for each option, how many of its unknown deals the other
options' verdicts decide and the bounds on its win rate before and after. Every deal it
reasons about is dealt under both options to check that the cards are the same.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from patience.engine.game import start_position
from patience.games.registry import GameInfo
from patience.notation import parse_game_spec
from patience.rules.game import Rules
from patience.solver.batch.deal_log import BadLog, read_log
from patience.solver.klondike.subgame import wider


@dataclass
class Verdicts:
    """One option's deals by outcome, from its logs."""

    spec: str
    info: GameInfo
    options: dict[str, str]
    won: set[int] = field(default_factory=set)
    lost: set[int] = field(default_factory=set)
    unknown: set[int] = field(default_factory=set)

    @property
    def deals(self) -> set[int]:
        return self.won | self.lost | self.unknown

    def rules(self) -> Rules:
        return self.info.rules(self.options)


class Disagreement(Exception):
    """Two verdicts that cannot both be right, or logs that cannot be compared."""


def gathered(paths: Iterable[Path]) -> dict[str, Verdicts]:
    """Each spec's verdicts over all its logs: a deal decided in one log and unknown in
    another counts as decided."""
    by_spec: dict[str, Verdicts] = {}
    for path in paths:
        header, records = read_log(path)
        info, options = parse_game_spec(header.spec)
        verdicts = by_spec.setdefault(header.spec, Verdicts(header.spec, info, dict(options)))
        by_outcome = {"won": verdicts.won, "unwinnable": verdicts.lost, "unknown": verdicts.unknown}
        for record in records.values():
            by_outcome[record.outcome].add(record.deal)
    for verdicts in by_spec.values():
        both = verdicts.won & verdicts.lost
        if both:
            raise Disagreement(f"{verdicts.spec}: won and proved unwinnable: {sorted(both)}")
        verdicts.unknown -= verdicts.won | verdicts.lost
    return by_spec


@dataclass(frozen=True)
class Carried:
    """What the other options tell about one option's unknown deals."""

    spec: str
    deals: int
    won: int
    lost: int
    unknown: int
    won_elsewhere: int
    lost_elsewhere: int


def compared(by_spec: Mapping[str, Verdicts]) -> list[Carried]:
    """Check every pair of comparable options; what each learns from the others.

    Raises :class:`Disagreement` at a deal won under an option and proved unwinnable under a
    wider one, or dealt differently under two options.
    """
    rules = {spec: verdicts.rules() for spec, verdicts in by_spec.items()}
    won_elsewhere: dict[str, set[int]] = {spec: set() for spec in by_spec}
    lost_elsewhere: dict[str, set[int]] = {spec: set() for spec in by_spec}
    for narrow, small in by_spec.items():
        for wide, large in by_spec.items():
            if narrow == wide or small.info is not large.info:
                continue
            if not wider(rules[narrow], rules[wide]):
                continue
            bad = small.won & large.lost
            if bad:
                raise Disagreement(
                    f"won under {narrow} but proved unwinnable under {wide}: {sorted(bad)}"
                )
            up = small.won & large.unknown
            down = large.lost & small.unknown
            _same_cards(small, large, up | down)
            won_elsewhere[wide] |= up
            lost_elsewhere[narrow] |= down
    return [
        Carried(
            spec,
            len(v.deals),
            len(v.won),
            len(v.lost),
            len(v.unknown),
            len(won_elsewhere[spec]),
            len(lost_elsewhere[spec]),
        )
        for spec, v in by_spec.items()
    ]


def _same_cards(one: Verdicts, other: Verdicts, deals: Iterable[int]) -> None:
    for deal in deals:
        if (
            start_position(one.info, one.options, deal).piles
            != start_position(other.info, other.options, deal).piles
        ):
            raise Disagreement(f"deal {deal} differs under {one.spec} and {other.spec}")


def report(rows: Sequence[Carried]) -> str:
    """A table: each option's own counts and bounds, and those the others' verdicts give."""
    lines = [
        f"{'spec':36} {'deals':>6} {'won':>6} {'lost':>6} {'unknown':>7}  "
        f"{'won else':>8} {'lost else':>9}  {'bounds':>13}  {'bounds with both':>16}"
    ]
    for r in rows:
        before = _bounds(r.won, r.won + r.unknown, r.deals)
        after = _bounds(r.won + r.won_elsewhere, r.won + r.unknown - r.lost_elsewhere, r.deals)
        lines.append(
            f"{r.spec:36} {r.deals:6} {r.won:6} {r.lost:6} {r.unknown:7}  "
            f"{r.won_elsewhere:8} {r.lost_elsewhere:9}  {before:>13}  {after:>16}"
        )
    return "\n".join(lines)


def _bounds(low: int, high: int, deals: int) -> str:
    return f"{100 * low / deals:.1f}%–{100 * high / deals:.1f}%" if deals else "—"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="+", type=Path, help="deal logs of bench/win_rates.py")
    args = parser.parse_args(argv)
    try:
        rows = compared(gathered(args.logs))
    except (BadLog, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except Disagreement as error:
        print(f"DISAGREEMENT: {error}", file=sys.stderr)
        return 1
    print(report(rows))
    print("no deal is won under an option and proved unwinnable under a wider one")
    return 0


if __name__ == "__main__":
    sys.exit(main())
