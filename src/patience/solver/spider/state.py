"""A compact Spider position for the solver, with its own moves, automatic moves and score.

:class:`SpiderTable` is compiled once from a game's rules (the tableau's build table, which
cards stay together in a run, what the stock deals and when it may) and then works on
states packed in one ``bytes`` (:func:`pack`; :class:`SpiderState` is the same state
unpacked, :meth:`SpiderTable.view`): the tableau columns with their face-down counts and the
cards left in the stock. Foundations are left out: nothing leaves them, and no move reads
them.

Moves are triples ``(src, dst, count)`` over column numbers (0 for the first tableau pile);
:data:`DEAL` is the stock move. :meth:`SpiderTable.moves` lists exactly the engine's legal
moves (tests check this against :meth:`Engine.legal_moves`); :meth:`SpiderTable.after`
applies one with the engine's automatic moves (turning up a bared face-down card and sending
home a complete run: 13 cards that move together with an Ace on top, which
:func:`runs_home_by_chain` checks, once per game, are the runs the engine sends home).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

import cython

from patience.cards import ACE, rank, suit
from patience.engine.core import Engine
from patience.engine.position import STOCK_MOVE, Move, MoveKind, Position
from patience.rules.piles import Unit
from patience.solver.kernel import state as kernel_state

Step = tuple[int, int, int]
"""``(src, dst, count)`` over column numbers; :data:`DEAL` for the stock move."""
DEAL: Step = (-1, -1, 0)
"""The stock move. Compare steps with ``==``, never ``is``: a step equal to it need not be this
object (a compiled caller may build the tuple anew)."""

_RUN = 13
"""Cards in a complete run (King to Ace)."""
_KEPT = 1 << 16
"""Columns whose run segments are remembered (the latest used)."""
_MOST_RUNS = 1 << 14
"""The most runs of 13 :func:`runs_home_by_chain` checks."""
_CARDS = cython.declare(cython.int, 52)
_NONE = cython.declare(cython.int, 255)
_WORD = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
"""64 bits: interpreted, a hash is cut to them after each step (compiled, it wraps)."""
_MIX_1 = cython.declare(cython.ulonglong, 0xFF51AFD7ED558CCD)
_MIX_2 = cython.declare(cython.ulonglong, 0xC4CEB9FE1A85EC53)
_ONE = cython.declare(cython.ulonglong, 1)
SWAP = 1
"""A swap step ``(A, B, swapped(SWAP, x, y))``: the top ``x`` cards of column A into an empty
column, the top ``y`` cards of column B onto A, then the first ``x`` onto B."""
DIG = 3
"""A dig step ``(A, C, swapped(DIG, x, z))``: the top ``x`` cards of column A into an empty
column, the ``z`` cards under them onto column C, then the first ``x`` back onto A."""
MOST_COLUMNS = 64
"""The most tableau columns a table takes: the moves keep a set of columns in 64 bits."""
MOST_CARDS = 255 - 2 * MOST_COLUMNS - 1
"""The most cards a table takes: a packed state's offsets fit a byte (:meth:`SpiderTable.key`)."""


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(i=cython.Py_ssize_t)
def _run(
    chain: cython.p_const_uchar,
    q: cython.p_const_uchar,
    at: cython.Py_ssize_t,
    size: cython.Py_ssize_t,
    down: cython.Py_ssize_t,
) -> cython.Py_ssize_t:
    """How many of the ``size`` cards from ``q[at]`` (a column, ``down`` of them face down)
    move together."""
    if size <= down:
        return 0
    i = size - 1
    while i > down and chain[q[at + i - 1] * _CARDS + q[at + i]]:
        i -= 1
    return size - i


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(i=cython.Py_ssize_t, at=cython.Py_ssize_t)
def _start(
    q: cython.p_const_uchar, n: cython.Py_ssize_t, c: cython.Py_ssize_t
) -> cython.Py_ssize_t:
    """Where column ``c``'s cards begin in packed state ``q`` of ``n`` columns (:func:`pack`)."""
    at = 2 * n + 1 + q[2 * n]
    for i in range(c):
        at += q[n + i]
    return at


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(i=cython.Py_ssize_t)
def _column_after(
    q: cython.p_const_uchar,
    n: cython.Py_ssize_t,
    at: cython.p_const_uchar,
    x: cython.Py_ssize_t,
    y: cython.Py_ssize_t,
) -> cython.bint:
    """Does column ``x`` of packed state ``q`` sort after column ``y`` (by face-down count,
    then size, then cards; ``at`` where each column's cards begin)?"""
    if q[x] != q[y]:
        return q[x] > q[y]
    if q[n + x] != q[n + y]:
        return q[n + x] > q[n + y]
    for i in range(q[n + x]):
        if q[at[x] + i] != q[at[y] + i]:
            return q[at[x] + i] > q[at[y] + i]
    return False


def swapped(kind: int, x: int, y: int) -> int:
    """The third number of a :data:`SWAP` or :data:`DIG` step moving runs of ``x`` and ``y``
    cards: negative, so that no plain step has it.

    >>> swapped(SWAP, 2, 1)
    -4225
    """
    return -(kind << 12 | x << 6 | y)


@cython.locals(
    q=cython.p_const_uchar, i=cython.Py_ssize_t, end=cython.Py_ssize_t, high=cython.uchar
)
def check_packed(st: bytes, n: cython.Py_ssize_t) -> cython.int:
    """Refuse (``ValueError``) what is not a packed state of ``n`` columns (:func:`pack`):
    the C code reads and writes by its sizes and indexes tables by its cards."""
    if len(st) < 2 * n + 1:
        raise ValueError(f"not a packed state of {n} columns: {len(st)} bytes")
    q = st
    end = 2 * n + 1 + q[2 * n]
    for i in range(n):
        if q[i] > q[n + i]:
            raise ValueError(f"column {i} has {q[i]} cards face down of {q[n + i]}")
        end += q[n + i]
    if end != len(st):
        raise ValueError(f"not a packed state of {n} columns: {len(st)} bytes for {end}")
    high = 0
    for i in range(2 * n + 1, end):  # no early exit: the compiler may vectorize it
        high = q[i] if q[i] > high else high
    if high >= _CARDS:
        raise ValueError(f"no card {high}")
    return 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _link(
    chain: cython.p_const_uchar, fits: cython.p_const_uchar, lower: cython.int, upper: cython.int
) -> cython.int:
    """What card ``upper`` on card ``lower`` is worth to a swap: 2 on one of its suit's run, 1
    on one it merely follows by the build, else 0."""
    if chain[lower * _CARDS + upper]:
        return 2
    return 1 if fits[lower * _CARDS + upper] else 0


