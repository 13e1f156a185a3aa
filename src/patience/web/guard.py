"""What every answer carries and every change must show: security headers and a same-origin
check on requests that change something.

A request that is not GET, HEAD or OPTIONS must come from our own pages. Browsers say where a
request comes from: ``Sec-Fetch-Site`` (every current browser), else ``Origin``. A request from
another site is refused with 403 before it reaches the app; one that names no site at all is
not a browser's (a script or the command line, which carry no one's cookies but their own)
and passes. The cookie's ``SameSite=Lax`` already keeps it off cross-site POSTs; this is the
second lock, for browsers that do not honour it.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from patience.web.errors import ApiError

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""No inline script or style, nothing from elsewhere, never inside another site's frame."""

SECURITY_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"strict-origin-when-cross-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
)

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def same_origin(scope: Scope) -> bool:
    """Whether a request may change something: it comes from our own pages, or from no
    browser at all."""
    headers = Headers(scope=scope)
    site = headers.get("sec-fetch-site")
    if site is not None:
        return site in ("same-origin", "none")
    origin = headers.get("origin")
    if origin is None:
        return True
    # The host alone: behind a proxy that ends TLS the request's own scheme may be http.
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:  # "http://[": no address a page of ours has
        return False
    return netloc == headers.get("host", "")


Refuse = Callable[[Request, ApiError], Response]


class Guard:
    """Pure ASGI middleware: refuses cross-site changes, adds the security headers."""

    def __init__(self, app: ASGIApp, refuse: Refuse) -> None:
        self.app = app
        self.refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        if scope["method"] not in SAFE_METHODS and not same_origin(scope):
            response = self.refuse(Request(scope, receive), ApiError(403, "cross_origin"))
            await response(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)
