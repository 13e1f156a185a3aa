"""FreeCell: a depth-first scan of goal-directed macro moves, as Freecell Solver's first
looking-glass scan makes them: a measured prototype for the solver kernel (docs/SOLVERS.md,
"Macro moves: what fc-solve's first scan does").

    .venv/bin/python bench/freecell_meta_moves.py [--first 1] [--deals 300] [--hard]
        [--cap 4000] [--fcsolve]

Each deal is searched by the scan alone until it wins or has checked ``--cap`` states; the
figures are the deals won, and the median and mean of the states checked (``--cap`` for a
deal not won). With ``--hard``, only the deals of the range that the kernel's first scan does
not win alone within :data:`HARD_AFTER` nodes are searched. With ``--fcsolve``, Debian's
``fc-solve`` runs its own first looking-glass scan on the same deals with the same cap, for
comparison. Every win of ours is replayed move by move with ``Engine.play``.

The scan (semantics read from fc-solve's documentation and source, written anew here): moves
come in kinds, tried kind after kind, each kind's states in a fixed order; a kind is a goal
and one macro move reaches it, setting cards aside one at a time (free cells first, then
empty columns) where they are in the way:

* ``0`` a column's top card home; ``1`` a cell's card home;
* ``j`` a cell's card into an empty column with a card of another cell, or a run from a
  column, put on it at once;
* ``2`` a cell's card onto a card it fits on anywhere in a column (the cards above set aside);
* ``3`` a card under others home (the cards above set aside);
* ``4`` a natural run onto a card it fits on in another column (the cards above both set
  aside, then the run moved whole);
* ``6`` a run into an empty column.

Below depth 33 the order is ``0 1 j 2 3 4``; from depth 33 it is ``0 1 6`` and then ``2 3 4 j``
all together, sorted by cards home, fewest first. Before a state's moves, every card that
Horne's rule lets go home goes (a card goes when every card the build could lay on it, and
every card that could lie on those, may go home first); if any did, that is the state's only
child. A state counts as checked when the scan first enters it.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
from collections.abc import Iterator, Sequence

from freecell_vs_fcsolve import board
from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver import Budget
from patience.solver.freecell.macros import horne_needs
from patience.solver.freecell.search import KERNEL_SCANS, FreeCellSearch
from patience.solver.kernel.positions import engine_moves, state_of
from patience.solver.kernel.state import (
    CARDS,
    EMPTY,
    HOME,
    RANK0,
    SUIT,
    State,
    Step,
    key,
    line_of,
    play,
)
from patience.solver.kernel.tables import Tables
from patience.solver.result import Won
from replay import replays_to_win

INFO = get_game("freecell")
ENGINE = engine_for(INFO.rules({}))
TABLES = Tables(ENGINE)
FITS = TABLES.fits
COLUMNS = TABLES.columns
DEEP = 33
"""The depth from which the second order of kinds holds."""
FCSOLVE_FIRST_SCAN = ("--method", "random-dfs", "-to", "01j234", "-dto2", "33,016[234j]=asw(1)")
FCSOLVE_PRUNE = ("-sp", "r:tf")

Child = tuple[State, list[Step]]


HORNE = horne_needs(TABLES)


def fits(lower: int, upper: int) -> bool:
    return bool(FITS[lower * CARDS + upper])


def goes_home(state: State, card: int) -> bool:
    return state[2][SUIT[card]] == RANK0[card]


def vacant(state: State) -> tuple[list[int], list[int]]:
    """The free cells (as places) and the empty columns of ``state``."""
    cells = [COLUMNS + j for j, c in enumerate(state[1]) if c == EMPTY]
    return cells, [i for i, col in enumerate(state[0]) if not col]


def capacity(state: State, into_gap: bool = False) -> int:
    """The most cards one move carries onto a card (or into an empty column)."""
    cells, gaps = vacant(state)
    return int(TABLES.limit[len(cells)][len(gaps) - 1 if into_gap else len(gaps)])


def set_aside(state: State, column: int, count: int, line: list[Step]) -> State | None:
    """The top ``count`` cards of ``column`` set aside one at a time, each into the first free
    cell, else alone into the first empty column; ``None`` if they do not fit."""
    for _ in range(count):
        cells, gaps = vacant(state)
        places = cells + [g for g in gaps if g != column]
        if not places:
            return None
        step = (column, places[0], 1)
        state = play(state, step)
        line.append(step)
    return state


def then(state: State, line: list[Step], step: Step) -> Child:
    line.append(step)
    return play(state, step), line


def runs(col: bytes) -> list[tuple[int, int]]:
    """The first and last height of each natural run of ``col``, from the bottom up."""
    out, start = [], 0
    while start < len(col):
        end = start
        while end + 1 < len(col) and fits(col[end], col[end + 1]):
            end += 1
        out.append((start, end))
        start = end + 1
    return out


def parents(state: State, column: int) -> list[int]:
    """The heights in ``column`` of the cards no card of their own run covers."""
    col = state[0][column]
    return [h for h in range(len(col)) if h == len(col) - 1 or not fits(col[h], col[h + 1])]


def column_home(state: State) -> Iterator[Child]:
    for i, col in enumerate(state[0]):
        if col and goes_home(state, col[-1]):
            yield then(state, [], (i, HOME, 1))


def cell_home(state: State) -> Iterator[Child]:
    for j, c in enumerate(state[1]):
        if c != EMPTY and goes_home(state, c):
            yield then(state, [], (COLUMNS + j, HOME, 1))


def cell_onto_parent(state: State) -> Iterator[Child]:
    room = sum(map(len, vacant(state)))
    for d, col in enumerate(state[0]):
        for h in reversed(parents(state, d)):
            for j, c in enumerate(state[1]):
                if c == EMPTY or not fits(col[h], c) or len(col) - 1 - h > room:
                    continue
                line: list[Step] = []
                aside = set_aside(state, d, len(col) - 1 - h, line)
                if aside is not None:
                    yield then(aside, line, (COLUMNS + j, d, 1))


def buried_home(state: State) -> Iterator[Child]:
    room = sum(map(len, vacant(state)))
    for i, col in enumerate(state[0]):
        for h in range(len(col) - 2, -1, -1):
            if len(col) - 1 - h > room:
                break
            if goes_home(state, col[h]):
                line: list[Step] = []
                aside = set_aside(state, i, len(col) - 1 - h, line)
                if aside is not None:
                    yield then(aside, line, (i, HOME, 1))


def run_onto_parent(state: State) -> Iterator[Child]:
    room = sum(map(len, vacant(state)))
    for i, col in enumerate(state[0]):
        for start, end in runs(col):
            for d, dcol in enumerate(state[0]):
                if d == i:
                    continue
                for h in parents(state, d):
                    above = len(dcol) - 1 - h, len(col) - 1 - end
                    if not fits(dcol[h], col[start]) or sum(above) > room:
                        continue
                    line: list[Step] = []
                    aside = set_aside(state, d, above[0], line)
                    aside = aside and set_aside(aside, i, above[1], line)
                    if aside is not None and end + 1 - start <= capacity(aside):
                        yield then(aside, line, (i, d, end + 1 - start))


def run_to_gap(state: State) -> Iterator[Child]:
    if not vacant(state)[1]:
        return
    for i, col in enumerate(state[0]):
        for start, end in runs(col):
            line: list[Step] = []
            aside = set_aside(state, i, len(col) - 1 - end, line)
            gaps = [g for g in vacant(aside)[1] if g != i] if aside else []
            if aside is None or not gaps or (start == 0 and end == len(col) - 1):
                continue
            count = min(end + 1 - start, capacity(aside, into_gap=True))
            if end == len(col) - 1 and count < end + 1 - start:
                continue  # a top run too long for the gap is not cut
            if start == 0 and count == end + 1:
                yield aside, line  # the whole column would move: the same state, columns aside
                continue
            yield then(aside, line, (i, gaps[0], count))


def cell_to_gap_and_on(state: State) -> Iterator[Child]:
    gaps = vacant(state)[1]
    if not gaps:
        return
    for j, c in enumerate(state[1]):
        if c == EMPTY:
            continue
        to_gap = (COLUMNS + j, gaps[0], 1)
        for k, other in enumerate(state[1]):
            if k != j and other != EMPTY and fits(c, other):
                yield then(*then(state, [], to_gap), (COLUMNS + k, gaps[0], 1))
        for i, col in enumerate(state[0]):
            for start, end in runs(col):
                if not fits(c, col[start]):
                    continue
                placed, line = then(state, [], to_gap)
                aside = set_aside(placed, i, len(col) - 1 - end, line)
                if aside is not None and end + 1 - start <= capacity(aside):
                    yield then(aside, line, (i, gaps[0], end + 1 - start))


KINDS = {
    "0": column_home,
    "1": cell_home,
    "2": cell_onto_parent,
    "3": buried_home,
    "4": run_onto_parent,
    "6": run_to_gap,
    "j": cell_to_gap_and_on,
}


def children(state: State, depth: int) -> Iterator[Child]:
    """The state's children in the scan's order (see the module's docstring)."""
    home: list[Step] = []
    settled = True
    while settled:
        settled = False
        tops = [(i, col[-1]) for i, col in enumerate(state[0]) if col]
        tops += [(COLUMNS + j, c) for j, c in enumerate(state[1]) if c != EMPTY]
        for src, card in tops:
            if goes_home(state, card) and all(state[2][s] >= HORNE[card * 4 + s] for s in range(4)):
                state, home = then(state, home, (src, HOME, 1))
                settled = True
                break
    if home:
        yield state, home
        return
    if depth < DEEP:
        for kind in "01j234":
            yield from KINDS[kind](state)
        return
    for kind in "016":
        yield from KINDS[kind](state)
    together = [child for kind in "234j" for child in KINDS[kind](state)]
    yield from sorted(together, key=lambda child: sum(child[0][2]))


def scan(start: State, cap: int) -> tuple[int, list[Step] | None]:
    """States checked, and the winning line (``None`` if none within ``cap`` states)."""
    met = {key(start)}
    path: list[list[Step]] = []
    stack = [children(start, 0)]
    checked = 0
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
            if path:
                path.pop()
            continue
        state, line = child
        if key(state) in met:
            continue
        met.add(key(state))
        checked += 1
        if sum(state[2]) == CARDS:
            return checked, [step for steps in path for step in steps] + line
        if checked >= cap:
            break
        path.append(line)
        stack.append(children(state, len(stack)))
    return checked, None


def fcsolve_checked(deal: int, cap: int) -> int | None:
    """States fc-solve's first looking-glass scan checks to win ``deal``, within ``cap``."""
    out = subprocess.run(
        ["fc-solve", *FCSOLVE_FIRST_SCAN, *FCSOLVE_PRUNE, "-mi", str(cap), "-s", "-i"],
        input=board(start_position(INFO, {}, deal)),
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    found = re.search(r"Total number of states checked is (\d+)", out)
    return int(found.group(1)) if found and "This game is solveable." in out else None


HARD_AFTER = 1_000
"""Nodes of the kernel's first scan alone (its share alone when the figures of docs/SOLVERS.md,
"Macro moves", were measured, before the macro scans came first)."""


def hard(deals: Sequence[int]) -> list[int]:
    """The deals the kernel's first scan does not win alone within :data:`HARD_AFTER` nodes."""
    first = FreeCellSearch(ENGINE, scans=KERNEL_SCANS[:1])
    budget = Budget(nodes=HARD_AFTER)
    return [
        d for d in deals if not isinstance(first.solve(start_position(INFO, {}, d), budget), Won)
    ]


def summary(name: str, results: Sequence[int | None], cap: int) -> str:
    won = [r for r in results if r is not None]
    median = statistics.median(won) if won else "-"
    mean = sum(cap if r is None else r for r in results) / len(results)
    return f"{name:30} won {len(won)}/{len(results)}, median {median}, mean {mean:.0f} checked"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--cap", type=int, default=4000, help="states checked a deal, at most")
    parser.add_argument("--hard", action="store_true", help="only deals our first scan loses")
    parser.add_argument("--fcsolve", action="store_true", help="run fc-solve's scan too")
    args = parser.parse_args()
    if args.fcsolve and shutil.which("fc-solve") is None:
        print("fc-solve is not installed: apt-get install freecell-solver-bin", file=sys.stderr)
        return 1
    deals: Sequence[int] = range(args.first, args.first + args.deals)
    if args.hard:
        deals = hard(deals)
    ours: list[int | None] = []
    for deal in deals:
        pos = start_position(INFO, {}, deal)
        start = state_of(TABLES, pos)
        assert start is not None
        checked, line = scan(start, args.cap)
        if line is not None and not replays_to_win(
            ENGINE, pos, engine_moves(TABLES, pos, start, line_of(line))
        ):
            print(f"deal {deal}: the line does not replay to a win", file=sys.stderr)
            return 1
        ours.append(checked if line is not None else None)
    shown = f"{deals[0]}..{deals[-1]}" if deals else "none"
    print(
        f"FreeCell deals {shown}{' (hard for our first scan)' if args.hard else ''}: {len(deals)}"
    )
    print(summary("macro moves (this prototype)", ours, args.cap))
    if args.fcsolve:
        print(
            summary(
                "fc-solve's first lg scan", [fcsolve_checked(d, args.cap) for d in deals], args.cap
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
