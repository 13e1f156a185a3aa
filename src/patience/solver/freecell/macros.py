"""A FreeCell scan of goal-directed macro moves, depth first (docs/SOLVERS.md, "Macro moves"):
each move kind is a goal reached by one macro move, the cards in the way set aside one at a
time (free cells first, then empty columns). Compiled by Cython where it can be; it never
proves (it leaves moves out), and its wins replay as any line of steps.

The kinds, named by fc-solve's letters for its tests: ``0`` a column's top card home; ``1``
a cell's card home; ``2`` a cell's card onto a card it fits on anywhere in a column; ``3`` a
card under others home; ``4`` a natural run onto a card it fits on anywhere in another column;
``6`` a run into an empty column; ``8`` the part of a run above a card of it onto another card
it fits on, as ``4``; ``9`` a whole column into free cells; ``j`` a cell's card into an empty
column with another cell's card or a run put on it at once. A scan's *order*
(:func:`parse_order`) says which kinds it makes, in what order, and which together. Before a
state's kinds, every card Horne's rule lets go home goes, and that is then the state's only
child (:func:`horne_needs` reads that rule from the build).

>>> from patience.engine.game import engine_for
>>> from patience.games import get_game
>>> from patience.solver.kernel.state import EMPTY, steps_of
>>> tables = Tables(engine_for(get_game("freecell").rules({})))
>>> kings = bytes(13 * s + 12 for s in range(4))  # the four Kings on a column, all else home
>>> start = ((kings,) + (b"",) * 7, bytes([EMPTY] * 4), bytes([12] * 4))
>>> found = MacroScan(tables, start, horne_needs(tables))
>>> found.run(10, None, 0), steps_of(found.line)
(1, [(0, -1, 1), (0, -1, 1), (0, -1, 1), (0, -1, 1)])
"""

from __future__ import annotations

from functools import cache

import cython

from patience.cards import ALL_CARDS, rank, suit
from patience.solver.kernel import state
from patience.solver.kernel.search import Late
from patience.solver.kernel.state import (
    CARDS,
    EMPTY,
    RANK0,
    SUIT,
    TO_HOME,
    Line,
    Met,
    State,
    board_of,
)
from patience.solver.kernel.tables import Tables

FIRST_ORDER = "01j234 33:016[234j]="
"""The order of fc-solve's first looking-glass scan (docs/SOLVERS.md, "Macro moves")."""
Order = tuple[tuple[int, tuple[bytes, ...]], ...]
"""A parsed order: from which depth each stage holds, and its items (:func:`parse_order`)."""
_LETTERS = "0123456789j"
_BUILT = "01234689j"
"""The kinds built so far, by their letters."""
_CARDS = cython.declare(cython.int, CARDS)
_EMPTY = cython.declare(cython.int, EMPTY)
_TO_HOME = cython.declare(cython.int, TO_HOME)
_SUIT = SUIT
_RANK0 = RANK0
"""Compiled, C pointers into ``SUIT`` and ``RANK0`` (macros.pxd), read without a check."""
ONE = 0
SORTED = 1
SHUFFLED = 2
"""An item's first byte: one kind; kinds together, fewest cards home first (stably); kinds
together in an order drawn from the scan's seed."""
_SORTED = cython.declare(cython.int, SORTED)
_SHUFFLED = cython.declare(cython.int, SHUFFLED)
_HASH = cython.declare(cython.int, 8)
"""The bytes of a child's key hash in its record (low first), after its board."""
SPARE_LEVELS = 4_096
"""The most levels a spare list keeps (each about a kilobyte)."""


def parse_order(text: str) -> Order:
    """Stages separated by spaces, each but the first after ``depth:``; in each, kinds by
    their letters, and kinds together in brackets: ``[...]=`` sorted by cards home, fewest
    first, ``[...]`` shuffled. Each item is its mode, then its kinds (letters' indexes).

    >>> parse_order("01j234 33:016[234j]=")[1]
    (33, (b'\\x00\\x00', b'\\x00\\x01', b'\\x00\\x06', b'\\x01\\x02\\x03\\x04\\n'))
    >>> parse_order("0[5]")
    Traceback (most recent call last):
    ValueError: unknown or unbuilt kind '5' in '0[5]'
    """
    stages: list[tuple[int, tuple[bytes, ...]]] = []
    for n, stage in enumerate(text.split()):
        depth, _, kinds = stage.rpartition(":")
        if (n == 0) != (depth == "") or (depth and int(depth) <= stages[-1][0]):
            raise ValueError(f"stages after the first need rising depths: {text!r}")
        items: list[bytes] = []
        at = 0
        while at < len(kinds):
            if kinds[at] == "[":
                end = kinds.index("]", at)
                sort = kinds[end + 1 : end + 2] == "="
                items.append(
                    bytes([SORTED if sort else SHUFFLED, *_kinds(kinds[at + 1 : end], text)])
                )
                at = end + 1 + sort
            else:
                items.append(bytes([ONE, *_kinds(kinds[at], text)]))
                at += 1
        stages.append((int(depth or 0), tuple(items)))
    if not stages:
        raise ValueError("an order needs at least one kind")
    return tuple(stages)


