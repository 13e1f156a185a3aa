"""The band: a verdict for every position of a game, searched in the order that finds the
losing move soonest.

Along one game the verdicts are ordered: a position before a winnable one is winnable (the
player's own moves lead to it), and a position after a lost one is lost (everything reachable
from it is). So the band needs few searches: the end, the start, then a bisection between the
last position known winnable and the first known lost. A position the budget leaves unknown is
stepped around: the middle of the widest stretch not yet searched is tried next. Positions that
no proof reaches, within the band's node budget, stay unknown.

The band runs twice: with the judge's probes only (cheap proofs first, for an eighth of its
budget), then with whole budgets for what the probes left.

>>> from patience.engine.game import Game
>>> from patience.review.verdict import Judge
>>> game = Game.new("freecell", deal=1)
>>> band = Band(Judge(game.info, game.options), game.positions, game.moves)
>>> [(step.index, step.status) for step in band.steps()]
[(0, 'winnable')]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise

from patience.engine.position import Move, Position
from patience.review.verdict import Judge, Status, Verdict

BAND_NODES = 40_000
"""Nodes for the whole band, over all its searches (about three seconds of Klondike here)."""

PROBE_PART = 8
"""The band's pass with probes only stops after an eighth of its nodes."""


@dataclass(frozen=True)
class Step:
    """Position ``index`` (0 is the deal, k the position after move k) has this verdict;
    ``searched`` is false where it follows from a neighbour's proof."""

    index: int
    status: Status
    searched: bool


class Band:
    """The verdicts along ``positions``: the deal, then the position after each of ``moves``."""

    def __init__(
        self,
        judge: Judge,
        positions: Sequence[Position],
        moves: Sequence[Move],
        nodes: int = BAND_NODES,
    ) -> None:
        if len(positions) != len(moves) + 1:
            raise ValueError("a game has one position more than moves: its deal")
        self.judge = judge
        self.positions = tuple(positions)
        self.moves = tuple(moves)
        self.nodes = nodes
        """The band starts no search once it has spent this many nodes (the end and the start
        are always searched)."""
        self.spent = 0
        """Nodes the band's own verdicts cost (searched, or taken from the judge's store)."""
        self.verdicts: list[Verdict | None] = [None] * len(self.positions)
        self.last_winnable = -1
        """The last position proven winnable (-1: none yet)."""
        self.first_lost = len(self.positions)
        """The first position proven lost (past the end: none yet)."""
        self.done = False
        """Whether every position has its final verdict."""
        self._judged: set[int] = set()
        self._probed: set[int] = set()
        """Positions a probe left unknown (searched again with the whole budget)."""
        self._room = True
        """Whether the last whole-budget search asked for fitted under ``until``."""

    @property
    def end(self) -> int:
        return len(self.positions) - 1

    @property
    def losing_move(self) -> int | None:
        """The move after which a winnable game was proven lost (moves count from 1)."""
        found = self.first_lost <= self.end and self.last_winnable == self.first_lost - 1
        return self.first_lost if found and self.first_lost > 0 else None

    def steps(self, probe_only: bool = False, until: int | None = None) -> Iterator[Step]:
        """Search until every position has its verdict, yielding each verdict once, when it is
        final (proofs at once; an unknown only when no proof can reach it any more). With
        ``probe_only``, probe for an eighth of the budget and stop: a later call goes on. No
        search but the end's and the start's may take the judge's nodes past ``until``. Once
        every verdict is final, a call yields nothing."""
        if self.done:
            return
        self._room = True
        for index in self._order(probe_only):
            yield from self._judge(index, probe_only, until)
        if probe_only:
            return
        self.done = True
        for index in range(len(self.positions)):
            if self.verdicts[index] is None:
                self.verdicts[index] = Verdict("unknown", searched=False)
                yield Step(index, "unknown", index in self._judged)

    def _order(self, probe_only: bool) -> Iterator[int]:
        yield self.end
        if self.last_winnable < self.end:
            yield 0
        limit = self.nodes // PROBE_PART if probe_only else self.nodes
        while self.spent < limit and self._room:
            found = self._widest_gap(probe_only)
            if found is None:
                return
            yield found

    def _widest_gap(self, probe_only: bool) -> int | None:
        """The middle of the widest stretch of unsearched positions between the last winnable
        and the first lost position (the later of equals: lost proofs come easier near the
        end, where fewer cards are left)."""
        tried = self._judged | self._probed if probe_only else self._judged
        ends = [self.last_winnable]
        ends += sorted(i for i in tried if self.last_winnable < i < self.first_lost)
        ends.append(self.first_lost)
        low, high = max(pairwise(ends), key=lambda gap: (gap[1] - gap[0], gap[0]))
        return None if high - low < 2 else (low + high) // 2

    def _judge(self, index: int, probe_only: bool, until: int | None) -> Iterator[Step]:
        if index in self._judged or self.verdicts[index] is not None:
            return
        if probe_only and index in self._probed:
            return
        spent = self.judge.spent
        position = self.positions[index]
        room = None if index in (0, self.end) else until
        verdict = self.judge.verdict(position, probe_only=probe_only, until=room)
        self.spent += self.judge.spent - spent
        if self.judge.known(position) is None:
            self._probed.add(index)
            self._room = probe_only  # a whole search no longer fits: the band is done
            return
        self._judged.add(index)
        if verdict.status == "winnable":
            settled = range(self.last_winnable + 1, index + 1)
            self.last_winnable = index
        elif verdict.status == "lost":
            settled = range(index, self.first_lost)
            self.first_lost = index
        else:
            return
        for i in settled:
            yield self._settle(i, index, verdict)

    def _settle(self, i: int, index: int, verdict: Verdict) -> Step:
        """Position ``i`` takes the verdict that position ``index`` proved."""
        if i == index:
            mine = verdict
        elif verdict.status == "winnable":  # the player's moves from i to index, then the line
            mine = Verdict("winnable", self.moves[i:index] + verdict.line, 0, searched=False)
        else:
            mine = Verdict("lost", (), 0, searched=False)
        self.verdicts[i] = mine
        if not mine.searched:
            self.judge.learn(self.positions[i], mine)
        return Step(i, mine.status, mine.searched)
