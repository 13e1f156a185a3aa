"""A compact FreeCell-family state and its moves, compiled from the rules' data.

A game belongs to the family when its rules (:class:`~patience.rules.game.Rules`) say so:
tableau piles that all share one build (any build table), one move unit and one rule for
empty piles; free cells that hold one card each; four foundations built up in suit from the
Ace (each of one fixed suit, or any suit); one pack of 52 cards; no stock, waste, refills,
covering, returns from the foundations or automatic runs; won with every card home. The cell
count, the build, the move unit, the start rule and the supermove limit are all read from
the rules, so other variants of the family are searched as the engine plays them.

A state is ``(columns, cells, home)``: each column a ``bytes`` of cards bottom first, the
cells a ``bytes`` with :data:`EMPTY` for a free cell (in the engine's cell order), and how
many cards of each suit are home. A move is ``(src, dst, count)``: columns are numbered
from 0, cells follow them, and :data:`HOME` is the foundation of the card's suit.
"""

from __future__ import annotations

from dataclasses import replace

from patience.cards import ACE, ALL_CARDS, rank, suit
from patience.engine.core import Engine
from patience.engine.position import Move, MoveKind, Position
from patience.rules.build import Build, Direction, Match
from patience.rules.game import Win
from patience.rules.piles import PileSpec, Start, Unit
from patience.rules.stock import Action, Redeal

EMPTY = 255
"""A free cell's byte."""
HOME = -1
"""The destination of a move to the foundations."""

State = tuple[tuple[bytes, ...], bytes, tuple[int, ...]]
Step = tuple[int, int, int]
"""A move in the compact state: source, destination, card count."""

_UP_IN_SUIT = Build(Match.SUIT, Direction.UP)
_SUITS = tuple(suit(c) for c in ALL_CARDS)
_RANK0 = tuple(rank(c) - 1 for c in ALL_CARDS)
_BYTE = tuple(bytes((c,)) for c in range(256))
_REMEMBERED = 100_000
"""Run lengths remembered per column before the memory starts again."""


def _alike(specs: list[PileSpec]) -> bool:
    """Do these piles share one spec apart from their code and place on screen?"""
    shapes = {replace(s, code="", row=0, column=0) for s in specs}
    return len(shapes) == 1


def in_family(engine: Engine) -> bool:
    """Does the engine play a game of the FreeCell family (see the module's docstring)?"""
    rules = engine.rules
    specs = engine.specs
    if rules.pairs_to or rules.foundation_returns or rules.foundation_swaps:
        return False
    if rules.auto_suit_runs or rules.win is not Win.ALL_HOME or rules.preset:
        return False
    if rules.stock.action is not Action.NONE or rules.stock.redeal is not Redeal.NONE:
        return False
    if engine.stock >= 0 or engine.waste >= 0 or sorted(rules.pack) != list(ALL_CARDS):
        return False
    if any(s.refill or s.covered_by for s in specs):
        return False
    tableau = [specs[t] for t in engine.tableau]
    cells = [specs[c] for c in engine.cells]
    founds = [specs[f] for f in engine.foundations]
    if not tableau or not _alike(tableau) or tableau[0].build is None:
        return False
    if cells and (
        not _alike(cells) or cells[0].build is not None or cells[0].start is not Start.ANY
    ):
        return False
    if len(founds) != 4 or any(
        f.build != _UP_IN_SUIT or f.start is not Start.RANK or f.start_rank != ACE for f in founds
    ):
        return False
    fixed = [f.suit for f in founds]
    return all(s is None for s in fixed) or sorted(fixed) == [0, 1, 2, 3]  # type: ignore[type-var]


