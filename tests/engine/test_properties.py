"""Properties every game and every option value must keep, checked on random play.

Each test walks a few deals of every game (all twelve, every option value) with moves chosen
by hypothesis from the legal ones, and checks the engine along the way.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience.engine.core import Engine, Outcome
from patience.engine.errors import IllegalMove
from patience.engine.game import Game
from patience.engine.position import (
    REDEAL_MOVE,
    STOCK_MOVE,
    Move,
    MoveKind,
    Position,
    remove,
    transfer,
)
from patience.games import GAMES
from patience.notation import move_text, parse_move, parse_position, position_text

CONFIGS = [
    (game_id, dict(zip((o.name for o in info.options), values, strict=True)))
    for game_id, info in GAMES.items()
    for values in itertools.product(*(o.choices for o in info.options))
]
IDS = [game + "".join(f"-{v}" for v in options.values()) for game, options in CONFIGS]

DEALS = st.integers(min_value=1, max_value=4)
CHOICES = st.lists(st.integers(min_value=0, max_value=2**16), min_size=5, max_size=60)
FEW = settings(max_examples=8)


def test_every_game_and_option_value_is_covered() -> None:
    assert {game for game, _ in CONFIGS} == set(GAMES)
    assert len(CONFIGS) == 19  # Klondike 2 × 3, Spider 3, ten games without options


def walk(game: Game, choices: list[int]) -> Iterator[Position]:
    """Play a legal move per choice (stopping when none is left), yielding each position."""
    yield game.position
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            return
        game.play(moves[choice % len(moves)])
        yield game.position


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
@FEW
@given(deal=DEALS, choices=CHOICES)
def test_every_card_is_conserved(
    game_id: str, options: dict[str, str], deal: int, choices: list[int]
) -> None:
    game = Game.new(game_id, options, deal)
    pack = Counter(game.rules.pack)
    for pos in walk(game, choices):
        assert Counter(c for pile in pos.piles for c in pile) == pack
        assert all(0 <= d <= len(p) for d, p in zip(pos.down, pos.piles, strict=True))


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
@FEW
@given(deal=DEALS, choices=CHOICES)
def test_undo_restores_exactly_and_redo_replays(
    game_id: str, options: dict[str, str], deal: int, choices: list[int]
) -> None:
    game = Game.new(game_id, options, deal)
    seen = list(walk(game, choices))
    moves = game.moves
    for back in range(len(moves)):
        game.undo()
        assert game.position == seen[-2 - back]
    assert game.position == game.start and not game.can_undo
    for forward in range(len(moves)):
        game.redo()
        assert game.position == seen[forward + 1]
    assert game.moves == moves and not game.can_redo


def _family(engine: Engine, pos: Position, data: st.DataObject) -> list[Move]:
    """Random transfers, removals, stock and redeal moves, legal or not, and near misses of
    the legal ones (one card more or fewer, the next pile over)."""
    n = len(engine.specs)
    legal = engine.legal_moves(pos)
    transfers = [m for m in legal if m.kind is MoveKind.TRANSFER][:8]
    near = [m._replace(size=m.size + 1) for m in transfers]
    near += [m._replace(size=m.size - 1) for m in transfers if m.size > 1]
    near += [m._replace(dst=(m.dst + 1) % n) for m in transfers]
    near += [remove(m.src, (m.dst + 1) % n) for m in legal if m.kind is MoveKind.REMOVE][:8]
    piles = st.integers(min_value=0, max_value=n - 1)
    moves = [STOCK_MOVE, REDEAL_MOVE, *near]
    for _ in range(6):
        src, dst = data.draw(piles), data.draw(piles)
        size = data.draw(st.integers(min_value=1, max_value=4))
        moves.append(transfer(src, dst, size))
        moves.append(Move(MoveKind.REMOVE, min(src, dst), max(src, dst), 2))
        moves.append(Move(MoveKind.REMOVE, src, -1, 1))
    return moves


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
@FEW
@given(deal=DEALS, choices=CHOICES, data=st.data())
def test_every_listed_move_applies_and_every_other_move_is_refused(
    game_id: str, options: dict[str, str], deal: int, choices: list[int], data: st.DataObject
) -> None:
    game = Game.new(game_id, options, deal)
    engine = game.engine
    for pos in walk(game, choices[:25]):
        legal = engine.legal_moves(pos)
        assert len(set(legal)) == len(legal)
        for move in legal:
            assert engine.play(pos, move) == engine.apply(pos, move)
        for move in _family(engine, pos, data):
            if move in legal:
                engine.check(pos, move)
                continue
            with pytest.raises(IllegalMove) as caught:
                engine.play(pos, move)
            assert caught.value.code != "illegal", (move, caught.value.message)
            assert caught.value.message


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
@FEW
@given(deal=DEALS, choices=CHOICES)
def test_move_and_position_notation_round_trip(
    game_id: str, options: dict[str, str], deal: int, choices: list[int]
) -> None:
    game = Game.new(game_id, options, deal)
    engine = game.engine
    for pos in walk(game, choices[:30]):
        for move in engine.legal_moves(pos):
            assert parse_move(engine, pos, move_text(engine, pos, move)) == move
        text = position_text(game.info, game.options, pos)
        info, opts, back = parse_position(text)
        assert (info, opts, back) == (game.info, game.options, pos)


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
@FEW
@given(deal=DEALS, choices=st.lists(st.integers(0, 2**16), min_size=150, max_size=150))
def test_random_play_ends_in_a_defined_outcome(
    game_id: str, options: dict[str, str], deal: int, choices: list[int]
) -> None:
    game = Game.new(game_id, options, deal)
    for pos in walk(game, choices):
        outcome = game.engine.outcome(pos)
        assert outcome in (Outcome.IN_PLAY, Outcome.WON, Outcome.LOST)
        if not game.engine.legal_moves(pos):
            assert outcome is not Outcome.IN_PLAY
        if outcome is Outcome.WON:
            assert game.engine.is_won(pos)


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
@FEW
@given(deal=DEALS, choices=CHOICES)
def test_save_and_load_replay_to_the_same_position(
    game_id: str, options: dict[str, str], deal: int, choices: list[int]
) -> None:
    game = Game.new(game_id, options, deal)
    for _ in walk(game, choices):
        pass
    loaded = Game.load(game.save())
    assert loaded.position == game.position
    assert loaded.moves == game.moves


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
@FEW
@given(deal=DEALS, choices=CHOICES)
def test_search_moves_picked_from_the_legal_ones_are_the_search_moves(
    game_id: str, options: dict[str, str], deal: int, choices: list[int]
) -> None:
    game = Game.new(game_id, options, deal)
    engine = game.engine
    for pos in walk(game, choices):
        legal = engine.legal_moves(pos)
        assert engine.search_among(pos, legal) == engine.search_moves(pos)