def pack(cols: Sequence[bytes], down: Sequence[int], stock: bytes) -> bytes:
    """A state in one ``bytes``: each column's face-down count, each column's size, the
    stock's size, the stock (top last), then each column's cards (bottom first).

    >>> list(pack((bytes([1, 2]), b""), (1, 0), bytes([3])))
    [1, 0, 2, 0, 1, 3, 1, 2]
    """
    return bytes([*down, *map(len, cols), len(stock)]) + stock + b"".join(cols)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(d=cython.Py_ssize_t, at=cython.Py_ssize_t, top=cython.int)
def _by_top(q: cython.p_const_uchar, n: cython.Py_ssize_t, work: cython.p_uchar) -> cython.int:
    """List the non-empty columns of packed state ``q`` by top card into ``work`` (``52 + n``
    zero bytes): ``work[card]`` the first column the card tops, ``work[52 + d]`` the next
    after column ``d`` with the same top card, each as its number + 1 (0: none), in the
    columns' order."""
    at = _start(q, n, n)  # past the last column
    for d in range(n - 1, -1, -1):
        if q[n + d]:
            top = q[at - 1]
            work[_CARDS + d] = work[top]
            work[top] = d + 1
        at -= q[n + d]
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(d=cython.Py_ssize_t, gaps=cython.ulonglong)
def _gaps(q: cython.p_const_uchar, n: cython.Py_ssize_t) -> cython.ulonglong:
    """The empty columns of packed state ``q``, as bits."""
    gaps = 0
    for d in range(n):
        if not q[n + d]:
            gaps |= _ONE << d
    return gaps


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(c=cython.Py_ssize_t, at=cython.Py_ssize_t, total=cython.Py_ssize_t)
def _face_up_runs(
    q: cython.p_const_uchar, n: cython.Py_ssize_t, chain: cython.p_const_uchar
) -> cython.Py_ssize_t:
    """How many cards of packed state ``q`` are in the runs on top of its columns."""
    total = 0
    at = _start(q, n, 0)
    for c in range(n):
        total += _run(chain, q, at, q[n + c], q[c])
        at += q[n + c]
    return total


@cython.cfunc
@cython.exceptval(-1)
@cython.locals(
    s=cython.Py_ssize_t,
    d=cython.Py_ssize_t,
    k=cython.Py_ssize_t,
    g=cython.Py_ssize_t,
    gaps=cython.Py_ssize_t,
    at=cython.Py_ssize_t,
    size=cython.Py_ssize_t,
    run=cython.Py_ssize_t,
    count=cython.Py_ssize_t,
    w=cython.Py_ssize_t,
    row=cython.Py_ssize_t,
    lower=cython.int,
    link=cython.int,
    work=cython.p_uchar,
)
def _write_moves(
    q: cython.p_const_uchar,
    n: cython.Py_ssize_t,
    chain: cython.p_const_uchar,
    lowers: cython.p_const_uchar,
    out: cython.p_uchar,
) -> cython.Py_ssize_t:
    """Write every legal move but the deal of packed state ``q`` into ``out`` as ``src``,
    ``dst``, ``count`` (room for ``3 * (n - 1)`` bytes per card of :func:`_face_up_runs`);
    answers the bytes written. Each part of a run goes onto the columns that take it, by
    their top card (the card's row of ``lowers``, :attr:`SpiderTable.lowers`) and then by
    number (:func:`_by_top`), then into each empty column unless it is the whole column."""
    scratch = bytearray(_CARDS + 2 * n)  # the columns by top card, then the empty ones
    work = scratch
    _by_top(q, n, work)
    gaps = 0
    for d in range(n):
        if not q[n + d]:
            work[_CARDS + n + gaps] = d
            gaps += 1
    w = 0
    at = _start(q, n, 0)
    for s in range(n):
        size = q[n + s]
        run = _run(chain, q, at, size, q[s])
        at += size
        for count in range(1, run + 1):
            row = q[at - count] * _CARDS
            for k in range(_CARDS):
                lower = lowers[row + k]
                if lower == _NONE:
                    break
                link = work[lower]
                while link:
                    if link - 1 != s:
                        out[w] = s
                        out[w + 1] = link - 1
                        out[w + 2] = count
                        w += 3
                    link = work[_CARDS + link - 1]
            if count < size:
                for g in range(gaps):
                    out[w] = s
                    out[w + 1] = work[_CARDS + n + g]
                    out[w + 2] = count
                    w += 3
    return w


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(c=cython.Py_ssize_t, k=cython.Py_ssize_t, found=cython.ulonglong)
def _takers(
    q: cython.p_const_uchar,
    n: cython.Py_ssize_t,
    fits: cython.p_const_uchar,
    end: cython.p_const_uchar,
    run: cython.p_const_uchar,
    card: cython.int,
) -> cython.ulonglong:
    """The columns of packed state ``q`` (as bits) some top part of whose run may go on
    ``card``; ``end`` is where each column's cards end, ``run`` how many move together."""
    found = 0
    for c in range(n):
        for k in range(1, run[c] + 1):
            if fits[card * _CARDS + q[end[c] - k]]:
                found |= _ONE << c
                break
    return found


