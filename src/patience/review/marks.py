"""Marks on a game's moves, each one proven: the losing move, the only winning move, and a
move that left a single way to win where there were more.

A mark is set only where every verdict it rests on is a proof; an unknown anywhere in its
reasons means no mark.

>>> from patience.engine.game import Game
>>> from patience.review.verdict import Judge
>>> game = Game.new("freecell", deal=1)
>>> count = winning_moves(Judge(game.info, game.options), game.start, enough=2)
>>> count.winning >= 2, count.complete
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from patience.engine.position import Move, Position
from patience.review.verdict import Judge

MarkKind = Literal["losing", "only", "fewer"]


@dataclass(frozen=True)
class Mark:
    """A proven remark on move number ``move`` (moves count from 1).

    * ``losing``: the position before was winnable, the one after is proven lost. ``instead``
      is the first move of a winning line from the position before; ``nodes`` how many
      positions the proof of the loss searched; ``stuck`` whether no move at all was left.
    * ``only``: of the moves at the position before, this was the one that kept a win
      (``winning_before`` is 1; every other move was proven to lose).
    * ``fewer``: the move kept a win, but left exactly one winning move (``winning_after``)
      where the position before had two or more: ``winning_before`` of them, or ``None``
      when some moves there stayed unknown (then at least two).
    """

    move: int
    kind: MarkKind
    instead: Move | None = None
    nodes: int = 0
    stuck: bool = False
    winning_before: int | None = None
    winning_after: int | None = None


@dataclass(frozen=True)
class Count:
    """How many moves at a position keep a win, lose, or are unknown within the budget.

    ``complete`` is true when every move was judged (the counts are exact); a count stopped
    early, at the number of winning moves asked for, is a lower bound.
    """

    winning: int
    lost: int
    unknown: int
    complete: bool
    winners: tuple[Move, ...]

    @property
    def exact(self) -> int | None:
        """The number of winning moves when it is proven, else ``None``."""
        return self.winning if self.complete and not self.unknown else None


def winning_moves(
    judge: Judge,
    position: Position,
    *,
    enough: int | None = None,
    first: Sequence[Move] = (),
    among: Sequence[Move] | None = None,
    probe_only: bool = False,
    until: int | None = None,
) -> Count:
    """Judge the position after each legal move (or each of ``among``), ``first`` ones first;
    stop once ``enough`` winning moves are found (``None``: judge them all). With
    ``probe_only`` or ``until`` (see :meth:`Judge.verdict`), a move left unsearched counts as
    unknown."""
    engine = judge.engine
    legal = engine.legal_moves(position) if among is None else list(among)
    order = [m for m in dict.fromkeys(first) if m in legal]
    order += [m for m in legal if m not in order]
    winners: list[Move] = []
    lost = unknown = 0
    for done, move in enumerate(order, 1):
        after = engine.apply(position, move)
        status = judge.verdict(after, probe_only=probe_only, until=until).status
        if status == "winnable":
            winners.append(move)
            if enough is not None and len(winners) >= enough:
                complete = done == len(order)
                return Count(len(winners), lost, unknown, complete, tuple(winners))
        elif status == "lost":
            lost += 1
        else:
            unknown += 1
    return Count(len(winners), lost, unknown, True, tuple(winners))
