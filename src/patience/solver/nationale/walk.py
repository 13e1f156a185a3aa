# cython: boundscheck=False, wraparound=False
"""The Nationale family's best-first walk, one board expanded a step, its children made in C.

:class:`BoardWalk` is the walk :meth:`~patience.solver.nationale.search.TwoWaySearcher._walk`
runs: it pops the best board, makes every child the transfers of
:class:`~patience.solver.nationale.moves.TwoWayBoard` name (in their order), and queues each
whose key it has not met, by its :class:`~patience.solver.nationale.score.BoardScore` and then
newest first; where the tableau piles are sorted in keys (Nationale), a child's key is written
from its parent's sorted piles before the child is made. The stock and redeal moves, the
digs of a quick search and a forced move come from :class:`TwoWayBoard` as lines of engine
moves. ``make`` compiles this module (``scripts/build_kernel.py``): the same boards in the
same order, in C.
(docs/SOLVERS.md, "The search", Nationale family)
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Sequence

import cython

from patience.engine.position import Move, MoveKind, transfer
from patience.solver.nationale.keys import ALONE, IN_GROUP
from patience.solver.nationale.moves import Board, Homes, Step, TwoWayBoard
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
_NO_CARD = 255
"""No card: an empty pile's top in :attr:`BoardWalk.top_of`."""
_ALONE = cython.declare(cython.int, ALONE)
_IN_GROUP = cython.declare(cython.int, IN_GROUP)
"""The keys' separators (:mod:`~patience.solver.nationale.keys`), as C numbers."""


