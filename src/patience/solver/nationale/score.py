"""The frontier's order in the Nationale family's search: higher first.

Cards home (100 each), less the cards lying on cards a foundation takes now (``depth`` a card
above each), less ``full_cell`` a full cell, plus an empty tableau pile's worth where a gap
takes any card (docs/SOLVERS.md, "The search", Nationale family). ``make`` compiles this
module (``scripts/build_kernel.py``): the same scores, in C.
"""

from __future__ import annotations

import cython

from patience.solver.nationale.moves import Board, TwoWayBoard

_HOME = 100
"""What a card home adds."""
_GAP = 30
"""What an empty tableau pile adds where a gap takes any card."""


def gap_worth(board_rules: TwoWayBoard) -> int:
    """What an empty tableau pile adds to a score: 30 where a gap takes any card, else 0."""
    return _GAP if any(board_rules.starts[t][0] for t in board_rules.tableau) else 0


@cython.final
@cython.cclass
class BoardScore:
    """A board's score with the weights ``depth`` (a wanted card's every card above it) and
    ``full_cell``; with both 0, cards home and gaps alone.

    >>> from patience.engine.game import engine_for, start_position
    >>> from patience.games import get_game
    >>> info = get_game("caprice")
    >>> rules = TwoWayBoard(engine_for(info.rules({})))
    >>> board = rules.board_of(start_position(info, {}, 1))
    >>> BoardScore(rules, 0, 0)(board) == 100 * sum(len(board[f]) for f in rules.foundations)
    True
    """

    def __init__(self, board_rules: TwoWayBoard, depth: int, full_cell: int) -> None:
        self.board_rules = board_rules
        self.depth = depth
        self.full_cell = full_cell
        self.gap = gap_worth(board_rules)
        self.tableau = tuple(board_rules.tableau)
        self.cells = tuple(board_rules.cells)
        self.foundations = tuple(board_rules.foundations)
        self.tables: dict[bytes, bytes] = {}

    def __call__(self, board: Board) -> int:
        return self.of(board)

    @property
    def plain(self) -> bool:
        """Is this the score of cards home and gaps alone (no depth, no full cells)?"""
        return not self.depth and not self.full_cell

    @cython.ccall
    @cython.locals(value=cython.longlong)
    def after_move(
        self,
        before: cython.longlong,
        to_home: cython.bint,
        onto_gap: cython.bint,
        from_home: cython.bint,
        emptied: cython.bint,
    ) -> cython.longlong:
        """A :attr:`plain` score after one card moves, from the score ``before`` it: the card
        goes home or leaves one, fills a gap or empties its tableau pile.

        >>> from patience.engine.game import engine_for
        >>> from patience.games import get_game
        >>> plain = BoardScore(TwoWayBoard(engine_for(get_game("nationale").rules({}))), 0, 0)
        >>> plain.after_move(500, True, False, False, True)
        630
        """
        value = before
        if to_home:
            value += _HOME
        elif onto_gap:
            value -= self.gap
        if from_home:
            value -= _HOME
        elif emptied:
            value += self.gap
        return value

    def forget(self) -> None:
        """Drop the tables of wanted cards remembered by foundation lengths (as
        :meth:`TwoWayBoard.forget` does, when a search ends)."""
        self.tables.clear()

    @cython.locals(
        value=cython.longlong,
        depth=cython.longlong,
        n=cython.Py_ssize_t,
        i=cython.Py_ssize_t,
        top=cython.Py_ssize_t,
        p=cython.p_const_uchar,
        flags=cython.p_const_uchar,
        lengths=bytearray,
        cards=bytes,
        table=bytes,
        found=object,
    )
    @cython.ccall
    def of(self, board: Board) -> cython.longlong:
        """The score of ``board`` (what calling this object gives)."""
        value = 0
        lengths = bytearray()
        for f in self.foundations:
            n = len(board[f])
            value += _HOME * n
            lengths.append(n)
        depth = self.depth
        if depth:
            key = bytes(lengths)
            found = self.tables.get(key)
            if found is None:
                found = self.tables[key] = self.board_rules.wanted(board)
            table = found
            flags = table
        for t in self.tableau:
            cards = board[t]
            n = len(cards)
            if not n:
                value += self.gap
                continue
            if depth:
                p = cards
                top = n - 1
                for i in range(n):
                    if flags[p[i]]:
                        value -= depth * (top - i)
        if self.full_cell:
            for c in self.cells:
                if board[c]:
                    value -= self.full_cell
        return value
