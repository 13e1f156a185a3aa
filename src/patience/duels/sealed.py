"""Sealed deals: a closed duel's deal drawn from the server's secret, not from a public deal
number, so no player can look its cards up before the duel ends.

Every public list of deals (the graded pools, a deal number in a link) is small enough to
search: a player who sees a few cards of a pool deal could find its number and so every
face-down card. A sealed deal is a number from an HMAC of the duel's id under the server's
secret, anywhere in the game's whole range of deals (2**53 for most games), so seeing its cards
tells nothing that finding them among the others would need. The candidates come one after
another (``attempt`` 0, 1, ...), the same on every worker that shares the secret, and the
first one the solver grades as the duel asked for is kept.

>>> first = sealed_deal("k3y", "0123abcd", 0, 2**53)
>>> 1 <= first <= 2**53, first == sealed_deal("k3y", "0123abcd", 0, 2**53)
(True, True)
>>> first != sealed_deal("k3y", "0123abcd", 1, 2**53) != sealed_deal("other", "0123abcd", 0, 2**53)
True
"""

from __future__ import annotations

import hashlib
import hmac

from patience.solver.difficulty import Grade

SEALED_TRIES = 12
"""Candidate deals graded before a closed duel gives up finding one of the asked kind."""

SEALED_NODES = 30_000
"""The node budget per candidate (never seconds): a win found within it earns the same grade
as within the pools' larger budgets, so only deals that need more are passed over."""


def sealed_budget(pool_nodes: int, kind: str) -> int:
    """The node budget to grade a sealed candidate of ``kind`` with, given the budget its
    game's pool was graded with: :data:`SEALED_NODES` at most, but an expert deal needs more.

    >>> sealed_budget(200_000, "easy"), sealed_budget(200_000, "expert")
    (30000, 200000)
    """
    return pool_nodes if kind == Grade.EXPERT.value else min(pool_nodes, SEALED_NODES)


def sealed_deal(secret: str, key: str, attempt: int, last: int) -> int:
    """Candidate ``attempt`` for what ``key`` names (a duel's id; a day and a game for the
    daily deal): a deal number from 1 to ``last``."""
    message = f"patience sealed deal\n{key}\n{attempt}".encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    return int.from_bytes(digest, "big") % last + 1
