"""Rate limits on what writes: new games and moves, per player and per address.

Each limit is a token bucket: ``rate`` requests a second on average, ``burst`` at once. A
request over a limit is refused with 429 and ``Retry-After`` before anything is read or
written. An address shares its buckets among all its players (a school behind one router),
so its limits are ``address_factor`` times a player's. Buckets live in each worker process:
with several workers a client that spreads its connections over them gets up to that many
times the limit, which still bounds it.

>>> limit = Limit.parse("2/3")
>>> buckets = Buckets(limit)
>>> [buckets.wait("me", now=0.0) for _ in range(4)]
[0.0, 0.0, 0.0, 0.5]
>>> buckets.wait("me", now=0.5)
0.0
"""

from __future__ import annotations

import math
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from starlette.requests import Request

from patience.web.errors import ApiError

KEYS_KEPT = 100_000
"""Buckets kept per kind; the least recently used go first (a new bucket starts full)."""


@dataclass(frozen=True)
class Limit:
    """``rate`` requests a second on average, ``burst`` at once."""

    rate: float
    burst: float

    @classmethod
    def parse(cls, text: str) -> Limit:
        """``"RATE/BURST"``, e.g. ``"20/200"``; :class:`ValueError` for anything else."""
        rate_text, slash, burst_text = text.partition("/")
        try:
            rate, burst = float(rate_text), float(burst_text)
        except ValueError:
            rate = burst = math.nan
        if not slash or not (0 < rate < math.inf and 1 <= burst < math.inf):
            raise ValueError(f"a limit is RATE/BURST with RATE > 0 and BURST >= 1, not {text!r}")
        return cls(rate, burst)

    def scaled(self, factor: float) -> Limit:
        return Limit(self.rate * factor, self.burst * factor)


class Buckets:
    """One token bucket per key, for one limit."""

    def __init__(self, limit: Limit) -> None:
        self.limit = limit
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait(self, key: str, now: float) -> float:
        """Take a token for ``key``: 0 if there was one, else the seconds until there is."""
        limit = self.limit
        tokens, then = self._buckets.pop(key, (limit.burst, now))
        tokens = min(limit.burst, tokens + (now - then) * limit.rate)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / limit.rate
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > KEYS_KEPT:
            self._buckets.popitem(last=False)
        return wait


@dataclass(frozen=True)
class LimitConfig:
    """The limits an operator sets (``patience serve --limit-…``); None turns one off."""

    moves: Limit | None = Limit(20, 200)
    """Moves, undos, redos, restarts, hints and giving up, per player."""
    games: Limit | None = Limit(0.5, 30)
    """New games stored, per player."""
    address_factor: float = 10.0

    ENV: ClassVar[Mapping[str, str]] = MappingProxyType(
        {"moves": "PATIENCE_LIMIT_MOVES", "games": "PATIENCE_LIMIT_GAMES"}
    )
    ADDRESS_ENV: ClassVar[str] = "PATIENCE_LIMIT_ADDRESS_FACTOR"

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> LimitConfig:
        """The limits of ``PATIENCE_LIMIT_MOVES``/``_GAMES`` (``RATE/BURST`` or ``off``) and
        ``PATIENCE_LIMIT_ADDRESS_FACTOR``; defaults for what is unset."""
        default = cls()

        def read(name: str, fallback: Limit | None) -> Limit | None:
            text = environ.get(cls.ENV[name], "").strip()
            if not text:
                return fallback
            return None if text == "off" else Limit.parse(text)

        factor_text = environ.get(cls.ADDRESS_ENV, "").strip()
        try:
            factor = float(factor_text) if factor_text else default.address_factor
        except ValueError:
            factor = math.nan
        if not 1 <= factor < math.inf:
            raise ValueError(f"the address factor is a number from 1, not {factor_text!r}")
        return cls(read("moves", default.moves), read("games", default.games), factor)

    def environment(self) -> dict[str, str]:
        """These limits as the environment variables :meth:`from_environment` reads."""

        def text(limit: Limit | None) -> str:
            return "off" if limit is None else f"{limit.rate:g}/{limit.burst:g}"

        return {
            self.ENV["moves"]: text(self.moves),
            self.ENV["games"]: text(self.games),
            self.ADDRESS_ENV: f"{self.address_factor:g}",
        }


class _Checked:
    """One kind of request, limited per player and per address."""

    def __init__(self, limit: Limit, address_factor: float) -> None:
        self.players = Buckets(limit)
        self.addresses = Buckets(limit.scaled(address_factor))

    def wait(self, player_id: str, address: str, now: float) -> float:
        wait = self.players.wait(player_id, now)
        return wait if wait > 0 else self.addresses.wait(address, now)


class Limits:
    """The limits of one worker; ``check_…`` raise a 429 :class:`ApiError` when one is hit."""

    def __init__(self, config: LimitConfig, clock: Callable[[], float] = time.monotonic) -> None:
        factor = config.address_factor
        self._moves = None if config.moves is None else _Checked(config.moves, factor)
        self._games = None if config.games is None else _Checked(config.games, factor)
        self._clock = clock

    def check_move(self, request: Request, player_id: str) -> None:
        self._check(self._moves, request, player_id)

    def check_new_game(self, request: Request, player_id: str) -> None:
        self._check(self._games, request, player_id)

    def _check(self, kind: _Checked | None, request: Request, player_id: str) -> None:
        if kind is None:
            return
        address = request.client.host if request.client is not None else ""
        wait = kind.wait(player_id, address, self._clock())
        if wait > 0:
            seconds = str(max(1, math.ceil(wait)))
            raise ApiError(
                429, "rate_limited", {"retry_after": seconds}, headers={"Retry-After": seconds}
            )
