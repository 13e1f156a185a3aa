"""A compact board for the Nationale family: its one-card moves without the engine's cost.

A board is a tuple of ``bytes``, one per pile of the engine (bottom card first), plus the
redeals used. Every transfer the engine allows between tableau piles, cells and foundations is
generated here from the same :class:`~patience.rules.piles.PileSpec` data the engine compiles;
stock and redeal moves are left to the engine (:meth:`TwoWayBoard.through_engine`). A card goes
only to the first empty cell, and foundation swaps (Tournament) come only as part of the move
they make room for. (docs/SOLVERS.md, "The compact board")
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import itemgetter

from patience.cards import ACE, KING, suit
from patience.engine.core import Engine
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, Move, Position, transfer
from patience.rules.build import Direction, Match
from patience.rules.game import Win
from patience.rules.piles import Kind, Start, Unit
from patience.rules.stock import Action
from patience.solver.canon import classes
from patience.solver.nationale.keys import BoardKey

Board = tuple[bytes, ...]
Step = tuple[tuple[Move, ...], Board, int]
"""A line of engine moves, the board it leads to and the redeals used there."""
Homes = dict[int, list[tuple[tuple[Move, ...], int]]]
"""For each card a foundation takes: the foundations taking it, each with the swaps first."""
Transfer = tuple[tuple[Move, ...], int, int]
"""The swaps a transfer needs first, its source pile and its target pile."""


def suit_pairs(engine: Engine) -> dict[int, tuple[int, int]] | None:
    """For each suit, its (up-from-Ace, down-from-King) foundations; ``None`` if not so built.

    This is the family's mark: eight foundations, for each suit one building up in suit from
    the Ace and one down in suit from the King, without wrap.
    """
    specs = engine.specs
    ups: dict[int, int] = {}
    downs: dict[int, int] = {}
    for f in engine.foundations:
        spec = specs[f]
        build = spec.build
        if build is None or spec.suit is None or build.match is not Match.SUIT or build.wrap:
            return None
        if spec.start is not Start.RANK:
            return None
        if build.direction is Direction.UP and spec.start_rank == ACE:
            ups[spec.suit] = f
        elif build.direction is Direction.DOWN and spec.start_rank == KING:
            downs[spec.suit] = f
        else:
            return None
    if len(engine.foundations) != 8 or len(ups) != 4 or len(downs) != 4:
        return None
    return {s: (ups[s], downs[s]) for s in ups}


def takes_board(engine: Engine) -> bool:
    """Do this engine's rules fit the board: one-card moves, all cards home to win?"""
    rules = engine.rules
    if suit_pairs(engine) is None or rules.win is not Win.ALL_HOME:
        return False
    if rules.pairs_to or rules.supermove or rules.auto_suit_runs or engine.waste >= 0:
        return False
    if rules.stock.action not in (Action.NONE, Action.EACH_TABLEAU):
        return False
    if rules.foundation_swaps and rules.foundation_returns:
        return False  # a returned top would tell apart boundaries the keys merge
    return all(
        engine.specs[t].unit is Unit.ONE and not engine.specs[t].covered_by for t in engine.tableau
    )


