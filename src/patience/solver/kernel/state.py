"""The kernel's compact state, as a tuple of ``bytes`` and as a flat board, and one step on a
board (the move, the safe moves home after it, and the key). Compiled by Cython where it can
be: a board is then read and written through a C pointer.

A state is ``(columns, cells, home)``: each column a ``bytes`` of cards bottom first, the
cells a ``bytes`` with :data:`EMPTY` for a free cell, ``home`` a ``bytes`` of four counts. A
step is ``(src, dst, count)``: columns are numbered from 0, cells follow them, and
:data:`HOME` is the foundation of the card's suit.

A board is the same state in one ``bytearray`` of fixed size, which the search works on:
the column and cell counts, each column's length, the cells, the four counts home, then the
columns' cards one column after another (bottom first), then zeros for the cards home. A
step on a board is three bytes: source, destination (255 for :data:`HOME`), count.

>>> state = ((b"\\x00", b""), bytes([EMPTY]), bytes(4))
>>> play(state, (0, HOME, 1))
((b'', b''), b'\\xff', b'\\x01\\x00\\x00\\x00')
>>> key(state) == key(((b"", b"\\x00"), bytes([EMPTY]), bytes(4)))
True
>>> board = board_of(state)
>>> list(board[:8]), len(board), state_of_board(board) == state
([2, 1, 1, 0, 255, 0, 0, 0], 61, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import cython

from patience.cards import ALL_CARDS, rank, suit

EMPTY = 255
"""A free cell's byte."""
HOME = -1
"""The destination of a move to the foundations."""
TO_HOME = 255
"""The destination byte of a step home on a board."""
CARDS = len(ALL_CARDS)

State = tuple[tuple[bytes, ...], bytes, bytes]
Step = tuple[int, int, int]
"""A move in the compact state: source, destination, card count."""
Line = bytes
"""Steps one after another as on a board, three bytes each (:data:`TO_HOME` for
:data:`HOME`): how the scans answer a line (:func:`steps_of` reads it as steps)."""
Board = bytearray
"""A state in one flat buffer (see the module's docstring)."""