@cython.cfunc
@cython.exceptval(-1)
@cython.locals(link=cython.int)
def _add(
    out: list[Step],
    s: cython.Py_ssize_t,
    by_top: cython.p_const_uchar,
    lower: cython.int,
    count: cython.Py_ssize_t,
) -> cython.int:
    """Append a step ``(s, d, count)`` for each column ``d`` but ``s`` that card ``lower``
    tops (``by_top``, :func:`_by_top`): a move of ``count`` cards, or a :data:`DIG` whose
    third number is ``count``."""
    link = by_top[lower]
    while link:
        if link - 1 != s:
            out.append((s, link - 1, count))
        link = by_top[_CARDS + link - 1]
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(i=cython.Py_ssize_t, prime=cython.ulonglong)
def _fnv(
    q: cython.p_const_uchar, at: cython.Py_ssize_t, end: cython.Py_ssize_t, h: cython.ulonglong
) -> cython.ulonglong:
    """Hash ``h`` carried on over bytes ``q[at:end]`` (FNV-1a, 64 bits; the kernel's
    constants)."""
    prime = kernel_state.FNV_PRIME
    for i in range(at, end):
        h = ((h ^ q[i]) * prime) & _WORD
    return h


@cython.cfunc
@cython.exceptval(check=False)
def _mixed(h: cython.ulonglong) -> cython.ulonglong:
    """``h`` with every bit mixed into every other (MurmurHash3's last step)."""
    h = ((h ^ (h >> 33)) * _MIX_1) & _WORD
    h = ((h ^ (h >> 33)) * _MIX_2) & _WORD
    return h ^ (h >> 33)


class Weights(NamedTuple):
    """What each feature of a state adds to its score (:meth:`SpiderTable.scorer`)."""

    home: int = 30
    """Each card home."""
    stock: int = 7
    """Taken off for each card still in the stock."""
    down: int = 30
    """Taken off for each face-down card."""
    empty: int = 26
    """Each empty column."""
    suit: int = 20
    """Each face-up card on a neighbour it stays with in a run."""
    follows: int = 2
    """Each face-up card on a neighbour it follows by the build, but does not move with."""
    brk: int = 7
    """Taken off for each face-up card on a neighbour it does not follow."""
    covered: int = 0
    """Taken off for each column with a face-down card."""


DEFAULT_WEIGHTS = Weights()


class SpiderState(NamedTuple):
    """A packed state unpacked (:meth:`SpiderTable.view`): the tableau columns (bottom
    first), their face-down counts, and the stock (top last), as ``bytes`` of card numbers."""

    cols: tuple[bytes, ...]
    down: tuple[int, ...]
    stock: bytes


