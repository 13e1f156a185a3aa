"""A verdict is the probe's proof, else the whole search's answer, whatever order positions are
asked in; positions along a winning line are winnable as a search of their own finds them;
a search that could pass ``until`` is not made; each search is stored under its own budget."""

from __future__ import annotations

import random
from functools import reduce

from hypothesis import given, settings
from hypothesis import strategies as st

from patience.engine.game import engine_for, start_position
from patience.engine.position import Position
from patience.games import get_game
from patience.review import Judge, Verdict
from patience.solver import Budget, ProvenUnwinnable, Won

GAMES = ["klondike", "freecell", "pyramid", "king_tut"]


def _position(game_id: str, deal: int, length: int, seed: int) -> tuple[Judge, Position]:
    """A fresh judge and the position after ``length`` random legal moves on ``deal``."""
    info = get_game(game_id)
    engine = engine_for(info.rules({}))
    chooser = random.Random(seed)
    position = start_position(info, {}, deal)
    for _ in range(length):
        legal = engine.legal_moves(position)
        if not legal or engine.is_won(position):
            break
        position = engine.apply(position, chooser.choice(legal))
    return Judge(info, {}, Budget(nodes=5_000)), position


def _plain(judge: Judge, position: Position, nodes: int) -> str:
    result = judge.searcher.solve(position, Budget(nodes=nodes))
    if isinstance(result, Won):
        return "winnable"
    return "lost" if isinstance(result, ProvenUnwinnable) else "unknown"


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(GAMES), st.integers(1, 300), st.integers(0, 60), st.integers(0, 2**32))
def test_a_verdict_is_the_probes_proof_else_the_whole_search_in_any_order(
    game_id: str, deal: int, length: int, seed: int
) -> None:
    judge, position = _position(game_id, deal, length, seed)
    assert judge.probe is not None
    probe = _plain(judge, position, judge.probe.nodes)
    expected = probe if probe != "unknown" else _plain(judge, position, judge.budget.nodes)
    first = judge.verdict(position, probe_only=True)
    assert first.status == (probe if probe != "unknown" else "unknown")
    assert first.searched == (probe != "unknown")
    assert judge.verdict(position).status == expected
    direct, _ = _position(game_id, deal, length, seed)
    assert direct.verdict(position).status == expected
    assert judge.spent == direct.spent


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(GAMES), st.integers(1, 300), st.integers(0, 30), st.integers(0, 2**32))
def test_positions_along_a_winning_line_are_winnable_as_searched_directly(
    game_id: str, deal: int, length: int, seed: int
) -> None:
    judge, position = _position(game_id, deal, length, seed)
    verdict = judge.verdict(position)
    if verdict.status != "winnable":
        return
    engine = judge.engine
    along = position
    for done, move in enumerate(verdict.line[:-1], 1):
        along = engine.apply(along, move)
        reused = judge.known(along)
        assert reused is not None and reused.status == "winnable" and not reused.searched
        assert engine.is_won(reduce(engine.play, reused.line, along))
        if done % 10 == 0:  # a search of its own never contradicts it
            fresh, _ = _position(game_id, deal, length, seed)
            assert fresh.verdict(along).status in ("winnable", "unknown")


def test_no_search_is_made_that_could_pass_until() -> None:
    judge, position = _position("klondike", 6, 0, 0)
    refused = judge.verdict(position, until=judge.spent + 10)
    assert refused == Verdict("unknown", searched=False)
    assert judge.searches == 0 and judge.refused == 1 and judge.known(position) is None
    assert judge.verdict(position).status == _plain(judge, position, judge.budget.nodes)


def test_each_search_is_stored_under_its_own_budget() -> None:
    class Store:
        def __init__(self) -> None:
            self.kept: dict[str, Verdict] = {}

        def get(self, key: str) -> Verdict | None:
            return self.kept.get(key)

        def put(self, key: str, verdict: Verdict) -> None:
            self.kept[key] = verdict

    store = Store()
    judge, position = _position("klondike", 1, 0, 0)  # the deal: the probe leaves it unknown
    judge.store = store
    verdict = judge.verdict(position)
    assert judge.probe is not None
    probe, whole = store.kept[judge.key(position, judge.probe)], store.kept[judge.key(position)]
    assert probe.status == "unknown" and whole.status == verdict.status
    assert verdict.nodes == probe.nodes + whole.nodes == judge.spent
    again = Judge(judge.info, {}, judge.budget, store)
    assert again.verdict(position) == verdict and again.searches == 0
    assert again.spent == judge.spent
