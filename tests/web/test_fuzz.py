"""A bounded fuzzer of every endpoint: valid-looking and hostile requests alike never get a 5xx,
every refusal has the documented shape (docs/WEB_API.md: JSON under /api/, a titled error
page elsewhere), and every game stored meanwhile still loads and replays afterwards.

Each test draws a fixed set of requests (derandomized, no example database), so a run is the
same every time and takes seconds; ``HYPOTHESIS_PROFILE=thorough`` draws 20 times as many.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any
from urllib.parse import quote

import httpx2
import msgspec
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from starlette.testclient import TestClient
from web_helpers import embedded_state, stored

from patience.games import GAMES
from patience.solver.result import Budget
from patience.store.schema import games as games_table
from patience.web import hints, service
from patience.web.errors import TEXTS, error_title
from patience.web.players import COOKIE
from patience.web.service import ACTIONS, rebuild

PROFILE_SCALE = max(1, settings.default.max_examples // 50)
"""The "thorough" profile (1000 examples) draws 20 times as many requests."""


def bounded(examples: int) -> settings:
    """Settings of one fuzz test: ``examples`` requests, the same ones on every run."""
    return settings(
        max_examples=examples * PROFILE_SCALE,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# ---------------------------------------------------------------- hostile values

DIGITS_OF_OTHER_SCRIPTS = ["²", "٣", "१", "\uff11\uff12", "⁷", "߂", "\U0001d7d7", "Ⅻ"]
"""Characters that ``str.isdigit`` or ``int`` take for digits, but that are not ASCII."""

NUMBER_TEXTS = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from(
        [
            "0",
            "1",
            "-1",
            "+7",
            " 7",
            "7 ",
            "07",
            "1.5",
            "1e3",
            "0x10",
            "NaN",
            "inf",
            "",
            str(2**31 - 1),
            str(2**31),
            str(2**53),
            str(2**53 + 1),
            str(2**63),
            str(2**64),
            "1_000",
            "\x00",
            *DIGITS_OF_OTHER_SCRIPTS,
        ]
    ),
    st.sampled_from([5000, 20_000]).map(lambda n: "9" * n),  # 5,000 digits and more
)

WORDS = st.one_of(
    st.text(max_size=20),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=300),
    st.sampled_from(["<script>alert(1)</script>", "'; DROP TABLE games; --", "%s%n", "{name}"]),
    st.just(10_000).map(lambda n: "x" * n),
)

TEXTS_OF_ANY_KIND = st.one_of(NUMBER_TEXTS, WORDS)

OPTION_VALUES = sorted({c for info in GAMES.values() for o in info.options for c in o.choices})
OPTION_NAMES = sorted({o.name for info in GAMES.values() for o in info.options})
GAME_IDS = sorted(GAMES)
INDEX = st.integers(min_value=0, max_value=2**16)
GAME_CHOICES = [
    {"game": info.id, "options": dict(zip([o.name for o in info.options], values, strict=True))}
    for info in GAMES.values()
    for values in itertools.product(*(o.choices for o in info.options))
]
"""Every game with every choice of its options, as ``POST /api/games`` names them."""

JSON_NUMBERS = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, -1, 2**31 - 1, 2**31, 2**53, 2**53 + 1, 2**63, 2**64]),
    st.floats(allow_nan=False, allow_infinity=False),
)
"""What JSON itself can say (NaN and infinities are not JSON; the raw bodies send those)."""

JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), JSON_NUMBERS, st.text(max_size=20)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)

RAW_BODIES = st.one_of(
    st.binary(max_size=64),
    st.sampled_from(
        [
            b"",
            b"\xff\xfe\xfd",
            b'{"game": "\xff"}',
            b'{"version": NaN, "move": "s"}',
            b'{"version": Infinity, "move": "s"}',
            b'{"version": 1e999, "move": "s"}',
            b'{"game": "klondike"',
            b'{"game": "klondike"} trailing',
            b"\x00" * 40,
        ]
    ),
    st.just(5000).map(lambda n: b'{"game": "klondike", "deal": ' + b"9" * n + b"}"),
    st.just(5000).map(lambda n: b"[" * n + b"]" * n),  # nested deeper than any decoder's stack
    st.just(3000).map(lambda n: b'{"a":' * n + b"1" + b"}" * n),
    st.just(20_000).map(lambda n: b"x" * n),  # larger than the limit
)


def json_body(
    fields: dict[str, st.SearchStrategy[Any]], valid: st.SearchStrategy[dict[str, Any]]
) -> st.SearchStrategy[bytes]:
    """A body of this request: half of them ``valid``, the others its fields with hostile
    values (some missing, some extra), any JSON at all, or bytes that are no JSON."""
    whole = st.fixed_dictionaries(fields)
    some = st.fixed_dictionaries({}, optional={**fields, "extra": JSON_VALUES, "": JSON_VALUES})
    values = st.one_of(valid, valid, valid, valid, whole, whole, some, JSON_VALUES)
    as_json = values.map(lambda value: json.dumps(value).encode())
    return st.one_of(as_json, as_json, as_json, as_json, as_json, RAW_BODIES)


# ---------------------------------------------------------------- requests


@dataclass(frozen=True)
class Sent:
    """A request as the fuzzer sends it; printed for a falsifying example."""

    method: str
    url: str
    headers: tuple[tuple[bytes, bytes], ...]
    body: bytes | None = None


HEADER_TEXT = st.one_of(
    st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=255), max_size=40),
    st.just(""),
    st.just(8000).map(lambda n: "x" * n),
)

ORIGINS = st.sampled_from(
    [
        "http://testserver",
        "https://testserver",
        "http://evil.example",
        "null",
        "http://[",
        "http://[::1",
        "http://a:99999999",
        "//",
        "testserver",
        "http://testserver:80",
    ]
)

SITES = st.sampled_from(["same-origin", "none", "same-site", "cross-site", "", "SAME-ORIGIN"])

LANGUAGES = st.one_of(
    st.sampled_from(["de", "en", "de-AT, en;q=0.5", "fr", "de;q=nan", "en;q=1e999", "*", ";;,"]),
    HEADER_TEXT,
)


def headers(cookie: str) -> st.SearchStrategy[tuple[tuple[bytes, bytes], ...]]:
    """Headers a browser, a script or an attacker might send, with this Cookie header."""
    extra = st.fixed_dictionaries(
        {},
        optional={
            b"origin": ORIGINS,
            b"sec-fetch-site": SITES,
            b"accept-language": LANGUAGES,
            b"content-type": st.sampled_from(["application/json", "text/plain", "", "x/y; a=b"]),
            b"content-length": st.one_of(NUMBER_TEXTS, HEADER_TEXT),
            b"x-forwarded-proto": st.sampled_from(["https", "http", "gopher"]),
            b"if-none-match": HEADER_TEXT,
            b"range": st.sampled_from(["bytes=0-1", "bytes=-1", "bytes=9-1", "chars=1-2", "x"]),
        },
    )

    browser = st.fixed_dictionaries(
        {b"sec-fetch-site": st.just("same-origin")},
        optional={b"accept-language": st.sampled_from(["de", "en-GB,en;q=0.9"])},
    )
    chosen = st.one_of(st.just({}), browser, browser, extra)

    def encode(values: dict[bytes, str]) -> tuple[tuple[bytes, bytes], ...]:
        pairs = [(name, value.encode("utf-8", "surrogatepass")) for name, value in values.items()]
        if cookie:
            pairs.append((b"cookie", cookie.encode("utf-8", "surrogatepass")))
        return tuple(pairs)

    return chosen.map(encode)


def query(names: st.SearchStrategy[str], values: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """A query string: known and unknown names (fbclid, utm_*), repeated or not, any value."""
    pair = st.tuples(names, values).map(lambda nv: f"{quote(nv[0])}={quote(nv[1])}")
    raw = st.sampled_from(["%zz", "%", "%FF=1", "deal", "=", "&&", "deal=%E2%80", "a=%00"])
    parts = st.lists(st.one_of(pair, pair, pair, raw), max_size=5)
    return parts.map(lambda p: "?" + "&".join(p) if p else "")


QUERY_NAMES = st.one_of(
    st.sampled_from(
        ["deal", "deal", "game", *OPTION_NAMES, "fbclid", "utm_source", "utm_campaign", "gclid"]
    ),
    st.text(max_size=10),
)
QUERY_VALUES = st.one_of(st.sampled_from(OPTION_VALUES), TEXTS_OF_ANY_KIND)


def segment(known: list[str]) -> st.SearchStrategy[str]:
    """A path segment: a known one, mostly, else any text or a broken escape."""
    other = st.one_of(
        st.text(max_size=30).map(lambda t: quote(t, safe="")),
        st.sampled_from(["%FF", "%C3%28", "..", "%2e%2e", "%00", ""]),
        st.just(3000).map(lambda n: "x" * n),
    )
    return st.one_of(st.sampled_from(known), st.sampled_from(known), other)


LONGEST_URL = 16 * 1024
"""Longer request lines are refused by the HTTP server itself (h11 reads at most 16 KiB of a
request's head), and by the test client past 64 KiB."""


def url_path(*segments: str) -> str:
    """The path of these segments; an empty first one is dropped, as "//" would name a host
    (which no client sends as a path)."""
    return "/" + "/".join(segments).lstrip("/")


# ---------------------------------------------------------------- the fuzzer


@dataclass
class Fuzz:
    """The app under fuzz: its players' cookies and the games stored while it runs."""

    client: TestClient
    cookies: list[str] = field(default_factory=list)
    states: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The last state seen of each stored game, by id."""
    owners: dict[str, str] = field(default_factory=dict)
    """The Cookie header of each stored game's player."""

    def player_cookie(self, player_id: str) -> str:
        signer = self.client.app.state.players._signer  # type: ignore[attr-defined]
        return f"{COOKIE}={signer.dumps(player_id)}"

    def cookie_headers(self) -> st.SearchStrategy[str]:
        """A player's Cookie header (one of a few players), no cookie, or a bad one."""
        bad = st.sampled_from(
            [
                f"{COOKIE}=garbage",
                f"{COOKIE}=",
                f"{COOKIE}=eyJhIjoxfQ.AAAA.BBBB",
                f'{COOKIE}="quoted"; lang=de',
                "lang=xx",
                "lang=%FF",
                f"{COOKIE}=x; {COOKIE}=y",
                "=;=;=",
                "\x7f",
            ]
        )
        huge = st.just(5000).map(lambda n: f"{COOKIE}={'A' * n}")
        return st.one_of(st.sampled_from(self.cookies), st.just(""), bad, huge)

    def send(self, sent: Sent) -> httpx2.Response:
        """Send ``sent`` as it is (no cookie of earlier answers) and check the answer."""
        self.client.cookies.clear()
        response = self.client.request(
            sent.method, sent.url, headers=list(sent.headers), content=sent.body
        )
        check_answer(sent, response)
        self._remember(sent, response)
        return response

    def _remember(self, sent: Sent, response: httpx2.Response) -> None:
        json_answer = response.headers.get("content-type", "").startswith("application/json")
        if sent.method == "HEAD" or not json_answer:
            return
        body = response.json()
        state = body.get("state", body) if isinstance(body, dict) else None
        if not isinstance(state, dict) or not state.get("id"):
            return
        game_id = state["id"]
        issued = response.cookies.get(COOKIE)
        cookie = f"{COOKIE}={issued}" if issued else dict(sent.headers).get(b"cookie", b"")
        if game_id not in self.owners:
            self.owners[game_id] = cookie.decode() if isinstance(cookie, bytes) else cookie
        self.states[game_id] = state

    def check_stored_games_load(self) -> None:
        """Every game in the database answers 200 to its player, with the state its stored
        moves replay to, and its page opens."""
        store = self.client.app.state.games.store  # type: ignore[attr-defined]
        rows = self.client.portal.call(  # type: ignore[union-attr]
            store.read, lambda conn: conn.execute(select(games_table.c.id)).all()
        )
        ids = [row.id for row in rows]
        assert ids, "the fuzzer stored no game"
        for game_id in ids:
            record = stored(self.client, game_id)
            assert record is not None and record.outcome != "broken", record
            replayed = rebuild(record).state("en")
            self.client.cookies.clear()
            cookie = self.player_cookie(record.player_id)
            response = self.client.get(f"/api/games/{game_id}", headers={"cookie": cookie})
            assert response.status_code == 200, response.text
            state = response.json()
            assert state["version"] == record.version == replayed.version
            assert state["moves_made"] == record.cursor == replayed.moves_made
            assert state["piles"] == msgspec.to_builtins(replayed.piles)
            page = self.client.get(state["url"], headers={"cookie": cookie})
            assert page.status_code == 200, page.text
            assert embedded_state(page.text)["deal"] == record.deal


IDENTIFIER = re.compile(r"[a-z][a-z0-9_]*")


def check_answer(sent: Sent, response: httpx2.Response) -> None:
    """No 5xx, and a refusal in the documented shape."""
    status = response.status_code
    assert status < 500, f"{sent} answered {status}: {response.text[:500]}"
    if status < 400 or sent.method == "HEAD":
        return
    path = response.request.url.path
    if path.startswith("/api/"):
        check_error_json(status, response)
    else:
        assert response.headers["content-type"].startswith("text/html"), response.headers
        titles = {error_title(status, lang) for lang in ("en", "de")}
        assert any(f"<h1>{title}</h1>" in response.text for title in titles), response.text


def check_error_json(status: int, response: httpx2.Response) -> None:
    """``{"error": {"code", "message", "params"}}`` plus, at times, ``"state"``."""
    assert response.headers["content-type"] == "application/json", response.headers
    body = response.json()
    assert set(body) <= {"error", "state"}, body
    error = body["error"]
    assert set(error) == {"code", "message", "params"}, error
    code, message, params = error["code"], error["message"], error["params"]
    if status == 422:  # the engine's reason codes
        assert IDENTIFIER.fullmatch(code), code
    else:
        assert code in TEXTS, code
    assert isinstance(message, str) and message.strip(), error
    assert "Traceback" not in message and "sqlite" not in message.lower(), message
    assert isinstance(params, dict), params
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in params.items()), params
    if "state" in body:
        assert isinstance(body["state"], dict) and body["state"]["game"] in GAMES, body
    if status == 429 or code == "unavailable":
        assert response.headers["retry-after"].isdigit()


