"""A ``Server-Timing`` header on every response: the time the app spent on the request; and an
``X-Worker`` header: a random name of the worker process that answered.

Browsers show Server-Timing in their developer tools; ``bench/web_load.py`` reads it to tell
the server's own time from time spent queueing on a busy machine. ``X-Worker`` (8 hex digits
drawn when the process builds its app; not its pid, so it tells nothing of the machine) lets a
test prove that two requests were served by different workers of ``patience serve --workers``.
"""

from __future__ import annotations

import secrets
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class ServerTiming:
    """Pure ASGI middleware (no buffering of bodies)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.worker = secrets.token_hex(4).encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()

        async def timed_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                elapsed = (time.perf_counter() - started) * 1000
                headers = list(message.get("headers", []))
                headers.append((b"server-timing", f"app;dur={elapsed:.2f}".encode()))
                headers.append((b"x-worker", self.worker))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, timed_send)
