"""The kernel's transposition table: the keys of the states a scan has met.

A scan skips a state whose key it has met: that state was (or will be) searched from where
it was first met, so skipping it loses no win, and a proof stays a proof.

>>> table = Transposition()
>>> table.first(b"a"), table.first(b"a"), len(table)
(True, False, 1)
"""

from __future__ import annotations


class Transposition:
    """The keys met so far (a hot loop may test and add to :attr:`keys` itself)."""

    __slots__ = ("keys",)

    def __init__(self) -> None:
        self.keys: set[bytes] = set()

    def first(self, key: bytes) -> bool:
        """Is ``key`` met for the first time? (It is remembered.)"""
        keys = self.keys
        if key in keys:
            return False
        keys.add(key)
        return True

    def __len__(self) -> int:
        return len(self.keys)