SUIT = bytes(suit(c) for c in ALL_CARDS)
RANK0 = bytes(rank(c) - 1 for c in ALL_CARDS)
"""Each card's rank counted from 0: how many of its suit are home when it may go home."""
_SUIT = SUIT
_CARDS = cython.declare(cython.int, CARDS)
_EMPTY = cython.declare(cython.int, EMPTY)
_TO_HOME = cython.declare(cython.int, TO_HOME)
_RANK0 = RANK0
ON_TOP = CARDS
"""In a key: the card is the top of its column."""
IN_CELL = CARDS + 1
"""In a key: the card lies in a cell."""
AT_HOME = CARDS + 2
"""In a key: the card is home."""
_CLASH = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
""":func:`with_card`'s answer for a card that is none or met twice (no set of cards is it)."""
_ON_TOP = cython.declare(cython.int, ON_TOP)
_IN_CELL = cython.declare(cython.int, IN_CELL)
_AT_HOME = cython.declare(cython.int, AT_HOME)
KEY_AT = 1 + 3 * (_CARDS + 1)
"""Where :meth:`~.states.States.add` builds a key in its ``work``; the steps played come before."""
_KEY_AT = cython.declare(cython.int, KEY_AT)
KEY_WORDS = cython.declare(cython.int, (CARDS + 7) // 8)
"""A key's length in eight-byte words, zeros after its :data:`CARDS` bytes: the table reads
and compares it a word at a time (``KEY_AT`` is a multiple of eight)."""
WORK_SIZE = KEY_AT + 8 * KEY_WORDS
"""The length of the ``work`` buffer :meth:`~.states.States.add` needs."""


def board_size(columns: int, cells: int) -> int:
    """The length of a board of ``columns`` columns and ``cells`` cells."""
    return 2 + columns + cells + 4 + _CARDS


@cython.locals(
    n=cython.int,
    c=cython.int,
    i=cython.int,
    at=cython.int,
    size=cython.int,
    column=bytes,
    p=cython.p_const_uchar,
    q=cython.p_uchar,
    card=cython.int,
    seen=cython.ulonglong,
)
def board_of(state: State) -> Board:
    """The board of ``state``. A state the kernel's C code could not read safely is refused:
    more than a pack's cards out, not four counts home, a byte that is no card, a card out
    twice, or a count home over 13.

    >>> board_of(((b"\\x00" * 53,), b"", bytes(4)))
    Traceback (most recent call last):
    ValueError: no board holds 1 column of 53 cards, 0 cells and 4 counts home
    >>> board_of(((b"\\x05", b"\\x05"), bytes([EMPTY]), bytes(4)))
    Traceback (most recent call last):
    ValueError: card 5 is out twice, or is no card
    """
    columns, cells, home = state
    n, c = len(columns), len(cells)
    size = 0
    for column in columns:
        size += len(column)
    if size > _CARDS or len(home) != 4 or n > 255 or c > 255:
        raise ValueError(
            f"no board holds {n} column{'s' * (n != 1)} of {size} cards, {c} cells and "
            f"{len(home)} counts home"
        )
    board = bytearray(board_size(n, c))
    board[0] = n
    board[1] = c
    at = 6 + n + c
    for i in range(n):
        column = columns[i]
        size = len(column)
        board[2 + i] = size
        if cython.compiled:  # libc's memcpy (state.pxd cimports it)
            p = column
            q = board
            memcpy(cython.address(q[at]), p, size)  # type: ignore[name-defined]  # noqa: F821
        else:
            board[at : at + size] = column
        at += size
    board[2 + n : 2 + n + c] = cells
    board[2 + n + c : 6 + n + c] = home
    if max(home) > 13:
        raise ValueError(f"{max(home)} cards of a suit home")
    seen = 0
    for i in range(2 + n, at):  # the cells, then (past the counts home) the columns' cards
        card = board[i]
        if (i < 2 + n + c and card != _EMPTY) or i >= 6 + n + c:
            seen = with_card(seen, card)
            if seen >> _CARDS:
                raise ValueError(f"card {card} is out twice, or is no card")
    return board


@cython.locals(q=cython.p_const_uchar, n=cython.int, c=cython.int, at=cython.int, i=cython.int)
def state_of_board(board: Board) -> State:
    """The state of ``board``."""
    n, c = board[0], board[1]
    at = 6 + n + c
    columns: list[bytes] = []
    if cython.compiled:  # a slice of a C pointer is bytes at once
        q = board
        for i in range(n):
            columns.append(cython.cast(bytes, q[at : at + q[2 + i]]))
            at += q[2 + i]
        return (
            tuple(columns),
            cython.cast(bytes, q[2 + n : 2 + n + c]),
            cython.cast(bytes, q[2 + n + c : 6 + n + c]),
        )
    for i in range(n):
        columns.append(bytes(board[at : at + board[2 + i]]))
        at += board[2 + i]
    return tuple(columns), bytes(board[2 + n : 2 + n + c]), bytes(board[2 + n + c : 6 + n + c])


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(at=cython.int, i=cython.int)
def top_of(q: cython.p_const_uchar, place: cython.int) -> cython.int:
    """The top card of ``place`` (a column or a cell, not empty) on board ``q``."""
    if place >= q[0]:
        return q[2 + place]
    at = 6 + q[0] + q[1]
    for i in range(place + 1):
        at += q[2 + i]
    return q[at - 1]


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(h=cython.int)
def home_of(q: cython.p_const_uchar) -> cython.int:
    """How many cards are home on board ``q``."""
    h = 2 + q[0] + q[1]
    return q[h] + q[h + 1] + q[h + 2] + q[h + 3]


@cython.cfunc
@cython.exceptval(check=False)
def with_card(seen: cython.ulonglong, card: cython.int) -> cython.ulonglong:
    """The cards ``seen`` (a bit each) with ``card`` too; every bit set where ``card`` is no
    card or is met already, and so from then on: ``seen >> CARDS`` is nonzero only then.

    >>> one = with_card(0, 5)
    >>> one == 1 << 5, with_card(one, 5) >> CARDS > 0, with_card(with_card(one, 60), 6) >> CARDS > 0
    (True, True, True)
    """
    if not 0 <= card < _CARDS or seen >> card & 1:
        return _CLASH
    return seen | cython.cast(cython.ulonglong, 1) << card


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(i=cython.int)
def play_on(
    p: cython.p_const_uchar, q: cython.p_uchar, src: cython.int, dst: cython.int, count: cython.int
) -> cython.void:
    """Board ``q`` becomes board ``p`` after the step (no automatic move)."""
    for i in range(6 + p[0] + p[1] + _CARDS):
        q[i] = p[i]
    play_in(q, src, dst, count)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(lo=cython.int, hi=cython.int, t=cython.uchar)
def _reverse(q: cython.p_uchar, lo: cython.int, hi: cython.int) -> cython.void:
    hi -= 1
    while lo < hi:
        t = q[lo]
        q[lo] = q[hi]
        q[hi] = t
        lo += 1
        hi -= 1


@cython.cfunc
@cython.exceptval(check=False)
def _shift(q: cython.p_uchar, to: cython.int, start: cython.int, count: cython.int) -> cython.void:
    """Move the ``count`` bytes of ``q`` from ``start`` on to ``to`` (they may overlap): libc's
    ``memmove`` compiled (state.pxd cimports it), a slice interpreted."""
    if cython.compiled:
        memmove(cython.address(q[to]), cython.address(q[start]), count)  # type: ignore[name-defined]  # noqa: F821
    else:
        q[to : to + count] = q[start : start + count]


@cython.cfunc
@cython.exceptval(check=False)
def play_in(q: cython.p_uchar, src: cython.int, dst: cython.int, count: cython.int) -> cython.void:
    """Board ``q`` after the step, in place (no automatic move): only the cards between the
    two places shift (a block moves by three reversals)."""
    _step_on(q, src, dst, count, False)


@cython.cfunc
@cython.exceptval(check=False)
def play_hashed(
    q: cython.p_uchar, src: cython.int, dst: cython.int, count: cython.int
) -> cython.ulonglong:
    """:func:`play_in`, answering how the step changes the hash of the board's key
    (:func:`key_hash`: the exclusive or of the old and the new)."""
    return _step_on(q, src, dst, count, True)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(n=cython.int, places=cython.int)
def step_fault(
    q: cython.p_const_uchar, src: cython.int, dst: cython.int, count: cython.int
) -> cython.bint:
    """Could the step not be played on board ``q``: a place that is none, no card or too few
    to move, more than one card home or into a cell, a cell that is not free? (The C step
    would write past the board; whether the rules allow it is the engine's to judge.)"""
    n = q[0]
    places = n + q[1]
    if not (0 <= src < places and (dst == _TO_HOME or 0 <= dst < places) and src != dst):
        return True
    if count < 1 or (src < n and q[2 + src] < count):
        return True
    if src >= n and (count > 1 or q[2 + src] == _EMPTY):
        return True
    if dst == _TO_HOME:
        return count > 1
    return dst >= n and (count > 1 or q[2 + dst] != _EMPTY)


def _played(board: Board, step_: Step) -> tuple[int, int, int]:
    """``step_`` as the C step takes it (:data:`TO_HOME` for :data:`HOME`), once
    :func:`step_fault` finds nothing wrong with it on ``board``."""
    src, dst, count = step_[0], _place_byte(step_[1]), step_[2]
    if not 0 <= dst <= 255 or step_fault(board, src, dst, count):
        raise ValueError(f"no step {step_} on this board")
    return src, dst, count


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(
    n=cython.int,
    c=cython.int,
    head=cython.int,
    i=cython.int,
    start=cython.int,
    ins=cython.int,
    total=cython.int,
    card=cython.int,
    change=cython.ulonglong,
    was=cython.int,
    now=cython.int,
    z=cython.p_const_uchar,
)
def _step_on(
    q: cython.p_uchar, src: cython.int, dst: cython.int, count: cython.int, hashed: cython.bint
) -> cython.ulonglong:
    """The step on board ``q``, in place; with ``hashed``, how it changes the key's hash
    (else 0). Inlined into both callers, so :func:`play_in` does no hashing."""
    z = _ZOBRIST
    n = q[0]
    c = q[1]
    head = 6 + n + c
    total = head
    start = -1
    ins = -1
    for i in range(n):
        if i == src:
            start = total + q[2 + i] - count
        total += q[2 + i]
        if i == dst:
            ins = total
    change = 0
    card = q[start] if src < n else q[2 + src]  # the bottom card of what moves
    if hashed:
        if src < n and q[2 + src] > count:  # the card below it is bared
            change ^= _link(z, q[start - 1], card) ^ _link(z, q[start - 1], _ON_TOP)
        if dst < n and q[2 + dst]:  # it goes onto the top card of a column
            change ^= _link(z, q[ins - 1], _ON_TOP) ^ _link(z, q[ins - 1], card)
        # what lies on the card itself: the top of a column, a cell, or nothing once home
        was = _ON_TOP if src < n else _IN_CELL
        now = _AT_HOME if dst == _TO_HOME else (_ON_TOP if dst < n else _IN_CELL)
        if was != now:
            change ^= _link(z, card, was) ^ (0 if now == _AT_HOME else _link(z, card, now))
    if src < n:
        if dst < n and count == 1:  # one card: the cards between shift by one
            if dst > src:
                _shift(q, start, start + 1, ins - start - 1)
                q[ins - 1] = card
            else:
                _shift(q, ins + 1, ins, start - ins)
                q[ins] = card
        elif dst < n:
            if dst > src:
                _reverse(q, start, start + count)
                _reverse(q, start + count, ins)
                _reverse(q, start, ins)
            else:
                _reverse(q, ins, start)
                _reverse(q, start, start + count)
                _reverse(q, ins, start + count)
        else:
            _shift(q, start, start + 1, total - 1 - start)
            q[total - 1] = 0
        q[2 + src] -= count
    else:
        q[2 + src] = _EMPTY
        if dst < n:
            _shift(q, ins + 1, ins, total - ins)
            q[ins] = card
    if dst == _TO_HOME:
        q[2 + n + c + _SUIT[card]] += 1
    elif dst < n:
        q[2 + dst] += count
    else:
        q[2 + dst] = card
    return change


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(h=cython.int, s=cython.int)
def _safe(q: cython.p_const_uchar, needs: cython.p_const_uchar, card: cython.int) -> cython.bint:
    """May ``card`` go home from board ``q`` as a safe move (``needs``: see
    :meth:`~.states.States.add`)?"""
    h = 2 + q[0] + q[1]
    if q[h + _SUIT[card]] != _RANK0[card]:
        return False
    for s in range(4):  # noqa: SIM110 (all() over a generator would not compile to a C loop)
        if q[h + s] < needs[card * 4 + s]:
            return False
    return True


@cython.cfunc
@cython.exceptval(check=False)
def _home_step(out: cython.p_uchar, made: cython.int, src: cython.int) -> cython.int:
    """Write the step of one card home from ``src`` at ``out[1 + made * 3]``; ``made`` + 1."""
    out[1 + made * 3] = src
    out[2 + made * 3] = _TO_HOME
    out[3 + made * 3] = 1
    return made + 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    n=cython.int,
    c=cython.int,
    i=cython.int,
    j=cython.int,
    k=cython.int,
    at=cython.int,
    end=cython.int,
    last=cython.int,
    card=cython.int,
    moved=cython.bint,
)
def settle_on(
    q: cython.p_uchar,
    needs: cython.p_const_uchar,
    src: cython.int,
    dst: cython.int,
    out: cython.p_uchar,
    made: cython.int,
) -> cython.int:
    """Play every safe move home on board ``q``, reached by a step from ``src`` to ``dst``;
    each is written at ``out[1 + made * 3]`` on as three bytes. Returns ``made`` plus their
    number.

    The board before the step had no safe move left (as every board this leaves): then only
    a move home or the card a move uncovers can make one.
    """
    n = q[0]
    c = q[1]
    if dst != _TO_HOME:
        if src >= n or not q[2 + src]:
            return made
        at = 6 + n + c
        for i in range(src + 1):
            at += q[2 + i]
        if not _safe(q, needs, q[at - 1]):
            return made
    last = 6 + n + c + _CARDS - 1
    moved = True
    while moved:
        moved = False
        at = 6 + n + c
        for i in range(n):
            end = at + q[2 + i]
            while end > at and _safe(q, needs, q[end - 1]):
                card = q[end - 1]
                q[2 + n + c + _SUIT[card]] += 1
                for k in range(end - 1, last):
                    q[k] = q[k + 1]
                q[last] = 0
                q[2 + i] -= 1
                end -= 1
                made = _home_step(out, made, i)
                moved = True
            at = end
        for j in range(c):
            card = q[2 + n + j]
            if card != _EMPTY and _safe(q, needs, card):
                q[2 + n + c + _SUIT[card]] += 1
                q[2 + n + j] = _EMPTY
                made = _home_step(out, made, n + j)
                moved = True
    return made


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    n=cython.int, c=cython.int, i=cython.int, k=cython.int, at=cython.int, size=cython.int
)
def write_key(q: cython.p_const_uchar, w: cython.p_uchar, o: cython.int) -> cython.void:
    """Write the key of board ``q`` (see :func:`key`) in ``w`` from ``o`` on."""
    n = q[0]
    c = q[1]
    for i in range(_CARDS):
        w[o + i] = _AT_HOME
    at = 6 + n + c
    for i in range(n):
        size = q[2 + i]
        for k in range(size - 1):
            w[o + q[at + k]] = q[at + k + 1]
        if size:
            w[o + q[at + size - 1]] = _ON_TOP
        at += size
    for i in range(c):
        k = q[2 + n + i]
        if k != _EMPTY:
            w[o + k] = _IN_CELL
    for i in range(_CARDS, 8 * KEY_WORDS):
        w[o + i] = 0


