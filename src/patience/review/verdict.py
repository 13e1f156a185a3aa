"""The verdict on one position: winnable (with a line that wins), proven lost, or unknown.

A :class:`Judge` asks the game's solver, with node budgets only, so the same position gets the
same verdict on every machine. It searches each position first with a fifth of its budget (a
probe: most proofs take far fewer nodes) and only when that leaves it unknown with the whole
budget, so a caller can take the cheap proofs everywhere first (``probe_only``) and spend whole
budgets after. It remembers every verdict it gave, and every position along a winning line it
found is winnable too (with the rest of that line), so a review never searches a position twice.
A :class:`VerdictStore` (the database, for the server) keeps each search's result between
reviews, under its budget and the position's text.

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
from dataclasses import dataclass, replace
from typing import Literal, Protocol

from patience.engine.position import Move, Position
from patience.games.registry import GameInfo, Options
from patience.notation import position_text
from patience.solver import Budget, ProvenUnwinnable, Won, searcher_for

Status = Literal["winnable", "lost", "unknown"]

REVIEW_BUDGET = Budget(nodes=20_000)
"""Nodes per position judged (no seconds: the same verdict on every machine)."""

PROBE_SHARE = 5
"""A position is first searched with this fraction of the budget (1/5), and with the whole
budget only when that probe leaves it unknown: a verdict is the probe's proof, else the whole
search's answer, whatever order positions are judged in."""


@dataclass(frozen=True)
class Verdict:
    """What the solver knows of a position, seeing every card.

    ``line`` wins from the position when ``status`` is ``winnable`` (empty when the position
    is won already, or for other verdicts). ``nodes`` is what its searches spent; ``searched`` is
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
    """Verdicts on positions of one game and options, each position searched at most once at
    each of its two budgets (the probe, then the whole budget)."""

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
        probe = budget.nodes // PROBE_SHARE
        self.probe = Budget(nodes=probe) if probe > 0 else None
        """The first search's budget (``None`` when the budget is too small to share)."""
        self.store = store
        self._known: dict[Position, Verdict] = {}
        self._probed: dict[Position, Verdict] = {}
        self.refused = 0
        """How many times a search was not made for lack of room under ``until``."""
        self.searches = 0
        """How many searches this judge ran (not counting what it knew or the store had)."""
        self.spent = 0
        """Nodes of every search run for this judge, or taken from the store (which counts
        what its search cost), so a budget over many verdicts gives the same answers whether
        the store had them or not."""

    def key(self, position: Position, budget: Budget | None = None) -> str:
        """The store's key: the node budget (the judge's whole budget unless given) and the
        position's text."""
        nodes = (budget or self.budget).nodes
        return f"{nodes} {position_text(self.info, self.options, position)}"

    def known(self, position: Position) -> Verdict | None:
        """The verdict if this judge has it already (without searching or asking the store)."""
        return self._known.get(position)

    def verdict(
        self, position: Position, *, probe_only: bool = False, until: int | None = None
    ) -> Verdict:
        """The verdict on ``position``: remembered, stored, or searched now. With
        ``probe_only`` no whole-budget search is made, and with ``until`` no search that could
        take :attr:`spent` past ``until``: a position left unknown so comes back unknown with
        ``searched`` false, and gets its verdict when asked again without them."""
        found = self._known.get(position)
        if found is not None:
            return found
        probed = self._probed.get(position)
        if probed is None and self.probe is not None:
            if until is not None and self.spent + self.probe.nodes > until:
                self.refused += 1
                return _UNKNOWN
            probed = self._result(position, self.probe)
            if probed.status != "unknown":
                self.learn(position, probed)
                return probed
            self._probed[position] = probed
        if probe_only and probed is not None:
            return _UNKNOWN
        if until is not None and self.spent + self.budget.nodes > until:
            self.refused += 1
            return _UNKNOWN
        found = self._result(position, self.budget)
        if probed is not None:
            found = replace(found, nodes=probed.nodes + found.nodes)
        self.learn(position, found)
        return found

    def learn(self, position: Position, verdict: Verdict) -> None:
        """Remember ``verdict``, and for a winnable one every position along its line (up to
        one remembered with the rest of this very line: those after it are remembered too)."""
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
            known = self._known.get(position, _UNKNOWN)
            if known.status != "winnable":
                self._known[position] = Verdict("winnable", rest, 0, searched=False)
            elif known.line == rest:
                return

    def _result(self, position: Position, budget: Budget) -> Verdict:
        """The search of ``position`` within ``budget``: from the store, or run now."""
        key = self.key(position, budget) if self.store is not None else ""
        found = self.store.get(key) if self.store is not None else None
        if found is None:
            found = self._search(position, budget)
            if self.store is not None:
                self.store.put(key, found)
        self.spent += found.nodes
        return found

    def _search(self, position: Position, budget: Budget) -> Verdict:
        self.searches += 1
        result = self.searcher.solve(position, budget)
        if isinstance(result, Won):
            return Verdict("winnable", result.moves, result.nodes)
        if isinstance(result, ProvenUnwinnable):
            return Verdict("lost", (), result.nodes)
        return Verdict("unknown", (), result.nodes)


_UNKNOWN = Verdict("unknown", searched=False)
