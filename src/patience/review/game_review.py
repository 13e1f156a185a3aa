"""A game's review: the band of verdicts, then the marks, as they are found.

:meth:`Review.events` yields each finding once, in the order a player wants them: cheap proofs
first (the band, then the marks while none is shown yet, with the judge's probes only), then
the same with whole budgets for what the probes left unknown. The band carries the losing
move, so it is the first mark whenever a probe proves it or the end is proven lost (then the
band's whole searches come first); the marks for the only winning move and for a move that
left a single way to win follow. A page shows them as they come.

>>> from patience.engine.game import Game
>>> game = Game.new("freecell", deal=1)
>>> game.play_text("3a")
>>> review = Review(Judge(game.info, game.options), game.start, game.moves)
>>> [type(event).__name__ for event in review.events()]
['Step', 'Step']
>>> review.band.losing_move is None, review.every_card_known
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from patience.engine.position import Move, Position
from patience.review.band import BAND_NODES, Band, Step
from patience.review.luck import Luck, judge_luck
from patience.review.marks import Count, Mark, winning_moves
from patience.review.verdict import Judge
from patience.views import hidden_view

Event = Step | Mark | Luck

REVIEW_NODES = 60_000
"""Nodes for a whole review: the band's, then the marks' searches (the losing move's worlds
are judged beside this budget, with the judge's budget for each verdict)."""

PROBE_MARKS_PART = 3
"""The marks' pass with probes only stops once the review has spent a third of its nodes."""


class Review:
    """The review of the game that plays ``moves`` from ``start``.

    Raises :class:`~patience.engine.errors.IllegalMove` when a move does not play.
    """

    def __init__(
        self,
        judge: Judge,
        start: Position,
        moves: Sequence[Move],
        nodes: int = REVIEW_NODES,
    ) -> None:
        engine = judge.engine
        positions = [start]
        for move in moves:
            positions.append(engine.play(positions[-1], move))
        self.judge = judge
        self.moves = tuple(moves)
        self.nodes = nodes
        """The review stops looking for marks once the judge has spent this many nodes."""
        self.band = Band(judge, positions, self.moves, min(nodes, BAND_NODES))
        self.complete = False
        """Whether every position was looked at for marks within the budget."""
        self.marks: list[Mark] = []
        self.luck: Luck | None = None
        """The losing move judged by what the player could see (games with hidden cards)."""
        self.luck_nodes = 0
        """Nodes the losing move's worlds cost (beside the review's budget)."""
        self.counts: dict[int, Count] = {}
        """Winning moves at each position whose marks were looked for (stopped at two)."""
        self.every_card_known = any(None in pile.cards for pile in hidden_view(engine, start).piles)
        """Whether the verdicts see cards the player could not (face down or in the stock)."""

    @property
    def positions(self) -> tuple[Position, ...]:
        return self.band.positions

    def events(self) -> Iterator[Event]:
        """Review the whole game, yielding every verdict and mark once, as it is found: the
        band with probes, then with whole budgets. When the end is proven lost a losing move is
        there to find, and the band's whole searches come before the marks'; while no mark is
        found yet, the marks' probes come before them (a probe left unknown costs its nodes
        again, so they are spent only to show a first mark sooner)."""
        yield from self._band(probe_only=True)
        if self.band.first_lost <= self.band.end:
            yield from self._band(probe_only=False)
        if not self.marks:
            yield from self._move_marks(probe_only=True)
        yield from self._band(probe_only=False)
        yield from self._move_marks(probe_only=False)

    def _band(self, probe_only: bool) -> Iterator[Event]:
        for step in self.band.steps(probe_only, self.luck_nodes + self.nodes):
            yield step
            losing = self.band.losing_move
            if losing is not None and not any(m.kind == "losing" for m in self.marks):
                yield self._mark(self._losing(losing))
                if self.every_card_known:
                    yield self._judge_luck(losing)

    def _mark(self, mark: Mark) -> Mark:
        self.marks.append(mark)
        return mark

    def _judge_luck(self, move: int) -> Luck:
        spent = self.judge.spent
        self.luck = judge_luck(self.judge, self.positions, self.moves, move - 1)
        self.luck_nodes += self.judge.spent - spent
        return self.luck

    def _losing(self, move: int) -> Mark:
        before = self.band.verdicts[move - 1]
        after = self.band.verdicts[move]
        assert before is not None and after is not None
        stuck = not self.judge.engine.legal_moves(self.positions[move])
        instead = before.line[0] if before.line else None
        return Mark(move, "losing", instead=instead, nodes=after.nodes, stuck=stuck)

    def _move_marks(self, probe_only: bool) -> Iterator[Mark]:
        """The "only" and "fewer" marks from the deal on, each once (a pass with probes only
        leaves a count the probes could not make exact to the pass after it)."""
        engine = self.judge.engine
        last = self.band.last_winnable
        part = PROBE_MARKS_PART if probe_only else 1
        until = self.luck_nodes + self.nodes // part
        marked = {(m.move, m.kind) for m in self.marks}
        refused = self.judge.refused
        previous: Count | None = None
        for index in range(last + 1):
            if self.judge.spent >= until:
                return
            position = self.positions[index]
            if engine.is_won(position):
                break
            verdict = self.band.verdicts[index]
            first = [self.moves[index]] if index < len(self.moves) else []
            if verdict is not None and verdict.line:
                first.append(verdict.line[0])
            count = winning_moves(
                self.judge, position, enough=2, first=first, probe_only=probe_only, until=until
            )
            self.counts[index] = count
            if previous is not None and previous.winning >= 2 and count.exact == 1:
                before = winning_moves(
                    self.judge, self.positions[index - 1], probe_only=probe_only, until=until
                ).exact
                if (index, "fewer") not in marked and (before is not None or not probe_only):
                    yield self._mark(Mark(index, "fewer", winning_before=before, winning_after=1))
            only = index < len(self.moves) and count.exact == 1 and index < last
            if only and (index + 1, "only") not in marked:
                yield self._mark(Mark(index + 1, "only", winning_before=1))
            previous = count
        self.complete = not probe_only and self.judge.refused == refused
