"""The bits of a machine word the removal searches read: the lowest and the highest set, and
how many are. Compiled (``scripts/build_kernel.py``), GCC's instructions, which the pyramid
search and the reach test call in C; interpreted, Python's ints.

>>> low(0b10100), high(0b10100), count(0b10100)
(2, 4, 2)
"""

from __future__ import annotations

import cython


def low(x: cython.ulonglong) -> cython.int:
    """The index of the lowest bit set in ``x`` (not 0)."""
    if cython.compiled:
        return __builtin_ctzll(x)  # type: ignore[name-defined]  # noqa: F821  (bits.pxd)
    return (x & -x).bit_length() - 1


def high(x: cython.ulonglong) -> cython.int:
    """The index of the highest bit set in ``x`` (not 0)."""
    if cython.compiled:
        return 63 - __builtin_clzll(x)  # type: ignore[name-defined]  # noqa: F821  (bits.pxd)
    return int(x).bit_length() - 1


def count(x: cython.ulonglong) -> cython.int:
    """How many bits ``x`` has set."""
    if cython.compiled:
        return __builtin_popcountll(x)  # type: ignore[name-defined]  # noqa: F821  (bits.pxd)
    return int(x).bit_count()