class TwoWayBoard:
    """Moves, effects and keys of boards for one engine of the family."""

    def __init__(self, engine: Engine) -> None:
        pairs = suit_pairs(engine)
        if pairs is None or not takes_board(engine):
            raise ValueError("the board needs the Nationale family's foundations and moves")
        self.engine = engine
        rules = engine.rules
        specs = engine.specs
        self.pairs = pairs
        self.swaps = rules.foundation_swaps
        self.tableau = engine.tableau
        receivers = [
            t
            for t in engine.tableau
            if specs[t].build is not None or specs[t].start is not Start.NONE
        ]
        builds: dict[bytes, list[int]] = {}
        for t in receivers:
            build = specs[t].build
            builds.setdefault(build.table if build is not None else b"", []).append(t)
        self.receiving = tuple(
            (
                tuple(
                    tuple(lo for lo in range(52) if table and table[lo * 52 + up])
                    for up in range(52)
                ),
                tuple(piles),
            )
            for table, piles in builds.items()
        )
        """Per build rule of the receiving piles: the cards each card goes on, and the piles."""
        self.cells = engine.cells
        self.foundations = engine.foundations
        self.stock = engine.stock
        self.starts = [bytes(s.accepts_on_empty(c) for c in range(52)) for s in specs]
        self.refill = [s.refill for s in specs]
        self._heads = itemgetter(*engine.foundations)
        self._homes: dict[bytes, Homes] = {}
        self._wanted: dict[bytes, bytes] = {}
        self.home_of = [(pairs[suit(c)]) for c in range(52)]
        returns = rules.foundation_returns
        self.givers = (*self.tableau, *self.cells)
        self.sources = (*self.givers, *(self.foundations if returns else ()))
        self.kind = [s.kind for s in specs]
        self.tableau_set = frozenset(engine.tableau)
        self.unders = tuple(unders for unders, _ in self.receiving)
        self.foundation_set = frozenset(engine.foundations)
        self.uses_stock = rules.stock.action is not Action.NONE or rules.stock.redeals != 0
        groups = classes(engine)
        grouped = {i for g in groups for i in g}
        self.alike_gaps = any(set(receivers) <= set(g) for g in groups)
        """Are all receiving tableau piles interchangeable (so one gap stands for all)?"""
        self.groups = tuple(g for g in groups if specs[g[0]].kind is not Kind.FOUNDATION)
        self.alone = tuple(
            i
            for i in range(len(specs))
            if i not in grouped and specs[i].kind is not Kind.FOUNDATION
        )
        self.lines = tuple(
            tuple((transfer(src, dst),) for dst in range(len(specs))) for src in range(len(specs))
        )
        """Each transfer as a line of one engine move, by source and target pile."""

    # ------------------------------------------------------------------ conversions

    def board_of(self, pos: Position) -> Board | None:
        """The board of ``pos``; ``None`` when a card lies face down outside the stock, or a pile
        the talon refills is empty while the talon is not (no move leaves a position so)."""
        if any(d for i, d in enumerate(pos.down) if i != self.stock):
            return None
        piles = pos.piles
        talon = self.stock >= 0 and piles[self.stock]
        if talon and any(self.refill[i] and not piles[i] for i in self.tableau):
            return None
        return tuple(bytes(p) for p in pos.piles)

    def position(self, board: Board, redeals: int) -> Position:
        """The engine's position of a board."""
        down = [0] * len(board)
        if self.stock >= 0:
            down[self.stock] = len(board[self.stock])
        return Position(tuple(map(tuple, board)), tuple(down), redeals)

    def through_engine(self, board: Board, redeals: int) -> Iterator[Step]:
        """The stock and redeal moves, played by the engine."""
        if not self.uses_stock:
            return
        engine = self.engine
        pos = self.position(board, redeals)
        for move, refused in (
            (STOCK_MOVE, engine.stock_move_reason(pos)),
            (REDEAL_MOVE, engine.redeal_reason(pos)),
        ):
            if refused is None:
                after = engine.apply(pos, move)
                yield (move,), tuple(bytes(p) for p in after.piles), after.redeals

    # ------------------------------------------------------------------ transfers

    def moved(self, board: Board, src: int, dst: int) -> Board:
        """``board`` after the top card of ``src`` goes onto ``dst`` (and any refill)."""
        piles = list(board)
        cards = piles[src]
        piles[dst] += cards[-1:]
        piles[src] = rest = cards[:-1]
        if not rest and self.refill[src] and self.stock >= 0 and piles[self.stock]:
            stock = piles[self.stock]
            take = min(self.refill[src], len(stock))
            piles[src] = stock[len(stock) - take :][::-1]
            piles[self.stock] = stock[: len(stock) - take]
        return tuple(piles)

    def homes(self, board: Board) -> Homes:
        """The cards the foundations take now, each with its foundations and the swaps first.

        It depends on the foundations' lengths alone, so it is remembered by them.
        """
        lengths = bytes(map(len, self._heads(board)))
        found = self._homes.get(lengths)
        if found is None:
            found = self._homes[lengths] = self._homes_of(board)
        return found

    def forget(self) -> None:
        """Drop the tables remembered by foundation lengths (:meth:`homes`, :meth:`wanted`).

        A search calls it when it ends: kept across searches, the tables grow without bound,
        and every full garbage collection then walks them (seconds after a few hundred deals).
        """
        self._homes.clear()
        self._wanted.clear()

    @property
    def remembered(self) -> int:
        """How many foundation states the tables remember now."""
        return len(self._homes) + len(self._wanted)

    def wanted(self, board: Board) -> bytes:
        """A ``bytes.translate`` table: 1 for the cards the foundations take now, else 0."""
        lengths = bytes(map(len, self._heads(board)))
        table = self._wanted.get(lengths)
        if table is None:
            flags = bytearray(256)
            for card in self.homes(board):
                flags[card] = 1
            table = self._wanted[lengths] = bytes(flags)
        return table

    def _homes_of(self, board: Board) -> Homes:
        found: Homes = {}
        for s, (up, down) in self.pairs.items():
            u, held_down = len(board[up]), len(board[down])
            base = s * 13  # the card of rank r is base + r - 1
            if self.swaps and u + held_down == 13:
                # one card of every rank home: shift the boundary so the up pile ends below r
                for r in range(1, 14):
                    if u > r - 1:
                        line = tuple(transfer(up, down) for _ in range(u - r + 1))
                    else:
                        line = tuple(transfer(down, up) for _ in range(r - 1 - u))
                    found[base + r - 1] = [(line, up)]
                continue
            if u < 13:
                found.setdefault(base + u, []).append(((), up))
            if held_down < 13:
                found.setdefault(base + 12 - held_down, []).append(((), down))
        return found

    def transfers(self, board: Board, returns: bool = True) -> list[Transfer]:
        """Every transfer: the swaps before it (if any), its source and its target.

        Without ``returns``, foundations give no cards back (a quick search's narrower game).
        """
        on_top: list[dict[int, list[int]]] = []
        gaps: list[int] = []
        alike_gaps = self.alike_gaps
        for _, piles in self.receiving:
            index: dict[int, list[int]] = {}
            on_top.append(index)
            for dst in piles:
                target = board[dst]
                if target:
                    top = target[-1]
                    if top in index:
                        index[top].append(dst)
                    else:
                        index[top] = [dst]
                elif not gaps or not alike_gaps:
                    gaps.append(dst)
        groups = tuple(zip(self.unders, on_top, strict=True))
        empty_cell = next((c for c in self.cells if not board[c]), -1)
        homes = self.homes(board)
        starts = self.starts
        tableau = self.tableau_set
        foundations = self.foundation_set
        out: list[Transfer] = []
        add = out.append
        for src in self.sources if returns else self.givers:
            cards = board[src]
            if not cards:
                continue
            card = cards[-1]
            from_tableau = src in tableau
            if card in homes and src not in foundations:
                for swaps, home in homes[card]:
                    add((swaps, src, home))
            for unders_of, index in groups:
                for lower in unders_of[card]:
                    if lower in index:
                        for dst in index[lower]:
                            if dst != src:
                                add(((), src, dst))
            if gaps and (not from_tableau or len(cards) > 1):
                for dst in gaps:  # a whole pile into a gap changes nothing
                    if starts[dst][card]:
                        add(((), src, dst))
            if empty_cell >= 0 and from_tableau:
                add(((), src, empty_cell))
        return out

    def after(self, board: Board, swaps: tuple[Move, ...], src: int, dst: int) -> Board:
        """The board after a transfer and the swaps before it."""
        for swap in swaps:
            board = self.moved(board, swap.src, swap.dst)
        return self.moved(board, src, dst)

    def digs(self, board: Board, redeals: int) -> Iterator[Step]:
        """Cards going home, straight or after the cards above them go to empty cells, and the
        stock and redeal moves: the few moves a quick search tries first (it proves nothing).
        """
        homes = self.homes(board)
        empty = [c for c in self.cells if not board[c]]
        for src in (*self.tableau, *self.cells):
            cards = board[src]
            if self.kind[src] is Kind.CELL:
                if cards and cards[-1] in homes:
                    for swaps, home in homes[cards[-1]]:
                        yield (
                            (*swaps, transfer(src, home)),
                            self.after(board, swaps, src, home),
                            redeals,
                        )
                continue
            for depth in range(min(len(cards), len(empty) + 1)):
                card = cards[-1 - depth]
                if card not in homes:
                    continue
                here = board
                line: list[Move] = []
                for cell in empty[:depth]:
                    here = self.moved(here, src, cell)
                    line.append(transfer(src, cell))
                for swaps, home in homes[card]:  # cells leave the foundations as they were
                    yield (
                        (*line, *swaps, transfer(src, home)),
                        self.after(here, swaps, src, home),
                        redeals,
                    )
        yield from self.through_engine(board, redeals)

    def steps(self, board: Board, redeals: int) -> Iterator[Step]:
        """Every move here, as lines of engine moves with the boards they lead to."""
        for swaps, src, dst in self.transfers(board):
            yield (*swaps, transfer(src, dst)), self.after(board, swaps, src, dst), redeals
        yield from self.through_engine(board, redeals)

    # ------------------------------------------------------------------ keys

    @property
    def sorted_tableau(self) -> bool:
        """Are keys the foundations' lengths and the sorted tableau piles alone, and are the
        moves transfers alone, every tableau pile under one build rule (Nationale's shape)?

        Then a key is the foundations' lengths, the redeals and the sorted tableau piles
        (:class:`~patience.solver.nationale.keys.BoardKey`), which a search may build from a
        parent's sorted piles (only the two piles a move touches change).
        """
        return (
            not self.swaps
            and not self.cells
            and not self.uses_stock
            and not self.alone
            and len(self.groups) == 1
            and set(self.groups[0]) == set(self.tableau)
            and len(self.receiving) == 1
            and self.receiving[0][1] == self.tableau
        )

    @property
    def key_heads(self) -> tuple[int, ...]:
        """The foundations in the order keys give their lengths (each suit's up, then down)."""
        return tuple(f for pair in self.pairs.values() for f in pair)

    def key_function(self) -> BoardKey:
        """Keys equal only for boards with the same futures (alike piles sorted)."""
        return BoardKey(self.key_heads, self.swaps, self.alone, self.groups)