_LINKS = cython.declare(cython.int, CARDS + 2)
"""What a hashed key tells apart on a card: the card on it, the top of a column, a cell."""


def _zobrist_values() -> bytes:
    """A random 64-bit value (eight bytes, low first) for each card and what lies on it,
    drawn by splitmix64 from a fixed seed: the same on every machine."""
    out = bytearray()
    x = 0
    for _ in range(CARDS * _LINKS):
        x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        out += (z ^ (z >> 31)).to_bytes(8, "little")
    return bytes(out)


ZOBRIST = _zobrist_values()
_ZOBRIST = ZOBRIST
"""Compiled, a C pointer into ``ZOBRIST`` (state.pxd), read as eight-byte words."""


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(at=cython.int, words=cython.p_ulonglong)
def _link(z: cython.p_const_uchar, card: cython.int, on: cython.int) -> cython.ulonglong:
    """The value of ``card`` with ``on`` lying on it, from the values ``z`` (:data:`ZOBRIST`)."""
    if cython.compiled:
        words = cython.cast(cython.p_ulonglong, cython.cast(cython.p_uchar, z))
        return words[card * _LINKS + on]  # type: ignore[no-any-return]
    at = 8 * (card * _LINKS + on)
    return int.from_bytes(z[at : at + 8], "little")


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(
    n=cython.int,
    c=cython.int,
    i=cython.int,
    k=cython.int,
    at=cython.int,
    size=cython.int,
    below=cython.int,
    card=cython.int,
    h=cython.ulonglong,
    z=cython.p_const_uchar,
)
def key_hash(q: cython.p_const_uchar) -> cython.ulonglong:
    """A 64-bit hash of the key of board ``q`` (:func:`key`), read from the board without
    writing the key: the exclusive or of a random value for each card not home and what lies
    on it (Zobrist's hashing; a card home adds nothing, and the cards not home say which are
    home). Boards alike up to the order of their columns and of their cells hash alike, as
    their keys are equal; others collide by chance only (:func:`hash_of` has an example)."""
    z = _ZOBRIST
    n = q[0]
    c = q[1]
    h = 0
    at = 6 + n + c
    for i in range(n):
        size = q[2 + i]
        if not size:
            continue
        below = q[at]
        for k in range(at + 1, at + size):
            card = q[k]
            h ^= _link(z, below, card)
            below = card
        h ^= _link(z, below, _ON_TOP)
        at += size
    for i in range(c):
        card = q[2 + n + i]
        if card != _EMPTY:
            h ^= _link(z, card, _IN_CELL)
    return h


