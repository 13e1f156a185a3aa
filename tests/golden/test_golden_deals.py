"""Golden deals: the first three deals of every game and option value, frozen.

``deals.txt`` beside this file holds one line per deal, ``<deal number> <position text>``.
A deal must never change between releases (RULES.md, Deals); if this test fails, the shuffle,
a deal script or the pile order changed, and saved games and shared links would break.

The file was written once by running this module as a script::

    .venv/bin/python tests/golden/test_golden_deals.py

Do that again only for a new game or option (new lines), never to paper over a changed deal.
"""

from __future__ import annotations

import itertools
from pathlib import Path

from patience.engine.game import start_position
from patience.games import GAMES
from patience.notation import position_text

GOLDEN = Path(__file__).with_name("deals.txt")
DEALS = (1, 2, 3)


def current_lines() -> list[str]:
    """Every golden deal as the engine deals it now."""
    lines = []
    for info in GAMES.values():
        for values in itertools.product(*(o.choices for o in info.options)):
            options = info.canonical(dict(zip((o.name for o in info.options), values, strict=True)))
            for deal in DEALS:
                pos = start_position(info, dict(options), deal)
                lines.append(f"{deal} {position_text(info, options, pos)}")
    return lines


def _key(line: str) -> tuple[str, str]:
    """(deal number, game with options): what identifies a golden line."""
    deal, spec = line.split()[:2]
    return deal, spec


def test_golden_deals_never_change() -> None:
    frozen = {_key(line): line for line in GOLDEN.read_text(encoding="utf-8").splitlines()}
    now = {_key(line): line for line in current_lines()}
    changed = [
        f"deal {deal} of {spec}:\n  frozen {frozen[deal, spec]}\n  now    {now[deal, spec]}"
        for deal, spec in now
        if (deal, spec) in frozen and frozen[deal, spec] != now[deal, spec]
    ]
    assert not changed, "these deals changed:\n" + "\n".join(changed)
    assert not frozen.keys() - now.keys(), f"no longer dealt: {sorted(frozen.keys() - now.keys())}"
    added = sorted(now.keys() - frozen.keys())
    assert not added, f"deals not frozen yet (regenerate, see the docstring): {added}"
    assert len(frozen) == 19 * len(DEALS)


if __name__ == "__main__":
    GOLDEN.write_text("\n".join(current_lines()) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
