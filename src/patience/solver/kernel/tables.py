"""What the kernel reads of an engine: its compiled tables, checked once, never restated.

The kernel searches games laid out as open tableau piles that all share one build, one move
unit and one rule for empty piles, cells that hold one card each, and foundations that each
take one suit upward from the Ace. :class:`Tables` reads those tables from the
:class:`~patience.engine.core.Engine` (:meth:`~patience.engine.core.Engine.fits_table`,
:meth:`~patience.engine.core.Engine.chain_table`,
:meth:`~patience.engine.core.Engine.start_table`,
:meth:`~patience.engine.core.Engine.supermove_limit`) and refuses an engine whose tables do not
have that shape.

>>> from patience.engine.game import engine_for
>>> from patience.games import get_game
>>> tables = Tables(engine_for(get_game("freecell").rules({})))
>>> tables.columns, tables.cells, tables.limit[4][2]
(8, 4, 20)
"""

from __future__ import annotations

from patience.cards import ALL_CARDS, rank, suit
from patience.engine.core import Engine
from patience.solver.kernel.state import State

_CARDS = len(ALL_CARDS)


def _listed(cards: list[int]) -> bytes:
    """``cards`` after their number, in ``CARDS + 1`` bytes."""
    return bytes([len(cards), *cards]).ljust(_CARDS + 1, b"\0")


class Tables:
    """The engine's tables in the kernel's numbering: columns ``0..columns-1``, then cells."""

    def __init__(self, engine: Engine) -> None:
        tableau, cells, founds = engine.tableau, engine.cells, engine.foundations
        if not tableau or engine.stock >= 0 or engine.waste >= 0:
            raise ValueError("the kernel needs tableau piles and no stock or waste")
        self.engine = engine
        first = tableau[0]
        self.fits = engine.fits_table(first)
        chain = engine.chain_table(first)
        self.chain = chain or bytes(_CARDS * _CARDS)
        """Where two cards move together (all zero for a pile giving one card at a time)."""
        self.starts = engine.start_table(first)
        if not self.fits or any(
            (engine.fits_table(t), engine.chain_table(t), engine.start_table(t))
            != (self.fits, chain, self.starts)
            for t in tableau
        ):
            raise ValueError("the kernel needs tableau piles that all share one build and unit")
        self.columns = len(tableau)
        self.cells = len(cells)
        if any(engine.fits_table(c) or not all(engine.start_table(c)) for c in cells):
            raise ValueError("the kernel needs cells that hold any one card")
        self._check_targets(engine)
        self._check_foundations(engine, founds)
        self.limit = tuple(
            tuple(engine.supermove_limit(free, empty) for empty in range(self.columns + 1))
            for free in range(self.cells + 1)
        )
        """``limit[free cells][empty columns]``: the most cards one move carries."""
        self.limits = bytes(min(limit, 255) for by_free in self.limit for limit in by_free)
        """``limit`` flat (``limits[free * (columns + 1) + empty]``), at most 255."""
        uppers = [[u for u in ALL_CARDS if self.fits[c * _CARDS + u]] for c in ALL_CARDS]
        lowers = [[lo for lo in ALL_CARDS if self.fits[lo * _CARDS + c]] for c in ALL_CARDS]
        self.uppers = b"".join(_listed(cards) for cards in uppers)
        """The cards each card takes on it in the tableau: at ``card * (CARDS + 1)`` their
        number, then the cards in order."""
        self.lowers = b"".join(_listed(cards) for cards in lowers)
        """The cards each card goes on in the tableau, as :attr:`uppers`."""
        needs = bytearray(_CARDS * 4)
        for c in ALL_CARDS:
            for u in uppers[c]:
                needs[c * 4 + suit(u)] = max(needs[c * 4 + suit(u)], rank(u))
        self.needs = bytes(needs)
        """``needs[card * 4 + suit]``: how many cards of the suit must be home before ``card``
        goes home safely: every card the tableau's build would lay on it (as the engine's
        :meth:`~patience.engine.core.Engine.safe_foundation_moves`)."""
        places = self.columns + self.cells
        self.steps_size = 6 * places * (places + 1) * _CARDS
        """Room for the steps of a board (:func:`~.moves.moves_of`), twice over."""
        self.marks_size = 3 * _CARDS + self.columns
        """Room for the generator's marks (:func:`~.moves.moves_of`)."""

    def check(self, state: State) -> None:
        """Refuse a state of other columns or cells than these tables' (their C code would
        read past the tables).

        >>> from patience.engine.game import engine_for
        >>> from patience.games import get_game
        >>> tables = Tables(engine_for(get_game("freecell").rules({})))
        >>> tables.check(((b"",) * 9, bytes(4), bytes(4)))
        Traceback (most recent call last):
        ValueError: a state of 9 columns and 4 cells, not 8 and 4
        """
        columns, cells = len(state[0]), len(state[1])
        if (columns, cells) != (self.columns, self.cells):
            raise ValueError(
                f"a state of {columns} columns and {cells} cells, not {self.columns} and "
                f"{self.cells}"
            )

    def _check_targets(self, engine: Engine) -> None:
        tableau, cells, founds = set(engine.tableau), set(engine.cells), set(engine.foundations)
        for t in engine.tableau:
            if set(engine.targets(t)) != (tableau - {t}) | cells | founds:
                raise ValueError("the kernel needs columns giving to columns, cells and home")
        for c in engine.cells:
            if set(engine.targets(c)) != tableau | founds:
                raise ValueError("the kernel needs cells giving to columns and home")
        if any(engine.targets(f) for f in engine.foundations):
            raise ValueError("the kernel needs foundations that keep their cards")

    @staticmethod
    def _check_foundations(engine: Engine, founds: tuple[int, ...]) -> None:
        if len(founds) != 4:
            raise ValueError("the kernel needs four foundations")
        for f in founds:
            fits, starts = engine.fits_table(f), engine.start_table(f)
            for lower in ALL_CARDS:
                if bool(starts[lower]) and rank(lower) != 1:
                    raise ValueError("the kernel needs foundations started by an Ace")
                for upper in ALL_CARDS:
                    follows = suit(lower) == suit(upper) and rank(upper) == rank(lower) + 1
                    if fits and bool(fits[lower * _CARDS + upper]) != follows:
                        raise ValueError("the kernel needs foundations built up in suit")