@cython.cfunc
def key_in(q: cython.p_const_uchar, w: cython.p_uchar, o: cython.int) -> bytes:
    """The key of board ``q``, built in ``w`` from ``o`` on."""
    write_key(q, w, o)
    return bytes(w[o : o + _CARDS])


_SLOTS = cython.declare(cython.int, 1 << 8)
"""The slots a new :class:`Seen` starts with (it doubles them when half are taken)."""
FNV_BASIS = cython.declare(cython.ulonglong, 14695981039346656037)
FNV_PRIME = cython.declare(cython.ulonglong, 1099511628211)
"""FNV-1a's 64-bit constants: a key's hash takes them eight bytes at a time, each product's
high bits folded down (Spider's key hash reads them too, a byte at a time)."""


@cython.cfunc
@cython.locals(
    i=cython.ulonglong,
    at=cython.ulonglong,
    mask=cython.ulonglong,
    old=cython.p_uint,
    new=cython.p_uint,
)
def _doubled(before: bytearray, below: cython.ulonglong) -> bytearray:
    """A table of twice the slots of ``before`` (``below + 1`` of them), each slot two
    four-byte words, a free slot both 0: each taken slot placed again, from where its first
    word says (:class:`Seen`'s hash and number, :class:`Met`'s hash)."""
    mask = 2 * below + 1
    after = bytearray(8 * (mask + 1))
    old = cython.cast(cython.p_uint, cython.cast(cython.p_uchar, before))
    new = cython.cast(cython.p_uint, cython.cast(cython.p_uchar, after))
    for i in range(below + 1):
        if old[2 * i] or old[2 * i + 1]:
            at = old[2 * i] & mask
            while new[2 * at] or new[2 * at + 1]:
                at = (at + 1) & mask
            new[2 * at] = old[2 * i]
            new[2 * at + 1] = old[2 * i + 1]
    return after


