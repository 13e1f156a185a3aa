"""The anonymous player: a random id in a signed cookie, made on the player's first change.

The cookie carries the time it was issued and lives :data:`MAX_AGE`; a player who comes back
gets it issued again (at most once a day), so it expires only after that long away. It is
``HttpOnly``, ``SameSite=Lax`` and, over HTTPS (or behind a proxy that says so), ``Secure``.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass

from itsdangerous import BadSignature, SignatureExpired, URLSafeSerializer, URLSafeTimedSerializer
from starlette.requests import Request
from starlette.responses import Response

COOKIE = "patience_player"
MAX_AGE = 400 * 24 * 3600
"""The longest life browsers give a cookie (Chrome caps it at 400 days)."""
RENEW_AFTER = 24 * 3600
"""A cookie older than this is issued again with the next answer."""
CHECKED_COOKIES = 4096
"""Cookies whose signature a worker has checked and keeps (the least recent go): a player
sends the same cookie with every request."""


@dataclass(frozen=True)
class Player:
    """Who sent a request: ``new`` when the request carried no valid cookie."""

    id: str
    new: bool
    issued: float


class Players:
    """Signs and checks player cookies with the server's secret."""

    def __init__(self, secret: str) -> None:
        self._signer = URLSafeTimedSerializer(secret, salt="patience-player-2")
        self._untimed = URLSafeSerializer(secret, salt="patience-player")
        """Cookies of earlier releases (no issue time): still read, and issued anew."""
        self._checked: OrderedDict[str, Player] = OrderedDict()
        """Timed cookies whose signature was good, with their player: each is checked once,
        its age at every request."""

    def player_of(self, request: Request) -> Player:
        """The request's player (a new id, made once per request, when it has no cookie)."""
        known: Player | None = getattr(request.state, "player", None)
        if known is None:
            known = request.state.player = self._from_cookie(request)
        return known

    def known_id(self, request: Request) -> str | None:
        """The player id of the request's cookie, or None for a visitor without one."""
        player = self.player_of(request)
        return None if player.new else player.id

    def _from_cookie(self, request: Request) -> Player:
        raw = request.cookies.get(COOKIE)
        if raw:
            checked = self._checked.get(raw)
            if checked is not None and 0 <= time.time() - checked.issued <= MAX_AGE:
                self._checked.move_to_end(raw)
                return checked
            try:
                value, issued = self._signer.loads(raw, max_age=MAX_AGE, return_timestamp=True)
                if isinstance(value, str) and value:
                    player = self._checked[raw] = Player(value, False, issued.timestamp())
                    while len(self._checked) > CHECKED_COOKIES:
                        self._checked.popitem(last=False)
                    return player
            except SignatureExpired:
                pass
            except BadSignature:
                try:
                    value = self._untimed.loads(raw)
                except BadSignature:
                    value = None
                if isinstance(value, str) and value:
                    return Player(value, False, 0.0)
        return Player(secrets.token_hex(16), True, time.time())

    def keep(self, request: Request, response: Response, player: Player) -> None:
        """Set the cookie on ``response`` if the player is new or the cookie is due again."""
        if not player.new and time.time() - player.issued < RENEW_AFTER:
            return
        response.set_cookie(
            COOKIE,
            self._signer.dumps(player.id),
            max_age=MAX_AGE,
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )
