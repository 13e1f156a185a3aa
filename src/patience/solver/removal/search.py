"""Exhaustive depth-first search for the removal games (Thirteens, Pyramid, King Tut).

Pyramid and King Tut positions go first to the compact search of
:mod:`patience.solver.removal.pyramid`, Thirteens positions to the one-line walk of
:mod:`patience.solver.removal.spots`; this walk over the engine's own moves
(:class:`DepthFirst`, shared with :mod:`patience.solver.removal.feeding`) serves any position
those do not take. It remembers every position entered by a key
(:func:`removal_key`), plays removals that lose nothing first (:func:`_forced`) and stops at
dead cards and stuck waste cards (:func:`_dead`); a walk that ends without a win proves the
start unwinnable. (docs/SOLVERS.md, "The depth-first walk")
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator

from patience.cards import rank, suit
from patience.engine.core import Engine
from patience.engine.position import Move, MoveKind, Position
from patience.rules.game import Win
from patience.rules.piles import Kind, Start
from patience.rules.stock import UNLIMITED, Action, Redeal
from patience.solver.result import Budget, Meter, ProvenUnwinnable, Result, Unknown, Won
from patience.solver.search import Searcher

Key = Hashable
_CLOCK_EVERY = 32


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
    table = bytes(cls) + bytes(range(len(cls), 256))  # card -> its class, for bytes.translate

    def key(pos: Position) -> Key:
        piles, down = pos.piles, pos.down
        fixed = b"\xff".join([bytes(piles[i]) for i in kept]).translate(table)
        downs = bytes([down[i] for i in kept])
        if not group:
            return fixed, downs, pos.redeals
        if any(down[i] for i in group):
            loose = sorted((bytes(piles[i]).translate(table), down[i]) for i in group)
            return fixed, downs, tuple(loose), pos.redeals
        faces = b"\xff".join([bytes(piles[i]) for i in group]).translate(table).split(b"\xff")
        faces.sort()
        return fixed, downs, b"\xff".join(faces), pos.redeals

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
        dead: Callable[[Position, Move | None], bool] | None = None,
        rank_move: Callable[[Position, Move], int] | None = None,
    ) -> None:
        super().__init__(engine)
        self.state_key = key
        self.forced = forced
        self.dead = dead
        self.rank_move = rank_move

    def children(self, pos: Position) -> Iterator[tuple[tuple[Move, ...], Position]]:
        """The lines worth trying here (one move each), each with the position it leads to."""
        engine = self.engine
        moves = engine.search_moves(pos)
        if self.forced is not None:
            only = self.forced(pos, moves)
            if only is not None:
                yield (only,), engine.apply(pos, only)
                return
        if self.rank_move is not None and len(moves) > 1:
            order = self.rank_move
            moves.sort(key=lambda m: order(pos, m))
        for move in moves:
            yield (move,), engine.apply(pos, move)

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown."""
        budget = budget or Budget()
        engine = self.engine
        began = budget.clock()
        meter = Meter(budget, _CLOCK_EVERY, began)
        if engine.is_won(start):
            return Won((), 0, 0.0)
        key, dead = self.state_key, self.dead
        seen = {key(start)}
        nodes = 1
        path: list[tuple[Move, ...]] = []
        stack = [] if dead is not None and dead(start, None) else [self.children(start)]
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            line, child = step
            if engine.is_won(child):
                moves = tuple(m for part in (*path, line) for m in part)
                return Won(moves, nodes, budget.clock() - began)
            child_key = key(child)
            if child_key in seen:
                continue
            seen.add(child_key)
            nodes += 1
            if meter.spent(nodes):
                return Unknown(nodes, meter.elapsed())
            if dead is not None and dead(child, line[-1]):
                continue
            path.append(line)
            stack.append(self.children(child))
        return ProvenUnwinnable(nodes, budget.clock() - began)


_RANK = tuple(rank(card) for card in range(52))


def _places(engine: Engine) -> dict[int, frozenset[int]]:
    """Pyramid places (covered or covering) with, for each, the places above and below it.

    Empty when a place could ever gain a card (a refill, a build or a start rule): the rules
    below rest on a place's card only ever becoming freer.
    """
    specs = engine.specs
    above: dict[int, set[int]] = {}
    for t in reversed(range(len(specs))):
        spec = specs[t]
        if spec.kind is Kind.TABLEAU and spec.covered_by:
            cone: set[int] = set()
            for c in spec.covered_by:
                cone.add(c)
                cone |= above.get(c, set())
            above[t] = cone
    places = set(above) | {c for cone in above.values() for c in cone}
    if any(
        specs[t].refill or specs[t].build is not None or specs[t].start is not Start.NONE
        for t in places
    ):
        return {}
    return {
        t: frozenset(above.get(t, set()) | {u for u in places if t in above.get(u, set())})
        for t in places
    }


