"""Text notation for moves and whole positions.

Moves name piles by their codes: tableau piles ``1``, ``2``, …; free cells ``a``–``d``;
foundations ``f1``, ``f2``, … (or ``h``, "home", whenever only one foundation takes the card,
counting empty interchangeable foundations as one: the first of them, as
:meth:`~patience.engine.core.Engine.search_moves` offers it);
stock ``s``, waste ``w``; Tournament's reserve ``r1``–``r8``; Pyramid's places ``p1``–``p28``.

============  ==============================================================
``36``        move from pile 3 to pile 6 (two one-character codes run together)
``10-3``      codes longer than one character are joined by ``-``
``1h``        pile 1 to its foundation; ``3-f5`` names the foundation (any empty one
              that takes the card)
``36:3``      three cards; the count is written only when more than one would be legal,
              and when it is left out the most cards that may move are moved
``s``         use the stock (draw, or deal a row); ``r`` redeal / turn the waste over
``x3+7``      remove the free cards of piles 3 and 7; ``x5`` removes a King alone
============  ==============================================================

FreeCell moves are therefore written in the community's standard notation: ``3a``, ``a5``,
``1h``, ``36``.

A position is one line: the game (with options), then ``code=cards`` for every pile, cards in
the two-character form bottom first, face-down cards before a ``|`` (stock cards are always
face down), then ``redeals=N`` when a redeal was used::

    klondike:draw=1,passes=unlimited 1=KS 2=4D|9C ... s=... w= f1=AH f2= f3= f4=
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from patience.cards import Card, CardParseError, card_text, parse_card
from patience.engine.core import Engine
from patience.engine.errors import NotationError
from patience.engine.game import SavedGame
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, Move, MoveKind, Position, remove
from patience.games import get_game
from patience.games.registry import BadOption, GameInfo, Options, UnknownGame
from patience.rules.piles import Kind
from patience.rules.stock import UNLIMITED

HOME = "h"


def _join(first: str, second: str) -> str:
    return first + second if len(first) == len(second) == 1 else f"{first}-{second}"


def _transfers_among(legal: Sequence[Move], src: int) -> list[Move]:
    return [m for m in legal if m.kind is MoveKind.TRANSFER and m.src == src]


def move_texts(engine: Engine, pos: Position, moves: Sequence[Move]) -> list[str]:
    """The notation of several moves of one position (the legal moves are listed once).

    >>> from patience.engine.game import Game
    >>> game = Game.new("freecell", deal=1)
    >>> move_texts(game.engine, game.position, game.legal_moves())[:4]
    ['1a', '1b', '1c', '1d']
    """
    return texts_among(engine, engine.legal_moves(pos), engine.search_moves(pos), moves)


def texts_among(
    engine: Engine, legal: Sequence[Move], canonical: Sequence[Move], moves: Sequence[Move]
) -> list[str]:
    """:func:`move_texts` for a caller that has the position's legal and search moves."""
    if not moves:
        return []
    specs = engine.specs
    codes = [spec.code for spec in specs]
    from_src: dict[int, list[Move]] = {}
    for m in legal:
        if m.kind is MoveKind.TRANSFER:
            from_src.setdefault(m.src, []).append(m)
    homeward: dict[int, list[Move]] = {}  # as in :func:`_homeward`
    for m in canonical:
        if m.kind is MoveKind.TRANSFER and specs[m.dst].kind is Kind.FOUNDATION:
            homeward.setdefault(m.src, []).append(m)
    return [_text(engine, codes, from_src, homeward, move) for move in moves]


def move_text(engine: Engine, pos: Position, move: Move) -> str:
    """The notation of ``move`` in position ``pos``.

    >>> from patience.engine.game import Game
    >>> game = Game.new("freecell", deal=1)
    >>> move_text(game.engine, game.position, game.legal_moves()[0])
    '1a'
    """
    return texts_among(engine, engine.legal_moves(pos), engine.search_moves(pos), [move])[0]


def _homeward(engine: Engine, canonical: Sequence[Move], src: int) -> list[Move]:
    """The moves ``h`` may stand for: ``src`` to a foundation, among the search moves, so that
    empty interchangeable foundations count once (``1h`` has always meant the first)."""
    return [
        m for m in _transfers_among(canonical, src) if engine.specs[m.dst].kind is Kind.FOUNDATION
    ]


