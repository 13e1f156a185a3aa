"""Positions for rule tests, written in the position text format.

``position("klondike", "1=KS 2=4D|9C", rest="s")`` reads the piles named and puts every card
of the pack that the text leaves out at the bottom of pile ``rest`` (face down on a tableau pile,
whose top card lies face up when nothing else is named there, as in play), so a test names only
the cards its rule is about.
"""

from __future__ import annotations

from collections import Counter

import pytest

from patience.cards import card_text, parse_card
from patience.engine.core import Engine
from patience.engine.errors import IllegalMove
from patience.engine.game import engine_for
from patience.engine.position import Move, Position
from patience.notation import (
    parse_game_spec,
    parse_move,
    parse_position,
    position_text,
)
from patience.rules.piles import Kind


def _cards(text: str) -> list[int]:
    plain = text.replace("|", "")
    return [parse_card(plain[i : i + 2]) for i in range(0, len(plain), 2)]


def position(spec: str, piles: str, rest: str) -> tuple[Engine, Position]:
    """The engine of game ``spec`` and the position its piles text describes."""
    info, options = parse_game_spec(spec)
    rules = info.rules(dict(options))
    given = dict(token.split("=", 1) for token in piles.split())
    named = Counter(card for value in given.values() for card in _cards(value))
    leftovers = "".join(map(card_text, sorted((Counter(rules.pack) - named).elements())))
    hidden, bar, shown = given.get(rest, "").rpartition("|")
    if not bar:
        hidden, shown = "", given.get(rest, "")
    if not hidden and not shown and leftovers:  # the top lies face up, as after any move
        leftovers, shown = leftovers[:-2], leftovers[-2:]
    bar = "|" if rules.piles[rules.index(rest)].kind is Kind.TABLEAU else ""
    given[rest] = leftovers + hidden + bar + shown
    text = " ".join([spec, *(f"{code}={value}" for code, value in given.items())])
    _, _, pos = parse_position(text)
    assert parse_position(position_text(info, options, pos))[2] == pos
    return engine_for(info.rules(dict(options))), pos


def refused(engine: Engine, pos: Position, move: Move, code: str) -> IllegalMove:
    """Assert the engine refuses ``move`` with ``code`` and leaves ``pos`` as it was."""
    before = pos
    with pytest.raises(IllegalMove) as caught:
        engine.play(pos, move)
    assert caught.value.code == code, caught.value.message
    assert caught.value.message
    assert move not in engine.legal_moves(pos)
    assert pos == before
    return caught.value


def move(engine: Engine, pos: Position, text: str) -> Move:
    """The move written ``text`` in notation (it may still be illegal)."""
    return parse_move(engine, pos, text)


def play(engine: Engine, pos: Position, *texts: str) -> Position:
    """The position after playing these moves, each checked."""
    for text in texts:
        pos = engine.play(pos, parse_move(engine, pos, text))
    return pos


def pile(engine: Engine, pos: Position, code: str) -> str:
    """The cards of one pile as text, bottom first, face-down ones before ``|``."""
    i = next(n for n, spec in enumerate(engine.specs) if spec.code == code)
    text = "".join(map(card_text, pos.piles[i]))
    down = pos.down[i]
    if down and engine.specs[i].kind is not Kind.STOCK:
        return text[: 2 * down] + "|" + text[2 * down :]
    return text