@cython.cclass
class SpiderTable:
    """Moves, effects and scores of one Spider-like game, read from its rules."""

    def __init__(self, engine: Engine) -> None:
        rules = engine.rules
        self.engine = engine
        self.piles = engine.tableau
        first = engine.specs[self.piles[0]]
        if first.build is None:
            raise ValueError("a Spider tableau needs a build rule")
        if len(self.piles) > MOST_COLUMNS or len(rules.pack) > MOST_CARDS:
            raise ValueError(
                f"a Spider table takes at most {MOST_COLUMNS} columns and {MOST_CARDS} cards"
            )
        self.n = len(self.piles)
        """How many columns."""
        self.head = 2 * self.n + 1
        """Where a packed state's stock begins (:func:`pack`)."""
        fits = first.build.table
        self.fits = fits
        self.chain = chain_of(engine)
        in_pack = set(rules.pack)
        self.mixed = any(
            fits[lo * 52 + up] and not self.chain[lo * 52 + up] for lo in in_pack for up in in_pack
        )
        """Can a card follow another by the build without moving with it (so that several
        runs can be built down in one column)?"""
        self.unders = tuple(
            tuple(lo for lo in range(52) if fits[lo * 52 + up] and lo in in_pack)
            for up in range(52)
        )
        """The cards of the pack each card may go on (only those can top a column)."""
        self.lowers = b"".join(
            bytes([*lows, *[_NONE] * (_CARDS - len(lows))]) for lows in self.unders
        )
        """:attr:`unders` as rows of 52 bytes, each row's cards ascending, then 255s."""
        self.suits = len({suit(c) for c in rules.pack})
        """How many suits the pack has."""
        self.deal_rounds = rules.stock.count
        self.blocked_by_gap = rules.stock.blocked_by_gap
        self.aces = bytes(rank(c) == ACE for c in range(52))
        """Which cards are Aces (a run goes home only when an Ace tops it)."""
        if not runs_home_by_chain(engine, self.chain):
            raise ValueError("the runs that go home are not the runs of 13 that move together")
        self._segments_of = lru_cache(maxsize=_KEPT)(self.segments)
        """:meth:`segments`, remembering the columns it saw last."""

    # ------------------------------------------------------------------ conversion

    def state(self, pos: Position) -> bytes:
        """The packed form of an engine position (:func:`pack`)."""
        return pack(
            [bytes(pos.piles[t]) for t in self.piles],
            [pos.down[t] for t in self.piles],
            bytes(pos.piles[self.engine.stock]),
        )

    @cython.ccall
    def check(self, st: bytes) -> None:
        """Refuse (``ValueError``) what is not a packed state of this table (:func:`pack`)."""
        check_packed(st, self.n)

    @cython.locals(n=cython.Py_ssize_t, at=cython.Py_ssize_t, c=cython.Py_ssize_t)
    def view(self, st: bytes) -> SpiderState:
        """A packed state unpacked."""
        check_packed(st, self.n)
        n = self.n
        at = _start(st, n, 0)
        cols = []
        for c in range(n):
            cols.append(st[at : at + st[n + c]])
            at += st[n + c]
        return SpiderState(tuple(cols), tuple(st[:n]), st[self.head : self.head + st[2 * n]])

    @cython.ccall
    def key(self, st: bytes) -> bytes:
        """Equal for states with the same futures: the state itself while the stock has
        cards; once it is empty, its columns sorted, each as its face-down count, its size
        and its cards, after a byte (255) that begins no state. (The columns are alike: one
        build rule, any card starts an empty one.)"""
        check_packed(st, self.n)
        return self._key(st)

    @cython.cfunc
    @cython.locals(
        q=cython.p_const_uchar,
        p=cython.p_uchar,
        n=cython.Py_ssize_t,
        c=cython.Py_ssize_t,
        i=cython.Py_ssize_t,
        j=cython.Py_ssize_t,
        w=cython.Py_ssize_t,
        a=cython.Py_ssize_t,
        at=cython.p_uchar,
        order=cython.p_uchar,
    )
    def _key(self, st: bytes) -> bytes:
        """:meth:`key` of a state known to be packed well."""
        n, q = self.n, st
        if q[2 * n]:
            return st
        if cython.compiled:  # sorted in place, written in one new bytes (state.pxd)
            starts, ordered = bytearray(n), bytearray(n)  # offsets fit a byte (MOST_CARDS)
            at, order = starts, ordered
            a = self.head
            for c in range(n):
                at[c] = a
                a += q[n + c]
                j = c
                while j > 0 and _column_after(q, n, at, order[j - 1], c):
                    order[j] = order[j - 1]
                    j -= 1
                order[j] = c
            out = PyBytes_FromStringAndSize(cython.NULL, len(st))  # type: ignore[name-defined,attr-defined]  # noqa: F821
            p = cython.cast(cython.p_uchar, PyBytes_AS_STRING(out))  # type: ignore[name-defined]  # noqa: F821
            p[0] = 255
            w = 1
            for i in range(n):
                c = order[i]
                p[w] = q[c]
                p[w + 1] = q[n + c]
                memcpy(cython.address(p[w + 2]), cython.address(q[at[c]]), q[n + c])  # type: ignore[name-defined]  # noqa: F821
                w += 2 + q[n + c]
            return out
        view = self.view(st)
        columns = [bytes([d, len(cards)]) + cards for cards, d in zip(*view[:2], strict=True)]
        return b"\xff" + b"".join(sorted(columns))

    @cython.ccall
    def key_hash(self, st: bytes) -> cython.ulonglong:
        """A 64-bit hash of :meth:`key`, read from the state without writing the key: the
        state's bytes while the stock has cards; once it is empty, a sum over the columns,
        which no order of them changes. States with the same key hash alike; others clash
        by chance only."""
        check_packed(st, self.n)
        return self._key_hash(st)

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.locals(
        q=cython.p_const_uchar,
        n=cython.Py_ssize_t,
        c=cython.Py_ssize_t,
        at=cython.Py_ssize_t,
        h=cython.ulonglong,
        total=cython.ulonglong,
    )
    def _key_hash(self, st: bytes) -> cython.ulonglong:
        """:meth:`key_hash` of a state known to be packed well."""
        n, q = self.n, st
        if q[2 * n]:
            return _mixed(_fnv(q, 0, len(st), kernel_state.FNV_BASIS))
        total = 0
        at = self.head
        for c in range(n):
            h = _fnv(q, c, c + 1, kernel_state.FNV_BASIS)
            h = _fnv(q, n + c, n + c + 1, h)
            h = _fnv(q, at, at + q[n + c], h)
            total = (total + _mixed(h)) & _WORD
            at += q[n + c]
        return _mixed(total)

    def stock_left(self, st: bytes) -> int:
        """How many cards the stock still has."""
        return st[self.head - 1]

    def move(self, step: Step) -> Move:
        """The engine's move for a step."""
        if step == DEAL:
            return STOCK_MOVE
        src, dst, count = step
        return Move(MoveKind.TRANSFER, self.piles[src], self.piles[dst], count)

    # ------------------------------------------------------------------ moves

    def run_length(self, cards: bytes, down: int) -> int:
        """How many cards at the top of a column move together."""
        return _run(self.chain, cards, 0, len(cards), down)

    @cython.ccall
    def may_deal(self, st: bytes) -> bool:
        """May the stock be dealt now?"""
        check_packed(st, self.n)
        return self._may_deal(st)

    @cython.cfunc
    @cython.locals(n=cython.Py_ssize_t)
    def _may_deal(self, st: bytes) -> cython.bint:
        """:meth:`may_deal` of a state known to be packed well."""
        n = self.n
        return st[2 * n] != 0 and not (self.blocked_by_gap and _gaps(st, n))

    @cython.locals(
        n=cython.Py_ssize_t,
        written=cython.Py_ssize_t,
        i=cython.Py_ssize_t,
        q=cython.p_const_uchar,
        r=cython.p_uchar,
    )
    def moves(self, st: bytes) -> list[Step]:
        """Every legal move: each run (or its top part) onto a column that takes it (onto
        the lowest card first), then into each empty column unless it is the whole column,
        then deal."""
        check_packed(st, self.n)
        n, q = self.n, st
        raw = bytearray(3 * (n - 1) * _face_up_runs(q, n, self.chain))
        r = raw
        written = _write_moves(q, n, self.chain, self.lowers, r)
        out: list[Step] = [(r[i], r[i + 1], r[i + 2]) for i in range(0, written, 3)]
        if self._may_deal(st):
            out.append(DEAL)
        return out

    @cython.locals(
        q=cython.p_const_uchar,
        chain=cython.p_const_uchar,
        fits=cython.p_const_uchar,
        end=cython.p_uchar,
        run=cython.p_uchar,
        r=cython.p_uchar,
        kept=list,
        n=cython.Py_ssize_t,
        c=cython.Py_ssize_t,
        i=cython.Py_ssize_t,
        at=cython.Py_ssize_t,
        total=cython.Py_ssize_t,
        written=cython.Py_ssize_t,
        src=cython.Py_ssize_t,
        dst=cython.Py_ssize_t,
        count=cython.Py_ssize_t,
        top=cython.Py_ssize_t,
        first_gap=cython.Py_ssize_t,
        link=cython.Py_ssize_t,
        stock=cython.bint,
        cut=cython.bint,
    )
    def worth_trying(self, st: bytes) -> tuple[list[Step], bool]:
        """The moves a search tries here, and whether a legal move was left out
        (docs/SOLVERS.md, Spider, "Moves left out"): the plain moves but those that change
        nothing by themselves, unless the card they bare can take a run from a third column;
        while the stock has cards, into the first empty column only; then swaps and digs,
        then sequences, then the deal."""
        check_packed(st, self.n)
        n, q, chain, fits = self.n, st, self.chain, self.fits
        stock = q[2 * n] != 0
        ends, runs = bytearray(n), bytearray(n)  # past each column's top card; its run
        end, run = ends, runs
        at = _start(q, n, 0)
        total = 0
        for c in range(n):
            at += q[n + c]
            end[c] = at
            run[c] = _run(chain, q, at - q[n + c], q[n + c], q[c])
            total += run[c]
        first_gap = -1
        if stock:
            for c in range(n):
                if not q[n + c]:
                    first_gap = c
                    break
        raw = bytearray(3 * (n - 1) * total)
        written = _write_moves(q, n, chain, self.lowers, raw)
        r = raw
        kept = []
        cut = False
        for i in range(0, written, 3):
            src, dst, count = r[i], r[i + 1], r[i + 2]
            if not q[n + dst]:
                if stock and dst != first_gap:
                    cut = True
                    continue
                kept.append((src, dst, count))
                continue
            top = end[src] - count  # the lowest card moved
            link = q[end[dst] - 1] * _CARDS + q[top]
            if count < run[src]:
                # the head leaves a card of its run: worth it only onto a card of its suit,
                # and only if the card it bares can take a run from another column
                if not chain[link]:
                    cut = True
                    continue
            elif not (
                q[n + src] - count > q[src]
                and fits[q[top - 1] * _CARDS + q[top]]
                and not chain[link]
            ):
                kept.append((src, dst, count))
                continue
            # else the run leaves a card it follows for another it merely follows: worth it
            # only if the card it bares can take a run from another column
            if _takers(q, n, fits, end, run, q[top - 1]) & ~(_ONE << src | _ONE << dst):
                kept.append((src, dst, count))
            else:
                cut = True
        kept += self.swap_moves(st)  # each through an empty column and back out
        kept += [
            step
            for step in self.sequence_moves(st)
            if not (stock and not q[n + step[1]] and step[1] != first_gap)
        ]
        if self._may_deal(st):
            kept.append(DEAL)  # last
        return kept, cut

    @cython.locals(start=cython.Py_ssize_t, q=cython.p_const_uchar, fits=cython.p_const_uchar)
    def segments(self, cards: bytes, down: cython.Py_ssize_t) -> tuple[int, ...]:
        """Where the column's top built sequence breaks into runs: the index of each run's
        lowest card, the top run first, going down while each run follows the card under it
        by the build (a card on a face-down card ends it)."""
        q, fits = cards, self.fits
        start = len(cards) - _run(self.chain, q, 0, len(cards), down)
        out = [start]
        while start > down and fits[q[start - 1] * _CARDS + q[start]]:
            start -= _run(self.chain, q, 0, start, down)
            out.append(start)
        return tuple(out)

    @cython.locals(by_top=cython.p_uchar)
    def sequence_moves(self, st: bytes) -> list[Step]:
        """Moves of several runs at once, built down, through the empty columns.

        A step ``(src, dst, count)`` whose ``count`` is more than the source's run moves the
        top ``count`` cards: whole runs (at least two), each following the one under it by
        the build, onto a card their lowest card follows or into an empty column. It stands
        for the plain moves :meth:`expand` gives, which need ``2 ** e`` runs at most, ``e``
        the empty columns other than ``dst``; its effect is :meth:`after`'s for the step.
        Only the whole sequence moves, or a part of it onto a card of its lowest card's run
        (:attr:`chain`); into an empty column only the whole sequence, off a card it does not
        follow.
        """
        if not self.mixed or not _gaps(st, self.n):
            return []
        view = self.view(st)
        cols = view.cols
        gaps = [d for d, cards in enumerate(cols) if not cards]
        chain = self.chain
        columns = bytearray(_CARDS + self.n)
        by_top = columns
        _by_top(st, self.n, by_top)
        most = 1 << len(gaps)
        out: list[Step] = []
        for s, cards in enumerate(cols):
            if not cards:
                continue
            starts = self._segments_of(cards, view.down[s])
            last = len(starts) - 1
            for k in range(1, min(len(starts), most)):
                at = starts[k]
                low = cards[at]
                count = len(cards) - at
                for lower in self.unders[low]:
                    if k == last or chain[lower * 52 + low]:
                        _add(out, s, by_top, lower, count)
                if k == last and k < most >> 1 and at:
                    out += [(s, d, count) for d in gaps]
        return out

    def expand(self, st: bytes, step: Step) -> list[Step]:
        """The plain moves that make ``step`` (itself, unless it is a sequence move of
        :meth:`sequence_moves`): the top half of the runs into an empty column, the rest onto
        the target, the half back on top, each part moved the same way with the empty
        columns left."""
        if step == DEAL:
            return [step]
        src, dst, count = step
        if count < 0:
            return self._swap_parts(st, step)
        view = self.view(st)
        cards = view.cols[src]
        if count <= self.run_length(cards, view.down[src]):
            return [step]
        at = len(cards) - count
        starts = [x for x in self._segments_of(cards, view.down[src]) if x >= at]
        free = [d for d, c in enumerate(view.cols) if not c and d != dst]
        if starts[-1] != at or len(starts) > 1 << len(free):
            raise ValueError(f"{step} is not a move of whole runs through the empty columns")
        bounds = [*reversed(starts), len(cards)]
        sizes = [high - low for low, high in pairwise(bounds)]
        return _plan(src, dst, sizes, free)

    def _swap_parts(self, st: bytes, step: Step) -> list[Step]:
        """The three plain moves of a :data:`SWAP` or :data:`DIG` step, through the first
        empty column that is neither of its own."""
        a, b, code = step
        kind, x, y = -code >> 12, -code >> 6 & 63, -code & 63
        n = self.n
        free = [d for d in range(n) if not st[n + d] and d != a and d != b]
        if kind not in (SWAP, DIG) or not 0 <= a < n or not 0 <= b < n or a == b or not free:
            raise ValueError(f"no swap {step} on this state")
        e = free[0]
        if kind == SWAP:
            return [(a, e, x), (b, a, y), (e, b, x)]
        return [(a, e, x), (a, b, y), (e, a, x)]

    @cython.locals(
        q=cython.p_const_uchar,
        chain=cython.p_const_uchar,
        fits=cython.p_const_uchar,
        col=cython.p_uchar,
        size=cython.p_uchar,
        low=cython.p_uchar,
        under=cython.p_uchar,
        first=cython.p_uchar,
        after=cython.p_uchar,
        by_top=cython.p_uchar,
        unders=tuple,
        out=list,
        n=cython.Py_ssize_t,
        c=cython.Py_ssize_t,
        k=cython.Py_ssize_t,
        i=cython.Py_ssize_t,
        j=cython.Py_ssize_t,
        at=cython.Py_ssize_t,
        end=cython.Py_ssize_t,
        run=cython.Py_ssize_t,
        count=cython.Py_ssize_t,
        rest=cython.Py_ssize_t,
        hidden=cython.Py_ssize_t,
        kz=cython.Py_ssize_t,
        a=cython.int,
        x0=cython.int,
        b=cython.int,
        y0=cython.int,
        u=cython.int,
        z0=cython.int,
        lower=cython.int,
        now=cython.int,
        old=cython.int,
        flips=cython.bint,
    )
    def swap_moves(self, st: bytes) -> list[Step]:
        """Two runs swapped (:data:`SWAP`), or a run dug out from under another
        (:data:`DIG`), through an empty column: three plain moves each (:meth:`expand`),
        offered only when the links they change get better (a card on one of its suit
        counts 2, on one it merely follows 1) or, for a dig, when it turns a card face up.
        Each moved part is the top of a column's run and lies on a face-up card."""
        check_packed(st, self.n)
        n, q, chain, fits, unders = self.n, st, self.chain, self.fits, self.unders
        if not _gaps(q, n):
            return []
        # the parts: for each column and each count of its run's top cards lying on a face-up
        # card, the column, the count, the lowest card moved and the card under it
        # (fewer than MOST_CARDS: each part lies on a card of its own, so a byte indexes them)
        buffers = [bytearray(MOST_CARDS) for _ in range(4)] + [bytearray(52), bytearray(MOST_CARDS)]
        col, size, low, under = buffers[0], buffers[1], buffers[2], buffers[3]
        first, after = buffers[4], buffers[5]  # for each card, the parts on it, in order
        count = 0
        at = _start(q, n, 0)
        for c in range(n):
            end = at + q[n + c]
            run = _run(chain, q, at, q[n + c], q[c])
            for k in range(1, run + 1):
                if q[n + c] - k > q[c]:
                    col[count] = c
                    size[count] = k
                    low[count] = q[end - k]
                    under[count] = q[end - k - 1]
                    count += 1
            at = end
        for i in range(52):
            first[i] = 255
        for i in range(count - 1, -1, -1):
            after[i] = first[under[i]]
            first[under[i]] = i
        out: list[Step] = []
        for i in range(count):
            a, x0 = under[i], low[i]
            now = _link(chain, fits, a, x0)
            for b in unders[x0]:
                j = first[b]
                while j != 255:
                    y0 = low[j]
                    if (
                        col[j] != col[i]
                        and fits[a * _CARDS + y0]
                        and _link(chain, fits, b, x0) + _link(chain, fits, a, y0)
                        > now + _link(chain, fits, b, y0)
                    ):
                        out.append((col[i], col[j], swapped(SWAP, size[i], size[j])))
                    j = after[j]
        columns = bytearray(_CARDS + n)
        by_top = columns
        _by_top(q, n, by_top)
        for i in range(count):
            c, a, x0 = col[i], under[i], low[i]
            at = _start(q, n, c)
            rest, hidden = q[n + c] - size[i], q[c]
            run = _run(chain, q, at, rest, hidden)
            for kz in range(1, min(run, rest - 1) + 1):
                z0, u = q[at + rest - kz], q[at + rest - kz - 1]
                if not fits[u * _CARDS + x0]:
                    continue
                flips = rest - kz - 1 < hidden
                old = _link(chain, fits, a, x0) + (0 if flips else _link(chain, fits, u, z0))
                for lower in unders[z0]:
                    if (
                        not flips
                        and _link(chain, fits, lower, z0) + _link(chain, fits, u, x0) <= old
                    ):
                        continue
                    _add(out, c, by_top, lower, swapped(DIG, size[i], kz))
        return out

    # ------------------------------------------------------------------ effects

    @cython.ccall
    def after(self, st: bytes, step: Step) -> bytes:
        """The state after a legal step and the automatic moves it brings."""
        check_packed(st, self.n)
        return self._after(st, step[0], step[1], step[2])

    @cython.cfunc
    @cython.locals(
        q=cython.p_const_uchar,
        aces=cython.p_const_uchar,
        n=cython.Py_ssize_t,
        a=cython.Py_ssize_t,
        b=cython.Py_ssize_t,
        rest=cython.Py_ssize_t,
        joined=cython.Py_ssize_t,
        hidden=cython.Py_ssize_t,
        flip=cython.bint,
    )
    def _after(
        self, st: bytes, src: cython.Py_ssize_t, dst: cython.Py_ssize_t, count: cython.Py_ssize_t
    ) -> bytes:
        """:meth:`after` on a state known to be packed well, for step ``(src, dst, count)``."""
        if src < 0 and dst < 0 and not count:
            return self._dealt(st)
        if count < 0:
            for part in self._swap_parts(st, (src, dst, count)):
                st = self.after(st, part)
            return st
        n, q, aces = self.n, st, self.aces
        if not (0 <= src < n and 0 <= dst < n and src != dst and 1 <= count <= q[n + src]):
            raise ValueError(f"no step {(src, dst, count)} on this state")
        a = _start(q, n, src)
        b = _start(q, n, dst)
        rest = q[n + src] - count
        joined = q[n + dst] + count
        hidden = q[src]
        flip = hidden != 0 and hidden == rest
        if src < dst:  # the moved cards go past the columns between
            child = _moved(st, a + rest, a + rest + count, b + q[n + dst], n, src, dst, count, flip)
        else:
            child = _moved(st, b + q[n + dst], a + rest, a + rest + count, n, src, dst, count, flip)
        if (rest - hidden >= _RUN and aces[q[a + rest - 1]]) or (
            joined - q[dst] >= _RUN and aces[q[a + rest + count - 1]]
        ):  # a run of 13 may go home
            child = _sent_home(child, n, src, self.chain, aces)
            child = _sent_home(child, n, dst, self.chain, aces)
        return child

    def _dealt(self, st: bytes) -> bytes:
        """The state after the stock move and the automatic moves it brings."""
        view = self.view(st)
        cols, stock = list(view.cols), view.stock
        for _ in range(self.deal_rounds):
            for t in range(len(cols)):
                if stock:
                    cols[t] += stock[-1:]
                    stock = stock[:-1]
        st = pack(cols, view.down, stock)
        for t in range(len(cols)):
            st = _sent_home(st, self.n, t, self.chain, self.aces)
        return st

    # ------------------------------------------------------------------ score

    def scorer(
        self, w: Weights = DEFAULT_WEIGHTS, share: Share | None = None
    ) -> Callable[[bytes], int]:
        """How promising a state looks (higher is better); orders the search, never prunes.

        Cards home count for, cards in the stock against; then each column's share
        (:meth:`share_of`; ``share`` when the caller has made it for ``w``).
        """
        column = share or self.share_of(w)
        w_home, w_stock = w.home, w.stock
        total, head = self.engine.card_total, self.head

        def score(st: bytes) -> int:
            stock = st[head - 1]
            return (total - stock) * w_home - w_stock * stock + column.total(st)

        return score

    def share_of(self, w: Weights = DEFAULT_WEIGHTS) -> Share:
        """Each column's share of the score with weights ``w`` (:class:`Share`)."""
        return Share(self.chain, self.fits, w, self.n)

    @cython.ccall
    def is_won(self, st: bytes) -> bool:
        """Every card home: no card left in the tableau or the stock."""
        return len(st) == self.head