class Layout:
    """The family's moves for one engine, with the tables they read, built once."""

    def __init__(self, engine: Engine) -> None:
        if not in_family(engine):
            raise ValueError("these rules are not of the FreeCell family")
        self.engine = engine
        specs = engine.specs
        column = specs[engine.tableau[0]]
        build = column.build
        assert build is not None  # checked by in_family
        self.columns = len(engine.tableau)
        self.cells = len(engine.cells)
        self.fits = build.table
        if column.unit is Unit.ONE:
            self.chain = bytes(52 * 52)
        elif column.unit is Unit.RUN:
            self.chain = build.table
        else:
            self.chain = bytes(
                build.table[lo * 52 + up] and _SUITS[lo] == _SUITS[up]
                for lo in range(52)
                for up in range(52)
            )
        self.starts = bytes(column.accepts_on_empty(c) for c in range(52))
        self.supermove = engine.rules.supermove
        self.uppers = tuple(tuple(u for u in range(52) if build.fits(c, u)) for c in range(52))
        self.lowers = tuple(tuple(lo for lo in range(52) if build.fits(lo, c)) for c in range(52))
        self.safe_needs = tuple(
            tuple((_SUITS[u], _RANK0[u] + 1) for u in self.uppers[c]) for c in range(52)
        )
        self._runs: dict[bytes, int] = {}
        self._fixed = {specs[f].suit: f for f in engine.foundations if specs[f].suit is not None}

    # ------------------------------------------------------------------ positions

    def state_of(self, pos: Position) -> State | None:
        """The compact state of an engine position; ``None`` if it holds what no state can."""
        engine = self.engine
        piles = pos.piles
        if any(pos.down[t] for t in engine.tableau):
            return None
        if sorted(card for pile in piles for card in pile) != list(ALL_CARDS):
            return None  # not one whole pack: the key's reading of what is home would fail
        cells = bytearray()
        for c in engine.cells:
            if len(piles[c]) > 1:
                return None
            cells.append(piles[c][0] if piles[c] else EMPTY)
        home = [0, 0, 0, 0]
        for f in engine.foundations:
            cards = piles[f]
            if not cards:
                continue
            s = _SUITS[cards[0]]
            if home[s] or any(card != s * 13 + i for i, card in enumerate(cards)):
                return None
            home[s] = len(cards)
        columns = tuple(bytes(piles[t]) for t in engine.tableau)
        return columns, bytes(cells), tuple(home)

    def engine_moves(self, pos: Position, steps: list[Step]) -> tuple[Move, ...]:
        """The engine's moves for ``steps`` played from ``pos`` (its foundations decide where
        each card goes home: the pile of its suit, or the first empty one for an Ace)."""
        engine = self.engine
        tableau, cells = engine.tableau, engine.cells
        owner: dict[int, int] = {}
        empty_founds: list[int] = []
        for f in engine.foundations:
            cards = pos.piles[f]
            if cards:
                owner[_SUITS[cards[0]]] = f
            else:
                empty_founds.append(f)
        columns = [list(pos.piles[t]) for t in tableau]
        cell_cards = [pos.piles[c][0] if pos.piles[c] else EMPTY for c in cells]
        n = self.columns
        out: list[Move] = []
        for src, dst, count in steps:
            if src < n:
                card = columns[src][-count]
                src_pile = tableau[src]
            else:
                card = cell_cards[src - n]
                src_pile = cells[src - n]
            if dst == HOME:
                s = _SUITS[card]
                if s not in owner:
                    found = self._fixed.get(s)
                    if found is None:
                        found = empty_founds.pop(0)
                    owner[s] = found
                dst_pile = owner[s]
            elif dst < n:
                dst_pile = tableau[dst]
            else:
                dst_pile = cells[dst - n]
            moved = columns[src][-count:] if src < n else [card]
            if src < n:
                del columns[src][-count:]
            else:
                cell_cards[src - n] = EMPTY
            if dst == HOME:
                pass
            elif dst < n:
                columns[dst].extend(moved)
            else:
                cell_cards[dst - n] = card
            out.append(Move(MoveKind.TRANSFER, src_pile, dst_pile, count))
        return tuple(out)

    # ------------------------------------------------------------------ moves

    def settle(self, columns: list[bytes], cells: bytearray, home: list[int]) -> list[Step]:
        """Play every safe move home, in place, and return them.

        Safe exactly as :meth:`Engine.safe_foundation_moves` defines it: the card fits its
        foundation and every card the tableau's build would lay on it is already home.
        """
        played: list[Step] = []
        needs = self.safe_needs
        n = self.columns
        moved = True
        while moved:
            moved = False
            for i, col in enumerate(columns):
                while col:
                    card = col[-1]
                    s = _SUITS[card]
                    if home[s] != _RANK0[card] or any(home[u] < r for u, r in needs[card]):
                        break
                    home[s] += 1
                    col = col[:-1]
                    played.append((i, HOME, 1))
                    moved = True
                columns[i] = col
            for j, card in enumerate(cells):
                if card == EMPTY:
                    continue
                s = _SUITS[card]
                if home[s] != _RANK0[card] or any(home[u] < r for u, r in needs[card]):
                    continue
                home[s] += 1
                cells[j] = EMPTY
                played.append((n + j, HOME, 1))
                moved = True
        return played

    def moves(self, state: State, whole_runs: bool = False) -> list[Step]:
        """Every move the engine allows here, up to swapping empty columns or free cells.

        One empty column and one free cell stand for all of them (they are alike), and a
        whole column is never moved into an empty one (the engine forbids it). Moves home
        come first, then moves from the cells, then runs. With ``whole_runs`` a column gives
        only its whole run (or the most that fits in an empty column) and no card leaves its
        own run for a cell: fewer moves, but not every move (no proof may rest on them).
        """
        columns, cells, home = state
        n = self.columns
        starts, uppers, lowers = self.starts, self.uppers, self.lowers
        runs_of = self._runs
        free = cells.count(EMPTY)
        gaps = columns.count(b"")
        gap = columns.index(b"") if gaps else -1
        if self.supermove:
            most = (free + 1) << gaps
            to_gap = (free + 1) << (gaps - 1) if gaps > 1 else free + 1
        else:
            most = to_gap = 52
        cell = cells.index(EMPTY) if free else -1
        out: list[Step] = []
        tops: dict[int, int] = {}
        movable: dict[int, tuple[int, int]] = {}
        later: list[Step] = []
        for i, col in enumerate(columns):
            if not col:
                continue
            card = col[-1]
            tops[card] = i
            if home[_SUITS[card]] == _RANK0[card]:
                out.append((i, HOME, 1))
            run = runs_of.get(col) or self._run(col)
            if whole_runs:
                if run <= most:
                    movable[col[-run]] = (i, run)
                if gap >= 0:
                    count = min(run, to_gap, len(col) - 1)
                    if count and starts[col[-count]]:
                        later.append((i, gap, count))
                if cell >= 0 and run == 1:
                    later.append((i, n + cell, 1))
                continue
            for count in range(1, (run if run < most else most) + 1):
                movable[col[-count]] = (i, count)
            if gap >= 0:
                for count in range(1, min(run, to_gap, len(col) - 1) + 1):
                    if starts[col[-count]]:
                        later.append((i, gap, count))
            if cell >= 0:
                later.append((i, n + cell, 1))
        for j, card in enumerate(cells):
            if card == EMPTY:
                continue
            if home[_SUITS[card]] == _RANK0[card]:
                out.append((n + j, HOME, 1))
            for lower in lowers[card]:
                k = tops.get(lower)
                if k is not None:
                    out.append((n + j, k, 1))
            if gap >= 0 and starts[card]:
                out.append((n + j, gap, 1))
        for top, k in tops.items():
            for upper in uppers[top]:
                found = movable.get(upper)
                if found is not None and found[0] != k:
                    out.append((found[0], k, found[1]))
        out.extend(later)
        return out

    def _run(self, col: bytes) -> int:
        """How many cards at the top of ``col`` follow one another by the move unit."""
        chain = self.chain
        size = len(col)
        run = 1
        while run < size and chain[col[-run - 1] * 52 + col[-run]]:
            run += 1
        if len(self._runs) >= _REMEMBERED:
            self._runs.clear()
        self._runs[col] = run
        return run

    def play(self, state: State, step: Step) -> tuple[State, list[Step]]:
        """The state after ``step`` and the safe moves home that follow, with those moves.

        ``state`` must have no safe move home left (as every state :meth:`settle` leaves):
        then only a move home or the card a move uncovers can make one.
        """
        columns_t, cells_b, home_t = state
        columns = list(columns_t)
        cells = bytearray(cells_b)
        home = list(home_t)
        src, dst, count = step
        n = self.columns
        if src < n:
            col = columns[src]
            moved = col[-count:]
            columns[src] = col[:-count]
        else:
            moved = _BYTE[cells[src - n]]
            cells[src - n] = EMPTY
        if dst == HOME:
            home[_SUITS[moved[0]]] += 1
        elif dst < n:
            columns[dst] += moved
        else:
            cells[dst - n] = moved[0]
        if dst == HOME or (src < n and columns[src] and self._safe(columns[src][-1], home)):
            auto = self.settle(columns, cells, home)
        else:
            auto = []
        return (tuple(columns), bytes(cells), tuple(home)), auto

    def _safe(self, card: int, home: list[int]) -> bool:
        """May ``card`` go home now as a safe move?"""
        return home[_SUITS[card]] == _RANK0[card] and all(
            home[u] >= r for u, r in self.safe_needs[card]
        )


def key(state: State) -> bytes:
    """Equal for states alike up to the order of the columns and of the cells.

    The cards left in play decide which are home (one pack), so ``home`` is left out.
    """
    columns, cells, _ = state
    return b"\xff".join(sorted(columns)) + b"\xfe" + bytes(sorted(cells))
