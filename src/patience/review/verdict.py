"""The verdict on one position: winnable (with a line that wins), proven lost, or unknown.

A :class:`Judge` asks the game's solver, with node budgets only, so the same position gets the
same verdict on every machine. It remembers every verdict it gave, and every position along a
winning line it found is winnable too (with the rest of that line), so a review never searches
a position twice. A :class:`VerdictStore` (the database, for the server) keeps verdicts between
reviews, by :meth:`Judge.key`.

>>> from patience.engine.game import Game
>>> game = Game.new("freecell", deal=1)
>>> judge = Judge(game.info, game.options)
>>> verdict = judge.verdict(game.start)
>>> verdict.status, verdict.searched
('winnable', True)
>>> from functools import reduce
>>> game.engine.is_won(reduce(game.engine.play, verdict.line, game.start))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

from patience.engine.position import Move, Position
from patience.games.registry import GameInfo, Options
from patience.notation import position_text
from patience.solver import Budget, ProvenUnwinnable, Won, searcher_for

Status = Literal["winnable", "lost", "unknown"]

REVIEW_BUDGET = Budget(nodes=20_000)
"""Nodes per position judged (no seconds: the same verdict on every machine)."""


@dataclass(frozen=True)
class Verdict:
    """What the solver knows of a position, seeing every card.

    ``line`` wins from the position when ``status`` is ``winnable`` (empty when the position
    is won already, or for other verdicts). ``nodes`` is what the search spent; ``searched`` is
    false for a verdict that follows from another one (a position on a winning line, or one
    reached from a lost position) without a search of its own.
    """

    status: Status
    line: tuple[Move, ...] = ()
    nodes: int = 0
    searched: bool = True


class VerdictStore(Protocol):
    """Where verdicts outlive a review (the server's database); keys are :meth:`Judge.key`."""

    def get(self, key: str) -> Verdict | None: ...

    def put(self, key: str, verdict: Verdict) -> None: ...


class Judge:
    """Verdicts on positions of one game and options, each position searched at most once."""

    def __init__(
        self,
        info: GameInfo,
        options: Options | Mapping[str, str],
        budget: Budget = REVIEW_BUDGET,
        store: VerdictStore | None = None,
    ) -> None:
        self.info = info
        self.options: Options = info.canonical(dict(options))
        self.searcher = searcher_for(info.rules(dict(self.options)))
        self.engine = self.searcher.engine
        self.budget = Budget(nodes=budget.nodes)
        self.store = store
        self._known: dict[Position, Verdict] = {}
        self.searches = 0
        """How many positions this judge searched (not counting what it knew or the store had)."""
        self.spent = 0
        """Nodes of every verdict searched for this judge, or taken from the store (which
        counts what its search cost), so a budget over many verdicts gives the same answers
        whether the store had them or not."""

    def key(self, position: Position) -> str:
        """The store's key: the position's text and the node budget it was judged with."""
        return f"{self.budget.nodes} {position_text(self.info, self.options, position)}"

    def known(self, position: Position) -> Verdict | None:
        """The verdict if this judge has it already (without searching or asking the store)."""
        return self._known.get(position)

    def verdict(self, position: Position) -> Verdict:
        """The verdict on ``position``: remembered, stored, or searched now."""
        found = self._known.get(position)
        if found is not None:
            return found
        key = self.key(position) if self.store is not None else ""
        if self.store is not None:
            found = self.store.get(key)
        if found is None:
            found = self._search(position)
            if self.store is not None:
                self.store.put(key, found)
        self.spent += found.nodes
        self.learn(position, found)
        return found

    def learn(self, position: Position, verdict: Verdict) -> None:
        """Remember ``verdict``, and for a winnable one every position along its line."""
        if self._known.get(position, verdict).status != "unknown" and verdict.status == "unknown":
            return  # never forget a proof for an unknown
        self._known[position] = verdict
        if verdict.status != "winnable":
            return
        engine = self.engine
        line = verdict.line
        for done in range(len(line)):
            position = engine.apply(position, line[done])
            rest = line[done + 1 :]
            if self._known.get(position, _UNKNOWN).status != "winnable":
                self._known[position] = Verdict("winnable", rest, 0, searched=False)

    def _search(self, position: Position) -> Verdict:
        self.searches += 1
        result = self.searcher.solve(position, self.budget)
        if isinstance(result, Won):
            return Verdict("winnable", result.moves, result.nodes)
        if isinstance(result, ProvenUnwinnable):
            return Verdict("lost", (), result.nodes)
        return Verdict("unknown", (), result.nodes)


_UNKNOWN = Verdict("unknown", searched=False)