@pytest.fixture
def fuzz(unlimited_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> Fuzz:
    """The fuzzer on an app without rate limits, hints searched briefly, and three players
    with a game each to start from."""
    monkeypatch.setattr(hints, "HINT_BUDGET", Budget(nodes=200, seconds=0.05))
    deals = random.Random(1)  # the same "random" deals on every run
    monkeypatch.setattr(service, "secrets", SimpleNamespace(randbelow=deals.randrange))
    fuzz = Fuzz(unlimited_client)
    fuzz.cookies = [fuzz.player_cookie(f"player-{n}") for n in range(3)]
    for n, (cookie, game) in enumerate(
        zip(fuzz.cookies, ("klondike", "freecell", "pyramid"), strict=True)
    ):
        body = json.dumps({"game": game, "deal": n + 1}).encode()
        fuzz.send(Sent("POST", "/api/games", ((b"cookie", cookie.encode()),), body))
    return fuzz


def run_fuzz(
    fuzz: Fuzz, examples: int, requests: Callable[[Fuzz], st.SearchStrategy[Sent]]
) -> None:
    """Send ``examples`` requests drawn by ``requests``, then check every stored game."""

    @bounded(examples)
    @given(sent=requests(fuzz))
    def send_one(sent: Sent) -> None:
        assume(len(sent.url) <= LONGEST_URL)
        fuzz.send(sent)

    send_one()
    fuzz.check_stored_games_load()


# ---------------------------------------------------------------- pages


def page_requests(fuzz: Fuzz) -> st.SearchStrategy[Sent]:
    langs = segment(["en", "de"])
    game_pages = st.builds(
        lambda lang, game, q: url_path(lang, game) + q,
        langs,
        segment([*GAME_IDS, "stats"]),
        query(QUERY_NAMES, QUERY_VALUES),
    )
    other_pages = st.builds(
        lambda lang, q: url_path(lang, "") + q, langs, query(QUERY_NAMES, QUERY_VALUES)
    )
    deeper = st.builds(
        lambda parts: url_path(*parts),
        st.lists(segment(["en", "de", "klondike", "static", "api", "style.css"]), max_size=4),
    )
    urls = st.one_of(game_pages, game_pages, game_pages, other_pages, deeper, st.just("/"))
    methods = st.sampled_from(["GET", "GET", "GET", "HEAD", "POST", "PUT", "OPTIONS"])
    return st.builds(
        lambda method, url, heads: Sent(method, url, heads),
        methods,
        urls,
        fuzz.cookie_headers().flatmap(headers),
    )


def test_pages_never_fail(fuzz: Fuzz) -> None:
    run_fuzz(fuzz, 250, page_requests)


# ---------------------------------------------------------------- GET /api/deal, stats


def read_requests(fuzz: Fuzz) -> st.SearchStrategy[Sent]:
    deals = st.builds(
        lambda game, q: f"/api/deal?game={game}&{q[1:]}",
        segment(GAME_IDS),
        query(QUERY_NAMES, QUERY_VALUES),
    )
    games = st.builds(
        lambda game_id: f"/api/games/{game_id}",
        st.one_of(st.sampled_from(list(fuzz.states)), segment(["0" * 32, "f" * 32, "x"])),
    )
    others = st.builds(
        lambda name, q: f"/api/{name}{q}",
        segment(["stats", "stats.json", "stats.csv", "stats/reset", "games", "deal", "nothing"]),
        query(QUERY_NAMES, QUERY_VALUES),
    )
    urls = st.one_of(deals, deals, deals, games, others)
    methods = st.sampled_from(["GET", "GET", "GET", "HEAD", "POST", "DELETE", "PATCH"])
    return st.builds(
        lambda method, url, heads, body: Sent(method, url, heads, body),
        methods,
        urls,
        fuzz.cookie_headers().flatmap(headers),
        st.one_of(st.none(), RAW_BODIES),
    )


def test_reading_endpoints_never_fail(fuzz: Fuzz) -> None:
    run_fuzz(fuzz, 250, read_requests)


# ---------------------------------------------------------------- POST /api/games


def new_game_requests(fuzz: Fuzz) -> st.SearchStrategy[Sent]:
    fields = {
        "game": st.one_of(st.sampled_from(GAME_IDS), st.sampled_from(GAME_IDS), JSON_VALUES),
        "deal": st.one_of(st.none(), JSON_NUMBERS, NUMBER_TEXTS, JSON_VALUES),
        "options": st.one_of(
            st.dictionaries(
                st.one_of(st.sampled_from(OPTION_NAMES), st.text(max_size=70)),
                st.one_of(st.sampled_from(OPTION_VALUES), st.text(max_size=70), JSON_VALUES),
                max_size=3,
            ),
            JSON_VALUES,
        ),
        "resume": st.one_of(st.booleans(), JSON_VALUES),
    }
    valid = st.builds(
        lambda choice, deal, resume: {**choice, "deal": deal, "resume": resume},
        st.sampled_from(GAME_CHOICES),
        st.one_of(
            st.none(),
            st.integers(min_value=1, max_value=2**31 - 1),
            st.sampled_from([2**31 - 1, 2**31, 2**53, 2**53 + 1]),  # FreeCell's last, ours
        ),
        st.booleans(),
    )
    return st.builds(
        lambda heads, body: Sent("POST", "/api/games", heads, body),
        fuzz.cookie_headers().flatmap(headers),
        json_body(fields, valid),
    )


def test_new_games_never_fail(fuzz: Fuzz) -> None:
    run_fuzz(fuzz, 300, new_game_requests)


# ---------------------------------------------------------------- changes to a game


def change_requests(fuzz: Fuzz) -> st.SearchStrategy[Sent]:
    """Moves, undo, redo, restart, give up and hints to the games stored so far, mostly by
    their players at their versions with legal moves, otherwise anything."""

    @st.composite
    def change(draw: st.DrawFn) -> Sent:
        # Games and their legal moves are picked by index, so that what is drawn does not
        # depend on the games' states (Hypothesis replays a draw to shrink it).
        ids = list(fuzz.states)
        game_id = ids[draw(INDEX) % len(ids)]
        state = fuzz.states[game_id]
        version = state["version"]
        legal = [m["text"] for m in state["legal"]] or ["s"]
        action = draw(st.sampled_from(["moves"] * 6 + [*ACTIONS, "abandon", "hint"]))
        versions = st.one_of(
            st.just(version),
            st.just(version),
            st.just(version),
            st.sampled_from([version - 1, version + 1, -1, 2**63, 2**64]),
            JSON_NUMBERS,
            JSON_VALUES,
        )
        legal_move = INDEX.map(lambda i: legal[i % len(legal)])
        moves = st.one_of(legal_move, legal_move, legal_move, TEXTS_OF_ANY_KIND, JSON_VALUES)
        fields = {
            "version": versions,
            "elapsed_ms": st.one_of(st.integers(min_value=0, max_value=10**6), JSON_NUMBERS),
        }
        valid = st.fixed_dictionaries({"version": st.just(version)})
        if action == "moves":
            fields["move"] = moves
            valid = st.fixed_dictionaries({"version": st.just(version), "move": legal_move})
        body = draw(json_body(fields, valid))
        target = draw(st.one_of(*[st.just(game_id)] * 6, segment(["0" * 32, game_id.upper()])))
        owner = fuzz.owners.get(game_id, "")
        cookie = draw(st.one_of(st.just(owner), st.just(owner), fuzz.cookie_headers()))
        return Sent("POST", f"/api/games/{target}/{action}", draw(headers(cookie)), body)

    return change()


def test_changes_to_games_never_fail(fuzz: Fuzz) -> None:
    run_fuzz(fuzz, 500, change_requests)