def _text(
    engine: Engine,
    codes: Sequence[str],
    from_src: Mapping[int, Sequence[Move]],
    homeward: Mapping[int, Sequence[Move]],
    move: Move,
) -> str:
    """``move`` written; ``from_src``: the legal transfers by source, ``homeward``: the moves
    :func:`_homeward` finds, by source."""
    if move.kind is MoveKind.STOCK:
        return "s"
    if move.kind is MoveKind.REDEAL:
        return "r"
    if move.kind is MoveKind.REMOVE:
        return "x" + codes[move.src] + ("" if move.dst == -1 else "+" + codes[move.dst])
    dst = codes[move.dst]
    if engine.specs[move.dst].kind is Kind.FOUNDATION and homeward.get(move.src) == [move]:
        dst = HOME
    text = _join(codes[move.src], dst)
    mine = from_src.get(move.src, ())
    counts = {m.size for m in mine if m.dst == move.dst}
    if len(counts) > 1 or (move.size > 1 and move not in mine):
        text += f":{move.size}"
    return text


def parse_move(
    engine: Engine,
    pos: Position,
    text: str,
    *,
    legal: Sequence[Move] | None = None,
    canonical: Sequence[Move] | None = None,
) -> Move:
    """Read a move for position ``pos``. The move may still be illegal; reading only checks form.
    ``legal`` and ``canonical``: the legal and search moves of ``pos``, when the caller has them.

    >>> from patience.engine.game import Game
    >>> game = Game.new("freecell", deal=1)
    >>> parse_move(game.engine, game.position, "3a")
    Move(kind=<MoveKind.TRANSFER: 0>, src=2, dst=8, size=1)
    """
    cleaned = text.strip().lower()
    if cleaned == "s":
        return STOCK_MOVE
    if cleaned == "r":
        return REDEAL_MOVE
    index = {spec.code: i for i, spec in enumerate(engine.specs)}

    def pile(code: str) -> int:
        if code not in index:
            known = " ".join(index)
            raise NotationError(f"{text!r}: no pile {code!r} (piles: {known})")
        return index[code]

    if cleaned.startswith("x"):
        parts = cleaned[1:].split("+")
        if not 1 <= len(parts) <= 2 or not all(parts):
            raise NotationError(f"{text!r}: write a removal as x3 or x3+7")
        return remove(*(pile(p) for p in parts))
    body, _, count_text = cleaned.partition(":")
    if count_text and not count_text.isdigit():
        raise NotationError(f"{text!r}: the count after ':' must be a number")
    if "-" in body:
        parts = body.split("-")
    elif len(body) == 2:
        parts = [body[0], body[1]]
    else:
        raise NotationError(f"{text!r} is not a move (try 36, 3a, 1h, 10-3, s, r or x3+7)")
    if len(parts) != 2 or not all(parts):
        raise NotationError(f"{text!r}: a move names two piles")
    src = pile(parts[0])
    if parts[1] == HOME and HOME not in index:
        homeward = _homeward(
            engine, engine.search_moves(pos) if canonical is None else canonical, src
        )
        if len(homeward) > 1:
            choices = " or ".join(engine.specs[m.dst].code for m in homeward)
            raise NotationError(f"{text!r}: two foundations take that card; name one: {choices}")
        dst = homeward[0].dst if homeward else engine.foundations[0] if engine.foundations else -1
        if dst == -1:
            raise NotationError(f"{text!r}: this game has no foundations")
    else:
        dst = pile(parts[1])
    if count_text:
        return Move(MoveKind.TRANSFER, src, dst, int(count_text))
    if legal is None:
        legal = engine.legal_moves(pos)
    counts = [m.size for m in _transfers_among(legal, src) if m.dst == dst]
    return Move(MoveKind.TRANSFER, src, dst, max(counts, default=1))


# ---------------------------------------------------------------------------- positions


def game_spec(info: GameInfo, options: Options) -> str:
    """``klondike:draw=3,passes=unlimited`` — a game and its options in one token."""
    if not options:
        return info.id
    return info.id + ":" + ",".join(f"{k}={v}" for k, v in options)


def parse_game_spec(text: str) -> tuple[GameInfo, Options]:
    """Read ``game`` or ``game:opt=value,...``; unknown games and options raise clearly."""
    name, _, rest = text.partition(":")
    try:
        info = get_game(name.strip().lower())
    except UnknownGame as error:
        raise NotationError(str(error)) from None
    options: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise NotationError(f"option {item!r} needs a value (name=value)")
        options[key.strip()] = value.strip()
    try:
        return info, info.canonical(options)
    except BadOption as error:
        raise NotationError(str(error)) from None


