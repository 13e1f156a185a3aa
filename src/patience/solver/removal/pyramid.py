"""A compact exhaustive search for the pyramid removal games (Pyramid, King Tut).

A position is four numbers (``places``, ``talon``, its ``cut`` and ``redeals``), each fitting a
machine word, and the search makes and applies its own moves on them: in C where ``make`` has
compiled this module with Cython (``scripts/build_kernel.py``), the same answers, slower,
where it has not. It names its moves as the engine's :class:`Move` values when it gives a
line, so a win replays with :meth:`Engine.play`. It prunes by forced removals, nodes holding
every talon point their draws reach (:meth:`PyramidSearch.walk`), talons alike by rank, cards
without a partner they can ever meet (:meth:`PyramidSearch._lost`) and the bag game
(:meth:`PyramidSearch.clearable`). (docs/SOLVERS.md, "Pyramid and King Tut's compact search")
"""

from __future__ import annotations

import cython

from patience.cards import rank
from patience.engine.core import Engine
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, Move, MoveKind, Position
from patience.rules.game import Win
from patience.rules.piles import Kind
from patience.rules.stock import UNLIMITED, Action, Redeal
from patience.solver.removal import bits
from patience.solver.removal import pyramid_reach as reach
from patience.solver.removal.pyramid_bag import Bag
from patience.solver.removal.search import RemovalWalk, _places
from patience.solver.result import Budget, Meter, ProvenUnwinnable, Result, Unknown, Won

State = tuple[int, int, int, int]
"""Places still holding a card, talon cards in play, the cut, and redeals used."""

Child = tuple[tuple[Move, ...], Move, State, int]
"""A node's child: the draws to it, the removal, its state and the ranks it may spoil."""

_CLOCK_EVERY = 64
_WORD_BITS = 64
"""A state's words: at most this many places, and talon cards + 1 cuts (a bit each)."""
_RANKS = 16
"""Ranks are below this (a bit each in a word of ranks)."""
_FIELDS = cython.declare(cython.int, 7)
"""A child in the walk's list: places, talon, cut, redeals used, the ranks it may spoil, its
removal (:func:`_move_code`) and the draws before it."""
_ONE = cython.declare(cython.ulonglong, 1)
_ALL = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
_NO_STEP = cython.declare(cython.int, 0)
_DRAW = cython.declare(cython.int, 1)
_TURN = cython.declare(cython.int, 2)


def _move_code(src: int, dst: int, size: int) -> int:
    """A removal as one number (``dst`` -1 for a card removed alone): see :func:`_move_of`.

    >>> _move_of(_move_code(3, -1, 1)) == Move(MoveKind.REMOVE, 3, -1, 1)
    True
    """
    return src + 1 + 256 * (dst + 1) + 65536 * size


