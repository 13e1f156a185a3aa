"""Wire types of the JSON API (docs/WEB_API.md), decoded strictly with msgspec."""

from __future__ import annotations

from typing import Annotated

import msgspec

MAX_BODY = 16 * 1024
"""Largest request body accepted (bytes)."""

_Deal = Annotated[int, msgspec.Meta(ge=1, le=2**53)]
_Version = Annotated[int, msgspec.Meta(ge=0)]
_Elapsed = Annotated[int, msgspec.Meta(ge=0, le=10 * 365 * 24 * 3600 * 1000)]
_Text = Annotated[str, msgspec.Meta(max_length=64)]


class NewGame(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/games``."""

    game: _Text
    options: dict[_Text, _Text] = {}
    deal: _Deal | None = None
    kind: _Text = "any"
    """Without a deal: ``any`` deal, or one from the graded pool (``winnable``, ``easy``,
    ``medium``, ``hard``, ``expert``; see :mod:`patience.web.deal_choice`)."""
    resume: bool = False
    """Answer the player's open game of this very deal (200) if there is one, rather than
    storing another (201): the page's first change to a deal it shows."""


class MoveRequest(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/games/{id}/moves``."""

    version: _Version
    move: _Text
    elapsed_ms: _Elapsed | None = None


class VersionRequest(msgspec.Struct, forbid_unknown_fields=True):
    """``undo``, ``redo``, ``restart`` and ``hint``."""

    version: _Version
    elapsed_ms: _Elapsed | None = None


class Pile(msgspec.Struct):
    index: int
    code: str
    kind: str
    row: int
    column: int
    cards: list[str | None]
    down: int
    free: bool


class LegalMove(msgspec.Struct, omit_defaults=True):
    text: str
    kind: str
    src: int | None = None
    dst: int | None = None
    size: int | None = None


class Last(msgspec.Struct):
    move: str
    uncovered: list[str]


class State(msgspec.Struct):
    """Everything the browser needs to draw the table and offer moves."""

    id: str | None
    """None for a deal shown but not stored yet (it is stored on the first change)."""
    game: str
    options: dict[str, str]
    deal: int | None
    """None for a closed duel's sealed deal, until the duel is over."""
    version: int
    url: str
    piles: list[Pile]
    legal: list[LegalMove]
    safe: list[str]
    outcome: str
    can_undo: bool
    can_redo: bool
    moves_made: int
    redeals_left: int | None
    score: int | None
    score_profile: str | None
    scores: dict[str, int]
    """The score under every profile the game offers, its default first."""
    elapsed_ms: int
    autocomplete: bool
    last: Last | None


class HintBody(msgspec.Struct):
    move: str
    source: str
    note: str


class HintAnswer(msgspec.Struct):
    hint: HintBody | None


class WinnableAnswer(msgspec.Struct):
    """Whether the game at ``version`` can still be won: ``winnable``, ``lost``, or
    ``unknown`` within the budget (the solver sees every card)."""

    version: int
    status: str


class ErrorInfo(msgspec.Struct):
    code: str
    message: str
    params: dict[str, str] = {}


class ErrorAnswer(msgspec.Struct, omit_defaults=True):
    error: ErrorInfo
    state: State | None = None


class ReviewAnswer(msgspec.Struct):
    """A game's review so far (docs/WEB_API.md, reviews): the game, every position as the
    player saw it, and the findings found so far; ``state`` says whether more are coming."""

    id: str
    game: str
    options: dict[str, str]
    deal: int | None
    """None while the game is a daily deal's whose day lasts (``sealed``)."""
    outcome: str
    url: str | None
    """The game's own page (None while sealed)."""
    record: str | None
    """The game as one line of text, for ``patience review --record`` (None while sealed)."""
    moves: list[str]
    positions: list[list[Pile]]
    """The deal, then the table after each move: cards the player could not see are null."""
    every_card_known: bool
    """Whether the verdicts saw cards the player could not (face down or in the stock)."""
    state: str
    """``running``, ``done``, ``failed``, or ``busy`` (the solvers are full: ask again in
    ``retry_after`` seconds)."""
    retry_after: int | None
    events: list[msgspec.Raw]
    """Each a JSON object: a ``step`` of the band, a ``mark``, or the ``end``."""
    seen: int
    """How many events there are so far: the stream of new ones goes on after this."""
    sealed: bool = False
    """A daily deal whose day lasts: no number, page or record, and no practice from it."""


class IndexRequest(msgspec.Struct, forbid_unknown_fields=True):
    """A position of a reviewed game: 0 is the deal, k the table after move k."""

    index: int


class LineAnswer(msgspec.Struct):
    """A winning line from a position (``None``: none proven within the budget), and the
    table before and after each of its moves."""

    index: int
    line: list[str] | None
    positions: list[list[Pile]]


class CountAnswer(msgspec.Struct):
    """The moves at a position that keep a win, lose, or stayed unknown."""

    index: int
    winning: int
    lost: int
    unknown: int
    winners: list[str]