def _kinds(letters: str, text: str) -> list[int]:
    if not letters:
        raise ValueError(f"empty brackets in {text!r}")
    for letter in letters:
        if letter not in _BUILT:
            raise ValueError(f"unknown or unbuilt kind {letter!r} in {text!r}")
    return [_LETTERS.index(letter) for letter in letters]


@cache
def _plan(order: Order) -> tuple[bytes, bytes]:
    """The order as :attr:`MacroScan.plan` and :attr:`MacroScan.stage_at` (made once an
    order).

    >>> plan, stage_at = _plan(parse_order("01 2:[23]="))
    >>> list(plan), list(stage_at)
    ([1, 0, 0, 1, 0, 1, 0, 2, 1, 2, 3, 0], [0, 0, 0, 0, 7, 0])
    """
    plan = bytearray()
    begins: list[int] = []
    for _, items in order:
        begins.append(len(plan))
        for item in items:
            plan += bytes([len(item) - 1]) + item
        plan.append(0)
    stage_at = bytearray()
    for depth in range(order[-1][0] + 1):
        stage = max(k for k, (since, _) in enumerate(order) if since <= depth)
        stage_at += begins[stage].to_bytes(2, "little")
    return bytes(plan), bytes(stage_at)


def horne_needs(tables: Tables) -> bytes:
    """For each card, how many of each suit must be home before it goes home by Horne's rule:
    every card the build lays on it, and every card laid on those, may go home first.

    >>> from patience.engine.game import engine_for
    >>> from patience.games import get_game
    >>> needs = horne_needs(Tables(engine_for(get_game("freecell").rules({}))))
    >>> list(needs[4 * 4 : 5 * 4])  # the five of clubs: red threes, the two of spades
    [2, 3, 3, 2]
    """
    fits = tables.fits
    needs = bytearray(CARDS * 4)
    for c in ALL_CARDS:
        for u in ALL_CARDS:
            if not fits[c * CARDS + u]:
                continue
            needs[c * 4 + suit(u)] = max(needs[c * 4 + suit(u)], rank(u) - 1)
            for v in ALL_CARDS:
                if fits[u * CARDS + v]:
                    needs[c * 4 + suit(v)] = max(needs[c * 4 + suit(v)], rank(v) - 1)
    return bytes(needs)


@cython.cfunc
@cython.exceptval(check=False)
def _copy(to: cython.p_uchar, src: cython.p_const_uchar, count: cython.int) -> cython.void:
    """Compiled only: ``count`` bytes from ``src`` to ``to``, by libc's ``memcpy`` (cimported
    by macros.pxd)."""
    memcpy(to, src, count)  # type: ignore[name-defined]  # noqa: F821


@cython.final
@cython.cclass
class Level:
    """The children of one state on the scan's path, made one item of the order at a time:
    each a board, the hash of its key (eight bytes, low first), its number of steps, then
    the steps (three bytes each)."""

    records: bytearray
    count: cython.int
    next: cython.int
    item: cython.int
    """Where the next item to make begins in the scan's plan; -1 before Horne's rule."""
    stage: cython.int
    """Where the items of the order's stage at the state's depth begin in the plan."""
    board: bytearray
    """The state's own board."""
    hash: cython.ulonglong
    """The hash of its key (:func:`~patience.solver.kernel.state.key_hash`)."""


