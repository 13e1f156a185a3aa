"""Exhaustive depth-first search for the removal games (Thirteens, Pyramid, King Tut).

The search (:class:`DepthFirst`, shared with the talon-feeding games in
:mod:`patience.solver.feeding`) walks the engine's moves depth first and remembers every
position it has entered by a compact key, so no position is searched twice. Every move and
its effect come from :meth:`Engine.legal_moves` and :meth:`Engine.apply`; a win is the
engine's :meth:`Engine.is_won`. When the walk ends without a win, every position reachable
from the start has been entered, so the start is proven unwinnable. The pruning rules, each
sound (it never hides the only way to a win):

* **Keys** (:func:`removal_key`). Cards the rules cannot tell apart (:func:`card_classes`:
  in a removal game, cards of one rank; in a build-down-regardless-of-suit game, too) are
  written as one class, so positions alike up to swapping such cards share a key. Removed
  cards (the discard, a foundation) are left out of the key: no legal move or refill reads
  them, and a win needs only the other piles (all cards home is the same as no card left
  elsewhere). Refilled piles that nothing covers are sorted: every card on them is free, a
  pair may use any two of them, and every emptied one is refilled at once from the talon's
  top, so swapping two such piles gives a position with the same moves up to renaming and
  the same futures (:func:`sorted_refill_piles` checks the conditions on the rules).
* **A lone King first** (:func:`_safe_king`). When a King (a card that leaves alone) lies free
  on a tableau place, removing it is the only move tried. Removing it takes nothing from any
  other move: it pairs with no card, and it leaves no card less free (a pyramid place only
  uncovers cards; a refilled spot only takes the talon's next card sooner, so the free cards
  after any later line are those of the original line, with the King's place given to a talon
  card). Any winning line from here, with this removal taken out and put first, still wins.
  Kings on the talon are not forced: with three cards to a draw, taking one out shifts which
  cards later draws show.
* **Dead cards** (:func:`_dead`). A card on a covered place that must leave for a win (the
  pyramid, in both Win.ALL_HOME and Win.CLEARED) can only go with a partner that is free at
  the same time. A partner still in the pyramid on a place that covers it, or on a place it
  covers (directly or through others), is never free together with it. When no partner is
  left anywhere else, the position is lost and is not expanded.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator

from patience.cards import rank, suit
from patience.engine.core import Engine
from patience.engine.position import Move, MoveKind, Position
from patience.rules.game import Win
from patience.rules.piles import Kind
from patience.rules.stock import Action
from patience.solver.result import Budget, ProvenUnwinnable, Result, Unknown, Won
from patience.solver.search import Searcher

Key = Hashable
_CLOCK_EVERY = 256


def sorted_refill_piles(engine: Engine) -> tuple[int, ...]:
    """Tableau piles that may be sorted in a key: refilled at once, uncovered, all alike.

    Sound when the talon is used only to refill (no stock move), no pile covers another, and
    the piles share one spec but for their code and place on screen: then every pile emptied
    by a move is refilled before the next move, from the talon's top, whichever it is, and the
    moves treat the piles alike.
    """
    rules = engine.rules
    if rules.stock.action is not Action.NONE:
        return ()
    piles = engine.tableau
    specs = [engine.specs[t] for t in piles]
    if not specs or any(s.refill <= 0 or s.covered_by for s in specs):
        return ()
    if any(c for s in engine.specs for c in s.covered_by):
        return ()
    first = specs[0]
    alike = all(
        (s.kind, s.build, s.start, s.start_rank, s.suit, s.unit, s.refill)
        == (first.kind, first.build, first.start, first.start_rank, first.suit, first.unit, 1)
        for s in specs
    )
    return tuple(piles) if alike else ()


def card_classes(engine: Engine) -> tuple[int, ...]:
    """For each card, the least card interchangeable with it (itself when none is).

    Two cards are interchangeable when the rules cannot tell them apart: the same rank where
    cards pair by rank sum, the same row and column in every pile's build table (which cards
    they go on, and which go on them), the same answer from every pile when empty, and the
    same suit where any pile or automatic move reads suits. Swapping two such cards then maps
    every legal move to a legal move and every win to a win.
    """
    rules = engine.rules
    tables = {s.build.table for s in engine.specs if s.build is not None}
    reads_suit = rules.auto_suit_runs or any(s.suit is not None for s in engine.specs)
    signatures: dict[object, int] = {}
    out: list[int] = []
    for card in range(52):
        sig = (
            rank(card) if rules.pairs_to else 0,
            suit(card) if reads_suit else 0,
            tuple(
                (bytes(t[card * 52 : card * 52 + 52]), bytes(t[card::52][:52]))
                for t in sorted(tables)
            ),
            tuple(s.accepts_on_empty(card) for s in engine.specs),
        )
        out.append(signatures.setdefault(sig, card))
    return tuple(out)


def removal_key(engine: Engine) -> Callable[[Position], Key]:
    """The key of a position: foundations left out, refilled piles sorted, cards by class."""
    sortable = set(sorted_refill_piles(engine))
    cls = card_classes(engine)
    kept = tuple(
        i
        for i, spec in enumerate(engine.specs)
        if spec.kind is not Kind.FOUNDATION and i not in sortable
    )
    group = tuple(sorted(sortable))

    def key(pos: Position) -> Key:
        piles, down = pos.piles, pos.down
        fixed = tuple((bytes([cls[c] for c in piles[i]]), down[i]) for i in kept)
        if not group:
            return fixed, pos.redeals
        loose = sorted((bytes([cls[c] for c in piles[i]]), down[i]) for i in group)
        return fixed, tuple(loose), pos.redeals

    return key


class DepthFirst(Searcher):
    """Depth-first search with a table of entered positions; exhaustive within the budget.

    Hints and other users of :class:`Searcher` keep its expansion; only :meth:`solve` differs.
    ``key`` maps positions to keys equal only for positions with the same futures;
    ``forced`` may name the one move to try (a move proven to lose nothing); ``dead`` may
    say a position cannot be won; ``rank_move`` orders moves (lower first; never prunes).
    """

    def __init__(
        self,
        engine: Engine,
        key: Callable[[Position], Key],
        forced: Callable[[Position, list[Move]], Move | None] | None = None,
        dead: Callable[[Position], bool] | None = None,
        rank_move: Callable[[Position, Move], int] | None = None,
    ) -> None:
        super().__init__(engine)
        self.state_key = key
        self.forced = forced
        self.dead = dead
        self.rank_move = rank_move

    def children(self, pos: Position) -> Iterator[tuple[Move, Position]]:
        """The moves worth trying here, each with the position it leads to."""
        engine = self.engine
        moves = engine.legal_moves(pos)
        if self.forced is not None:
            only = self.forced(pos, moves)
            if only is not None:
                moves = [only]
        if self.rank_move is not None and len(moves) > 1:
            order = self.rank_move
            moves.sort(key=lambda m: order(pos, m))
        for move in moves:
            yield move, engine.apply(pos, move)

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown."""
        budget = budget or Budget()
        engine = self.engine
        began = time.perf_counter()
        deadline = None if budget.seconds is None else began + budget.seconds
        if engine.is_won(start):
            return Won((), 0, 0.0)
        key, dead = self.state_key, self.dead
        seen = {key(start)}
        nodes = 1
        path: list[Move] = []
        stack = [] if dead is not None and dead(start) else [self.children(start)]
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            move, child = step
            if engine.is_won(child):
                return Won((*path, move), nodes, time.perf_counter() - began)
            child_key = key(child)
            if child_key in seen:
                continue
            seen.add(child_key)
            nodes += 1
            if nodes >= budget.nodes:
                return Unknown(nodes, time.perf_counter() - began)
            if (
                deadline is not None
                and nodes % _CLOCK_EVERY == 0
                and time.perf_counter() > deadline
            ):
                return Unknown(nodes, time.perf_counter() - began)
            if dead is not None and dead(child):
                continue
            path.append(move)
            stack.append(self.children(child))
        return ProvenUnwinnable(nodes, time.perf_counter() - began)