@cython.final
@cython.cclass
class BoardWalk:
    """One best-first walk from ``first`` (:meth:`step` expands a board).

    ``returns``: foundations may give cards back; ``digs``: only
    :meth:`TwoWayBoard.digs`' lines (a quick search's); ``forced`` may name a board's one
    line to try. ``sorted_walk`` where :attr:`TwoWayBoard.sorted_tableau` holds (Nationale):
    a child's key is written from its parent's sorted piles and a child is made only when its
    key is new (:meth:`_sorted_child`), and where the score is cards home and gaps alone, a
    child's score is its parent's plus what the move changed
    (:meth:`~patience.solver.nationale.score.BoardScore.after_move`).
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
        sorted_walk: bool = False,
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
        self.unders = [[bytes(lows) for lows in unders] for unders, _ in board_rules.receiving]
        self.alike_gaps = board_rules.alike_gaps
        self.keys = board_rules.key_function()
        self.foundations = bytes(board_rules.foundations)
        self.homes_by: dict[bytes, Homes] = {}
        self.lines = board_rules.lines
        self.receiver_piles = [bytes(piles) for _, piles in board_rules.receiving]
        """Each build rule's receiving piles, as bytes."""
        self.top_of = bytearray(self.piles)
        """Each receiving pile's top card (:data:`_NO_CARD` for none) while a board expands."""
        self.sorted = sorted_walk
        self.plain = score.plain
        heads = self.keys.heads
        self.key_at = bytes(heads.index(i) if i in heads else 255 for i in range(self.piles))
        """Where each foundation's length stands in a key."""
        self.buffer = bytearray(
            len(self.keys.heads) + 2 + 2 * (len(board_rules.engine.rules.pack) + 8)
        )
        self.parents: list[int] = [-1]
        self.edges: list[Line] = [()]
        self.boards: list[Board | None] = [first]
        self.redeals_of: list[int] = [redeals]
        self.seen = {self.keys.of(first, redeals)}
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
            if self._transfers(node, board, redeals, -entry):
                return WON
            lines = rules.through_engine(board, redeals)
        for line, child, child_redeals in lines:
            if self._child(node, line, child, child_redeals, True):
                return WON
        return GO_ON

    @cython.cfunc
    @cython.locals(
        board=tuple,
        node=cython.Py_ssize_t,
        redeals=cython.int,
        entry=cython.longlong,
        here=cython.longlong,
        src=cython.Py_ssize_t,
        dst=cython.Py_ssize_t,
        n=cython.Py_ssize_t,
        card=cython.int,
        g=cython.Py_ssize_t,
        j=cython.Py_ssize_t,
        k=cython.Py_ssize_t,
        back_src=cython.Py_ssize_t,
        back_dst=cython.Py_ssize_t,
        empty_cell=cython.Py_ssize_t,
        lows=cython.p_const_uchar,
        piles=cython.p_const_uchar,
        top_of=cython.p_uchar,
        target=bytes,
        cards=bytes,
        under=bytes,
        start=bytes,
        order=bytearray,
        found=object,
    )
    def _transfers(
        self,
        node: cython.Py_ssize_t,
        board: Board,
        redeals: cython.int,
        entry: cython.longlong,
    ) -> cython.bint:
        """Queue every transfer's child (:meth:`TwoWayBoard.transfers`, in its order) but the
        card just moved going straight back (``entry``: the board's in the frontier);
        ``True`` when one wins."""
        rules = self.board_rules
        back_src = back_dst = -1
        last = self.edges[node]
        if len(last) == 1 and last[0].kind is MoveKind.TRANSFER and not self.refill[last[0].src]:
            back_src, back_dst = last[0].dst, last[0].src
        gaps: list[int] = []
        top_of = self.top_of
        for g in range(len(self.receiver_piles)):
            piles = self.receiver_piles[g]
            for j in range(len(self.receiver_piles[g])):
                dst = piles[j]
                target = board[dst]
                if target:
                    top_of[dst] = target[len(target) - 1]
                else:
                    top_of[dst] = _NO_CARD
                    if not gaps or not self.alike_gaps:
                        gaps.append(dst)
        empty_cell = -1
        for c in self.cells:
            if not board[c]:
                empty_cell = c
                break
        homes = self._homes(board)
        order = self._order(board, self.receiver_piles[0]) if self.sorted else bytearray()
        here = 0
        if self.sorted and self.plain:
            here = self.score.of(board) if node == 0 else entry >> _SCORE_SHIFT
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
                            if self._child(node, line, child, redeals, True):
                                return True
                        elif not (src == back_src and dst == back_dst) and self._to(
                            node, board, order, src, dst, redeals, here
                        ):
                            return True
            for g in range(len(self.receiver_piles)):
                under = self.unders[g][card]
                lows = under
                piles = self.receiver_piles[g]
                for k in range(len(under)):
                    for j in range(len(self.receiver_piles[g])):
                        dst = piles[j]
                        if top_of[dst] != lows[k] or dst == src:
                            continue
                        if not (src == back_src and dst == back_dst) and self._to(
                            node, board, order, src, dst, redeals, here
                        ):
                            return True
            if gaps and (not self.tableau[src] or n > 1):
                for dst in gaps:
                    start = self.starts[dst]
                    if (
                        start[card]
                        and not (src == back_src and dst == back_dst)
                        and self._to(node, board, order, src, dst, redeals, here)
                    ):
                        return True
            if empty_cell >= 0 and self.tableau[src]:
                dst = empty_cell
                if not (src == back_src and dst == back_dst) and self._to(
                    node, board, order, src, dst, redeals, here
                ):
                    return True
        return False

    @cython.cfunc
    @cython.locals(board=tuple, n=cython.Py_ssize_t, lengths=bytearray, found=object)
    def _homes(self, board: Board) -> Homes:
        """:meth:`TwoWayBoard.homes`, remembered by the foundations' lengths for this walk."""
        lengths = bytearray(len(self.foundations))
        for n in range(len(self.foundations)):
            lengths[n] = len(board[self.foundations[n]])
        key = bytes(lengths)
        found = self.homes_by.get(key)
        if found is None:
            found = self.homes_by[key] = self.board_rules.homes(board)
        return found

    @cython.cfunc
    @cython.locals(
        board=tuple,
        node=cython.Py_ssize_t,
        src=cython.Py_ssize_t,
        dst=cython.Py_ssize_t,
        redeals=cython.int,
        here=cython.longlong,
    )
    def _to(
        self,
        node: cython.Py_ssize_t,
        board: Board,
        order: bytearray,
        src: cython.Py_ssize_t,
        dst: cython.Py_ssize_t,
        redeals: cython.int,
        here: cython.longlong,
    ) -> cython.bint:
        """Queue the child of the top card of ``src`` going to ``dst`` (in the sorted walk by
        :meth:`_sorted_child`); ``True`` when it wins."""
        if self.sorted:
            return self._sorted_child(node, board, order, src, dst, redeals, here)
        child = self._moved(board, src, dst)
        return self._child(node, self.lines[src][dst], child, redeals, bool(self.home[dst]))

    @cython.cfunc
    @cython.locals(
        board=tuple,
        node=cython.Py_ssize_t,
        src=cython.Py_ssize_t,
        dst=cython.Py_ssize_t,
        redeals=cython.int,
        here=cython.longlong,
        worth=cython.longlong,
        n=cython.Py_ssize_t,
        size=cython.Py_ssize_t,
        to_home=cython.bint,
        cards=bytes,
        out=cython.p_uchar,
    )
    def _sorted_child(
        self,
        node: cython.Py_ssize_t,
        board: Board,
        order: bytearray,
        src: cython.Py_ssize_t,
        dst: cython.Py_ssize_t,
        redeals: cython.int,
        here: cython.longlong,
    ) -> cython.bint:
        """Queue the child of moving the top card of ``src`` to ``dst`` unless its key was
        met (``here``: the board's score); ``True`` when it wins, with :attr:`line` set."""
        cards = board[src]
        n = len(cards)
        size = self._sorted_key(board, order, src, dst, cards[n - 1], redeals)
        out = self.buffer
        key = bytes(out[:size])
        if key in self.seen:
            return False
        self.seen.add(key)
        piles = list(board)
        piles[dst] = board[dst] + cards[n - 1 :]
        piles[src] = cards[: n - 1]
        child = tuple(piles)
        to_home = bool(self.home[dst])
        line = self.lines[src][dst]
        if to_home and self._won(child):
            self.line = self._line_to(node, line)
            return True
        if self.plain:  # cards home and gaps: the parent's, plus what the move changed
            worth = self.score.after_move(
                here, to_home, not board[dst], bool(self.home[src]), n == 1
            )
        else:
            worth = self.score.of(child)
        self._queue(node, line, child, redeals, worth)
        return False

    @cython.cfunc
    @cython.locals(
        board=tuple,
        k=cython.Py_ssize_t,
        j=cython.Py_ssize_t,
        pile=cython.int,
        p=cython.p_const_uchar,
        q=cython.p_const_uchar,
        cards=bytes,
        other=bytes,
        order=bytearray,
    )
    def _order(self, board: Board, piles: Sequence[int]) -> bytearray:
        """``piles`` sorted by their cards (as ``bytes`` compare), by insertion."""
        order = bytearray(piles)
        for k in range(1, len(order)):
            pile = order[k]
            cards = board[pile]
            p = cards
            j = k
            while j > 0:
                other = board[order[j - 1]]
                q = other
                if _before(q, len(other), -1, p, len(cards), -1):
                    break
                order[j] = order[j - 1]
                j -= 1
            order[j] = pile
        return order

    @cython.cfunc
    @cython.locals(
        board=tuple,
        src=cython.Py_ssize_t,
        dst=cython.Py_ssize_t,
        card=cython.int,
        redeals=cython.int,
        at=cython.Py_ssize_t,
        n=cython.Py_ssize_t,
        i=cython.Py_ssize_t,
        k=cython.Py_ssize_t,
        m=cython.Py_ssize_t,
        size=cython.Py_ssize_t,
        src_n=cython.Py_ssize_t,
        dst_n=cython.Py_ssize_t,
        first=cython.bint,
        src_left=cython.bint,
        dst_left=cython.bint,
        take_src=cython.bint,
        take_dst=cython.bint,
        out=cython.p_uchar,
        p=cython.p_const_uchar,
        src_p=cython.p_const_uchar,
        dst_p=cython.p_const_uchar,
        pile=bytes,
        src_cards=bytes,
        dst_cards=bytes,
        heads=bytes,
    )
    def _sorted_key(
        self,
        board: Board,
        order: bytearray,
        src: cython.Py_ssize_t,
        dst: cython.Py_ssize_t,
        card: cython.int,
        redeals: cython.int,
    ) -> cython.Py_ssize_t:
        """Write into :attr:`buffer` the key of ``board`` after the top ``card`` of ``src``
        goes to ``dst`` (``order``: the board's tableau piles, sorted); its length."""
        out = self.buffer
        heads = self.keys.heads
        size = len(heads)
        for n in range(size):
            out[n] = len(board[heads[n]])
        if self.home[src]:
            out[self.key_at[src]] -= 1
        if self.home[dst]:
            out[self.key_at[dst]] += 1
        out[size] = redeals
        out[size + 1] = _ALONE
        at = size + 2
        src_left = not self.home[src]  # the source pile, one card shorter, still to write
        dst_left = not self.home[dst]  # the target pile, one card longer, still to write
        src_cards = board[src]
        src_p = src_cards
        src_n = len(src_cards) - 1 if src_left else 0
        dst_cards = board[dst]
        dst_p = dst_cards
        dst_n = len(dst_cards) if dst_left else 0
        first = True
        for k in range(len(order)):
            i = order[k]
            if i in (src, dst):
                continue
            pile = board[i]
            p = pile
            m = len(pile)
            while True:  # the new piles that come before this one, the lesser first
                take_src = src_left and _before(src_p, src_n, -1, p, m, -1)
                take_dst = dst_left and _before(dst_p, dst_n, card, p, m, -1)
                if take_src and take_dst:
                    take_src = _before(src_p, src_n, -1, dst_p, dst_n, card)
                if take_src:
                    at = _put(out, at, src_p, src_n, -1, first)
                    src_left = False
                elif take_dst:
                    at = _put(out, at, dst_p, dst_n, card, first)
                    dst_left = False
                else:
                    break
                first = False
            at = _put(out, at, p, m, -1, first)
            first = False
        if src_left and dst_left and not _before(src_p, src_n, -1, dst_p, dst_n, card):
            at = _put(out, at, dst_p, dst_n, card, first)
            first = dst_left = False
        if src_left:
            at = _put(out, at, src_p, src_n, -1, first)
            first = False
        if dst_left:
            at = _put(out, at, dst_p, dst_n, card, first)
        return at

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
        key = self.keys.of(child, redeals)
        if key in self.seen:
            return False
        self.seen.add(key)
        self._queue(node, line, child, redeals, self.score.of(child))
        return False

    @cython.cfunc
    @cython.locals(node=cython.Py_ssize_t, redeals=cython.int, worth=cython.longlong)
    def _queue(
        self,
        node: cython.Py_ssize_t,
        line: Line,
        child: Board,
        redeals: cython.int,
        worth: cython.longlong,
    ) -> cython.void:
        """Queue ``child``, reached from ``node`` by ``line``, by its score ``worth`` and then
        newest first."""
        heapq.heappush(self.frontier, -(worth << _SCORE_SHIFT) - len(self.parents))
        self.parents.append(node)
        self.edges.append(line)
        self.boards.append(child)
        self.redeals_of.append(redeals)

    # ------------------------------------------------------------------ boards and keys

    @cython.cfunc
    @cython.locals(
        board=tuple, src=cython.Py_ssize_t, dst=cython.Py_ssize_t, take=cython.Py_ssize_t
    )
    def _moved(self, board: Board, src: cython.Py_ssize_t, dst: cython.Py_ssize_t) -> Board:
        """``board`` after the top card of ``src`` goes onto ``dst`` (and any refill):
        :meth:`TwoWayBoard.moved`."""
        piles = list(board)
        cards: bytes = board[src]
        piles[dst] = board[dst] + cards[len(cards) - 1 :]
        rest = cards[: len(cards) - 1]
        piles[src] = rest
        if not rest and self.refill[src] and self.stock >= 0 and piles[self.stock]:
            stock: bytes = piles[self.stock]
            take = min(self.refill[src], len(stock))
            piles[src] = bytes(reversed(stock[len(stock) - take :]))
            piles[self.stock] = stock[: len(stock) - take]
        return tuple(piles)

    @cython.cfunc
    @cython.locals(board=tuple)
    def _won(self, board: Board) -> cython.bint:
        """Is every card home?"""
        for i in self.outside:  # noqa: SIM110 (compiled, all() would make a generator a call)
            if board[i]:
                return False
        return True

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


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(
    i=cython.Py_ssize_t,
    size_a=cython.Py_ssize_t,
    size_b=cython.Py_ssize_t,
    byte_a=cython.int,
    byte_b=cython.int,
)
def _before(
    a: cython.p_const_uchar,
    a_n: cython.Py_ssize_t,
    a_extra: cython.int,
    b: cython.p_const_uchar,
    b_n: cython.Py_ssize_t,
    b_extra: cython.int,
) -> cython.bint:
    """Does pile ``a`` sort before pile ``b`` or equal it, as ``bytes`` compare? A pile is
    ``n`` bytes at ``p``, then ``extra`` unless it is -1."""
    size_a = a_n + (a_extra >= 0)
    size_b = b_n + (b_extra >= 0)
    for i in range(min(size_a, size_b)):
        byte_a = a[i] if i < a_n else a_extra
        byte_b = b[i] if i < b_n else b_extra
        if byte_a != byte_b:
            return byte_a < byte_b
    return size_a <= size_b


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(at=cython.Py_ssize_t, n=cython.Py_ssize_t)
def _put(
    out: cython.p_uchar,
    at: cython.Py_ssize_t,
    p: cython.p_const_uchar,
    n: cython.Py_ssize_t,
    extra: cython.int,
    first: cython.bint,
) -> cython.Py_ssize_t:
    """Write a pile (``p[:n]``, then ``extra`` unless -1) at ``at``, after a separator unless
    it is the first; where it ends."""
    if not first:
        out[at] = _IN_GROUP
        at += 1
    if cython.compiled:  # libc's memcpy (walk.pxd cimports it)
        memcpy(cython.address(out[at]), p, n)  # type: ignore[name-defined]  # noqa: F821
    else:
        out[at : at + n] = p[:n]
    at += n
    if extra >= 0:
        out[at] = extra
        at += 1
    return at