def _move_of(code: int) -> Move:
    """The engine's removal that :func:`_move_code` wrote as ``code``."""
    return Move(MoveKind.REMOVE, code % 256 - 1, code // 256 % 256 - 1, code // 65536)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _cut_after(step: cython.ulonglong) -> cython.int:
    """The cut after a step :meth:`PyramidSearch._advance` wrote."""
    return cython.cast(cython.int, step // 4 % 256)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _used_after(step: cython.ulonglong) -> cython.int:
    """The redeals used after a step :meth:`PyramidSearch._advance` wrote."""
    return cython.cast(cython.int, step // 1024 % 65536)


@cython.final
@cython.cclass
class PyramidSearch:
    """One search from one position: its tables, its moves, its pruning and the walk."""

    def __init__(self, searcher: PyramidSearcher, start: Position) -> None:
        engine = searcher.engine
        self.engine = engine
        if not cython.compiled:
            self.pile_at, self.rank_at, self.rank_in_row = [0] * 64, [0] * 64, [0] * 64
            self.cover, self.cone = [0] * 64, [0] * 64
            self.place_mask, self.row_mask = [0] * 16, [0] * 16
            self.first_at = [0] * 1040
        self.target = engine.rules.pairs_to
        target = self.target
        places = searcher.places
        self.pile_of_place = places
        self.n_places = len(places)
        card_of_place = [start.piles[p][0] if start.piles[p] else -1 for p in places]
        rank_of_place = tuple(rank(card) if card >= 0 else 0 for card in card_of_place)
        self.rank_of_place = rank_of_place
        for i, card in enumerate(card_of_place):
            self.pile_at[i] = places[i]
            self.rank_at[i] = rank_of_place[i]
            self.cover[i] = searcher.cover[i]
            self.cone[i] = searcher.cone_of_place[i]
            if card >= 0:
                self.place_mask[self.rank_at[i]] |= _ONE << i
        waste = start.piles[engine.waste]
        stock = start.piles[engine.stock]
        self.row = (*waste, *reversed(stock))
        self.rank_of_row = tuple(rank(c) for c in self.row)
        self.row_ranks = bytes(self.rank_of_row)
        self.n_row = len(self.row)
        for j, r in enumerate(self.rank_of_row):
            self.rank_in_row[j] = r
            self.row_mask[r] |= _ONE << j
        for r in range(target + 1):
            self.first_at[r * 65 + self.n_row] = self.n_row
            for j in range(self.n_row - 1, -1, -1):
                self.first_at[r * 65 + j] = (
                    j if self.rank_in_row[j] == r else self.first_at[r * 65 + j + 1]
                )
        rule = engine.rules.stock
        self.draw = rule.count if rule.action is Action.TO_WASTE else 0
        self.redeals = searcher.redeals
        self.passes = searcher.passes
        self.width = searcher.width
        self.top_playable = rule.top_playable
        self.all_home = engine.rules.win is Win.ALL_HOME
        self.matching = self.all_home or self.redeals >= 0
        self.single_draws = self.draw == 1
        self.stock_pile, self.waste_pile = engine.stock, engine.waste
        self.covered: dict[int, int] = {}
        self.kids: list[int] = []
        """The children of the open nodes, :data:`_FIELDS` numbers each, the last node's last."""
        self.nodes = 0
        self.meter = Meter(Budget())
        self.limit = self.meter.limit
        self.bag = Bag(searcher.cover, rank_of_place, target, self.tick)
        self.removable: dict[int, int] = {}
        self.buried = self.draw > 1 and not self.top_playable
        self.matchable: dict[tuple[int, int, int, int], bool] = {}
        self.start = (
            sum(1 << i for i, c in enumerate(card_of_place) if c >= 0),
            (1 << self.n_row) - 1,
            len(waste),
            start.redeals if self.redeals > 0 else 0,
        )

    # ------------------------------------------------------------------ moves

    def children(self, state: State) -> list[Child]:
        """The moves worth trying from the node ``state`` (a forced removal alone), best first.

        A node stands for ``state`` and every state its talon reaches by drawing and turning
        the waste over, up to the first one already entered (see :meth:`walk`); its children
        are the removals from all of them, each with the draws leading to it, the child state
        and the ranks whose matching it may have spoiled (a bit per rank; see :meth:`_lost`).
        Pairs of pyramid cards are met once, from ``state`` itself.
        """
        kids = self.kids
        mark = len(kids)
        self._children(state[0], state[1], state[2], state[3])
        out: list[Child] = []
        for i in range(mark, len(kids), _FIELDS):
            draws = self._draws(state[1], state[2], state[3], kids[i + 6])
            child = (kids[i], kids[i + 1], kids[i + 2], kids[i + 3])
            out.append((draws, _move_of(kids[i + 5]), child, kids[i + 4]))
        del kids[mark:]
        return out

    @cython.cfunc
    @cython.locals(
        free=cython.ulonglong,
        rest=cython.ulonglong,
        king=cython.int,
        blocked=cython.ulonglong,
        free_ranks=cython.ulonglong,
        i=cython.int,
        j=cython.int,
        r=cython.int,
        ra=cython.int,
        rb=cython.int,
        key=cython.ulonglong,
        marks=cython.ulonglong,
        draws=cython.int,
        first=cython.bint,
        forced=cython.bint,
        step=cython.ulonglong,
        need=cython.ulonglong,
        always=cython.bint,
        spoiled_next=cython.ulonglong,
        ranks=cython.int,
        move=cython.int,
    )
    def _children(
        self,
        places: cython.ulonglong,
        talon: cython.ulonglong,
        cut: cython.int,
        used: cython.int,
    ) -> cython.void:
        """:meth:`children`, written after :attr:`kids` (:data:`_FIELDS` numbers a child)."""
        target = self.target
        free = 0
        king = -1
        blocked = 0
        free_ranks = 0
        rest = places
        while rest:
            i = bits.low(rest)
            rest &= rest - 1
            r = self.rank_at[i]
            if self.cover[i] & places:
                blocked |= _ONE << r
            elif r == target:
                king = i
                break
            else:
                free |= _ONE << i
                free_ranks |= _ONE << r
        key = self._state_key(places, talon)
        marks = self.covered.get(key, 0)
        if king >= 0:
            self.covered[key] = self._marked(marks, cut, used)
            move = _move_code(self.pile_at[king], -1, 1)
            self._add(places & ~(_ONE << king), talon, cut, used, 0, 0, move, 0)
            return
        if self._pairs(places, talon, cut, used, free, blocked, True):
            self.covered[key] = self._marked(marks, cut, used)
            return
        draws = 0
        first = True
        while True:
            step = self._advance(talon, cut, used)
            marks = self._marked(marks, cut, used)
            forced = False
            always = False
            need = 0
            ranks = 0
            if talon & ((_ONE << cut) - 1):  # the waste's top
                r = self.rank_in_row[bits.high(talon & ((_ONE << cut) - 1))]
                always = r == target
                need |= _ONE << (target - r)
                ranks += r
            if talon >> cut and self.top_playable:  # the stock's top
                r = self.rank_in_row[cut + bits.low(talon >> cut)]
                always = always or r == target
                need |= _ONE << (target - r)
                ranks += r
            if always or ranks == target or need & free_ranks:
                forced = self._talon(places, talon, cut, used, free, draws)
            if first:
                self._pairs(places, talon, cut, used, free, blocked, False)
                first = False
            if forced or step % 4 == _NO_STEP:
                break
            cut, used = _cut_after(step), _used_after(step)
            spoiled_next = step >> 32
            if self._entered(marks, cut, used) or (
                spoiled_next and self._lost(places, talon, cut, used, spoiled_next)
            ):
                break
            draws += 1
        self.covered[key] = marks

    @cython.cfunc
    @cython.locals(
        rest=cython.ulonglong,
        later=cython.ulonglong,
        i=cython.int,
        j=cython.int,
        ra=cython.int,
        rb=cython.int,
    )
    def _pairs(
        self,
        places: cython.ulonglong,
        talon: cython.ulonglong,
        cut: cython.int,
        used: cython.int,
        free: cython.ulonglong,
        blocked: cython.ulonglong,
        forced: cython.bint,
    ) -> cython.bint:
        """Write the children removing a pair of ``free`` places: all of them, or with
        ``forced`` only the first pair whose two ranks have no card in play off a free place
        (``blocked``: the ranks of covered places), if any. Was a forced pair written?"""
        rest = free
        while rest:
            i = bits.low(rest)
            rest &= rest - 1
            later = rest
            while later:
                j = bits.low(later)
                later &= later - 1
                ra, rb = self.rank_at[i], self.rank_at[j]
                if ra + rb != self.target:
                    continue
                if not forced:
                    self._add_pair(places, talon, cut, used, i, j)
                elif (
                    not blocked >> ra & 1
                    and not blocked >> rb & 1
                    and not (self.row_mask[ra] | self.row_mask[rb]) & talon
                ):
                    self._add_pair(places, talon, cut, used, i, j)
                    return True
        return False

    @cython.cfunc
    @cython.locals(
        pile=cython.int,
        r=cython.int,
        top=cython.int,
        n=cython.int,
        tops=cython.int,
        pile_0=cython.int,
        rank_0=cython.int,
        bit_0=cython.ulonglong,
        pile_1=cython.int,
        rank_1=cython.int,
        bit_1=cython.ulonglong,
        bit=cython.ulonglong,
        need=cython.int,
        i=cython.int,
        rest=cython.ulonglong,
        partners=cython.ulonglong,
        with_top=cython.bint,
        unique=cython.bint,
        mark=cython.Py_ssize_t,
        spoiled=cython.ulonglong,
        pair=cython.int,
        pair_spoiled=cython.ulonglong,
        move=cython.int,
        place_pile=cython.int,
    )
    def _talon(
        self,
        places: cython.ulonglong,
        talon: cython.ulonglong,
        cut: cython.int,
        used: cython.int,
        free: cython.ulonglong,
        draws: cython.int,
    ) -> cython.bint:
        """Write the removals using the talon's free cards at this point, best first (those
        with a King or a pyramid card, then the waste's top with the stock's): all of them,
        or a forced one alone (then the answer is True)."""
        tops = 0
        pile_0 = rank_0 = pile_1 = rank_1 = 0
        bit_0 = bit_1 = 0
        if talon & ((_ONE << cut) - 1):
            top = bits.high(talon & ((_ONE << cut) - 1))
            pile_0, rank_0, bit_0 = self.waste_pile, self.rank_in_row[top], _ONE << top
            tops = 1
        if talon >> cut and self.top_playable:
            top = cut + bits.low(talon >> cut)
            if tops:
                pile_1, rank_1, bit_1 = self.stock_pile, self.rank_in_row[top], _ONE << top
            else:
                pile_0, rank_0, bit_0 = self.stock_pile, self.rank_in_row[top], _ONE << top
            tops += 1
        kids = self.kids
        mark = len(kids)
        pair = 0
        pair_spoiled = 0
        unique = False
        for n in range(tops):
            pile, r, bit = (pile_0, rank_0, bit_0) if n == 0 else (pile_1, rank_1, bit_1)
            if r == self.target:
                move = _move_code(pile, -1, 1)
                if self.single_draws:
                    del kids[mark:]
                self._add(places, talon, cut, used, bit, 0, move, draws)
                if self.single_draws:
                    return True
                continue
            need = self.target - r
            with_top = n == 0 and tops == 2 and rank_1 == need
            partners = free & self.place_mask[need]
            if not partners and not with_top:
                continue
            spoiled = (_ONE << r) | (_ONE << need)
            unique = self.single_draws and self._unique(places, talon, r)
            rest = partners
            while rest:
                i = bits.low(rest)
                rest &= rest - 1
                place_pile = self.pile_at[i]
                move = _move_code(min(place_pile, pile), max(place_pile, pile), 2)
                if unique:
                    del kids[mark:]
                self._add(places & ~(_ONE << i), talon, cut, used, bit, spoiled, move, draws)
                if unique:
                    return True
            if with_top:
                pair = _move_code(min(pile, pile_1), max(pile, pile_1), 2)
                pair_spoiled = spoiled
                if unique:
                    del kids[mark:]
                    break
        if pair:
            self._add(places, talon, cut, used, bit_0 | bit_1, pair_spoiled, pair, draws)
        return pair != 0 and unique

    @cython.cfunc
    @cython.locals(waste=cython.int, out=cython.ulonglong, index=cython.int, at=cython.int)
    def _add(
        self,
        places: cython.ulonglong,
        talon: cython.ulonglong,
        cut: cython.int,
        used: cython.int,
        talon_bits: cython.ulonglong,
        spoiled: cython.ulonglong,
        move: cython.int,
        draws: cython.int,
    ) -> cython.void:
        """Write a child: ``places``, and ``talon`` less ``talon_bits`` taken first-fit along
        the row by rank (the same ranks in the same order, as many on the waste), with the
        ranks it may spoil, its removal and the draws before it.

        Only ranks count in these games, so states whose places agree and whose talons show
        the same ranks in the same order with as many on the waste (and as many redeals used)
        are alike: a move (by piles) is legal in one when it is in the other, and leads to
        states alike again. One stands for all, and a line won from it is won from the rest.
        """
        if talon_bits:
            talon &= ~talon_bits
            waste = bits.count(talon & ((_ONE << cut) - 1))
            out = 0
            cut = index = at = 0
            while talon:
                at = self.first_at[self.rank_in_row[bits.low(talon)] * 65 + at]
                talon &= talon - 1
                out |= _ONE << at
                at += 1
                index += 1
                if index == waste:
                    cut = at
            talon = out
        self.kids.extend((places, talon, cut, used, spoiled, move, draws))

    @cython.cfunc
    def _add_pair(
        self,
        places: cython.ulonglong,
        talon: cython.ulonglong,
        cut: cython.int,
        used: cython.int,
        i: cython.int,
        j: cython.int,
    ) -> cython.void:
        """Write the child removing the free places ``i`` and ``j`` (a pair)."""
        spoiled = (_ONE << self.rank_at[i]) | (_ONE << self.rank_at[j])
        move = _move_code(self.pile_at[i], self.pile_at[j], 2)
        rest = places & ~((_ONE << i) | (_ONE << j))
        self._add(rest, talon, cut, used, 0, spoiled, move, 0)

    @cython.cfunc
    @cython.locals(k=cython.int)
    def _unique(
        self, places: cython.ulonglong, talon: cython.ulonglong, r: cython.int
    ) -> cython.bint:
        """Is exactly one card of rank ``r`` and one of its partner's rank in play?"""
        for k in (r, self.target - r):
            if bits.count(self.place_mask[k] & places) + bits.count(self.row_mask[k] & talon) != 1:
                return False
        return True

    @cython.cfunc
    @cython.locals(spoiled=cython.ulonglong, k=cython.int, rest=cython.ulonglong)
    def _advance(
        self, talon: cython.ulonglong, cut: cython.int, used: cython.int
    ) -> cython.ulonglong:
        """The draw or the turn of the waste from this talon point, as one number: the step
        (``_DRAW``, ``_TURN`` or ``_NO_STEP``) + 4 × the cut after it + 1024 × the redeals
        used after it + 2**32 × the ranks it may spoil (turned on the last pass)."""
        spoiled = 0
        if talon >> cut:
            for _k in range(self.draw):
                rest = talon >> cut
                if not rest:
                    break
                cut += bits.low(rest) + 1
                if 0 <= self.redeals <= used:
                    spoiled |= _ONE << self.rank_in_row[cut - 1]
            return _DRAW + 4 * cut + 1024 * used + (spoiled << 32)
        if talon & ((_ONE << cut) - 1) and (self.redeals < 0 or used < self.redeals):
            return _TURN + 1024 * (used + (self.redeals > 0))
        return _NO_STEP + 4 * cut + 1024 * used

    def _draws(self, talon: int, cut: int, used: int, count: int) -> tuple[Move, ...]:
        """The first ``count`` draws and turns from this talon point."""
        out: list[Move] = []
        for _ in range(count):
            step = self._advance(talon, cut, used)
            out.append(STOCK_MOVE if step % 4 == _DRAW else REDEAL_MOVE)
            cut, used = _cut_after(step), _used_after(step)
        return tuple(out)

    @cython.cfunc
    def _state_key(self, places: cython.ulonglong, talon: cython.ulonglong) -> cython.ulonglong:
        """The places and the talon in one word (the search takes no more bits, :func:`fits`)."""
        return places << self.n_row | talon

    @cython.cfunc
    @cython.locals(shift=cython.int, was=cython.ulonglong, now=cython.ulonglong)
    def _marked(
        self, marks: cython.ulonglong, cut: cython.int, used: cython.int
    ) -> cython.ulonglong:
        """``marks`` with this talon point entered. A field of :attr:`width` bits for each cut
        holds the passes left after the fewest redeals used it was entered with (0: never),
        so one word says for every cut whether it was entered with as few redeals used."""
        shift = cut * self.width
        was = marks >> shift & ((_ONE << self.width) - 1)
        now = self.passes - used
        return marks + ((now - was) << shift) if now > was else marks

    @cython.cfunc
    def _entered(self, marks: cython.ulonglong, cut: cython.int, used: cython.int) -> cython.bint:
        """Was this talon point entered with as many redeals used or fewer (:meth:`_marked`)?"""
        return (marks >> (cut * self.width) & ((_ONE << self.width) - 1)) >= self.passes - used

    # ------------------------------------------------------------------ pruning

    @cython.cfunc
    @cython.locals(waste=cython.ulonglong, a=cython.int, b=cython.int)
    def _lost(
        self,
        places: cython.ulonglong,
        talon: cython.ulonglong,
        cut: cython.int,
        used: cython.int,
        spoiled: cython.ulonglong,
    ) -> cython.bint:
        """Can some card that must go never meet a partner of its own? (See the module.)

        Only the rank pairs of ``spoiled`` (a bit per rank) are looked at: a matching can only
        be spoiled by its cards leaving or entering the waste on the last pass.
        """
        waste = talon & ((_ONE << cut) - 1) if 0 <= self.redeals <= used else 0
        for a in range(1, (self.target + 1) // 2):
            b = self.target - a
            if (spoiled >> a | spoiled >> b) & 1 and not self._matchable(
                places, talon, waste, a, b
            ):
                return True
        return False

    @cython.cfunc
    @cython.locals(known=object)
    def _matchable(
        self,
        places: cython.ulonglong,
        talon: cython.ulonglong,
        waste: cython.ulonglong,
        a: cython.int,
        b: cython.int,
    ) -> cython.bint:
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
        """Cards of rank ``r`` in play: (place index or -1, talon bit, must go)."""
        out: list[tuple[int, int, bool]] = []
        mask = self.place_mask[r] & places
        while mask:
            out.append((bits.low(mask), 0, True))
            mask &= mask - 1
        mask = self.row_mask[r] & talon
        while mask:
            out.append((-1, mask & -mask, self.all_home))
            mask &= mask - 1
        return out

    def _covers(
        self,
        left: list[tuple[int, int, bool]],
        right: list[tuple[int, int, bool]],
        waste: int,
    ) -> bool:
        """Is there a matching of every must of ``left`` into ``right`` (pairs that can meet)?"""
        options: list[list[int]] = []
        for place, row, must in left:
            if not must:
                continue
            blocked = self.cone[place] if place >= 0 else 0
            in_waste = row & waste
            fits = [
                k
                for k, (p, t, _) in enumerate(right)
                if not (p >= 0 and blocked >> p & 1) and not (in_waste and t & waste)
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
        places, talon, _, _ = self.start
        if not places and (not self.all_home or not talon):
            return Won((), 0, 0.0)
        self.meter = Meter(budget, _CLOCK_EVERY, began)
        self.limit = budget.nodes
        try:
            return self._walk()
        except _Spent:
            return Unknown(self.nodes, self.meter.elapsed())

    @cython.cfunc
    @cython.locals(
        places=cython.ulonglong,
        talon=cython.ulonglong,
        cut=cython.int,
        used=cython.int,
        spoiled=cython.ulonglong,
        key=cython.ulonglong,
        at=cython.Py_ssize_t,
        top=cython.Py_ssize_t,
        marks=object,
    )
    def _walk(self) -> Result:
        """The walk of :meth:`walk`; raises :class:`_Spent` when the budget is."""
        places, talon, cut, used = self.start
        self.tick()
        if self._lost(places, talon, cut, used, _ALL) or not self.clearable(places, talon, cut):
            return ProvenUnwinnable(self.nodes, self.meter.elapsed())
        kids = self.kids
        del kids[:]
        self._children(places, talon, cut, used)
        begins: list[int] = [0]  # where each open node's children begin in ``kids``
        nexts: list[int] = [0]  # and its next child to try
        path: list[int] = []  # the child taken at each open node but the last
        covered, all_home = self.covered, self.all_home
        while begins:
            top = len(begins) - 1
            at = nexts[top]
            if at == len(kids):
                del kids[begins[top] :]
                begins.pop()
                nexts.pop()
                if path:
                    path.pop()
                continue
            nexts[top] = at + _FIELDS
            places, talon, cut, used = kids[at], kids[at + 1], kids[at + 2], kids[at + 3]
            if not places and (not all_home or not talon):
                path.append(at)
                return Won(self._line(kids, path), self.nodes, self.meter.elapsed())
            key = self._state_key(places, talon)
            marks = covered.get(key)
            if marks is not None and self._entered(marks, cut, used):
                continue
            self.tick()
            spoiled = kids[at + 4]
            if spoiled and self.matching and self._lost(places, talon, cut, used, spoiled):
                continue
            if not self.clearable(places, talon, cut):
                covered[key] = self._marked(0 if marks is None else marks, cut, used)
                continue
            path.append(at)
            begins.append(len(kids))
            nexts.append(len(kids))
            self._children(places, talon, cut, used)
        return ProvenUnwinnable(self.nodes, self.meter.elapsed())

    def _line(self, kids: list[int], path: list[int]) -> tuple[Move, ...]:
        """The engine's moves of the children ``path`` takes from the start."""
        _, talon, cut, used = self.start
        out: list[Move] = []
        for at in path:
            out += self._draws(talon, cut, used, kids[at + 6])
            out.append(_move_of(kids[at + 5]))
            talon, cut, used = kids[at + 1], kids[at + 2], kids[at + 3]
        return tuple(out)

    @cython.ccall
    def tick(self) -> None:
        """Count a node (of the search or of the bag game) against the budget."""
        self.nodes += 1
        if self.nodes >= self.limit or (
            self.nodes % _CLOCK_EVERY == 0 and self.meter.late(self.nodes)
        ):
            raise _Spent

    @cython.ccall
    @cython.locals(removable=object, bag=cython.ulonglong, r=cython.int)
    def clearable(self, places: cython.ulonglong, talon: cython.ulonglong, cut: cython.int) -> bool:
        """Can the bag game (:mod:`patience.solver.removal.pyramid_bag`) clear the places, with
        the talon cards that may still leave
        (:func:`~patience.solver.removal.pyramid_reach.reachable`)?"""
        if self.buried:
            removable = self.removable.get(places)
            if removable is None:
                removable = self.removable[places] = self._removable(places)
            talon = reach.reachable(self.row_ranks, talon, cut, self.draw, removable)
        bag = 0
        for r in range(1, self.target + 1):
            bag |= cython.cast(cython.ulonglong, bits.count(self.row_mask[r] & talon)) << 4 * r
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


class PyramidSearcher(RemovalWalk):
    """The compact search for pyramid positions; other positions go to :class:`RemovalWalk`."""

    def __init__(self, engine: Engine, places: tuple[int, ...]) -> None:
        super().__init__(engine)
        self.places = places
        cones = _places(engine)
        index = {pile: i for i, pile in enumerate(places)}
        self.cover = tuple(sum(1 << index[c] for c in engine.specs[p].covered_by) for p in places)
        self.cone_of_place = tuple(sum(1 << index[c] for c in cones[p]) for p in places)
        rule = engine.rules.stock
        self.redeals = (
            0 if rule.redeal is Redeal.NONE else (-1 if rule.redeals == UNLIMITED else rule.redeals)
        )
        """Redeals allowed: -1 without limit, 0 none."""
        self.passes = self.redeals + 1 if self.redeals > 0 else 1
        """Passes through the talon that count apart (where the redeals are limited)."""
        self.width = self.passes.bit_length()
        """Bits of one talon point's mark (:meth:`PyramidSearch._marked`)."""

    def fits(self, pos: Position) -> bool:
        """Does ``pos`` hold at most one card a place, and nothing off the pyramid and talon,
        and fit the compact state's words (:data:`_WORD_BITS`; the bag game counts at most 15
        talon cards of a rank)?"""
        engine = self.engine
        kept = {*self.places, engine.stock, engine.waste, *engine.foundations}
        piles = pos.piles
        talon = [rank(c) for c in (*piles[engine.stock], *piles[engine.waste])]
        return (
            all(len(piles[p]) <= 1 for p in self.places)
            and not any(piles[i] for i in range(len(piles)) if i not in kept)
            and len(self.places) + len(talon) <= _WORD_BITS
            and (len(talon) + 1) * self.width <= _WORD_BITS
            and all(talon.count(r) <= 15 for r in set(talon))
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
    waste over once the stock is empty, and a win that clears the pyramid (and perhaps all);
    small enough for the compact state (:data:`_WORD_BITS` places, ranks below
    :data:`_RANKS`, fewer than 2**16 redeals).
    """
    rules = engine.rules
    cones = _places(engine)
    places = tuple(engine.tableau)
    stock = rules.stock
    if not (
        rules.pairs_to
        and rules.pairs_to < _RANKS
        and cones
        and set(cones) == set(places)
        and len(places) <= _WORD_BITS
        and len(engine.specs) < 255  # a pile and 1 fit a byte (_move_code)
        and len(engine.foundations) == 1
        and not engine.cells
        and engine.stock >= 0
        and engine.waste >= 0
        and stock.action is Action.TO_WASTE
        and stock.redeal in (Redeal.NONE, Redeal.RECYCLE_WASTE)
        and (stock.redeals == UNLIMITED or stock.redeals < 2**16)
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