def _safe_king(engine: Engine) -> Callable[[Position, list[Move]], Move | None]:
    """The lone-King removal from a tableau place, when there is one (see the module)."""
    tableau = frozenset(engine.tableau)

    def forced(pos: Position, moves: list[Move]) -> Move | None:
        for move in moves:
            if move.kind is MoveKind.REMOVE and move.dst == -1 and move.src in tableau:
                return move
        return None

    return forced


def _cones(engine: Engine) -> dict[int, frozenset[int]]:
    """For each covered tableau place, the places above it (covering) and below (covered)."""
    above: dict[int, set[int]] = {}
    for t in reversed(range(len(engine.specs))):
        spec = engine.specs[t]
        if spec.kind is Kind.TABLEAU and spec.covered_by:
            cone: set[int] = set()
            for c in spec.covered_by:
                cone.add(c)
                cone |= above.get(c, set())
            above[t] = cone
    places = {t for t in engine.tableau if engine.specs[t].covered_by} | {
        c for cone in above.values() for c in cone
    }
    return {
        t: frozenset(above.get(t, set()) | {u for u in places if t in above.get(u, set())})
        for t in places
    }


def _dead(engine: Engine) -> Callable[[Position], bool] | None:
    """A test for a pyramid card whose every partner is blocked by it (see the module)."""
    cones = _cones(engine)
    pack = engine.rules.pack
    if not cones or len(set(pack)) != len(pack):
        return None  # one place per card is assumed below
    rules = engine.rules
    target = rules.pairs_to
    if rules.win is Win.ALL_HOME:
        places = tuple(sorted(cones))
    elif rules.win is Win.CLEARED:
        places = tuple(sorted(t for t in cones if t in rules.win_piles))
    else:
        return None  # the pyramid need not be cleared for a win
    foundations = engine.foundations

    def dead(pos: Position) -> bool:
        piles = pos.piles
        where: dict[int, int] = {}
        for i, cards in enumerate(piles):
            if i not in foundations:
                for card in cards:
                    where[card] = i
        by_rank: dict[int, list[int]] = {}
        for card, pile in where.items():
            by_rank.setdefault(rank(card), []).append(pile)
        for t in places:
            for card in piles[t]:
                need = target - rank(card)
                if need == 0:
                    continue
                cone = cones[t]
                if all(p in cone for p in by_rank.get(need, ())):
                    return True
        return False

    return dead


def _removal_rank(engine: Engine) -> Callable[[Position, Move], int]:
    """Removals before drawing, and drawing before starting the talon again."""

    def order(pos: Position, move: Move) -> int:
        if move.kind is MoveKind.REMOVE:
            return 0
        return 1 if move.kind is MoveKind.STOCK else 2

    return order


def removal_searcher(engine: Engine) -> DepthFirst:
    """The depth-first searcher for a removal game (``rules.pairs_to`` set)."""
    if not engine.rules.pairs_to:
        raise ValueError("removal_searcher needs a removal game (pairs_to)")
    return DepthFirst(
        engine,
        removal_key(engine),
        forced=_safe_king(engine),
        dead=_dead(engine),
        rank_move=_removal_rank(engine),
    )
