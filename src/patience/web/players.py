"""The anonymous player: a random id in a signed cookie, created on first visit."""

from __future__ import annotations

import secrets

from itsdangerous import BadSignature, URLSafeSerializer
from starlette.requests import Request
from starlette.responses import Response

COOKIE = "patience_player"
MAX_AGE = 10 * 365 * 24 * 3600


class Players:
    """Signs and checks player cookies with the server's secret."""

    def __init__(self, secret: str) -> None:
        self._signer = URLSafeSerializer(secret, salt="patience-player")

    def player_of(self, request: Request) -> tuple[str, bool]:
        """The request's player id and whether it is new (the cookie must then be set).

        A new id is made once per request, so every part of the request sees the same one.
        """
        known: tuple[str, bool] | None = getattr(request.state, "player", None)
        if known is None:
            known = request.state.player = self._from_cookie(request)
        return known

    def _from_cookie(self, request: Request) -> tuple[str, bool]:
        raw = request.cookies.get(COOKIE)
        if raw:
            try:
                value = self._signer.loads(raw)
            except BadSignature:
                value = None
            if isinstance(value, str) and value:
                return value, False
        return secrets.token_hex(16), True

    def set_cookie(self, response: Response, player_id: str) -> None:
        response.set_cookie(
            COOKIE,
            self._signer.dumps(player_id),
            max_age=MAX_AGE,
            httponly=True,
            samesite="lax",
        )