def _forced(engine: Engine) -> Callable[[Position, list[Move]], Move | None]:
    """A removal that loses nothing, when there is one (see the module)."""
    rules = engine.rules
    if not (
        rules.win is Win.ALL_HOME
        or (rules.win is Win.CLEARED and set(engine.tableau) <= set(rules.win_piles))
    ):
        return lambda pos, moves: None  # the arguments need every tableau card to go
    single_draws = (
        rules.stock.action is Action.TO_WASTE
        and rules.stock.count == 1
        and rules.stock.redeal in (Redeal.NONE, Redeal.RECYCLE_WASTE)
    )
    talon = {engine.stock, engine.waste} - {-1} if single_draws else set()
    alone = frozenset(engine.tableau) | talon
    places = frozenset(_places(engine))
    target = engine.rules.pairs_to
    foundations = frozenset(engine.foundations)
    piles_in_play = tuple(i for i in range(len(engine.specs)) if i not in foundations)

    def all_free(pos: Position) -> list[bool]:
        """For each rank: is every card of it in play the card of a free pyramid place?"""
        ok = [True] * (target + 1)
        piles = pos.piles
        for i in piles_in_play:
            cards = piles[i]
            if not cards:
                continue
            free = i in places and len(cards) == 1 and engine.is_free(pos, i)
            if not free:
                for card in cards:
                    ok[_RANK[card]] = False
        return ok

    def forced(pos: Position, moves: list[Move]) -> Move | None:
        pairs = []
        for move in moves:
            if move.kind is not MoveKind.REMOVE:
                continue
            if move.dst == -1 and move.src in alone:
                return move
            if move.src in places and move.dst in places:
                pairs.append(move)
        if not pairs:
            return None
        ok = all_free(pos)
        for move in pairs:
            if ok[_RANK[pos.piles[move.src][-1]]] and ok[_RANK[pos.piles[move.dst][-1]]]:
                return move
        return None

    return forced


def _dead(engine: Engine) -> Callable[[Position, Move | None], bool] | None:
    """A test for a pyramid card whose every partner is blocked by it (see the module)."""
    cones = _places(engine)
    if not cones:
        return None
    rules = engine.rules
    target = rules.pairs_to
    if rules.win is Win.ALL_HOME:
        must = tuple(sorted(cones))
    elif rules.win is Win.CLEARED:
        must = tuple(sorted(t for t in cones if t in rules.win_piles))
    else:
        return None  # the pyramid need not be cleared for a win
    everywhere = tuple(sorted(cones))
    bit = {t: 1 << n for n, t in enumerate(everywhere)}
    outside_cone = {t: ~sum(bit[u] for u in cones[t]) for t in everywhere}
    foundations = frozenset(engine.foundations)
    others = tuple(i for i in range(len(engine.specs)) if i not in foundations and i not in cones)

    stock = rules.stock
    waste = engine.waste
    last_pass = (
        rules.win is Win.ALL_HOME and waste >= 0 and stock.redeals != UNLIMITED
    )  # then the waste is a stack once the redeals are spent

    def dead(pos: Position, move: Move | None) -> bool:
        piles = pos.piles
        if last_pass and pos.redeals >= stock.redeals and piles[waste] and _waste_stuck(pos):
            return True
        if move is not None and move.kind in (MoveKind.STOCK, MoveKind.REDEAL):
            return False  # no card changed between pyramid, elsewhere and removed
        elsewhere = 0
        for i in others:
            for card in piles[i]:
                elsewhere |= 1 << _RANK[card]
        on_place = [0] * (target + 1)
        for t in everywhere:
            for card in piles[t]:
                on_place[_RANK[card]] |= bit[t]
        for t in must:
            for card in piles[t]:
                need = target - _RANK[card]
                if need and not (elsewhere >> need) & 1 and not on_place[need] & outside_cone[t]:
                    return True
        return False

    not_waste = tuple(i for i in range(len(engine.specs)) if i not in foundations and i != waste)

    def _waste_stuck(pos: Position) -> bool:
        """Does a waste card have every partner in play in the waste too?"""
        piles = pos.piles
        ranks = 0
        for i in not_waste:
            for card in piles[i]:
                ranks |= 1 << _RANK[card]
        for card in piles[waste]:
            need = target - _RANK[card]
            if need and not (ranks >> need) & 1:
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


class RemovalWalk(DepthFirst):
    """The depth-first walk of a removal game, with its keys, removals that lose nothing, dead
    cards and order; compact searches subclass it for the positions they do not take."""

    def __init__(self, engine: Engine) -> None:
        super().__init__(
            engine,
            removal_key(engine),
            forced=_forced(engine),
            dead=_dead(engine),
            rank_move=_removal_rank(engine),
        )


def removal_searcher(engine: Engine) -> RemovalWalk:
    """The depth-first searcher for a removal game (``rules.pairs_to`` set)."""
    if not engine.rules.pairs_to:
        raise ValueError("removal_searcher needs a removal game (pairs_to)")
    return RemovalWalk(engine)
