"""Hints lead to a win on an easy position; the fallback is marked as a guess."""

from __future__ import annotations

import pytest

from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver import Budget, Won, hint
from patience.solver.hint import KeptLines


@pytest.mark.parametrize("deal", [2, 4, 6, 32])
def test_following_hints_wins_a_deal(deal: int) -> None:
    """Easy and medium FreeCell deals: each hint's line goes on with the last one's."""
    info = get_game("freecell")
    engine = engine_for(info.rules({}))
    pos = start_position(info, {}, deal)
    kept = KeptLines()
    for _ in range(300):
        if engine.is_won(pos):
            break
        advice = hint(info, {}, pos, Budget(nodes=5_000), kept)
        assert advice.source == "solver"
        assert advice.move is not None
        assert isinstance(advice.outcome, Won)
        pos = engine.play(pos, advice.move)
    assert engine.is_won(pos)


def test_without_a_win_in_budget_the_hint_is_a_marked_guess() -> None:
    info = get_game("freecell")
    advice = hint(info, {}, start_position(info, {}, 1), Budget(nodes=1))
    assert advice.source == "heuristic"
    assert advice.move in engine_for(info.rules({})).legal_moves(start_position(info, {}, 1))
    assert "best guess" in advice.text


def test_hints_win_after_an_ace_was_put_on_the_last_foundation() -> None:
    """A player may start any empty foundation; the searchers take such positions too."""
    for game_id, deal in (("freecell", 2), ("klondike", 2)):
        info = get_game(game_id)
        engine = engine_for(info.rules({}))
        pos = start_position(info, {}, deal)
        last = engine.foundations[-1]
        (ace,) = [m for m in engine.legal_moves(pos) if m.dst == last]
        pos = engine.play(pos, ace)
        advice = hint(info, {}, pos, Budget(nodes=20_000))
        assert isinstance(advice.outcome, Won), game_id
        for move in advice.outcome.moves:
            pos = engine.play(pos, move)
        assert engine.is_won(pos)


def test_the_next_hint_goes_on_with_the_line_without_a_search() -> None:
    info = get_game("freecell")
    engine = engine_for(info.rules({}))
    pos = start_position(info, {}, 1941)
    kept = KeptLines()
    first = hint(info, {}, pos, Budget(nodes=400_000), kept)
    assert isinstance(first.outcome, Won) and first.move is not None
    assert first.outcome.nodes > 0
    following = hint(info, {}, engine.play(pos, first.move), Budget(nodes=1), kept)
    assert following.source == "solver" and following.outcome.nodes == 0
    assert following.move == first.outcome.moves[1]
    assert isinstance(following.outcome, Won)
    assert following.outcome.moves == first.outcome.moves[1:]
