"""The states one scan has met, numbered in the order met (the start is 0): each one's board,
the state it was reached from and what was played to reach it (its step, then the safe moves
home), with the keys of them all (:class:`~.state.Seen`) so that each is met once. Compiled
by Cython where it can be: the boards lie one after another in one buffer, the parents and
the ends of what was played in a second, the steps played in a third; interpreted, they are
lists.

>>> from patience.solver.kernel.state import EMPTY, WORK_SIZE, steps_of
>>> states = States(((b"\\x00", b""), bytes([EMPTY]), bytes(4)))  # the Ace of clubs alone
>>> steps = bytearray([0, 1, 1, 0, 2, 1, 0, 255, 1])  # to the empty column, the cell, home
>>> states.add(0, steps, 3, bytearray(WORK_SIZE), None)  # the first is the start again
2
>>> len(states), states.home(2), steps_of(states.line(2))
(3, 1, [(0, -1, 1)])
>>> list(states.board(1)[:8])  # two columns, one cell (holding the Ace), each column empty
[2, 1, 0, 0, 0, 0, 0, 0]
"""

from __future__ import annotations

import cython

from patience.solver.kernel import state
from patience.solver.kernel.state import (
    CARDS,
    KEY_AT,
    Board,
    Line,
    Seen,
    State,
    board_of,
    key,
)

_KEY_AT = cython.declare(cython.int, KEY_AT)
_CARDS = cython.declare(cython.int, CARDS)
_STEPS_MOST = cython.declare(cython.int, 3 * (1 + CARDS))
"""The most bytes one state's steps take: its step and at most every card home."""