@cython.cfunc
@cython.locals(p=cython.p_uchar, q=cython.p_const_uchar, size=cython.Py_ssize_t)
def _moved(
    st: bytes,
    x: cython.Py_ssize_t,
    y: cython.Py_ssize_t,
    z: cython.Py_ssize_t,
    n: cython.Py_ssize_t,
    src: cython.Py_ssize_t,
    dst: cython.Py_ssize_t,
    count: cython.Py_ssize_t,
    flip: cython.bint,
) -> bytes:
    """Packed state ``st`` with its bytes ``x:y`` and ``y:z`` swapped (``count`` cards moved
    from column ``src`` to ``dst``), the sizes changed and the card bared on ``src`` turned
    face up if ``flip``: one new ``bytes``, written before anything else sees it."""
    size = len(st)
    if cython.compiled:  # libc's memcpy into a new bytes object (state.pxd cimports them)
        out = PyBytes_FromStringAndSize(cython.NULL, size)  # type: ignore[name-defined,attr-defined]  # noqa: F821
        p = cython.cast(cython.p_uchar, PyBytes_AS_STRING(out))  # type: ignore[name-defined]  # noqa: F821
        q = st
        memcpy(p, q, x)  # type: ignore[name-defined]  # noqa: F821
        memcpy(cython.address(p[x]), cython.address(q[y]), z - y)  # type: ignore[name-defined]  # noqa: F821
        memcpy(cython.address(p[x + z - y]), cython.address(q[x]), y - x)  # type: ignore[name-defined]  # noqa: F821
        memcpy(cython.address(p[z]), cython.address(q[z]), size - z)  # type: ignore[name-defined]  # noqa: F821
    else:
        written = bytearray(st[:x] + st[y:z] + st[x:y] + st[z:])
        p = written
    p[n + src] -= count
    p[n + dst] += count
    if flip:
        p[src] -= 1
    return out if cython.compiled else bytes(written)


