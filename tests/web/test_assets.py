"""Static files under content-named URLs, cached for a year; answers compressed."""

from __future__ import annotations

import gzip
import re
import shutil
import zlib
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urljoin

import brotli
import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import StreamingResponse
from starlette.routing import Route
from starlette.testclient import TestClient
from starlette.types import Message
from web_helpers import new_game, play

from fresh_loop import run_async
from patience.web.app import STATIC_DIR, create_app
from patience.web.assets import IMMUTABLE, Assets, Compression
from patience.web.guard import CONTENT_SECURITY_POLICY

ASSET_URL = re.compile(r'(?:src|href)="(/static/[^"]*)"')
IMPORT = re.compile(r'(?:from|import)\s*\(?\s*"(\.[^"]+)"')


def raw(client: TestClient, url: str, accept: str) -> tuple[dict[str, str], bytes]:
    """The headers and the body as sent, not decompressed."""
    with client.stream("GET", url, headers={"accept-encoding": accept}) as response:
        assert response.status_code == 200, url
        return dict(response.headers), b"".join(response.iter_raw())


def stats_with_rows(client: TestClient) -> str:
    """The stats page of a player with one game given up (the page then has its script)."""
    state = new_game(client, deal=1)
    state = play(client, state, state["legal"][0]["text"])
    given_up = client.post(f"/api/games/{state['id']}/abandon", json={"version": state["version"]})
    assert given_up.status_code == 200, given_up.text
    return "/en/stats"


def pages(client: TestClient) -> list[str]:
    return [
        "/en/",
        "/de/klondike?deal=3",
        "/en/freecell?deal=1",
        stats_with_rows(client),
        "/en/nowhere",
        "/en/freecell?deal=x",
    ]


def test_every_asset_a_page_names_is_content_named_and_kept_a_year(client: TestClient) -> None:
    version = client.app.state.assets.version  # type: ignore[attr-defined]
    seen: set[str] = set()
    to_fetch = [url for page in pages(client) for url in ASSET_URL.findall(client.get(page).text)]
    while to_fetch:
        url = to_fetch.pop()
        if url in seen:
            continue
        seen.add(url)
        assert url.startswith(f"/static/v/{version}/"), url
        response = client.get(url)
        assert response.status_code == 200, url
        assert (
            response.headers["cache-control"]
            == IMMUTABLE
            == ("public, max-age=31536000, immutable")
        )
        assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        if url.endswith(".js"):  # the modules it imports are in the same version
            to_fetch += [urljoin(url, name) for name in IMPORT.findall(response.text)]
    names = {url.rsplit("/", 1)[1] for url in seen}
    assert {"style.css", "favicon.svg", "theme.js", "game.js", "picture.js", "stats.js"} <= names
    assert {"api.js", "render.js", "layout.js", "hint.js", "status.js"} <= names


def test_pages_are_not_kept(client: TestClient) -> None:
    for page in pages(client):
        cache = client.get(page).headers.get("cache-control", "")
        assert "immutable" not in cache and "max-age" not in cache, page


def test_gzip_gives_the_same_bytes_compressed(client: TestClient) -> None:
    asset = client.app.state.assets.url("render.js")  # type: ignore[attr-defined]
    for url in (asset, "/en/klondike?deal=3", "/api/deal?game=klondike&deal=3"):
        plain_headers, plain = raw(client, url, "identity")
        headers, body = raw(client, url, "gzip")
        assert "content-encoding" not in plain_headers, url
        assert headers["content-encoding"] == "gzip", url
        assert headers["vary"] == "Accept-Encoding", url
        assert gzip.decompress(body) == plain and len(body) < len(plain), url
    assert raw(client, asset, "identity")[1] == (STATIC_DIR / "render.js").read_bytes()


def test_static_files_go_as_brotli_where_the_browser_takes_it(client: TestClient) -> None:
    url = client.app.state.assets.url("style.css")  # type: ignore[attr-defined]
    headers, body = raw(client, url, "gzip, deflate, br")
    assert headers["content-encoding"] == "br"
    assert brotli.decompress(body) == (STATIC_DIR / "style.css").read_bytes()
    refused, _ = raw(client, url, "br;q=0, gzip")
    assert refused["content-encoding"] == "gzip"
    assert "content-encoding" not in raw(client, url, "gzip;q=0")[0]


def test_a_changed_file_gets_a_new_url_and_the_old_ones_still_answer(
    client: TestClient, tmp_path: Path
) -> None:
    static = tmp_path / "static"
    shutil.copytree(STATIC_DIR, static)
    before = client.get("/en/klondike?deal=3").text
    assert Assets(static).version == client.app.state.assets.version  # type: ignore[attr-defined]
    changed = (static / "hint.js").read_bytes() + b"// changed\n"
    (static / "hint.js").write_bytes(changed)
    app = create_app(None, tmp_path / "data", "test-secret", static_dir=static)
    with TestClient(app) as released:
        after = released.get("/en/klondike?deal=3").text
        old, new = ASSET_URL.findall(before), ASSET_URL.findall(after)
        assert len(old) == len(new) and not set(old) & set(new)
        for url in new:
            assert released.get(url).headers["cache-control"] == IMMUTABLE
        hint = urljoin(old[-1], "hint.js")
        answer = released.get(hint)  # a page from before the release: today's file, not kept
        assert answer.status_code == 200 and answer.content == changed
        assert answer.headers["cache-control"] == "no-cache"
        assert released.get(urljoin(new[-1], "hint.js")).content == changed


def test_plain_urls_still_answer_checked_each_time(client: TestClient) -> None:
    response = client.get("/static/game.js")
    assert response.status_code == 200 and response.headers["cache-control"] == "no-cache"
    assert response.content == (STATIC_DIR / "game.js").read_bytes()
    again = client.get("/static/game.js", headers={"if-none-match": response.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    head = client.head("/static/style.css", headers={"accept-encoding": "gzip"})
    assert head.status_code == 200 and head.content == b""
    assert int(head.headers["content-length"]) == len(raw(client, "/static/style.css", "gzip")[1])
    assert client.get("/static/nothing.js").status_code == 404
    assert client.get("/static/v/0123/nothing.js").status_code == 404


@pytest.mark.parametrize(
    ("media_type", "compressed"), [("text/event-stream", False), ("text/plain", True)]
)
def test_streamed_answers_go_out_chunk_by_chunk(media_type: str, compressed: bool) -> None:
    chunk = b"data: " + b"x" * 600 + b"\n\n"
    sent: list[Message] = []
    sent_before_second: list[bytes] = []

    async def chunks() -> AsyncIterator[bytes]:
        yield chunk
        sent_before_second.extend(m.get("body", b"") for m in sent)
        yield chunk

    async def stream(request: Request) -> StreamingResponse:
        return StreamingResponse(chunks(), media_type=media_type)

    async def send(message: Message) -> None:
        sent.append(message)

    async def receive() -> Message:
        return {"type": "http.disconnect"}

    app = Starlette(routes=[Route("/stream", stream)], middleware=[Middleware(Compression)])
    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.4"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/stream",
        "raw_path": b"/stream",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"accept-encoding", b"gzip"), (b"host", b"test")],
        "server": ("test", 80),
        "client": ("test", 1),
    }
    run_async(app(scope, receive, send))
    headers = dict(sent[0]["headers"])
    assert (b"content-encoding" in headers) == compressed
    first = b"".join(sent_before_second)
    if compressed:
        first = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(first)
    assert first == chunk
