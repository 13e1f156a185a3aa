"""A compact exhaustive search for the pyramid removal games (Pyramid, King Tut).

A position is four ints (``places``, ``talon``, its ``cut`` and ``redeals``) and the search
makes and applies its own moves on them; moves are the engine's :class:`Move` values, so a
win replays with :meth:`Engine.play`. It prunes by forced removals, nodes holding every talon
point their draws reach (:meth:`PyramidSearch.walk`), talons alike by rank, cards without a
partner they can ever meet (:meth:`PyramidSearch.lost`) and the bag game
(:meth:`PyramidSearch.clearable`). (docs/SOLVERS.md, "Pyramid and King Tut's compact search")
"""

from __future__ import annotations

from collections.abc import Iterator

from patience.cards import rank
from patience.engine.core import Engine
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, Move, MoveKind, Position
from patience.rules.game import Win
from patience.rules.piles import Kind
from patience.rules.stock import UNLIMITED, Action, Redeal
from patience.solver.removal.pyramid_bag import Bag
from patience.solver.removal.pyramid_reach import reachable
from patience.solver.removal.search import DepthFirst, _places, removal_searcher
from patience.solver.result import Budget, Meter, ProvenUnwinnable, Result, Unknown, Won

State = tuple[int, int, int, int]
"""Places still holding a card, talon cards in play, the cut, and redeals used."""

_View = tuple[
    tuple[Move, int] | None,
    list[list[tuple[int, int]]],
    list[tuple[Move, int, int, int]],
    int,
    int,
]
"""What a set of places offers: a free King (move, bit), free cards by rank (pile, bit),
pairs of them (move, bits, ranks), a bit for each rank with no card on a covered place, and
a bit for each rank with a free card."""

_Point = tuple[int, Move | None, tuple[int, int], int, int]
"""A talon point: its bit, the move on to the next point, that point's cut and redeals used,
the ranks the move may spoil, and the partner ranks its free talon cards need (-1: always)."""

Child = tuple[tuple[Move, ...], Move, State, int]
"""A node's child: the draws to it, the removal, its state and the ranks it may spoil."""

_CLOCK_EVERY = 64