@cython.cfunc
@cython.locals(
    p=cython.p_uchar,
    q=cython.p_const_uchar,
    size=cython.Py_ssize_t,
    end=cython.Py_ssize_t,
    top=cython.Py_ssize_t,
)
def _sent_home(
    st: bytes,
    n: cython.Py_ssize_t,
    t: cython.Py_ssize_t,
    chain: cython.p_const_uchar,
    aces: cython.p_const_uchar,
) -> bytes:
    """Packed state ``st`` with each complete run on column ``t`` gone home (an Ace on top of
    13 cards that move together; :func:`runs_home_by_chain` checks this is the engine's
    test), and the card it bares turned face up."""
    while True:
        q = st
        top = q[n + t]
        if top - q[t] < _RUN:
            return st
        end = _start(q, n, t) + top
        if not aces[q[end - 1]] or _run(chain, q, end - top, top, q[t]) < _RUN:
            return st
        size = len(st) - _RUN
        if cython.compiled:  # as in _moved
            out = PyBytes_FromStringAndSize(cython.NULL, size)  # type: ignore[name-defined,attr-defined]  # noqa: F821
            p = cython.cast(cython.p_uchar, PyBytes_AS_STRING(out))  # type: ignore[name-defined]  # noqa: F821
            memcpy(p, q, end - _RUN)  # type: ignore[name-defined]  # noqa: F821
            memcpy(cython.address(p[end - _RUN]), cython.address(q[end]), size - end + _RUN)  # type: ignore[name-defined]  # noqa: F821
        else:
            written = bytearray(st[: end - _RUN] + st[end:])
            p = written
        p[n + t] -= _RUN
        if p[t] and p[t] == p[n + t]:
            p[t] -= 1
        st = out if cython.compiled else bytes(written)