@cython.cclass
class States:
    """The states one scan has met, from ``start`` (see the module's docstring)."""

    count: cython.int
    size: cython.int
    """The length of a board."""
    seen: Seen
    boards: bytearray
    """Compiled: the boards, :attr:`size` bytes each."""
    links: bytearray
    """Compiled: per state, its parent and where its steps end in :attr:`played` (two C
    ints)."""
    played: bytearray
    """Compiled: the steps played to reach each state, three bytes each, one state's after
    another's."""
    board_list: list[Board]
    """Interpreted: the boards."""
    parent_list: list[int]
    """Interpreted: the parents."""
    played_list: list[bytes]
    """Interpreted: the steps played to reach each state."""

    def __init__(self, start: State) -> None:
        board = board_of(start)
        self.size = len(board)
        self.count = 1
        self.seen = Seen()
        self.seen.first(key(start))
        if cython.compiled:
            self.boards = board + bytes(255 * self.size)
            self.links = bytearray(8 * 256)
            self.links[0:4] = (-1).to_bytes(4, "little", signed=True)  # the start's parent
            self.played = bytearray(3 * 1024)
        else:
            self.board_list = [board]
            self.parent_list = [-1]
            self.played_list = [b""]

    def __len__(self) -> int:
        return self.count

    def board(self, node: int) -> Board:
        """A copy of state ``node``'s board."""
        self._check(node)
        if cython.compiled:
            return self.boards[node * self.size : (node + 1) * self.size]
        return bytearray(self.board_list[node])

    @cython.cfunc
    @cython.exceptval(check=True)
    def _check(self, node: cython.int) -> cython.void:
        """Refuse a state that is not met (compiled, its board would be read past the
        buffer).

        >>> States(((b"\\x00",), b"", bytes(4))).line(1)
        Traceback (most recent call last):
        IndexError: no state 1 of 1
        """
        if not 0 <= node < self.count:
            raise IndexError(f"no state {node} of {self.count}")

    @cython.ccall
    def home(self, node: cython.int) -> cython.int:
        """How many cards are home in state ``node``."""
        self._check(node)
        if cython.compiled:
            return state.home_of(self.at(node))
        return state.home_of(self.board_list[node])

    @cython.cfunc
    @cython.exceptval(check=False)
    def at(self, node: cython.int) -> cython.p_uchar:
        """Compiled: where state ``node``'s board lies (until the next :meth:`add`)."""
        where: cython.p_uchar = cython.address(
            cython.cast(cython.p_uchar, self.boards)[node * self.size]
        )
        return where

    @cython.cfunc
    @cython.exceptval(check=True)
    def _room(self, more: cython.int) -> cython.void:
        """Compiled: room for ``more`` states."""
        while (self.count + more) * self.size > len(self.boards):
            self.boards.extend(bytes(len(self.boards)))
        while (self.count + more) * 8 > len(self.links):
            self.links.extend(bytes(len(self.links)))

    @cython.ccall
    @cython.locals(
        p=cython.p_uchar,
        q=cython.p_uchar,
        s=cython.p_uchar,
        w=cython.p_uchar,
        safe=cython.p_const_uchar,
        links=cython.p_int,
        out=cython.p_uchar,
        i=cython.int,
        k=cython.int,
        made=cython.int,
        found=cython.int,
        end=cython.int,
    )
    def add(
        self,
        node: cython.int,
        steps: bytearray,
        count: cython.int,
        work: bytearray,
        needs: bytes | None,
    ) -> cython.int:
        """Meet the states one of the ``count`` steps of ``steps`` (three bytes each) leads
        to from state ``node``, each followed by the safe moves home unless ``needs`` is
        ``None``: those not met before are numbered next, in order, and the first with every
        card home ends them. Returns how many.

        ``work`` has :data:`~.state.WORK_SIZE` bytes; ``needs[card * 4 + suit]`` is how many
        cards of the suit must be home for ``card`` to go home safely
        (:attr:`~.tables.Tables.needs`).
        """
        s = steps
        w = work
        if needs is not None:
            safe = needs
        found = 0
        if cython.compiled:
            self._room(count)
            p = self.at(node)
            links = cython.cast(cython.p_int, cython.cast(cython.p_uchar, self.links))
            end = links[2 * self.count - 1]
        else:
            parent = self.board_list[node]
            p = parent
        for i in range(count):
            if cython.compiled:
                q = self.at(self.count)
            else:
                child = bytearray(self.size)
                q = child
            state.play_on(p, q, s[3 * i], s[3 * i + 1], s[3 * i + 2])
            w[1] = s[3 * i]
            w[2] = s[3 * i + 1]
            w[3] = s[3 * i + 2]
            made = 1
            if needs is not None:
                made = state.settle_on(q, safe, s[3 * i], s[3 * i + 1], w, 1)
            if cython.compiled:
                state.write_key(q, w, _KEY_AT)
                if not self.seen._first(w, _KEY_AT):
                    continue
                if end + _STEPS_MOST > len(self.played):
                    self.played.extend(bytes(len(self.played)))
                out = cython.cast(cython.p_uchar, self.played)
                for k in range(3 * made):
                    out[end + k] = w[1 + k]
                end += 3 * made
                links[2 * self.count] = node
                links[2 * self.count + 1] = end
            else:
                if not self.seen.first(state.key_in(q, w, KEY_AT)):
                    continue
                self.board_list.append(child)
                self.parent_list.append(node)
                self.played_list.append(bytes(w[1 : 1 + 3 * made]))
            self.count += 1
            found += 1
            if state.home_of(q) == _CARDS:
                break
        return found

    @cython.locals(
        links=cython.p_int,
        played=cython.p_uchar,
        out=cython.p_uchar,
        at=cython.int,
        size=cython.int,
        begin=cython.int,
        k=cython.int,
        walk=cython.int,
    )
    def line(self, node: cython.int) -> Line:
        """The steps from the start to state ``node``."""
        self._check(node)
        steps: bytes | bytearray
        if not cython.compiled:
            chunks: list[bytes] = []
            while node > 0:
                chunks.append(self.played_list[node])
                node = self.parent_list[node]
            steps = b"".join(reversed(chunks))
        else:  # state i: parent links[2i]; steps from links[2i - 1] (i - 1's end) to links[2i + 1]
            links = cython.cast(cython.p_int, cython.cast(cython.p_uchar, self.links))
            played = cython.cast(cython.p_uchar, self.played)
            size = 0
            walk = node
            while walk > 0:
                size += links[2 * walk + 1] - links[2 * walk - 1]
                walk = links[2 * walk]
            steps = bytearray(size)
            out = steps
            at = size
            walk = node
            while walk > 0:
                begin = links[2 * walk - 1]
                at -= links[2 * walk + 1] - begin
                for k in range(links[2 * walk + 1] - begin):
                    out[at + k] = played[begin + k]
                walk = links[2 * walk]
        return bytes(steps)