class PyramidSearch:
    """One search from one position: its tables, its moves, its pruning and the walk."""

    def __init__(self, searcher: PyramidSearcher, start: Position) -> None:
        engine = searcher.engine
        self.engine = engine
        self.target = engine.rules.pairs_to
        places = searcher.places
        self.pile_of_place = places
        self.cover = searcher.cover
        self.cone_of_bit = searcher.cone_of_bit
        self.card_of_place = tuple(start.piles[p][0] if start.piles[p] else -1 for p in places)
        waste = start.piles[engine.waste]
        stock = start.piles[engine.stock]
        self.row = (*waste, *reversed(stock))
        self.rank_of_place = tuple(rank(c) if c >= 0 else 0 for c in self.card_of_place)
        self.rank_of_row = tuple(rank(c) for c in self.row)
        rule = engine.rules.stock
        self.draw = rule.count if rule.action is Action.TO_WASTE else 0
        self.redeals = (
            0 if rule.redeal is Redeal.NONE else (-1 if rule.redeals == UNLIMITED else rule.redeals)
        )
        self.top_playable = rule.top_playable
        self.all_home = engine.rules.win is Win.ALL_HOME
        self.matching = self.all_home or self.redeals >= 0
        self.single_draws = self.draw == 1
        target = self.target
        self.place_mask = [0] * (target + 1)
        for i, r in enumerate(self.rank_of_place):
            if r:
                self.place_mask[r] |= 1 << i
        self.row_mask = [0] * (target + 1)
        for j, r in enumerate(self.rank_of_row):
            self.row_mask[r] |= 1 << j
        self.first_at = [[len(self.row)] * (len(self.row) + 1) for _ in range(target + 1)]
        for j in range(len(self.row) - 1, -1, -1):
            for r in range(target + 1):
                self.first_at[r][j] = j if self.rank_of_row[j] == r else self.first_at[r][j + 1]
        self.canonical: dict[tuple[int, int], tuple[int, int]] = {}
        self.stock_pile, self.waste_pile = engine.stock, engine.waste
        self.views: dict[int, _View] = {}
        self.covered: dict[tuple[int, int], int] = {}
        self.nodes = 0
        self.meter = Meter(Budget())
        self.bag = Bag(self.cover, self.rank_of_place, target, self._tick)
        self.bags: dict[int, tuple[int, ...]] = {}
        self.removable: dict[int, int] = {}
        self.buried = self.draw > 1 and not self.top_playable
        self.points: dict[tuple[int, int, int], _Point] = {}
        self.stride = len(self.row) + 1
        passes = self.redeals + 1 if self.redeals > 0 else 1
        self.column = [
            sum(1 << (u * self.stride + c) for u in range(passes)) for c in range(self.stride)
        ]
        self.matchable: dict[tuple[int, int, int, int], bool] = {}
        self.start: State = (
            sum(1 << i for i, c in enumerate(self.card_of_place) if c >= 0),
            (1 << len(self.row)) - 1,
            len(waste),
            start.redeals if self.redeals > 0 else 0,
        )

    # ------------------------------------------------------------------ moves

    def children(self, state: State) -> list[Child]:
        """The moves worth trying from the node ``state`` (a forced removal alone), best first.

        A node stands for ``state`` and every state its talon reaches by drawing and turning
        the waste over, up to the first one already entered (see :meth:`walk`); its children
        are the removals from all of them, each with the draws leading to it, the child state
        and the ranks whose matching it may have spoiled (a bit per rank; see :meth:`lost`).
        Pairs of pyramid cards are met once, from ``state`` itself.
        """
        places, talon, _, _ = state
        view = self.views.get(places)
        if view is None:
            view = self.views[places] = self._view(places)
        king, _, pairs, all_free, free_ranks = view
        covered = self.covered.get(state[:2], 0)
        if king is not None:
            self.covered[state[:2]] = covered | self._bit(state)
            return [((), king[0], self._less(state, king[1], 0), 0)]
        row_mask = self.row_mask
        pyramid: list[Child] = []
        for move, bits, ra, rb in pairs:
            child = self._less(state, bits, 0)
            spoiled = (1 << ra) | (1 << rb)
            if all_free >> ra & all_free >> rb & 1 and not (row_mask[ra] | row_mask[rb]) & talon:
                self.covered[state[:2]] = covered | self._bit(state)
                return [((), move, child, spoiled)]
            pyramid.append(((), move, child, spoiled))
        out: list[Child] = []
        draws: tuple[Move, ...] = ()
        cut, used = state[2], state[3]
        points, column, stride = self.points, self.column, self.stride
        first = True
        while True:
            key = (talon, cut, used)
            info = points.get(key)
            if info is None:
                info = points[key] = self._point((places, talon, cut, used))
            bit, step, after, spoiled_next, need = info
            point = (places, talon, cut, used)
            covered |= bit
            forced = None
            if need < 0 or need & free_ranks:
                options, forced = self._talon(point, view)
                if forced is not None:
                    out.append((draws, *forced))
                else:
                    out += ((draws, *option) for option in options)
            if first:
                out += pyramid
                first = False
            if forced is not None or step is None:
                break
            cut, used = after
            if covered & column[cut] & ((2 << (used * stride + cut)) - 1) or (
                spoiled_next and self.lost((places, talon, cut, used), spoiled_next)
            ):
                break
            draws = (*draws, step)
        self.covered[state[:2]] = covered
        return out

    def _point(self, state: State) -> _Point:
        """What a talon point offers and where it leads (the places of ``state`` unused)."""
        target, rank_of_row = self.target, self.rank_of_row
        _, talon, cut, _ = state
        ranks = []
        waste_part = talon & ((1 << cut) - 1)
        if waste_part:
            ranks.append(rank_of_row[waste_part.bit_length() - 1])
        stock_part = talon >> cut
        if stock_part and self.top_playable:
            ranks.append(rank_of_row[cut + (stock_part & -stock_part).bit_length() - 1])
        need = 0
        for r in ranks:
            need |= -1 if r == target else 1 << (target - r)
        if sum(ranks) == target:
            need = -1
        bit = self._bit(state)
        step, after, spoiled = self._advance(state)
        return bit, step, (after[2], after[3]), spoiled, need

    def _talon(
        self, state: State, view: _View
    ) -> tuple[list[tuple[Move, State, int]], tuple[Move, State, int] | None]:
        """Removals using the talon's free cards at ``state``, best first, and a forced one."""
        places, talon, cut, _ = state
        by_rank = view[1]
        target, rank_of_row = self.target, self.rank_of_row
        ranked: list[tuple[int, Move, State, int]] = []
        tops: list[tuple[int, int, int]] = []  # pile, rank, talon bit
        waste_part = talon & ((1 << cut) - 1)
        if waste_part:
            top = waste_part.bit_length() - 1
            tops.append((self.waste_pile, rank_of_row[top], 1 << top))
        stock_part = talon >> cut
        if stock_part and self.top_playable:
            top = cut + (stock_part & -stock_part).bit_length() - 1
            tops.append((self.stock_pile, rank_of_row[top], 1 << top))
        for n, (pile, r, bit) in enumerate(tops):
            if r == target:
                move = Move(MoveKind.REMOVE, pile, -1, 1)
                if self.single_draws:
                    return [], (move, self._less(state, 0, bit), 0)
                ranked.append((1, move, self._less(state, 0, bit), 0))
                continue
            need = target - r
            partners = by_rank[need]
            other = [top for top in tops[n + 1 :] if top[1] == need]
            if not partners and not other:
                continue
            spoiled = (1 << r) | (1 << need)
            unique = self.single_draws and self._unique(places, talon, r)
            for place_pile, place_bit in partners:
                move = Move(MoveKind.REMOVE, min(place_pile, pile), max(place_pile, pile), 2)
                child = self._less(state, place_bit, bit)
                if unique:
                    return [], (move, child, spoiled)
                ranked.append((1, move, child, spoiled))
            for other_pile, _, other_bit in other:
                move = Move(MoveKind.REMOVE, min(pile, other_pile), max(pile, other_pile), 2)
                child = self._less(state, 0, bit | other_bit)
                if unique:
                    return [], (move, child, spoiled)
                ranked.append((2, move, child, spoiled))
        ranked.sort(key=lambda entry: entry[0])
        return [(move, child, spoiled) for _, move, child, spoiled in ranked], None

    def _advance(self, state: State) -> tuple[Move | None, State, int]:
        """The draw or the turn of the waste from ``state`` (``None`` when neither is left)."""
        places, talon, cut, used = state
        if talon >> cut:
            return self._drawn(state)
        if talon & ((1 << cut) - 1) and (self.redeals < 0 or used < self.redeals):
            return REDEAL_MOVE, (places, talon, 0, used + (self.redeals > 0)), 0
        return None, state, 0

    def _bit(self, state: State) -> int:
        """The bit of a state's talon point (its cut and redeals used) among its node's."""
        return 1 << (state[3] * self.stride + state[2])

    def _view(self, places: int) -> _View:
        """What the pyramid alone offers: a free King, free cards, their pairs, all-free ranks."""
        cover, rank_of_place, target = self.cover, self.rank_of_place, self.target
        free: list[tuple[int, int, int]] = []
        blocked_ranks = 0
        for i, pile in enumerate(self.pile_of_place):
            bit = 1 << i
            if not places & bit:
                continue
            r = rank_of_place[i]
            if cover[i] & places:
                blocked_ranks |= 1 << r
                continue
            if r == target:
                return (Move(MoveKind.REMOVE, pile, -1, 1), bit), [], [], 0, 0
            free.append((pile, r, bit))
        pairs = [
            (Move(MoveKind.REMOVE, a, b, 2), pa | pb, ra, rb)
            for n, (a, ra, pa) in enumerate(free)
            for b, rb, pb in free[n + 1 :]
            if ra + rb == target
        ]
        by_rank: list[list[tuple[int, int]]] = [[] for _ in range(target + 1)]
        for pile, r, bit in free:
            by_rank[r].append((pile, bit))
        free_ranks = sum(1 << r for r, cards in enumerate(by_rank) if cards)
        return None, by_rank, pairs, ~blocked_ranks, free_ranks

    def _unique(self, places: int, talon: int, r: int) -> bool:
        """Is exactly one card of rank ``r`` and one of its partner's rank in play?"""
        for k in (r, self.target - r):
            if (self.place_mask[k] & places).bit_count() + (
                self.row_mask[k] & talon
            ).bit_count() != 1:
                return False
        return True

    def _less(self, state: State, place_bits: int, talon_bits: int) -> State:
        """``state`` without these places' and talon cards (the cut moves down to the waste),
        its talon in the row's first cards of the same ranks (:meth:`_canonical`)."""
        places, talon, cut, used = state
        if not talon_bits:
            return places & ~place_bits, talon, cut, used
        talon &= ~talon_bits
        key = (talon, cut)
        known = self.canonical.get(key)
        if known is None:
            known = self.canonical[key] = self._canonical(
                talon, (talon & ((1 << cut) - 1)).bit_count()
            )
        return places & ~place_bits, *known, used

    def _canonical(self, talon: int, waste: int) -> tuple[int, int]:
        """The talon with the same ranks in the same order taken first-fit along the row, and
        its cut (``waste`` cards below it).

        Only ranks count in these games, so states whose places agree and whose talons show
        the same ranks in the same order with as many on the waste (and as many redeals used)
        are alike: a move (by piles) is legal in one when it is in the other, and leads to
        states alike again. One stands for all, and a line won from it is won from the rest.
        """
        first_at, rank_of_row = self.first_at, self.rank_of_row
        out = cut = index = at = 0
        rest = talon
        while rest:
            low = rest & -rest
            rest ^= low
            at = first_at[rank_of_row[low.bit_length() - 1]][at]
            out |= 1 << at
            at += 1
            index += 1
            if index == waste:
                cut = at
        return out, cut

    def _drawn(self, state: State) -> tuple[Move, State, int]:
        """Turning cards onto the waste; on the last pass their ranks' matchings may spoil."""
        places, talon, cut, used = state
        spoiled = 0
        last_pass = 0 <= self.redeals <= used
        for _ in range(self.draw):
            rest = talon >> cut
            if not rest:
                break
            cut += (rest & -rest).bit_length()
            if last_pass:
                spoiled |= 1 << self.rank_of_row[cut - 1]
        return STOCK_MOVE, (places, talon, cut, used), spoiled

    # ------------------------------------------------------------------ pruning

    def won(self, state: State) -> bool:
        """Are the places cleared (and, where every card must go, the talon too)?"""
        return not state[0] and (not self.all_home or not state[1])

    def lost(self, state: State, spoiled: int) -> bool:
        """Can some card that must go never meet a partner of its own? (See the module.)

        Only the rank pairs of ``spoiled`` (a bit per rank) are looked at: a matching can only
        be spoiled by its cards leaving or entering the waste on the last pass.
        """
        places, talon, cut, used = state
        waste = talon & ((1 << cut) - 1) if 0 <= self.redeals <= used else 0
        target = self.target
        for a in range(1, (target + 1) // 2):
            b = target - a
            if (spoiled >> a | spoiled >> b) & 1 and not self._matchable(
                places, talon, waste, a, b
            ):
                return True
        return False

    def _matchable(self, places: int, talon: int, waste: int, a: int, b: int) -> bool:
        """Can every card of rank ``a`` or ``b`` that must go get a partner it can meet?

        By the Mendelsohn-Dulmage theorem a matching covering the musts of both sides exists
        when one covers those of each side, so each side is matched on its own.
        """
        rows = self.row_mask[a] | self.row_mask[b]
        key = (a, places & (self.place_mask[a] | self.place_mask[b]), talon & rows, waste & rows)
        known = self.matchable.get(key)
        if known is None:
            side_a = self._cards(places, talon, a)
            side_b = self._cards(places, talon, b)
            known = self._covers(side_a, side_b, waste) and self._covers(side_b, side_a, waste)
            self.matchable[key] = known
        return known

    def _cards(self, places: int, talon: int, r: int) -> list[tuple[int, int, bool]]:
        """Cards of rank ``r`` in play: (place bit, talon bit, must go)."""
        out: list[tuple[int, int, bool]] = []
        mask = self.place_mask[r] & places
        while mask:
            low = mask & -mask
            out.append((low, 0, True))
            mask ^= low
        mask = self.row_mask[r] & talon
        while mask:
            low = mask & -mask
            out.append((0, low, self.all_home))
            mask ^= low
        return out

    def _covers(
        self,
        left: list[tuple[int, int, bool]],
        right: list[tuple[int, int, bool]],
        waste: int,
    ) -> bool:
        """Is there a matching of every must of ``left`` into ``right`` (pairs that can meet)?"""
        cone_of = self.cone_of_bit
        options: list[list[int]] = []
        for place, row, must in left:
            if not must:
                continue
            blocked = cone_of[place] if place else 0
            in_waste = row & waste
            fits = [
                k
                for k, (p, t, _) in enumerate(right)
                if not (p & blocked) and not (in_waste and t & waste)
            ]
            if not fits:
                return False
            options.append(fits)
        if len(options) > len(right):
            return False
        owner: dict[int, int] = {}

        def seat(u: int, tried: set[int]) -> bool:
            for k in options[u]:
                if k in tried:
                    continue
                tried.add(k)
                if k not in owner or seat(owner[k], tried):
                    owner[k] = u
                    return True
            return False

        return all(seat(u, set()) for u in range(len(options)))

    # ------------------------------------------------------------------ the walk

    def walk(self, budget: Budget, began: float) -> Result:
        """Depth first from the start over nodes, each talon point entered once: won,
        proven or unknown."""
        if self.won(self.start):
            return Won((), 0, 0.0)
        self.meter = Meter(budget, _CLOCK_EVERY, began)
        try:
            return self._walk()
        except _Spent:
            return Unknown(self.nodes, self.meter.elapsed())

    def _walk(self) -> Result:
        """The walk of :meth:`walk`; raises :class:`_Spent` when the budget is."""
        start = self.start
        self._tick()
        if self.lost(start, -1) or not self.clearable(start):
            return ProvenUnwinnable(self.nodes, self.meter.elapsed())
        path: list[tuple[Move, ...]] = []
        stack: list[Iterator[Child]] = [iter(self.children(start))]
        covered, column, stride = self.covered, self.column, self.stride
        all_home = self.all_home
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            draws, move, child, spoiled = step
            places, talon, cut, used = child
            if not places and (not all_home or not talon):
                line = tuple(m for part in (*path, (*draws, move)) for m in part)
                return Won(line, self.nodes, self.meter.elapsed())
            marks = covered.get((places, talon))  # entered with as few redeals used or fewer?
            if marks and marks & column[cut] & ((2 << (used * stride + cut)) - 1):
                continue
            self._tick()
            if spoiled and self.matching and self.lost(child, spoiled):
                continue
            if not self.clearable(child):
                covered[child[:2]] = covered.get(child[:2], 0) | self._bit(child)
                continue
            path.append((*draws, move))
            stack.append(iter(self.children(child)))
        return ProvenUnwinnable(self.nodes, self.meter.elapsed())

    def _tick(self) -> None:
        """Count a node (of the search or of the bag game) against the budget."""
        self.nodes += 1
        if self.meter.spent(self.nodes):
            raise _Spent

    def clearable(self, state: State) -> bool:
        """Can the bag game (:mod:`patience.solver.removal.pyramid_bag`) clear the places, with
        the talon cards that may still leave
        (:func:`~patience.solver.removal.pyramid_reach.reachable`)?"""
        places, talon, cut, _ = state
        if self.buried:
            known = self.removable.get(places)
            removable = self.removable[places] = self._removable(places) if known is None else known
            talon = reachable(self.rank_of_row, talon, cut, self.draw, removable)
        bag = self.bags.get(talon)
        if bag is None:
            bag = self.bags[talon] = tuple((mask & talon).bit_count() for mask in self.row_mask)
        return self.bag.clearable(places, bag)

    def _removable(self, places: int) -> int:
        """A bit for each rank of talon card that may leave: Kings and partners of these
        places' ranks."""
        target = self.target
        out = 1 << target
        for r in range(1, target):
            if self.place_mask[r] & places:
                out |= 1 << (target - r)
        return out


class _Spent(Exception):
    """The budget ran out."""


class PyramidSearcher(DepthFirst):
    """The compact search for pyramid positions; other positions go to :class:`DepthFirst`."""

    def __init__(self, engine: Engine, places: tuple[int, ...]) -> None:
        fallback = removal_searcher(engine)
        super().__init__(
            engine,
            fallback.state_key,
            forced=fallback.forced,
            dead=fallback.dead,
            rank_move=fallback.rank_move,
        )
        self.places = places
        cones = _places(engine)
        index = {pile: i for i, pile in enumerate(places)}
        self.cover = tuple(sum(1 << index[c] for c in engine.specs[p].covered_by) for p in places)
        self.cone_of_bit = {
            1 << i: sum(1 << index[c] for c in cones[p]) for i, p in enumerate(places)
        }

    def fits(self, pos: Position) -> bool:
        """Does ``pos`` hold at most one card a place, and nothing off the pyramid and talon?"""
        engine = self.engine
        kept = {*self.places, engine.stock, engine.waste, *engine.foundations}
        piles = pos.piles
        return all(len(piles[p]) <= 1 for p in self.places) and not any(
            piles[i] for i in range(len(piles)) if i not in kept
        )

    def solve(self, start: Position, budget: Budget | None = None) -> Result:
        """Search from ``start`` within ``budget``: won, proven unwinnable or unknown."""
        if not self.fits(start):
            return super().solve(start, budget)
        budget = budget or Budget()
        return PyramidSearch(self, start).walk(budget, budget.clock())


def pyramid_searcher(engine: Engine) -> PyramidSearcher | None:
    """The compact searcher for a pyramid removal game; ``None`` for other rules.

    A pyramid game here: a removal game whose tableau is all pyramid places (they never gain a
    card), one discard, a stock turning cards onto a waste that may start again by turning the
    waste over once the stock is empty, and a win that clears the pyramid (and perhaps all).
    """
    rules = engine.rules
    cones = _places(engine)
    places = tuple(engine.tableau)
    stock = rules.stock
    if not (
        rules.pairs_to
        and cones
        and set(cones) == set(places)
        and len(engine.foundations) == 1
        and not engine.cells
        and engine.stock >= 0
        and engine.waste >= 0
        and stock.action is Action.TO_WASTE
        and stock.redeal in (Redeal.NONE, Redeal.RECYCLE_WASTE)
        and stock.redeal_when_empty
        and not stock.blocked_by_gap
        and (
            rules.win is Win.ALL_HOME
            or (rules.win is Win.CLEARED and set(rules.win_piles) == set(places))
        )
    ):
        return None
    if any(s.kind is Kind.TABLEAU and s.refill for s in engine.specs):
        return None
    return PyramidSearcher(engine, places)