def chain_of(engine: Engine) -> bytes:
    """Which card may lie on which in a run that moves together, indexed ``lower * 52 +
    upper``: the tableau's build, in one suit where the unit is a suit run."""
    first = engine.specs[engine.tableau[0]]
    if first.build is None:
        raise ValueError("a Spider tableau needs a build rule")
    fits = first.build.table
    if first.unit is not Unit.SUIT_RUN:
        return fits
    return bytes(
        fits[lo * 52 + up] and suit(lo) == suit(up) for lo in range(52) for up in range(52)
    )


def runs_home_by_chain(engine: Engine, chain: bytes) -> bool:
    """Is every run of 13 cards that move together by ``chain`` with an Ace on top one the
    engine sends home (:meth:`Engine.complete_run_on`)? Then the solver may test runs by
    ``chain`` alone. ``False`` too when there are too many such runs to check.

    >>> from patience.engine.game import engine_for
    >>> from patience.games import get_game
    >>> table = SpiderTable(engine_for(get_game("spider").rules({"suits": "2"})))
    >>> runs_home_by_chain(table.engine, table.chain)
    True
    >>> runs_home_by_chain(table.engine, table.fits)  # runs of either suit
    False
    """
    cards = sorted(set(engine.rules.pack))
    runs = [[c] for c in cards if rank(c) == ACE]
    for _ in range(_RUN - 1):
        runs = [[lo, *run] for run in runs for lo in cards if chain[lo * _CARDS + run[0]]]
        if len(runs) > _MOST_RUNS:
            return False
    return all(Engine.complete_run_on(run, 0) for run in runs)