@cython.cclass
class _Slots:
    """Compiled, a table of eight-byte slots (two four-byte words each; 0 and 0: a free slot)
    found by open addressing and doubled when half are taken, and how many are taken: what
    :class:`Seen` and :class:`Met` each keep in them is theirs to say."""

    count: cython.int
    slots: bytearray
    mask: cython.ulonglong

    def __init__(self) -> None:
        self.count = 0
        self.mask = _SLOTS - 1
        if cython.compiled:
            self.slots = bytearray(8 * _SLOTS)

    def __len__(self) -> int:
        return self.count

    @cython.cfunc
    @cython.exceptval(check=True)
    def _grow(self) -> cython.void:
        """Twice the slots, each placed again from where its first word says (:func:`_doubled`)."""
        self.slots = _doubled(self.slots, self.mask)
        self.mask = 2 * self.mask + 1


@cython.cclass
class Seen(_Slots):
    """The kernel's transposition table: the keys (:func:`key`) of the states a scan has met.

    A scan skips a state whose key it has met: that state was (or will be) searched from
    where it was first met, so skipping it loses no win, and a proof stays a proof.
    Compiled, the keys lie one after another in one buffer, found through a table of
    their hashes (open addressing), and :meth:`~.states.States.add` tests a key where it built it;
    interpreted, they are a set of ``bytes``. Either way a key is met once.

    >>> seen = Seen()
    >>> k = key(((b"\\x00",), bytes([EMPTY]), bytes(4)))
    >>> seen.first(k), seen.first(k), seen.first(bytes(CARDS)), len(seen)
    (True, False, True, 2)
    """

    keys: set[bytes]
    """Interpreted: the keys met."""
    arena: bytearray
    """Compiled: the keys met, :data:`KEY_WORDS` words each (padded with zeros), in the
    order met; a slot holds four bytes of a key's hash and four of its number plus one."""

    def __init__(self) -> None:
        _Slots.__init__(self)
        if cython.compiled:
            self.arena = bytearray(8 * KEY_WORDS * _SLOTS // 2)
        else:
            self.keys = set()

    def first(self, key: bytes) -> bool:
        """Is ``key`` met for the first time? (It is remembered.) A key is a byte a card.

        >>> Seen().first(b"short")
        Traceback (most recent call last):
        ValueError: a key is 52 bytes, not 5
        """
        if len(key) != _CARDS:
            raise ValueError(f"a key is {_CARDS} bytes, not {len(key)}")
        if cython.compiled:
            return self._first(key + bytes(8 * KEY_WORDS - _CARDS), 0)
        if key in self.keys:
            return False
        self.keys.add(key)
        self.count += 1
        return True

    @cython.cfunc
    @cython.locals(
        h=cython.ulonglong,
        i=cython.int,
        at=cython.ulonglong,
        number=cython.uint,
        table=cython.p_uint,
        words=cython.p_ulonglong,
        kept=cython.p_ulonglong,
        base=cython.ulonglong,
        same=cython.bint,
    )
    def _first(self, k: cython.p_const_uchar, o: cython.int) -> cython.bint:
        """:meth:`first` of the key at ``k[o]`` (eight-byte aligned, :data:`KEY_WORDS`
        words with the padding zero), compiled."""
        words = cython.cast(cython.p_ulonglong, cython.address(k[o]))
        h = FNV_BASIS
        for i in range(KEY_WORDS):
            h = (h ^ words[i]) * FNV_PRIME
            h ^= h >> 29
        table = cython.cast(cython.p_uint, cython.cast(cython.p_uchar, self.slots))
        kept = cython.cast(cython.p_ulonglong, cython.cast(cython.p_uchar, self.arena))
        at = h & self.mask
        while True:
            number = table[2 * at + 1]
            if number == 0:
                break
            if table[2 * at] == cython.cast(cython.uint, h):
                base = (number - 1) * KEY_WORDS
                same = True
                for i in range(KEY_WORDS):
                    if kept[base + i] != words[i]:
                        same = False
                        break
                if same:
                    return False
            at = (at + 1) & self.mask
        if (self.count + 1) * 8 * KEY_WORDS > len(self.arena):
            self.arena.extend(bytes(len(self.arena)))
            kept = cython.cast(cython.p_ulonglong, cython.cast(cython.p_uchar, self.arena))
        base = self.count * KEY_WORDS
        for i in range(KEY_WORDS):
            kept[base + i] = words[i]
        self.count += 1
        table[2 * at] = cython.cast(cython.uint, h)
        table[2 * at + 1] = self.count
        if 2 * self.count > self.mask:
            self._grow()
        return True


@cython.final
@cython.cclass
class Met(_Slots):
    """The hashes (:func:`key_hash`) of the keys a scan that never proves has met. Two states
    whose keys hash alike count as one, so such a scan may pass over a state it has not met
    (a chance of about one in 2**64 over the states it has met), which can cost it a win but
    never makes a wrong answer: its wins are replayed, and it proves nothing. Compiled, the
    hashes lie in a table of eight-byte slots (open addressing, doubled when half full);
    interpreted, in a set. The hash 0 is taken as 1 (0 marks a free slot).

    >>> met = Met()
    >>> met.first(5), met.first(5), met.first(0), met.first(1), len(met)
    (True, False, True, False, 2)
    """

    hashes: set[int]
    """Interpreted: the hashes met (compiled, a slot each: its low four bytes, then its high
    four)."""

    def __init__(self) -> None:
        _Slots.__init__(self)
        if not cython.compiled:
            self.hashes = set()

    @cython.ccall
    @cython.locals(at=cython.ulonglong, table=cython.p_uint, low=cython.uint, high=cython.uint)
    def first(self, h: cython.ulonglong) -> cython.bint:
        """Is hash ``h`` met for the first time? (It is remembered.)"""
        if h == 0:
            h = 1
        if not cython.compiled:
            if h in self.hashes:
                return False
            self.hashes.add(h)
            self.count += 1
            return True
        table = cython.cast(cython.p_uint, cython.cast(cython.p_uchar, self.slots))
        low = cython.cast(cython.uint, h)
        high = cython.cast(cython.uint, h >> 32)
        at = low & self.mask
        while table[2 * at] or table[2 * at + 1]:
            if table[2 * at] == low and table[2 * at + 1] == high:
                return False
            at = (at + 1) & self.mask
        table[2 * at] = low
        table[2 * at + 1] = high
        self.count += 1
        if 2 * self.count > self.mask:
            self._grow()
        return True


def decoded(steps: Board | bytes, at: int) -> Step:
    """The step written at ``steps[at]`` as three bytes.

    >>> decoded(bytes([0, TO_HOME, 1, 3, 8, 1]), 3)
    (3, 8, 1)
    >>> decoded(bytes([0, TO_HOME, 1]), 1)
    Traceback (most recent call last):
    IndexError: no step of three bytes at 1 of 3
    """
    if not 0 <= at <= len(steps) - 3:
        raise IndexError(f"no step of three bytes at {at} of {len(steps)}")
    return step_at(steps, at)


@cython.cfunc
def step_at(s: cython.p_const_uchar, at: cython.int) -> Step:
    """:func:`decoded`, for the compiled scans to call without a Python call."""
    return s[at], HOME if s[at + 1] == _TO_HOME else s[at + 1], s[at + 2]


def play(state: State, step_: Step) -> State:
    """The state after ``step_`` (no automatic move)."""
    board = board_of(state)
    src, dst, count = _played(board, step_)
    after = bytearray(len(board))
    play_on(board, after, src, dst, count)
    return state_of_board(after)


def hash_after(state: State, step_: Step) -> int:
    """The hash of the key (:func:`key_hash`) after ``step_``, worked out from the state's
    hash and what the step changes (:func:`play_hashed`'s answer), as the macro scan keeps it,
    not read from the new board.

    >>> start = ((b"\\x00\\x01", b"\\x02"), bytes([EMPTY]), bytes(4))
    >>> hash_after(start, (0, 1, 1)) == hash_of(play(start, (0, 1, 1)))
    True
    """
    board = board_of(state)
    src, dst, count = _played(board, step_)
    return hash_of(state) ^ play_hashed(board, src, dst, count)


def settle(state: State, step_: Step, needs: bytes) -> tuple[State, Line]:
    """``state`` (reached by ``step_``) after every safe move home, and those moves
    (``needs`` as for :meth:`~.states.States.add`; a step home settles the whole state).

    >>> settle(((b"\\x00",), b"", bytes(4)), (3, 0, 1), bytes(4 * CARDS))
    Traceback (most recent call last):
    ValueError: no step (3, 0, 1) into or out of a board of 1 places
    """
    board = board_of(state)
    if not (0 <= step_[0] < board[0] + board[1] and (step_[1] == HOME or 0 <= step_[1] < 255)):
        raise ValueError(f"no step {step_} into or out of a board of {board[0] + board[1]} places")
    out = bytearray(KEY_AT)
    made = settle_on(board, needs, step_[0], _place_byte(step_[1]), out, 0)
    if not made:
        return state, b""
    return state_of_board(board), bytes(out[1 : 1 + 3 * made])


def steps_of(line: Line) -> list[Step]:
    """The steps of ``line``.

    >>> steps_of(bytes([0, TO_HOME, 1, 3, 8, 2]))
    [(0, -1, 1), (3, 8, 2)]
    >>> steps_of(bytes([0, TO_HOME]))
    Traceback (most recent call last):
    ValueError: a line of 2 bytes is not of steps of three
    """
    check_line(line)
    return [step_at(line, at) for at in range(0, len(line), 3)]


def check_line(line: Line) -> None:
    """Refuse bytes that are not whole steps (compiled, the last would be read past them)."""
    if len(line) % 3:
        raise ValueError(f"a line of {len(line)} bytes is not of steps of three")


def _place_byte(place: int) -> int:
    """A step's destination as a board writes it: :data:`TO_HOME` for :data:`HOME`."""
    return _TO_HOME if place == HOME else place


def line_of(steps: Sequence[Step]) -> Line:
    """``steps`` as a line.

    >>> line_of([(0, HOME, 1), (3, 8, 2)]) == bytes([0, TO_HOME, 1, 3, 8, 2])
    True
    """
    return bytes(b for s, d, n in steps for b in (s, _place_byte(d), n))


def key(state: State) -> bytes:
    """Equal for states alike up to the order of the columns and of the cells: for each
    card, the card lying on it in its column, or :data:`ON_TOP`, :data:`IN_CELL` or
    :data:`AT_HOME`. The cards are all different (one pack), so these links give back each
    column from its bottom card, and no order of columns or cells is written.

    >>> list(key(((b"", b"\\x01\\x00"), bytes([2, EMPTY]), bytes(4)))[:4])
    [52, 0, 53, 54]
    """
    board = board_of(state)
    return key_in(board, bytearray(8 * KEY_WORDS), 0)


def hash_of(state: State) -> int:
    """The 64-bit hash of the state's key (:func:`key_hash`).

    >>> hash_of(((b"", b"\\x01\\x00"), bytes([2, EMPTY]), bytes(4))) == hash_of(
    ...     ((b"\\x01\\x00", b""), bytes([EMPTY, 2]), bytes(4)))
    True
    """
    return key_hash(board_of(state))


def cards_home(state: State) -> int:
    """How many cards are home."""
    return sum(state[2])
