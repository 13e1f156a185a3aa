"""Engine-level checks that cut across games: safe moves home, outcomes, reasons."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_positions import position

from patience.cards import parse_card
from patience.engine.core import Engine, Outcome
from patience.engine.errors import IllegalMove
from patience.engine.game import Game, engine_for
from patience.engine.position import Move, MoveKind, Position, transfer
from patience.engine.reasons import describe_build
from patience.games import GAMES
from patience.notation import parse_position
from patience.rules.piles import Kind

WITH_FOUNDATIONS = ["nationale", "klondike", "freecell", "caprice"]


def _safe_is_safe(engine: Engine, pos: Position) -> None:
    """No safe move sends home a card that a card still out could be built on."""
    home = Counter(c for f in engine.foundations for c in pos.piles[f])
    copies = Counter(engine.rules.pack)
    builds = {engine.specs[t].build for t in engine.tableau} - {None}
    legal = engine.legal_moves(pos)
    for move in engine.safe_foundation_moves(pos):
        assert move in legal
        assert engine.specs[move.dst].kind is Kind.FOUNDATION
        card = pos.piles[move.src][-1]
        needing = [u for u in range(52) for b in builds if b is not None and b.fits(card, u)]
        assert all(home[u] == copies[u] for u in needing), (move, needing)


@pytest.mark.parametrize("game_id", WITH_FOUNDATIONS)
@settings(max_examples=6)
@given(deal=st.integers(1, 50), choices=st.lists(st.integers(0, 999), max_size=120))
def test_safe_foundation_moves_never_offer_a_card_the_tableau_could_still_need(
    game_id: str, deal: int, choices: list[int]
) -> None:
    game = Game.new(game_id, deal=deal)
    _safe_is_safe(game.engine, game.position)
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[choice % len(moves)])
        _safe_is_safe(game.engine, game.position)


def test_safe_moves_in_klondike_wait_for_both_cards_of_the_other_colour() -> None:
    base = "klondike f1=AC2C3C f2=AD2D3D f3=AH2H f4=AS2S3S 1=4C"
    rest = " s=" + "".join(
        f"{r}{s}" for s in "CDHS" for r in "456789TJQK" if f"{r}{s}" not in ("4C", "3H")
    )
    _, _, pos = parse_position(base + " 2=3H" + rest)
    engine = engine_for(GAMES["klondike"].rules())
    # 4C could still take 3H (not home): not safe. 3H needs black 2s: both home, so safe.
    safe = engine.safe_foundation_moves(pos)
    assert [pos.piles[m.src][-1] for m in safe] == [parse_card("3H")]


def test_removal_games_offer_no_safe_moves() -> None:
    for game_id in ("thirteens", "pyramid", "king_tut"):
        game = Game.new(game_id)
        assert game.safe_foundation_moves() == []


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_won_position_is_won_and_the_start_is_not(game_id: str) -> None:
    game = Game.new(game_id)
    assert game.outcome() in (Outcome.IN_PLAY, Outcome.LOST)
    assert not game.engine.is_won(game.start)


def test_moves_naming_no_pile_are_refused_with_a_reason() -> None:
    game = Game.new("freecell")
    for move in (transfer(99, 0), transfer(0, 99), transfer(0, 0)):
        with pytest.raises(IllegalMove) as caught:
            game.play(move)
        assert caught.value.code == "no_such_pile"
    assert game.position == game.start and not game.moves


def test_describe_build_reads_like_the_rules() -> None:
    rules = {g: GAMES[g].rules() for g in ("klondike", "nationale", "spider")}
    assert describe_build(rules["klondike"].piles[0].build) == (
        "builds down in alternating colours"
    )
    assert describe_build(rules["nationale"].piles[8].build) == (
        "builds up or down in suit, King and Ace touching"
    )
    assert describe_build(rules["spider"].piles[0].build) == "builds down regardless of suit"
    assert describe_build(None) == "nothing is built on this pile"


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        (g, dict(zip((o.name for o in i.options), v, strict=True)))
        for g, i in GAMES.items()
        for v in itertools.product(*(o.choices for o in i.options))
    ],
)
def test_legal_moves_are_sorted_and_stable(game_id: str, options: dict[str, str]) -> None:
    game = Game.new(game_id, options, 5)
    moves = game.legal_moves()
    assert moves == game.legal_moves()
    transfers = [m for m in moves if m.kind in (MoveKind.TRANSFER, MoveKind.REMOVE)]
    assert transfers == sorted(transfers)


def _symmetric(engine: Engine, pos: Position, move: Move) -> bool:
    """Is ``move`` a card going to an empty foundation of any suit?"""
    if move.kind is not MoveKind.TRANSFER:
        return False
    spec = engine.specs[move.dst]
    return spec.kind is Kind.FOUNDATION and spec.suit is None and not pos.piles[move.dst]


@pytest.mark.parametrize("game_id", ["klondike", "freecell"])
@settings(max_examples=10)
@given(deal=st.integers(1, 1000), choices=st.lists(st.integers(0, 999), max_size=80))
def test_search_moves_leave_out_only_the_later_empty_foundations_of_a_card(
    game_id: str, deal: int, choices: list[int]
) -> None:
    game = Game.new(game_id, deal=deal)
    engine = game.engine
    for choice in [0, *choices]:
        pos = game.position
        legal, search = engine.legal_moves(pos), engine.search_moves(pos)
        assert [m for m in legal if m in search] == search
        empty = [f for f in engine.foundations if not pos.piles[f]]
        for move in legal:
            if not _symmetric(engine, pos, move):
                assert move in search
            else:  # every empty foundation is legal; the search takes the first
                assert {move._replace(dst=f) for f in empty} <= set(legal)
                assert (move in search) == (move.dst == empty[0])
        assert engine.outcome(pos) is game.outcome()
        if not legal:
            break
        game.play(legal[choice % len(legal)])


def test_an_ace_lands_on_the_empty_foundation_it_is_played_to() -> None:
    game = Game.new("klondike", deal=2)
    engine = game.engine
    ace = next(p for p in engine.tableau if game.position.piles[p][-1] == parse_card("AC"))
    third = engine.foundations[2]
    game.play(transfer(ace, third))
    assert game.position.piles[third] == (parse_card("AC"),)
    assert game.moves_text() == [f"{engine.specs[ace].code}-f3"]
    assert Game.load(game.save()).position == game.position


def test_a_lone_ace_is_still_safe_to_send_home_with_four_empty_foundations() -> None:
    game = Game.new("klondike", deal=2)
    engine = game.engine
    ace = next(p for p in engine.tableau if game.position.piles[p][-1] == parse_card("AC"))
    assert game.safe_foundation_moves() == [transfer(ace, engine.foundations[0])]


def test_safe_moves_leave_out_swapping_foundations_and_cards_with_two_homes() -> None:
    """What the docstring of ``safe_foundation_moves`` says it leaves out, and what it keeps."""
    engine, pos = position("nationale", "f1=AC2C3C4C5C6C f5=KCQCJCTC9C8C 1=7C", rest="10")
    one = engine.rules.index("1")
    homes = {m.dst for m in engine.legal_moves(pos) if m.src == one}
    assert {engine.rules.index("f1"), engine.rules.index("f5")} <= homes  # 7C has two homes
    assert not any(m.src == one for m in engine.safe_foundation_moves(pos))
    tournament = Game.new("tournament", deal=1)
    kinds = {tournament.engine.specs[m.dst].kind for m in tournament.legal_moves()}
    assert Kind.FOUNDATION in kinds and tournament.safe_foundation_moves() == []
    for game_id in ("klondike", "nationale"):  # their foundations give cards back
        assert GAMES[game_id].rules().foundation_returns
    assert Game.new("klondike", deal=2).safe_foundation_moves()