@cython.final
@cython.cclass
class MacroScan:
    """The macro scan from ``start`` (a settled state), with the kernel's scan interface:
    :meth:`run`, :attr:`line`, :attr:`exhausted`, :attr:`stopped`; it never proves."""

    proves: cython.bint
    exhausted: cython.bint
    stopped: cython.bint
    won: Line | None
    kept: tuple[Tables, bytes, bytes, bytes]
    """The tables, Horne's needs and the order as a plan, kept alive: compiled, the fields
    below are C pointers into them."""
    fits: cython.p_const_uchar
    chain: cython.p_const_uchar
    lowers: cython.p_const_uchar
    limits: cython.p_const_uchar
    horne: cython.p_const_uchar
    plan: cython.p_const_uchar
    """The order's stages one after another, each its items (the number of kinds, the mode,
    the kinds), then 0."""
    stage_at: cython.p_const_uchar
    """Where each depth's stage begins in the plan (two bytes, low first), up to the last
    stage's depth; deeper, the last stage."""
    last: cython.int
    """The last stage's depth."""
    done: cython.int
    """Where the plan's last 0 lies: a level whose next item is there has made them all."""
    rng: cython.uint
    """The state of the scan's draws (xorshift), from its seed."""
    n: cython.int
    c: cython.int
    size: cython.int
    made_at: cython.int
    """Where a child's number of steps lies in its record, after its board and hash."""
    record: cython.int
    met: Met
    spare_levels: list[Level]
    """Levels given back by the searcher's scans before (:meth:`release`), taken first."""
    levels: list[Level]
    """The path: one level per state on it, the start first; deeper ones kept for reuse."""
    depth: cython.int
    """How many levels are on the path."""
    sorting: bytearray
    """Room to sort a level's children in (:meth:`_sort`), grown as needed."""
    buffers: tuple[bytearray, ...]
    """The scan's work buffers below, kept alive: compiled, those fields are C pointers into
    them (never resized)."""
    a: cython.p_uchar
    """The board a child is built on, its steps played in place."""
    steps: cython.p_uchar
    made: cython.int
    """The steps of the child being built, and their number."""
    hash: cython.ulonglong
    """The hash of the key of the child being built, kept up as its steps are played."""
    base: cython.ulonglong
    """The hash of the board of the level :meth:`_make` makes children of."""
    indexed: cython.bint
    """Has :meth:`_index` read the board of the level being made?"""
    free: cython.int
    gaps: cython.int
    """The free cells and empty columns of that board."""
    offsets: cython.p_uchar
    """Where each column's cards begin on the board read by :meth:`_index`."""
    where: cython.p_uchar
    """Where each card lies on that board if another card may be laid on it there: 0 where
    it is not in a column, or lies under a card that fits on it (covered by its own run)."""
    column_at: cython.p_uchar
    """The column of each place on that board."""
    found: cython.p_uchar
    """Places on that board where a run or a cell's card may go, in order
    (:meth:`_run_onto_parent`, :meth:`_cell_onto_parent`)."""
    run_first: cython.p_uchar
    """Where the run of each place's card begins on that board."""
    run_last: cython.p_uchar
    """Where the run that begins at a place ends, at the places where a run begins."""

    def __init__(
        self,
        tables: Tables,
        start: State,
        horne: bytes,
        order: Order = parse_order(FIRST_ORDER),  # noqa: B008 (a tuple, parsed once)
        seed: int = 0,
        spare: list[Level] | None = None,
    ) -> None:
        tables.check(start)
        if len(horne) != 4 * _CARDS:
            raise ValueError(f"Horne's needs are four bytes a card, not {len(horne)} bytes")
        self.proves = False
        self.exhausted = False
        self.stopped = False
        self.won = None
        plan, stage_at = _plan(order)
        self.kept = (tables, horne, plan, stage_at)
        self.fits = tables.fits
        self.chain = tables.chain
        self.lowers = tables.lowers
        self.limits = tables.limits
        self.horne = horne
        self.plan = plan
        self.stage_at = stage_at
        self.last = order[-1][0]
        self.done = len(plan) - 1
        self.rng = (seed * 2_654_435_761 + 1) & 0xFFFFFFFF or 1
        board = board_of(start)
        self.n = board[0]
        self.c = board[1]
        self.size = len(board)
        # The most steps one child takes: Horne's rule sends at most every card home, and a
        # macro move sets at most a card aside per free place and makes two moves more.
        most = max(_CARDS, self.n + self.c + 2)
        self.made_at = self.size + _HASH
        self.record = self.made_at + 1 + 3 * most
        self.met = Met()
        self.buffers = (
            bytearray(self.size),
            bytearray(3 * most),
            bytearray(self.n),
            bytearray(_CARDS),
            bytearray(self.size),
            bytearray(self.size),
            bytearray(self.size),
            bytearray(self.size),
        )
        buffers = self.buffers
        self.a = buffers[0]
        self.steps = buffers[1]
        self.offsets = buffers[2]
        self.where = buffers[3]
        self.column_at = buffers[4]
        self.found = buffers[5]
        self.run_first = buffers[6]
        self.run_last = buffers[7]
        self.hash = state.key_hash(board)
        self.met.first(self.hash)
        self.made = 0
        self.indexed = False
        self.sorting = bytearray(0)
        self.spare_levels = [] if spare is None else spare
        self.levels = []
        self.depth = 0
        self._push(board, self.hash)

    def release(self) -> None:
        """Give the scan's levels to the spare list it was made with (at most
        :data:`SPARE_LEVELS` there), for the next scan of its searcher; the scan is done."""
        room = SPARE_LEVELS - len(self.spare_levels)
        if len(self.levels) <= room:
            self.spare_levels.extend(self.levels)
        elif room > 0:
            self.spare_levels.extend(self.levels[:room])
        self.levels = []
        self.depth = 0

    @property
    def line(self) -> Line | None:
        """The steps from the start to a win, once one is found."""
        return self.won

    @cython.locals(level=Level, at=cython.int)
    def _push(self, q: cython.p_const_uchar, h: cython.ulonglong) -> cython.int:
        """Put the state of board ``q`` (its key's hash ``h``) on the path, its children not
        made yet.

        This and the methods that make children return 0: compiled, an error is -1 (it can
        only be running out of memory), which the caller tests instead of asking Python
        after every call."""
        if self.depth == len(self.levels):
            if (
                self.spare_levels
                and len(cython.cast(Level, self.spare_levels[-1]).board) == self.size
            ):
                level = self.spare_levels.pop()  # a level a scan of these tables gave back
            else:
                level = Level.__new__(Level)  # made without an argument call: many are made
                level.board = bytearray(self.size)
                level.records = bytearray(4 * self.record)  # grown by _emit as children come
            self.levels.append(level)
        level = self.levels[self.depth]
        if cython.compiled:
            _copy(level.board, q, self.size)
        else:
            level.board[:] = q
        level.hash = h
        level.count = 0
        level.next = 0
        level.item = -1
        at = 2 * min(self.depth, self.last)
        level.stage = self.stage_at[at] + 256 * self.stage_at[at + 1]
        self.depth += 1
        return 0

    @cython.ccall
    @cython.locals(
        done=cython.int, level=Level, at=cython.int, board=cython.p_const_uchar, h=cython.ulonglong
    )
    def run(self, nodes: cython.int, late: Late | None, before: cython.longlong) -> cython.int:
        """Check up to ``nodes`` new states and return how many; stop at a win
        (:attr:`line`), when none is left (:attr:`exhausted`), or when
        ``late(before + checked)`` says so (:attr:`stopped`)."""
        self.stopped = False
        done = 0
        while done < nodes:
            if self.depth == 0:
                self.exhausted = True
                return done
            level = self.levels[self.depth - 1]
            if level.next == level.count:
                if not self._make(level):
                    self.depth -= 1
                continue
            at = level.next * self.record
            level.next += 1
            h = 0
            if cython.compiled:
                board = cython.address(cython.cast(cython.p_uchar, level.records)[at])
                _copy(cython.cast(cython.p_uchar, cython.address(h)), board + self.size, _HASH)
            else:
                board = level.records[at : at + self.size]
                h = int.from_bytes(level.records[at + self.size : at + self.made_at], "little")
            if not self.met.first(h):
                continue
            done += 1
            if state.home_of(board) == _CARDS:
                self.won = self._line()
                return done
            self._push(board, h)
            if late is not None and late(before + done):
                self.stopped = True
                return done
        return done

    @cython.locals(
        level=Level,
        k=cython.int,
        at=cython.int,
        size=cython.int,
        to=cython.int,
        o=cython.p_uchar,
        r=cython.p_uchar,
    )
    def _line(self) -> Line:
        """The steps of the children taken on the path, the start's first."""
        size = 0
        for k in range(self.depth):
            level = self.levels[k]
            size += 3 * level.records[(level.next - 1) * self.record + self.made_at]
        out = bytearray(size)
        to = 0
        for k in range(self.depth):
            level = self.levels[k]
            at = (level.next - 1) * self.record + self.made_at
            size = 3 * level.records[at]
            if cython.compiled:
                o = out
                r = level.records
                _copy(cython.address(o[to]), cython.address(r[at + 1]), size)
            else:
                out[to : to + size] = level.records[at + 1 : at + 1 + size]
            to += size
        return bytes(out)

    @cython.locals(k=cython.int, at=cython.int, kinds=cython.int)
    def _make(self, level: Level) -> cython.bint:
        """Make the children of the level's next item; ``False`` once every item is made."""
        self.indexed = False  # the index read before is of another board
        self._count_places(level.board)
        self.base = level.hash
        level.count = 0
        level.next = 0
        while level.count == 0:
            if level.item < 0:
                level.item = level.stage
                self._horne(level)
                if level.count:  # Horne's child is the only one
                    level.item = self.done
                continue
            at = level.item
            kinds = self.plan[at]
            if not kinds:
                return False
            level.item = at + 2 + kinds
            for k in range(kinds):
                self._kind(level, self.plan[at + 2 + k])
            if self.plan[at + 1] == _SORTED:
                self._sort(level)
            elif self.plan[at + 1] == _SHUFFLED:
                self._shuffle(level)
        return True

    @cython.locals(p=cython.p_const_uchar)
    def _kind(self, level: Level, kind: cython.int) -> cython.int:
        p = level.board  # compiled, read as a pointer once
        if kind == 0:
            self._column_home(level, p)
        elif kind == 1:
            self._cell_home(level, p)
        elif kind == 2:
            self._cell_onto_parent(level, p)
        elif kind == 3:
            self._buried_home(level, p)
        elif kind == 4:
            self._run_onto_parent(level, p, False)
        elif kind == 8:
            self._run_onto_parent(level, p, True)
        elif kind == 9:
            self._column_to_cells(level, p)
        elif kind == 6:
            self._run_to_gap(level, p)
        else:
            self._cell_to_gap_and_on(level, p)
        return 0

    # --- building a child -------------------------------------------------------------

    def _begin(self, q: cython.p_const_uchar) -> cython.void:
        """Start a child on board ``q``: copy it to :attr:`a`, no step made yet."""
        if cython.compiled:
            _copy(self.a, q, self.size)
        else:
            self.a[:] = q
        self.made = 0
        self.hash = self.base

    @cython.locals(steps=cython.p_uchar)
    def _step(self, src: cython.int, dst: cython.int, count: cython.int) -> cython.void:
        self.hash ^= state.play_hashed(self.a, src, dst, count)
        steps = self.steps
        steps[3 * self.made] = src
        steps[3 * self.made + 1] = dst
        steps[3 * self.made + 2] = count
        self.made += 1

    @cython.locals(at=cython.int, made=cython.int, to=cython.p_uchar)
    def _emit(self, level: Level) -> cython.int:
        at = level.count * self.record
        if at + self.record > len(level.records):
            level.records.extend(bytes(len(level.records)))
        made = at + self.made_at  # where the child's number of steps goes
        if cython.compiled:
            to = level.records
            _copy(cython.address(to[at]), self.a, self.size)
            _copy(
                cython.address(to[at + self.size]),
                cython.cast(cython.p_uchar, cython.address(self.hash)),
                _HASH,
            )
            to[made] = self.made
            _copy(cython.address(to[made + 1]), self.steps, 3 * self.made)
        else:
            level.records[at : at + self.size] = self.a
            level.records[at + self.size : made] = self.hash.to_bytes(_HASH, "little")
            level.records[made] = self.made
            level.records[made + 1 : made + 1 + 3 * self.made] = self.steps[: 3 * self.made]
        level.count += 1
        return 0

    @cython.locals(place=cython.int)
    def _aside(self, column: cython.int, count: cython.int) -> cython.void:
        """Set the top ``count`` cards of ``column`` aside on the board being built, into free
        cells first, then empty columns (the caller has checked there is room)."""
        for _ in range(count):
            place = self._free_cell(self.a)
            if place < 0:
                place = self._gap(self.a, column)
            self._step(column, place, 1)

    # --- reading a board ----------------------------------------------------------------

    @cython.locals(j=cython.int)
    def _free_cell(self, q: cython.p_const_uchar) -> cython.int:
        for j in range(self.c):
            if q[2 + self.n + j] == _EMPTY:
                return self.n + j
        return -1

    @cython.locals(i=cython.int)
    def _gap(self, q: cython.p_const_uchar, other_than: cython.int) -> cython.int:
        for i in range(self.n):
            if not q[2 + i] and i != other_than:
                return i
        return -1

    @cython.locals(i=cython.int, free=cython.int, gaps=cython.int)
    def _count_places(self, q: cython.p_const_uchar) -> cython.void:
        """Count the free cells and empty columns of ``q``, the board of the level
        :meth:`_make` makes children of, into :attr:`free` and :attr:`gaps`."""
        free = 0
        for i in range(self.c):
            free += q[2 + self.n + i] == _EMPTY
        gaps = 0
        for i in range(self.n):
            gaps += not q[2 + i]
        self.free = free
        self.gaps = gaps

    def _limit_after(
        self, free: cython.int, gaps: cython.int, aside: cython.int, into_gap: cython.bint
    ) -> cython.int:
        """The most cards one move carries once ``aside`` cards are set aside (into free
        cells first, then empty columns) from ``free`` free cells and ``gaps`` empty columns;
        -1 where they do not fit. So a child is built only where its move will be made."""
        if aside > free + gaps:
            return -1
        if aside > free:
            gaps -= aside - free
            free = 0
        else:
            free -= aside
        return self.limits[free * (self.n + 1) + gaps - (1 if into_gap else 0)]

    @cython.locals(
        at=cython.int,
        i=cython.int,
        h=cython.int,
        end=cython.int,
        begin=cython.int,
        card=cython.int,
        below=cython.int,
        where=cython.p_uchar,
        column_at=cython.p_uchar,
        offsets=cython.p_uchar,
        run_first=cython.p_uchar,
        run_last=cython.p_uchar,
        chain=cython.p_const_uchar,
        fits=cython.p_const_uchar,
    )
    def _index(self, q: cython.p_const_uchar) -> cython.void:
        """Read where each column begins, where each card lies that may take another, where
        each card's run begins and where each run ends on ``q``, the board of the level
        :meth:`_make` makes children of, once a call of it."""
        if self.indexed:
            return
        self.indexed = True
        where = self.where
        column_at = self.column_at
        offsets = self.offsets
        run_first = self.run_first
        run_last = self.run_last
        chain = self.chain
        fits = self.fits
        for h in range(_CARDS):
            where[h] = 0
        at = 6 + self.n + self.c
        for i in range(self.n):
            offsets[i] = at
            end = at + q[2 + i]
            if end == at:
                continue
            begin = at
            below = q[at]
            where[below] = at
            column_at[at] = i
            run_first[at] = at
            for h in range(at + 1, end):
                card = q[h]
                where[card] = h
                column_at[h] = i
                if fits[below * _CARDS + card]:
                    where[below] = 0  # covered by a card of its own run
                if not chain[below * _CARDS + card]:
                    run_last[begin] = h - 1  # the run below ends
                    begin = h
                run_first[h] = begin
                below = card
            run_last[begin] = end - 1
            at = end

    def _fits(self, lower: cython.int, upper: cython.int) -> cython.bint:
        return self.fits[lower * _CARDS + upper] != 0

    def _goes_home(self, q: cython.p_const_uchar, card: cython.int) -> cython.bint:
        return q[2 + self.n + self.c + _SUIT[card]] == _RANK0[card]

    def _first_run(self, at: cython.int, size: cython.int, room: cython.int) -> cython.int:
        """The height where the lowest run of the ``size`` cards of the column from ``at``
        with at most ``room`` cards above it begins: a run lower down has too many to set
        aside (read from :meth:`_index`)."""
        if size <= room:
            return 0
        return self.run_first[at + size - 1 - room] - at

    def _run_end(self, at: cython.int, start: cython.int) -> cython.int:
        """Where the run that begins at height ``start`` of the column from ``at`` ends: the
        cards that move with it (the move unit, :attr:`Tables.chain`; read from
        :meth:`_index`)."""
        return self.run_last[at + start] - at

    # --- the kinds ----------------------------------------------------------------------

    @cython.locals(src=cython.int, q=cython.p_const_uchar)
    def _horne(self, level: Level) -> cython.int:
        q = level.board
        src = self._horne_source(q)
        if src < 0:
            return 0
        self._begin(q)
        while src >= 0:
            self._step(src, _TO_HOME, 1)
            src = self._horne_source(self.a)
        self._emit(level)
        return 0

    @cython.locals(src=cython.int, size=cython.int, card=cython.int, end=cython.int)
    def _horne_source(self, q: cython.p_const_uchar) -> cython.int:
        """The first place whose card Horne's rule sends home on ``q``; -1 if none."""
        end = 6 + self.n + self.c  # where the column read next ends
        for src in range(self.n + self.c):
            if src < self.n:
                size = q[2 + src]
                end += size
                if not size:
                    continue
                card = q[end - 1]
            else:
                card = q[2 + src]
                if card == _EMPTY:
                    continue
            if self._goes_home(q, card) and self._safe(q, card):
                return src
        return -1

    @cython.locals(h=cython.int, s=cython.int)
    def _safe(self, q: cython.p_const_uchar, card: cython.int) -> cython.bint:
        h = 2 + self.n + self.c
        for s in range(4):  # noqa: SIM110 (all() over a generator would not compile to a C loop)
            if q[h + s] < self.horne[card * 4 + s]:
                return False
        return True

    @cython.locals(i=cython.int, size=cython.int, end=cython.int)
    def _column_home(self, level: Level, q: cython.p_const_uchar) -> cython.int:
        end = 6 + self.n + self.c
        for i in range(self.n):
            size = q[2 + i]
            end += size
            if size and self._goes_home(q, q[end - 1]):
                self._begin(q)
                self._step(i, _TO_HOME, 1)
                self._emit(level)
        return 0

    @cython.locals(j=cython.int, card=cython.int)
    def _cell_home(self, level: Level, q: cython.p_const_uchar) -> cython.int:
        for j in range(self.c):
            card = q[2 + self.n + j]
            if card != _EMPTY and self._goes_home(q, card):
                self._begin(q)
                self._step(self.n + j, _TO_HOME, 1)
                self._emit(level)
        return 0

    @cython.locals(
        lw=cython.p_const_uchar,
        found=cython.p_uchar,
        where=cython.p_const_uchar,
        column_at=cython.p_const_uchar,
        offsets=cython.p_const_uchar,
        room=cython.int,
        d=cython.int,
        size=cython.int,
        at=cython.int,
        h=cython.int,
        i=cython.int,
        j=cython.int,
        k=cython.int,
        m=cython.int,
        t=cython.int,
        card=cython.int,
        place=cython.int,
    )
    def _cell_onto_parent(self, level: Level, q: cython.p_const_uchar) -> cython.int:
        if self.free == self.c:
            return 0  # no card in a cell
        lw = self.lowers
        found = self.found
        where = self.where
        column_at = self.column_at
        offsets = self.offsets
        self._index(q)
        m = 0  # the places a cell's card goes on: by column, in each the highest first
        for j in range(self.c):
            card = q[2 + self.n + j]
            if card == _EMPTY:
                continue
            for k in range(lw[card * (_CARDS + 1)]):
                place = where[lw[card * (_CARDS + 1) + 1 + k]]
                if not place:
                    continue
                t = m
                while t > 0 and (
                    column_at[found[t - 1]] > column_at[place]
                    or (column_at[found[t - 1]] == column_at[place] and found[t - 1] < place)
                ):
                    t -= 1
                if t > 0 and found[t - 1] == place:
                    continue  # two cell cards go on it: one place
                for i in range(m, t, -1):
                    found[i] = found[i - 1]
                found[t] = place
                m += 1
        room = self.free + self.gaps
        for t in range(m):
            place = found[t]
            d = column_at[place]
            size = q[2 + d]
            at = offsets[d]
            h = place - at
            if size - 1 - h > room:
                continue
            for j in range(self.c):
                card = q[2 + self.n + j]
                if card == _EMPTY or not self._fits(q[place], card):
                    continue
                self._begin(q)
                self._aside(d, size - 1 - h)
                self._step(self.n + j, d, 1)
                self._emit(level)
        return 0

    @cython.locals(free=cython.int, i=cython.int, size=cython.int)
    def _column_to_cells(self, level: Level, q: cython.p_const_uchar) -> cython.int:
        free = self.free
        for i in range(self.n):
            size = q[2 + i]
            if 0 < size <= free:
                self._begin(q)
                self._aside(i, size)  # all into free cells
                self._emit(level)
        return 0

    @cython.locals(
        room=cython.int,
        i=cython.int,
        size=cython.int,
        at=cython.int,
        h=cython.int,
    )
    def _buried_home(self, level: Level, q: cython.p_const_uchar) -> cython.int:
        room = self.free + self.gaps
        at = 6 + self.n + self.c  # where the column read next begins
        for i in range(self.n):
            size = q[2 + i]
            for h in range(size - 2, -1, -1):
                if size - 1 - h > room:
                    break
                if self._goes_home(q, q[at + h]):
                    self._begin(q)
                    self._aside(i, size - 1 - h)
                    self._step(i, _TO_HOME, 1)
                    self._emit(level)
            at += size
        return 0

    @cython.locals(
        lw=cython.p_const_uchar,
        found=cython.p_uchar,
        where=cython.p_const_uchar,
        column_at=cython.p_const_uchar,
        offsets=cython.p_const_uchar,
        room=cython.int,
        free=cython.int,
        gaps=cython.int,
        i=cython.int,
        size=cython.int,
        at=cython.int,
        start=cython.int,
        end=cython.int,
        first=cython.int,
        above=cython.int,
        card=cython.int,
        lower=cython.int,
        k=cython.int,
        m=cython.int,
        t=cython.int,
        place=cython.int,
        d=cython.int,
        h=cython.int,
    )
    def _run_onto_parent(
        self, level: Level, q: cython.p_const_uchar, within: cython.bint
    ) -> cython.int:
        """Runs onto a card they fit on in another column, not covered by its own run, the
        cards above either set aside: each natural run from its bottom card, or
        (``within``) each part of a run from a card that lies on its parent."""
        lw = self.lowers
        found = self.found
        where = self.where
        column_at = self.column_at
        offsets = self.offsets
        self._index(q)
        free = self.free
        gaps = self.gaps
        room = free + gaps
        for i in range(self.n):
            size = q[2 + i]
            at = offsets[i]
            start = self._first_run(at, size, room)
            while start < size:
                end = self._run_end(at, start)
                above = size - 1 - end
                for first in range(start + within, end + 1 if within else start + 1):
                    card = q[at + first]
                    m = 0  # the places it may go, in board order (column, then height)
                    for k in range(lw[card * (_CARDS + 1)]):
                        lower = lw[card * (_CARDS + 1) + 1 + k]
                        place = where[lower]
                        if not place or column_at[place] == i:
                            continue
                        d = column_at[place]
                        h = place - offsets[d]
                        if q[2 + d] - 1 - h + above > room:
                            continue
                        t = m
                        while t > 0 and found[t - 1] > place:
                            found[t] = found[t - 1]
                            t -= 1
                        found[t] = place
                        m += 1
                    for k in range(m):
                        place = found[k]
                        d = column_at[place]
                        h = q[2 + d] - 1 - (place - offsets[d])  # the cards above it
                        if end + 1 - first > self._limit_after(free, gaps, h + above, False):
                            continue
                        self._begin(q)
                        self._aside(d, h)
                        self._aside(i, above)
                        self._step(i, d, end + 1 - first)
                        self._emit(level)
                start = end + 1
        return 0

    @cython.locals(
        i=cython.int,
        size=cython.int,
        at=cython.int,
        start=cython.int,
        end=cython.int,
        run=cython.int,
        first=cython.int,
        count=cython.int,
        above=cython.int,
        gaps=cython.int,
        free=cython.int,
    )
    def _run_to_gap(self, level: Level, q: cython.p_const_uchar) -> cython.int:
        gaps = self.gaps
        if not gaps:
            return 0
        self._index(q)
        free = self.free
        at = 6 + self.n + self.c  # where the column read next begins
        for i in range(self.n):
            size = q[2 + i]
            start = self._first_run(at, size, free + gaps)
            while start < size:
                end = self._run_end(at, start)
                run = end + 1 - start
                first = start
                start = end + 1
                above = size - 1 - end
                if first == 0 and end == size - 1:
                    continue  # the whole column
                if above > free + gaps or gaps - max(0, above - free) < 1:
                    continue  # no room for the cards above, or no empty column left
                count = min(run, self._limit_after(free, gaps, above, True))
                if end == size - 1 and count < run:
                    continue  # a top run too long for the gap is not cut
                self._begin(q)
                self._aside(i, above)
                if not (first == 0 and count == end + 1):  # else the column stays: the same state
                    self._step(i, self._gap(self.a, i), count)
                self._emit(level)
            at += size
        return 0

    @cython.locals(
        gap=cython.int,
        j=cython.int,
        card=cython.int,
        k=cython.int,
        other=cython.int,
        i=cython.int,
        size=cython.int,
        at=cython.int,
        start=cython.int,
        end=cython.int,
        first=cython.int,
        free=cython.int,
        gaps=cython.int,
    )
    def _cell_to_gap_and_on(self, level: Level, q: cython.p_const_uchar) -> cython.int:
        gap = self._gap(q, -1)
        if gap < 0:
            return 0
        self._index(q)
        free = self.free
        gaps = self.gaps
        for j in range(self.c):
            card = q[2 + self.n + j]
            if card == _EMPTY:
                continue
            for k in range(self.c):
                other = q[2 + self.n + k]
                if k != j and other != _EMPTY and self._fits(card, other):
                    self._begin(q)
                    self._step(self.n + j, gap, 1)
                    self._step(self.n + k, gap, 1)
                    self._emit(level)
            at = 6 + self.n + self.c  # where the column read next begins
            for i in range(self.n):
                size = q[2 + i]
                start = self._first_run(at, size, free + gaps)
                while start < size:
                    end = self._run_end(at, start)
                    first = start
                    start = end + 1
                    if not self._fits(card, q[at + first]):
                        continue
                    if end + 1 - first > self._limit_after(
                        free + 1, gaps - 1, size - 1 - end, False
                    ):
                        continue  # the cell's card frees its cell and fills the gap
                    self._begin(q)
                    self._step(self.n + j, gap, 1)
                    self._aside(i, size - 1 - end)
                    self._step(i, gap, end + 1 - first)
                    self._emit(level)
                at += size
        return 0

    @cython.locals(
        rec=cython.int,
        count=cython.int,
        k=cython.int,
        to=cython.int,
        home=cython.int,
        least=cython.int,
        most=cython.int,
        r=cython.p_uchar,
        o=cython.p_uchar,
    )
    def _sort(self, level: Level) -> cython.int:
        """The level's children ordered by cards home, fewest first, stably: copied to
        :attr:`sorting` (their counts home after them) and back in order."""
        rec = self.record
        count = level.count
        if count < 2:
            return 0
        if len(self.sorting) < count * (rec + 1):
            self.sorting = bytearray(2 * count * (rec + 1))
        o = self.sorting
        r = level.records
        least = _CARDS
        most = 0
        for k in range(count):
            if cython.compiled:
                home = state.home_of(cython.address(r[k * rec]))
            else:
                home = state.home_of(r[k * rec : (k + 1) * rec])
            o[count * rec + k] = home
            least = min(least, home)
            most = max(most, home)
        if least == most:
            return 0
        if cython.compiled:
            _copy(o, r, count * rec)
        else:
            o[: count * rec] = r[: count * rec]
        to = 0
        for home in range(least, most + 1):
            for k in range(count):
                if o[count * rec + k] == home:
                    if cython.compiled:
                        _copy(cython.address(r[to * rec]), cython.address(o[k * rec]), rec)
                    else:
                        r[to * rec : (to + 1) * rec] = o[k * rec : (k + 1) * rec]
                    to += 1
        return 0

    @cython.locals(
        rec=cython.int, k=cython.int, j=cython.int, i=cython.int, x=cython.uint, r=cython.p_uchar
    )
    def _shuffle(self, level: Level) -> cython.void:
        """The level's children in an order drawn from the scan's seed (Fisher-Yates)."""
        rec = self.record
        r = level.records
        for k in range(level.count - 1, 0, -1):
            x = self.rng
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            self.rng = x
            j = x % (k + 1)
            if j == k:
                continue
            for i in range(rec):
                r[k * rec + i], r[j * rec + i] = r[j * rec + i], r[k * rec + i]
