"""The API's error: an HTTP status, a stable code, a message and, where a game is involved, its
current state so the browser resyncs."""

from __future__ import annotations

from patience.web.wire import State


class ApiError(Exception):
    """A rejected request; nothing stored was changed."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        params: dict[str, str] | None = None,
        state: State | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.params = params or {}
        self.state = state