@cython.cclass
class Share:
    """Each column's share of the score: face-down cards count against; each face-up pair of
    neighbours counts for when it stays together in a run, a little when it merely follows
    the build, and against when it breaks the build; an empty column counts for. Cards in the
    column count against (they are not home). Most moves change two columns, so a child's
    score is its parent's with those two shares changed.
    """

    # its fields are declared in state.pxd

    def __init__(self, chain: bytes, fits: bytes, w: Weights, n: int) -> None:
        self.chain, self.fits = chain, fits
        self.suit, self.follows, self.brk, self.home = w.suit, w.follows, w.brk, w.home
        self.down, self.covered, self.empty = w.down, w.covered, w.empty
        self.n = n

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.locals(
        i=cython.Py_ssize_t,
        pair=cython.Py_ssize_t,
        value=cython.int,
        chain=cython.p_const_uchar,
        fits=cython.p_const_uchar,
    )
    def _of(
        self,
        q: cython.p_const_uchar,
        at: cython.Py_ssize_t,
        size: cython.Py_ssize_t,
        hidden: cython.Py_ssize_t,
    ) -> cython.int:
        """The share of the column of ``size`` cards from ``q[at]``, ``hidden`` face down."""
        if not size:
            return self.empty
        value = -self.down * hidden - self.home * size - (self.covered if hidden else 0)
        chain, fits = self.chain, self.fits
        for i in range(at + hidden + 1, at + size):
            pair = q[i - 1] * _CARDS + q[i]
            if chain[pair]:
                value += self.suit
            elif fits[pair]:
                value += self.follows
            else:
                value -= self.brk
        return value

    @cython.ccall
    @cython.locals(
        q=cython.p_const_uchar,
        n=cython.Py_ssize_t,
        c=cython.Py_ssize_t,
        at=cython.Py_ssize_t,
        value=cython.int,
    )
    def total(self, st: bytes) -> cython.int:
        """The shares of every column of packed state ``st``."""
        check_packed(st, self.n)
        q, n = st, self.n
        at = _start(q, n, 0)
        value = 0
        for c in range(n):
            value += self._of(q, at, q[n + c], q[c])
            at += q[n + c]
        return value

    @cython.ccall
    def change(
        self, old: bytes, new: bytes, src: cython.Py_ssize_t, dst: cython.Py_ssize_t
    ) -> cython.int:
        """How the shares of columns ``src`` and ``dst`` differ from packed state ``old`` to
        ``new`` (the others are alike after a move)."""
        check_packed(old, self.n)
        check_packed(new, self.n)
        if not (0 <= src < self.n and 0 <= dst < self.n):
            raise ValueError(f"no columns {src} and {dst}")
        return self._change(old, new, src, dst)

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.locals(p=cython.p_const_uchar, q=cython.p_const_uchar, n=cython.Py_ssize_t)
    def _change(
        self, old: bytes, new: bytes, src: cython.Py_ssize_t, dst: cython.Py_ssize_t
    ) -> cython.int:
        """:meth:`change` for packed states and columns known to be good."""
        p, q, n = old, new, self.n
        return (
            self._of(q, _start(q, n, src), q[n + src], q[src])
            + self._of(q, _start(q, n, dst), q[n + dst], q[dst])
            - self._of(p, _start(p, n, src), p[n + src], p[src])
            - self._of(p, _start(p, n, dst), p[n + dst], p[dst])
        )


def _plan(src: int, dst: int, sizes: list[int], free: list[int]) -> list[Step]:
    """Plain moves taking runs of ``sizes`` cards (lowest run first, each following the one
    under it) from the top of ``src`` to ``dst`` with the empty columns ``free``."""
    if len(sizes) == 1:
        return [(src, dst, sizes[0])]
    half = len(sizes) // 2
    spare, rest = free[0], free[1:]
    top, bottom = sizes[-half:], sizes[:-half]
    return (
        _plan(src, spare, top, rest) + _plan(src, dst, bottom, rest) + _plan(spare, dst, top, rest)
    )
