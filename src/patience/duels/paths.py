"""Where two games of the same deal went apart.

>>> split_at(["a", "b", "c"], ["a", "b", "d"]), split_at(["a"], ["a", "b"]), split_at(["a"], ["a"])
(3, 2, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

M = TypeVar("M")


def split_at(first: Sequence[M], second: Sequence[M]) -> int | None:
    """The number (from 1) of the first move in which the games differ, one having a move the
    other had not; ``None`` when they are the same moves."""
    for number, (one, other) in enumerate(zip(first, second, strict=False), 1):
        if one != other:
            return number
    if len(first) == len(second):
        return None
    return min(len(first), len(second)) + 1