def position_text(info: GameInfo, options: Options, pos: Position) -> str:
    """The one-line text of a position; :func:`parse_position` reads it back exactly."""
    rules = info.rules(dict(options))
    tokens = [game_spec(info, options)]
    for spec, cards, down in zip(rules.piles, pos.piles, pos.down, strict=True):
        text = "".join(map(card_text, cards))
        if down and spec.kind is not Kind.STOCK:
            cut = 2 * down
            text = text[:cut] + "|" + text[cut:]
        tokens.append(f"{spec.code}={text}")
    if pos.redeals:
        tokens.append(f"redeals={pos.redeals}")
    return " ".join(tokens)


def _cards(text: str, where: str) -> list[Card]:
    if len(text) % 2:
        raise NotationError(f"{where}: cards are written two characters each (AH, TD)")
    try:
        return [parse_card(text[i : i + 2]) for i in range(0, len(text), 2)]
    except CardParseError as error:
        raise NotationError(f"{where}: {error}") from None


def parse_position(text: str) -> tuple[GameInfo, Options, Position]:
    """Read a position written by :func:`position_text`.

    Piles left out are empty. Every card of the game must be there exactly as often as the
    pack holds it; anything else raises :class:`NotationError` saying what is wrong.
    """
    tokens = text.split()
    if not tokens:
        raise NotationError("an empty position")
    info, options = parse_game_spec(tokens[0])
    rules = info.rules(dict(options))
    index = {spec.code: i for i, spec in enumerate(rules.piles)}
    piles: list[list[Card]] = [[] for _ in rules.piles]
    down = [0] * len(rules.piles)
    redeals = 0
    seen: set[str] = set()
    for token in tokens[1:]:
        code, eq, value = token.partition("=")
        if not eq:
            raise NotationError(f"{token!r}: write each pile as code=cards")
        if code == "redeals":
            if not value.isdigit():
                raise NotationError(f"redeals must be a number, not {value!r}")
            redeals = int(value)
            continue
        if code not in index:
            raise NotationError(f"{token!r}: no pile {code!r} (piles: {' '.join(index)})")
        if code in seen:
            raise NotationError(f"pile {code!r} is given twice")
        seen.add(code)
        i = index[code]
        hidden, bar, shown = value.rpartition("|")
        piles[i] = _cards(hidden, code) + _cards(shown, code)
        if rules.piles[i].kind is Kind.STOCK:
            down[i] = len(piles[i])
        elif bar:
            if rules.piles[i].kind is not Kind.TABLEAU:
                raise NotationError(f"pile {code!r} has no face-down cards")
            down[i] = len(hidden) // 2
    _check_cards(rules.pack, piles)
    limit = rules.stock.redeals
    if limit != UNLIMITED and redeals > limit:
        raise NotationError(f"redeals={redeals}, but this game allows {limit}")
    return info, options, Position(tuple(map(tuple, piles)), tuple(down), redeals)


def _check_cards(pack: tuple[Card, ...], piles: list[list[Card]]) -> None:
    want = Counter(pack)
    have = Counter(c for pile in piles for c in pile)
    if want == have:
        return
    missing = sorted((want - have).elements())
    extra = sorted((have - want).elements())
    problems = []
    if missing:
        problems.append("missing " + " ".join(map(card_text, missing)))
    if extra:
        problems.append("too many " + " ".join(map(card_text, extra)))
    raise NotationError("the cards do not make up the pack: " + "; ".join(problems))


# ---------------------------------------------------------------------------- records


def record_text(saved: SavedGame) -> str:
    """A game as one line: game and options, ``deal=N``, then the moves; :func:`parse_record`
    reads it back.

    >>> record_text(SavedGame("freecell", (), 1, ("3a", "36")))
    'freecell deal=1 3a 36'
    """
    info = get_game(saved.game_id)
    return " ".join([game_spec(info, saved.options), f"deal={saved.deal}", *saved.moves])


def parse_record(text: str) -> SavedGame:
    """Read a line written by :func:`record_text` (the moves are checked when replayed)."""
    tokens = text.split()
    if len(tokens) < 2 or not tokens[1].startswith("deal="):
        raise NotationError("a game record is: GAME deal=N MOVE MOVE ... (one line)")
    info, options = parse_game_spec(tokens[0])
    number = tokens[1].removeprefix("deal=")
    if not number.isdigit():
        raise NotationError(f"deal={number!r}: a deal is a whole number")
    return SavedGame(info.id, options, int(number), tuple(tokens[2:]))
