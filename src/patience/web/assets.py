"""The static files: under URLs named by their content, compressed, cached for a year.

Every file of ``static/`` is read once, when the app is made. Pages name each one as
``/static/v/<version>/<file>``, the version being a hash of the whole folder: a release that
changes any file gives every URL a new name, so a browser keeps what it fetched for a year
without asking again (``immutable``). One version for the whole folder, not one per file,
because the ES modules import each other by relative path (``./api.js``): those imports stay
in the page's version without an import map (inline script, which the CSP forbids), and a
module is never loaded twice under two names.

The plain ``/static/<file>`` URLs, named by pages from before a release, still answer, and
so does another version's URL (with today's file): those are checked with the server on
every use (ETag), never kept.

Files are sent compressed (brotli, else gzip) when the browser accepts it, each compressed
once, when the app is made (about 0.1 s for the whole folder), never on a request.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import mimetypes
from pathlib import Path

import brotli
from jinja2 import pass_context
from jinja2.runtime import Context
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
SMALLEST_COMPRESSED = 500
"""Bytes below which an answer is sent as it is: compressing saves less than it costs."""
GZIP_LEVEL = 6
"""For answers made per request: zlib's own balance (Starlette's 9 costs more CPU per move
for a few bytes; static files, compressed once, take the smallest)."""


class Compression:
    """Pure ASGI middleware: gzip for the app's answers (pages, JSON) when large enough.
    Starlette's gzip never touches ``text/event-stream`` and flushes each chunk of another
    streamed answer as it comes. The static files, which choose their own, pass by."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=SMALLEST_COMPRESSED, compresslevel=GZIP_LEVEL)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope["path"].startswith("/static/"):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)


class Asset:
    """One file: its bytes, its type, and its compressed forms."""

    def __init__(self, body: bytes, media_type: str) -> None:
        self.body = body
        self.media_type = media_type
        self.tag = hashlib.sha256(body).hexdigest()[:16]
        self._forms: dict[str, bytes] = {"": body}
        if len(body) >= SMALLEST_COMPRESSED:
            self._forms["br"], self._forms["gzip"] = _compressed(body)

    def encoded(self, coding: str) -> bytes:
        return self._forms[coding]


@functools.lru_cache(maxsize=256)
def _compressed(body: bytes) -> tuple[bytes, bytes]:
    """``body`` as brotli and as gzip; each content once per process, however many apps."""
    return brotli.compress(body, quality=11), gzip.compress(body, compresslevel=9, mtime=0)


def _media_type(path: Path) -> str:
    guessed = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"{guessed}; charset=utf-8" if guessed.startswith("text/") else guessed


class Assets:
    """The files of ``directory`` and the routes that serve them under ``/static``."""

    def __init__(self, directory: Path) -> None:
        self.files = {
            path.relative_to(directory).as_posix(): Asset(path.read_bytes(), _media_type(path))
            for path in sorted(directory.rglob("*"))
            if path.is_file()
        }
        whole = hashlib.sha256()
        for name, asset in self.files.items():
            whole.update(f"{name}\0{asset.tag}\0".encode())
        self.version = whole.hexdigest()[:16]
        self.routes = [
            Route("/static/v/{version}/{path:path}", self._versioned, methods=["GET"]),
            Route("/static/{path:path}", self._plain, methods=["GET"]),
        ]

    def url(self, name: str) -> str:
        """The URL pages name ``name`` by; a file that is not there is a bug in a template."""
        if name not in self.files:
            raise KeyError(f"no static file {name!r}")
        return f"/static/v/{self.version}/{name}"

    async def _versioned(self, request: Request) -> Response:
        current = request.path_params["version"] == self.version
        return self._answer(request, IMMUTABLE if current else REVALIDATE)

    async def _plain(self, request: Request) -> Response:
        return self._answer(request, REVALIDATE)

    def _answer(self, request: Request, cache: str) -> Response:
        asset = self.files.get(request.path_params["path"])
        if asset is None:
            raise HTTPException(404)
        coding = _coding(request.headers.get("accept-encoding", ""), len(asset.body))
        etag = f'"{asset.tag}-{coding}"' if coding else f'"{asset.tag}"'
        headers = {"cache-control": cache, "etag": etag, "vary": "Accept-Encoding"}
        if _matches(request.headers.get("if-none-match", ""), etag):
            return Response(status_code=304, headers=headers)
        if coding:
            headers["content-encoding"] = coding
        body = asset.encoded(coding)
        headers["content-length"] = str(len(body))
        content = b"" if request.method == "HEAD" else body
        return Response(content, headers=headers, media_type=asset.media_type)


def _coding(accept_encoding: str, size: int) -> str:
    """The best compression the request accepts for a file of ``size`` bytes, or ``""``."""
    if size < SMALLEST_COMPRESSED:
        return ""
    accepted = set()
    for part in accept_encoding.lower().split(","):
        name, *params = (item.strip() for item in part.split(";"))
        if not any(_refusal(param) for param in params):
            accepted.add(name)
    return next((coding for coding in ("br", "gzip") if coding in accepted), "")


def _refusal(param: str) -> bool:
    """Whether an Accept-Encoding parameter is ``q=0`` (this coding not wanted)."""
    key, _, value = param.partition("=")
    try:
        return key.strip() == "q" and float(value) == 0
    except ValueError:
        return False


def _matches(if_none_match: str, etag: str) -> bool:
    tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
    return etag in tags or "*" in tags


@pass_context
def static_url(context: Context, name: str) -> str:
    """``{{ static("game.js") }}`` in a template: the URL of the app's current version."""
    assets: Assets = context["request"].app.state.assets
    return assets.url(name)
