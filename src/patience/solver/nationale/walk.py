"""The Nationale family's best-first walk, one board expanded a step, its children made in C.

:class:`BoardWalk` is the walk :meth:`~patience.solver.nationale.search.TwoWaySearcher._walk`
runs (all but Nationale's sorted walk): it pops the best board, makes every child the
transfers of :class:`~patience.solver.nationale.moves.TwoWayBoard` name (in their order), and
queues each whose key it has not met, by its :class:`~patience.solver.nationale.score.BoardScore`
and then newest first. The stock and redeal moves, the digs of a quick search and a forced
move come from :class:`TwoWayBoard` as lines of engine moves. ``make`` compiles this module
(``scripts/build_kernel.py``): the same boards in the same order, in C.
(docs/SOLVERS.md, "The search", Nationale family)
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable

import cython

from patience.engine.position import Move, MoveKind, transfer
from patience.solver.nationale.moves import Board, Step, TwoWayBoard
from patience.solver.nationale.score import BoardScore

Line = tuple[Move, ...]

GO_ON = 0
"""A board was expanded and did not win."""
WON = 1
"""A child won: :attr:`BoardWalk.line` holds the moves."""
EMPTY = 2
"""The frontier is empty: every board queued has been expanded."""

_SCORE_SHIFT = 40
_NODE_MASK = cython.declare(cython.longlong, (1 << _SCORE_SHIFT) - 1)
"""A frontier entry is -(score * 2**40 + node): more boards than any search queues."""
_FULL = 0xFE
"""Key marker of a suit whose two foundations hold one card of every rank."""


@cython.final
@cython.cclass
class BoardWalk:
    """One best-first walk from ``first`` (:meth:`step` expands a board).

    ``returns``: foundations may give cards back; ``digs``: only
    :meth:`TwoWayBoard.digs`' lines (a quick search's); ``forced`` may name a board's one
    line to try.
    """

    def __init__(
        self,
        board_rules: TwoWayBoard,
        first: Board,
        redeals: int,
        score: BoardScore,
        forced: Callable[[Board, int], Step | None] | None,
        digs: bool,
        returns: bool,
    ) -> None:
        self.board_rules = board_rules
        self.score = score
        self.forced = forced
        self.digs = digs
        self.sources = tuple(board_rules.sources if returns else board_rules.givers)
        self.piles = len(board_rules.starts)
        self.stock = board_rules.stock
        self.refill = bytes(board_rules.refill)
        self.starts = list(board_rules.starts)
        self.tableau = bytes(i in board_rules.tableau_set for i in range(self.piles))
        self.home = bytes(i in board_rules.foundation_set for i in range(self.piles))
        self.cells = tuple(board_rules.cells)
        self.outside = tuple(i for i in range(self.piles) if not self.home[i])
        self.receivers = [piles for _, piles in board_rules.receiving]
        self.unders = [[bytes(lows) for lows in unders] for unders, _ in board_rules.receiving]
        self.alike_gaps = board_rules.alike_gaps
        self.heads = tuple(board_rules.key_heads)
        self.swaps = board_rules.swaps
        self.alone = tuple(board_rules.alone)
        self.groups = tuple(board_rules.groups)
        self.lines = board_rules.lines
        self.parents: list[int] = [-1]
        self.edges: list[Line] = [()]
        self.boards: list[Board | None] = [first]
        self.redeals_of: list[int] = [redeals]
        self.seen = {self.key(first, redeals)}
        self.frontier: list[int] = [0]
        self.line: Line | None = None

    # ------------------------------------------------------------------ one board

    @cython.ccall
    @cython.locals(entry=cython.longlong, node=cython.Py_ssize_t, redeals=cython.int)
    def step(self) -> cython.int:
        """Expand the best board queued: :data:`GO_ON`, :data:`WON` or :data:`EMPTY`."""
        if not self.frontier:
            return EMPTY
        entry = heapq.heappop(self.frontier)
        node = -entry & _NODE_MASK
        board = self.boards[node]
        self.boards[node] = None  # expanded once: its children hold what is needed
        redeals = self.redeals_of[node]
        assert board is not None
        rules = self.board_rules
        only = self.forced(board, redeals) if self.forced is not None else None
        lines: Iterable[Step]
        if only is not None:
            lines = (only,)
        elif self.digs:
            lines = rules.digs(board, redeals)
        else:
            if self._transfers(node, board, redeals):
                return WON
            lines = rules.through_engine(board, redeals)
        for line, child, child_redeals in lines:
            if self._child(node, line, child, child_redeals, True):
                return WON
        return GO_ON

    @cython.cfunc
    @cython.locals(
        node=cython.Py_ssize_t,
        redeals=cython.int,
        src=cython.Py_ssize_t,
        dst=cython.Py_ssize_t,
        n=cython.Py_ssize_t,
        card=cython.int,
        g=cython.Py_ssize_t,
        k=cython.Py_ssize_t,
        back_src=cython.Py_ssize_t,
        back_dst=cython.Py_ssize_t,
        empty_cell=cython.Py_ssize_t,
        lows=cython.p_const_uchar,
        n_lows=cython.Py_ssize_t,
        target=bytes,
        cards=bytes,
        under=bytes,
        start=bytes,
        gaps=list,
        found=object,
    )
    def _transfers(self, node: cython.Py_ssize_t, board: Board, redeals: cython.int) -> cython.bint:
        """Queue every transfer's child (:meth:`TwoWayBoard.transfers`, in its order) but the
        card just moved going straight back; ``True`` when one wins."""
        rules = self.board_rules
        back_src = back_dst = -1
        last = self.edges[node]
        if len(last) == 1 and last[0].kind is MoveKind.TRANSFER and not self.refill[last[0].src]:
            back_src, back_dst = last[0].dst, last[0].src
        gaps: list[int] = []
        for receivers in self.receivers:
            for dst in receivers:
                if not board[dst] and (not gaps or not self.alike_gaps):
                    gaps.append(dst)
        empty_cell = -1
        for c in self.cells:
            if not board[c]:
                empty_cell = c
                break
        homes = rules.homes(board)
        lines = self.lines
        for src in self.sources:
            cards = board[src]
            n = len(cards)
            if not n:
                continue
            card = cards[n - 1]
            if not self.home[src]:
                found = homes.get(card)
                if found is not None:
                    for swaps, dst in found:
                        if swaps:
                            child = rules.after(board, swaps, src, dst)
                            line = (*swaps, transfer(src, dst))
                        elif src == back_src and dst == back_dst:
                            continue
                        else:
                            child = self._moved(board, src, dst)
                            line = lines[src][dst]
                        if self._child(node, line, child, redeals, True):
                            return True
            for g in range(len(self.receivers)):
                under = self.unders[g][card]
                lows = under
                n_lows = len(under)
                for k in range(n_lows):
                    for dst in self.receivers[g]:
                        if dst == src:
                            continue
                        target = board[dst]
                        if not target or target[len(target) - 1] != lows[k]:
                            continue
                        if src == back_src and dst == back_dst:
                            continue
                        if self._child(
                            node, lines[src][dst], self._moved(board, src, dst), redeals, False
                        ):
                            return True
            if gaps and (not self.tableau[src] or n > 1):
                for dst in gaps:
                    start = self.starts[dst]
                    if not start[card] or (src == back_src and dst == back_dst):
                        continue
                    if self._child(
                        node, lines[src][dst], self._moved(board, src, dst), redeals, False
                    ):
                        return True
            if empty_cell >= 0 and self.tableau[src]:
                dst = empty_cell
                if not (src == back_src and dst == back_dst) and self._child(
                    node, lines[src][dst], self._moved(board, src, dst), redeals, False
                ):
                    return True
        return False

    @cython.cfunc
    def _child(
        self,
        node: cython.Py_ssize_t,
        line: Line,
        child: Board,
        redeals: cython.int,
        home: cython.bint,
    ) -> cython.bint:
        """Queue ``child`` (reached by ``line``) unless its key was met; ``True`` when it
        wins (``home``: the line may have sent a card home), with :attr:`line` set."""
        if home and self._won(child):
            self.line = self._line_to(node, line)
            return True
        key = self.key(child, redeals)
        if key in self.seen:
            return False
        self.seen.add(key)
        heapq.heappush(self.frontier, -(self.score.of(child) << _SCORE_SHIFT) - len(self.parents))
        self.parents.append(node)
        self.edges.append(line)
        self.boards.append(child)
        self.redeals_of.append(redeals)
        return False

    # ------------------------------------------------------------------ boards and keys

    @cython.cfunc
    @cython.locals(src=cython.Py_ssize_t, dst=cython.Py_ssize_t, take=cython.Py_ssize_t)
    def _moved(self, board: Board, src: cython.Py_ssize_t, dst: cython.Py_ssize_t) -> Board:
        """``board`` after the top card of ``src`` goes onto ``dst`` (and any refill):
        :meth:`TwoWayBoard.moved`."""
        piles = list(board)
        cards: bytes = board[src]
        piles[dst] = board[dst] + cards[-1:]
        rest = cards[:-1]
        piles[src] = rest
        if not rest and self.refill[src] and self.stock >= 0 and piles[self.stock]:
            stock: bytes = piles[self.stock]
            take = min(self.refill[src], len(stock))
            piles[src] = stock[len(stock) - take :][::-1]
            piles[self.stock] = stock[: len(stock) - take]
        return tuple(piles)

    @cython.cfunc
    def _won(self, board: Board) -> cython.bint:
        """Is every card home?"""
        for i in self.outside:  # noqa: SIM110 (compiled, all() would make a generator a call)
            if board[i]:
                return False
        return True

    @cython.ccall
    @cython.locals(n=cython.Py_ssize_t, size=cython.Py_ssize_t, head=bytearray)
    def key(self, board: Board, redeals: cython.int) -> bytes:
        """The board's key: the same bytes as :meth:`TwoWayBoard.key_function`'s."""
        size = len(self.heads)
        head = bytearray(size + 1)
        for n in range(size):
            head[n] = len(board[self.heads[n]])
        if self.swaps:
            for n in range(0, size - 1, 2):
                if head[n] + head[n + 1] == 13:
                    head[n] = head[n + 1] = _FULL
        head[size] = redeals
        parts = [bytes(head)]
        for i in self.alone:
            parts.append(board[i])
        for group in self.groups:
            parts.append(b"\xfd".join(sorted([board[i] for i in group])))
        return b"\xff".join(parts)

    @cython.cfunc
    @cython.locals(node=cython.Py_ssize_t)
    def _line_to(self, node: cython.Py_ssize_t, last: Line) -> Line:
        """The moves from the first board through ``node`` and then ``last``."""
        chunks = [last]
        while node > 0:
            chunks.append(self.edges[node])
            node = self.parents[node]
        moves: list[Move] = []
        for chunk in reversed(chunks):
            moves += chunk
        return tuple(moves)
