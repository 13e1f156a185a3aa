"""The Klondike searcher: family detection, replayed wins, proofs against plain enumeration."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_oracle import winnable_by_enumeration
from solver_positions import engine_of, playout, replays_to_win

from patience.cards import make_card, rank, suit
from patience.engine.core import Engine
from patience.engine.game import start_position
from patience.engine.position import MoveKind, Position
from patience.games import GAMES, get_game
from patience.solver import Budget, ProvenUnwinnable, Won, searcher_for
from patience.solver.klondike.search import KlondikeSearcher, klondike_searcher
from patience.solver.klondike.state import (
    TALON,
    State,
    Talon,
    pins,
    safe_home,
)

OPTION_SETS = [
    {"draw": draw, "passes": passes} for draw in ("1", "3") for passes in ("unlimited", "3", "1")
]


def test_every_klondike_option_gets_the_klondike_searcher() -> None:
    for options in OPTION_SETS:
        searcher = searcher_for(get_game("klondike").rules(options))
        assert isinstance(searcher, KlondikeSearcher)
        assert searcher.shape.draw == int(options["draw"])


def test_no_other_game_is_taken_for_klondike() -> None:
    for info in GAMES.values():
        if info.id != "klondike":
            assert klondike_searcher(engine_of(info.id)) is None, info.id


def replayed_wins(searcher: KlondikeSearcher, options: dict[str, str]) -> int:
    """How many of deals 1-8 the searcher wins in 3,000 nodes; every win must replay."""
    info = get_game("klondike")
    won = 0
    for deal in range(1, 9):
        start = start_position(info, options, deal)
        result = searcher.solve(start, Budget(nodes=3_000))
        if isinstance(result, Won):
            won += 1
            assert replays_to_win(searcher.engine, start, result.moves)
    return won


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o['draw']}-{o['passes']}")
def test_every_win_replays_from_the_deal(options: dict[str, str]) -> None:
    searcher = klondike_searcher(engine_of("klondike", options))
    assert searcher is not None
    won = replayed_wins(searcher, options)
    if options == {"draw": "1", "passes": "unlimited"}:
        assert won >= 4


SMALL_OPTION_SETS = [o for o in OPTION_SETS if o["passes"] == "1" or o["draw"] == "3"]
"""Options where positions after random play are small enough to enumerate."""


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=st.sampled_from(SMALL_OPTION_SETS),
    deal=st.integers(1, 500),
    steps=st.integers(20, 80),
    seed=st.integers(0, 1000),
)
def test_verdicts_after_random_play_agree_with_enumeration(
    options: dict[str, str], deal: int, steps: int, seed: int
) -> None:
    engine = engine_of("klondike", options)
    pos = playout("klondike", deal, steps, seed, options)
    truth = winnable_by_enumeration(engine, pos, limit=5_000)
    if truth is None:
        return  # too big to enumerate
    searcher = klondike_searcher(engine)
    assert searcher is not None
    result = searcher.solve(pos, Budget(nodes=50_000))
    assert isinstance(result, Won if truth else ProvenUnwinnable)
    if isinstance(result, Won):
        assert replays_to_win(engine, pos, result.moves)


@pytest.mark.parametrize(
    ("options", "deal", "steps"),
    [({"passes": "1"}, deal, 60) for deal in (1, 3, 4, 5, 6, 8)]
    + [({"draw": "3", "passes": "3"}, deal, 40) for deal in (1, 3, 5)]
    + [({"draw": "3"}, deal, 60) for deal in (6, 8, 9)],
)
def test_proofs_after_random_play_agree_with_enumeration(
    options: dict[str, str], deal: int, steps: int
) -> None:
    full = {"draw": "1", "passes": "unlimited"} | options
    engine = engine_of("klondike", full)
    pos = playout("klondike", deal, steps, deal, full)
    truth = winnable_by_enumeration(engine, pos, limit=30_000)
    assert truth is not None, "too big for the oracle: choose a smaller case"
    searcher = klondike_searcher(engine)
    assert searcher is not None
    result = searcher.solve(pos, Budget(nodes=100_000))
    assert isinstance(result, Won if truth else ProvenUnwinnable)


@pytest.mark.parametrize("share", [0.0, 1.0], ids=["best-first", "depth-first"])
@pytest.mark.parametrize(("options", "deal"), [({"passes": "1"}, 4), ({"draw": "3"}, 6)])
def test_each_search_alone_agrees_with_enumeration(
    options: dict[str, str], deal: int, share: float
) -> None:
    full = {"draw": "1", "passes": "unlimited"} | options
    engine = engine_of("klondike", full)
    pos = playout("klondike", deal, 60, deal, full)
    truth = winnable_by_enumeration(engine, pos, limit=30_000)
    assert truth is not None
    searcher = klondike_searcher(engine)
    assert searcher is not None
    searcher.dig_share = share
    searcher.dig_narrow = False
    result = searcher.solve(pos, Budget(nodes=100_000))
    assert isinstance(result, Won if truth else ProvenUnwinnable)
    if isinstance(result, Won):
        assert replays_to_win(engine, pos, result.moves)


def test_the_narrow_moves_are_some_of_the_moves_and_a_proof_still_follows() -> None:
    full = {"draw": "1", "passes": "1"}
    engine = engine_of("klondike", full)
    pos = playout("klondike", 4, 60, 4, full)
    assert winnable_by_enumeration(engine, pos, limit=30_000) is False
    searcher = klondike_searcher(engine)
    assert searcher is not None
    state = searcher.state_of(pos)
    assert state is not None
    narrow = searcher.moves(state, narrow=True)
    assert set(narrow) <= set(searcher.moves(state))
    assert searcher.dig_narrow
    searcher.dig_share = 1.0  # the narrow search exhausts, proving nothing; best first proves
    assert isinstance(searcher.solve(pos, Budget(nodes=100_000)), ProvenUnwinnable)


def test_the_depth_first_search_alone_wins_deals_that_replay() -> None:
    options = {"draw": "1", "passes": "unlimited"}
    searcher = klondike_searcher(engine_of("klondike", options))
    assert searcher is not None
    searcher.dig_share = 1.0
    searcher.dig_narrow = False
    assert replayed_wins(searcher, options) >= 4


def test_a_card_over_a_lower_card_of_its_suit_and_both_its_places_is_blocked() -> None:
    # Pile 1, bottom up: JC, KD, KH face down, then QC face up. The queen of clubs goes home
    # only after the jack of clubs under it, and both red kings it could go on are under it.
    engine = engine_of("klondike")
    pos = with_pile(
        engine, [make_card(11, 0), make_card(13, 1), make_card(13, 2), make_card(12, 0)]
    )
    searcher = klondike_searcher(engine)
    assert searcher is not None
    state = searcher.state_of(pos)
    assert state is not None
    assert searcher.blocked(state)
    assert winnable_by_enumeration(engine, pos, limit=30_000) is False
    assert isinstance(searcher.solve(pos), ProvenUnwinnable)


def test_without_the_block_the_same_cards_are_won() -> None:
    engine = engine_of("klondike")
    pos = with_pile(engine, [make_card(11, 0), make_card(13, 1), make_card(12, 0)])  # KH free
    searcher = klondike_searcher(engine)
    assert searcher is not None
    state = searcher.state_of(pos)
    assert state is not None
    assert not searcher.blocked(state)
    result = searcher.solve(pos)
    assert isinstance(result, Won)
    assert replays_to_win(engine, pos, result.moves)


def with_pile(engine: Engine, pile: list[int]) -> Position:
    """``pile`` on pile 1 (all face down but its top), each suit home up to its first card
    there, and the other cards in the stock, highest first."""
    piles: list[list[int]] = [[] for _ in engine.specs]
    piles[engine.tableau[0]] = pile
    rest: list[int] = []
    for f, s in zip(engine.foundations, range(4), strict=True):
        cards = [make_card(r, s) for r in range(1, 14)]
        first = next((i for i, c in enumerate(cards) if c in pile), 13)
        piles[f] = cards[:first]
        rest += [c for c in cards[first:] if c not in pile]
    piles[engine.stock] = sorted(rest, key=rank)
    down = [0] * len(engine.specs)
    down[engine.tableau[0]] = len(pile) - 1
    down[engine.stock] = len(rest)
    return Position(tuple(map(tuple, piles)), tuple(down))


def test_pins_keep_each_colour_within_one_of_the_other() -> None:
    # clubs 5, diamonds 2, hearts 7, spades 6: red suits are held to 6 by clubs...
    assert pins((5, 2, 7, 6)) == [3, 2, 4, 3]
    assert pins((13, 13, 13, 13)) == [13, 13, 13, 13]
    assert pins((0, 0, 0, 0)) == [0, 0, 0, 0]


def test_safe_home_needs_the_cards_that_fit_on_it_pinned() -> None:
    assert safe_home(make_card(1, 0), (0, 0, 0, 0), pins((0, 0, 0, 0)))  # an Ace always
    home = (2, 2, 1, 2)  # clubs, diamonds, hearts, spades
    pin = pins(home)
    assert pin == [2, 2, 1, 2]
    assert not safe_home(make_card(3, 0), home, pin)  # the 2 of hearts could go on it
    assert safe_home(make_card(3, 1), home, pin)  # both black 2s are home and pinned
    assert safe_home(make_card(2, 2), home, pin)
    assert not safe_home(make_card(4, 1), home, pin)  # not next on its foundation


def test_a_talon_state_covers_those_its_steps_reach_with_no_more_redeals() -> None:
    one = Talon(1, -1)  # unlimited: every pointer reaches every other
    assert all(one.covers(10, p, 0, q, 0) for p in range(11) for q in range(11))
    three = Talon(3, -1)
    assert three.covers(10, 4, 0, 3, 0)  # off the main cycle, then round it
    assert not three.covers(10, 3, 0, 4, 0)  # the main cycle never comes back to 4
    last = Talon(1, 0)  # one pass: only pointers no further back
    assert last.covers(10, 3, 0, 7, 0)
    assert not last.covers(10, 7, 0, 3, 0)
    limited = Talon(1, 2)
    assert limited.covers(10, 7, 0, 3, 1)  # one redeal more used
    assert not limited.covers(10, 7, 0, 3, 0)
    assert not limited.covers(10, 7, 1, 3, 1)  # a redeal is needed to get back
    assert limited.covers(10, 7, 1, 3, 2)


def test_the_talon_reaches_every_card_drawing_one_with_unlimited_redeals() -> None:
    reach = Talon(1, -1).reachable(5, 2, 0)
    assert sorted(p for p, _, _ in reach) == [0, 1, 2, 3, 4, 5]
    once = Talon(3, 0).reachable(7, 3, 0)
    assert [p for p, _, _ in once] == [3, 6, 7]


def test_a_position_it_cannot_represent_goes_to_the_general_search() -> None:
    engine = engine_of("klondike")
    pos = with_pile(engine, [make_card(13, 3)])
    piles = list(pos.piles)
    f = engine.foundations
    piles[f[0]], piles[f[1]] = piles[f[0]] + piles[f[1]][:1], piles[f[1]][1:]  # mixed suits
    odd = Position(tuple(piles), pos.down)
    searcher = klondike_searcher(engine)
    assert searcher is not None
    assert searcher.state_of(odd) is None
    assert searcher.solve(odd, Budget(nodes=200)) is not None


def _alike(searcher: KlondikeSearcher, state: State) -> tuple[object, ...]:
    """``state`` up to the order of the tableau piles (empty ones are alike), and without the
    redeals used where they are unlimited (the searcher does not count them there)."""
    piles, down, home, talon, pointer, redeals = state
    used = 0 if searcher.talon.free_cycle else redeals
    return tuple(sorted(zip(piles, down, strict=True))), home, talon, pointer, used


def _talon_positions(engine: Engine, pos: Position) -> list[Position]:
    """``pos`` and every position the stock alone (draws and redeals) reaches from it."""
    found = {pos: None}
    todo = [pos]
    while todo:
        here = todo.pop()
        for move in engine.search_moves(here):
            if move.kind in (MoveKind.STOCK, MoveKind.REDEAL):
                after = engine.apply(here, move)
                if after not in found:
                    found[after] = None
                    todo.append(after)
    return list(found)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=st.sampled_from(OPTION_SETS),
    deal=st.integers(1, 1000),
    steps=st.integers(0, 120),
)
def test_the_searchers_moves_are_the_engines(
    options: dict[str, str], deal: int, steps: int
) -> None:
    """From random reachable positions, against the engine and no generator of the test's own:
    every move the searcher makes is a line of the engine's legal moves (checked by
    :meth:`Engine.play`) reaching the state the searcher computes; and every move the engine
    offers, a talon card after any number of draws and redeals included, reaches a state one
    of the searcher's moves reaches (up to the order of the tableau piles; with fewer or as
    many redeals used). The engine's moves the searcher leaves out are only those proved
    unneeded: a King from the bottom of its pile into an empty one (the same state) and a
    foundation card back at or under its suit's pin (docs/SOLVERS.md, Klondike). The narrowed
    moves of the dig are some of these."""
    engine = engine_of("klondike", options)
    searcher = klondike_searcher(engine)
    assert searcher is not None
    pos = playout("klondike", deal, steps, deal, options)
    state = searcher.state_of(pos)
    if state is None:
        return
    every = searcher.moves(state)
    assert set(searcher.moves(state, narrow=True)) <= set(every)  # narrowed: only leaves out
    reached: dict[tuple[object, ...], int] = {}
    for move in every:
        after = pos
        for played in searcher.engine_moves(pos, [move]):
            after = engine.play(after, played)
        child = searcher.apply(state, move)
        played_to = searcher.state_of(after)
        assert played_to is not None and played_to[:5] == child[:5], move
        assert searcher.talon.free_cycle or played_to.redeals == child.redeals, move
        alike = _alike(searcher, child)
        reached[alike[:4]] = min(reached.get(alike[:4], alike[4]), alike[4])
    shape = searcher.shape
    pin = searcher.pins(state.home)
    for here in _talon_positions(engine, pos):
        for move in engine.search_moves(here):
            if move.kind is not MoveKind.TRANSFER or (here != pos and move.src != shape.waste):
                continue
            child = searcher.state_of(engine.apply(here, move))
            assert child is not None
            alike = _alike(searcher, child)
            if alike[:4] in reached:
                assert reached[alike[:4]] <= alike[4], move
                continue
            if move.src in shape.foundations:
                s = suit(here.piles[move.src][-1])
                assert state.home[s] <= pin[s], move  # a card back the searcher may skip
                continue
            assert move.src in shape.tableau and _alike(searcher, child) == _alike(
                searcher, state
            ), move  # a King off the bottom of its pile into an empty one


def test_a_placement_dropped_unapplied_could_not_have_been_covered() -> None:
    """Drawing one with unlimited redeals, a talon placement that no card could cover is left
    out before it is applied; applied, it would have had no covering move either."""
    options = {"draw": "1", "passes": "unlimited"}
    searcher = klondike_searcher(engine_of("klondike", options))
    assert searcher is not None
    seen = set()
    for deal in range(1, 21):
        state = searcher.state_of(playout("klondike", deal, 30, deal, options))
        assert state is not None
        for move in searcher.moves(state):
            if move[0] == TALON and move[2] >= 0:
                covers = searcher._moves_onto(searcher.apply(state, move), move[2], False)
                may = searcher._may_cover(state, state.talon[move[1]])
                assert may or not covers
                seen.add(may)
    assert seen == {True, False}
