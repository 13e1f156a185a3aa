"""Klondike lifts (a run moved off a face-up card) played only with a use of that card."""

from __future__ import annotations

from dataclasses import replace

import pytest
from solver_oracle import winnable_by_enumeration
from solver_positions import assert_verdict, klondike_late_position, playout

from patience.cards import make_card
from patience.engine.core import Engine
from patience.engine.game import engine_for
from patience.games import get_game
from patience.solver import Budget
from patience.solver.klondike.lifts import card_uses, lifted, second_lifts, uses
from patience.solver.klondike.search import KlondikeSearcher, klondike_searcher
from patience.solver.klondike.state import (
    FACE_DOWN,
    PARENTS,
    RETURN,
    TABLEAU_HOME,
    TABLEAU_TO_TABLEAU,
    TALON,
    State,
)


class LiftsOnly(KlondikeSearcher):
    """The searcher with no dead-end or blocked-card test, so that only the lifts (with the
    keys, pins and safe moves home) prune what it searches."""

    def dead(self, state: State) -> bool:
        return False

    def blocked_pile(self, state: State) -> bool:
        return False


def engine_with(draw: str, passes: str, returns: bool) -> Engine:
    rules = get_game("klondike").rules({"draw": draw, "passes": passes})
    return engine_for(replace(rules, foundation_returns=returns))


def lifts_only(engine: Engine) -> LiftsOnly:
    found = klondike_searcher(engine)
    assert found is not None
    return LiftsOnly(engine, found.shape)


def test_a_lift_is_a_run_moved_off_a_face_up_card() -> None:
    five, four, nine = make_card(5, 1), make_card(4, 0), make_card(9, 3)  # 5 hearts, 4 clubs
    state = State(
        (bytes((nine + FACE_DOWN, five, four)), bytes((five + FACE_DOWN, four)), b""),
        (1, 1, 0),
        (0, 0, 0, 0),
        b"",
        0,
        0,
    )
    assert lifted(state, (TABLEAU_TO_TABLEAU, 0, 2, (1,))) == five  # off the face-up 5
    assert lifted(state, (TABLEAU_TO_TABLEAU, 0, 2, (2,))) == -1  # off a face-down card
    assert lifted(state, (TABLEAU_TO_TABLEAU, 1, 2, (1,))) == -1
    assert lifted(state, (TABLEAU_HOME, 0, 0, ())) == -1


def test_a_use_sends_the_card_home_moves_it_alone_or_lays_another_card_on_it() -> None:
    five, four, other_four = make_card(5, 1), make_card(4, 0), make_card(4, 3)  # suits 0, 3 black
    state = State(
        (bytes((five,)), bytes((four,)), b""),
        (0, 0, 0),
        (0, 4, 0, 0),  # hearts up to 4: the 5 may go home
        bytes((other_four,)),
        1,
        0,
    )
    assert uses(state, (TABLEAU_HOME, 0, 0, ()), 0, four)
    assert uses(state, (TABLEAU_TO_TABLEAU, 0, 2, (1,)), 0, four)
    assert not uses(state, (TABLEAU_TO_TABLEAU, 1, 0, (1,)), 0, four)  # the lifted card back
    assert uses(state, (TALON, 0, 0, ()), 0, four)  # the other black 4 onto it
    assert not uses(state, (TALON, 0, 1, ()), 0, four)  # elsewhere
    assert not uses(state, (TABLEAU_HOME, 1, 0, ()), 0, four)
    returned = state._replace(home=(0, 4, 0, 4), talon=b"", pointer=0)
    assert uses(returned, (RETURN, 3, 0, ()), 0, four)  # the 4 of spades back onto it
    assert not uses(returned, (RETURN, 3, 0, ()), 0, other_four)


@pytest.mark.parametrize(
    ("draw", "passes", "returns"),
    [("1", "1", False), ("3", "1", False), ("3", "3", False)],
)
def test_searches_pruned_by_lifts_alone_agree_with_enumeration(
    draw: str, passes: str, returns: bool
) -> None:
    """With no dead-end test, both the depth-first and the best-first search agree with plain
    enumeration, both ways, on random late positions and positions after random play; and
    the lifts prune: some proof searches fewer states. (With foundation cards coming back the
    positions that enumeration can decide are all lost; the other tests of the searcher cover
    those rules with the lifts in use.)"""
    engine = engine_with(draw, passes, returns)
    found = lifts_only(engine)
    options = {"draw": draw, "passes": passes}
    positions = [
        klondike_late_position(engine, seed, 12, waste=0.15, stock=0.15) for seed in range(12)
    ]
    positions += [playout("klondike", deal, 70, deal, options) for deal in range(1, 13)]
    verdicts = set()
    pruned = False
    for pos in positions:
        truth = winnable_by_enumeration(engine, pos, limit=5_000)
        if truth is None:
            continue
        for share in (0.0, 1.0):
            found.dig_share, found.dig_narrow = share, False
            result = found.solve(pos, Budget(nodes=100_000))
            assert_verdict(engine, pos, result, truth)
            if not truth and share:
                found.lifts_used = False
                pruned |= result.nodes < found.solve(pos, Budget(nodes=100_000)).nodes
                found.lifts_used = True
        verdicts.add(truth)
    assert verdicts == {True, False}
    assert pruned


@pytest.mark.parametrize("options", [{"passes": "1"}, {"draw": "3", "passes": "3"}])
def test_the_uses_found_directly_are_the_generated_moves_that_use_the_card(
    options: dict[str, str],
) -> None:
    """Along random play and one line further, after every lift: :func:`card_uses` is the
    set of the move generator's moves that :func:`uses` accepts (and some lifts have uses),
    and :func:`second_lifts` its lifts off a card related to the freed one (not onto it)."""
    full = {"draw": "1"} | options
    engine = engine_for(get_game("klondike").rules(full))
    found = klondike_searcher(engine)
    assert found is not None
    checked = used = chained = 0
    for deal in range(1, 16):
        for steps in (30, 60, 90):
            start = found.state_of(playout("klondike", deal, steps, deal, full))
            assert start is not None
            states = [start, *(end for _, end in found.lines(start))]
            for state, move in ((s, m) for s in states for m in found.moves(s)):
                if lifted(state, move) < 0:
                    continue
                pile, moved = move[1], state.piles[move[1]][-move[3][0]]
                after = found.apply(state, move)
                direct = card_uses(after, pile, moved, found._uses_onto)
                assert len(set(direct)) == len(direct)
                assert set(direct) == {m for m in found.moves(after) if uses(after, m, pile, moved)}
                related = PARENTS[after.piles[pile][-1]] + tuple(
                    c for c in range(52) if after.piles[pile][-1] in PARENTS[c]
                )
                chains = second_lifts(after, pile)
                chained += bool(chains)
                assert set(chains) == {
                    m
                    for m in found.moves(after)
                    if m[0] == TABLEAU_TO_TABLEAU
                    and pile not in m[1:3]
                    and lifted(after, m) in related
                }
                checked += 1
                used += bool(direct)
    assert checked > 20 and used and chained
