"""Reviews mark exactly the proven losing move, never mark a won game's moves, and never mark
what the solver did not prove."""

from __future__ import annotations

import random
from functools import reduce

import pytest

from patience.engine.game import engine_for, start_position
from patience.engine.position import Move, Position
from patience.games import get_game
from patience.review import Band, Judge, Mark, Review, Step, Verdict, winning_moves
from patience.review.game_review import REVIEW_NODES
from patience.solver import Budget


def _thrown_away(game_id: str, deal: int) -> tuple[Judge, Position, list[Move], int]:
    """The solver's winning line with one proven-losing move put in, then legal moves to the
    end of the game: the judge, the deal, the moves and the number of the losing move."""
    info = get_game(game_id)
    judge = Judge(info, {})
    engine = judge.engine
    start = start_position(info, {}, deal)
    line = judge.verdict(start).line
    position = start
    for played, move in enumerate(line):
        for other in engine.legal_moves(position):
            after = engine.apply(position, other)
            if other != move and judge.verdict(after).status == "lost":
                moves = [*line[:played], other]
                while engine.legal_moves(after) and len(moves) < played + 12:
                    step = engine.legal_moves(after)[0]
                    moves.append(step)
                    after = engine.apply(after, step)
                return Judge(info, {}), start, moves, played + 1
        position = engine.apply(position, move)
    raise AssertionError(f"{game_id} {deal}: no losing move along the line")


@pytest.mark.parametrize(("game_id", "deal"), [("klondike", 3), ("freecell", 1), ("pyramid", 1)])
def test_the_one_losing_move_put_into_a_winning_line_is_marked(game_id: str, deal: int) -> None:
    judge, start, moves, losing = _thrown_away(game_id, deal)
    review = Review(judge, start, moves)
    events = list(review.events())
    marks = [e for e in events if isinstance(e, Mark) and e.kind == "losing"]
    assert [m.move for m in marks] == [losing]
    mark = marks[0]
    assert mark.instead is not None and mark.instead != moves[losing - 1]
    after_instead = judge.engine.apply(review.positions[losing - 1], mark.instead)
    assert judge.verdict(after_instead).status == "winnable"
    steps = {e.index: e.status for e in events if isinstance(e, Step)}
    assert sorted(steps) == list(range(len(moves) + 1))
    assert all(steps[i] == "winnable" for i in range(losing))
    assert all(steps[i] == "lost" for i in range(losing, len(moves) + 1))


def test_the_losing_mark_comes_as_soon_as_its_two_verdicts_are_proven() -> None:
    judge, start, moves, losing = _thrown_away("klondike", 3)
    events = list(Review(judge, start, moves).events())
    first_mark = next(i for i, e in enumerate(events) if isinstance(e, Mark))
    assert events[first_mark] == Mark(losing, "losing", **_details(events[first_mark]))
    proven = {e.index for e in events[:first_mark] if isinstance(e, Step)}
    assert {losing - 1, losing} <= proven
    assert not any(
        isinstance(e, Step) and e.index in (losing - 1, losing) for e in events[first_mark:]
    )


def _details(event: object) -> dict[str, object]:
    assert isinstance(event, Mark)
    return {"instead": event.instead, "nodes": event.nodes, "stuck": event.stuck}


@pytest.mark.parametrize(("game_id", "deal"), [("klondike", 3), ("freecell", 1), ("nationale", 1)])
def test_a_won_game_has_no_losing_mark(game_id: str, deal: int) -> None:
    info = get_game(game_id)
    judge = Judge(info, {})
    start = start_position(info, {}, deal)
    line = judge.verdict(start).line
    review = Review(Judge(info, {}), start, line)
    events = list(review.events())
    assert review.band.losing_move is None
    assert not [e for e in events if isinstance(e, Mark) and e.kind == "losing"]
    assert {e.status for e in events if isinstance(e, Step)} == {"winnable"}
    assert review.complete


def test_nothing_is_marked_that_the_budget_left_unknown() -> None:
    judge, start, moves, _ = _thrown_away("klondike", 3)
    starved = Judge(judge.info, {}, Budget(nodes=1))
    review = Review(starved, start, moves)
    events = list(review.events())
    steps = {e.index: e.status for e in events if isinstance(e, Step)}
    assert steps[0] == "unknown" and "winnable" not in steps.values()
    assert review.marks == [] and review.band.losing_move is None


def test_only_and_fewer_marks_rest_on_exact_counts() -> None:
    """Every "only" mark is a move that the full count finds was the one winning move; every
    "fewer" mark left exactly one winning move."""
    info = get_game("klondike")
    start = start_position(info, {}, 5)
    engine = engine_for(info.rules({}))
    moves, position = [], start
    chooser = random.Random(5)
    for _ in range(40):
        legal = engine.legal_moves(position)
        moves.append(chooser.choice(legal))
        position = engine.apply(position, moves[-1])
    review = Review(Judge(info, {}), start, moves)
    list(review.events())
    kinds = {m.kind for m in review.marks}
    assert {"only", "fewer"} <= kinds
    checker = Judge(info, {})
    for mark in review.marks:
        if mark.kind == "only":
            count = winning_moves(checker, review.positions[mark.move - 1])
            assert count.exact == 1 and count.winners == (moves[mark.move - 1],)
        if mark.kind == "fewer":
            assert winning_moves(checker, review.positions[mark.move]).exact == 1
            before = winning_moves(checker, review.positions[mark.move - 1])
            assert before.winning >= 2


def test_every_winnable_verdict_carries_a_line_that_wins() -> None:
    judge, start, moves, losing = _thrown_away("freecell", 1)
    band = Band(judge, [start, *_positions(judge, start, moves)], moves)
    list(band.steps())
    engine = judge.engine
    for index in range(losing):
        verdict = band.verdicts[index]
        assert verdict is not None and verdict.status == "winnable"
        assert engine.is_won(reduce(engine.play, verdict.line, band.positions[index]))


def test_a_store_gives_the_same_review_and_spares_the_searches() -> None:
    class Store:
        def __init__(self) -> None:
            self.kept: dict[str, Verdict] = {}

        def get(self, key: str) -> Verdict | None:
            return self.kept.get(key)

        def put(self, key: str, verdict: Verdict) -> None:
            self.kept[key] = verdict

    judge, start, moves, _ = _thrown_away("klondike", 3)
    store = Store()
    first = Judge(judge.info, {}, store=store)
    again = Judge(judge.info, {}, store=store)
    one, two = Review(first, start, moves, 30_000), Review(again, start, moves, 30_000)
    assert list(one.events()) == list(two.events())
    assert first.searches > 0 and again.searches == 0
    assert first.spent == again.spent


def test_an_illegal_move_is_refused_with_its_reason() -> None:
    info = get_game("freecell")
    from patience.engine.errors import IllegalMove
    from patience.engine.position import transfer

    with pytest.raises(IllegalMove):
        Review(Judge(info, {}), start_position(info, {}, 1), [transfer(0, 12)])


def _positions(judge: Judge, start: Position, moves: list[Move]) -> list[Position]:
    out, position = [], start
    for move in moves:
        position = judge.engine.apply(position, move)
        out.append(position)
    return out


def _random_review(
    game_id: str, deal: int, length: int, judge: Judge, nodes: int = REVIEW_NODES
) -> Review:
    info = get_game(game_id)
    start = start_position(info, {}, deal)
    chooser, moves, position = random.Random(deal), [], start
    for _ in range(length):
        legal = judge.engine.legal_moves(position)
        if not legal or judge.engine.is_won(position):
            break
        moves.append(chooser.choice(legal))
        position = judge.engine.apply(position, moves[-1])
    return Review(judge, start, moves, nodes)


@pytest.mark.parametrize(("game_id", "deal"), [("pyramid", 3), ("freecell", 2), ("king_tut", 2)])
def test_probes_first_give_the_band_that_whole_searches_alone_give(game_id: str, deal: int) -> None:
    info = get_game(game_id)
    review = _random_review(game_id, deal, 60, Judge(info, {}))
    list(review.events())
    alone = Band(Judge(info, {}), review.positions, review.moves, nodes=10**9)
    list(alone.steps())
    assert [v and v.status for v in review.band.verdicts] == [
        v and v.status for v in alone.verdicts
    ]


@pytest.mark.parametrize(("game_id", "deal"), [("klondike", 5), ("king_tut", 3), ("pyramid", 1)])
def test_each_mark_is_found_once_and_the_review_keeps_to_its_nodes(game_id: str, deal: int) -> None:
    info = get_game(game_id)
    judge = Judge(info, {}, Budget(nodes=4_000))
    review = _random_review(game_id, deal, 80, judge, nodes=12_000)
    events = list(review.events())
    marks = [(e.move, e.kind) for e in events if isinstance(e, Mark)]
    assert len(marks) == len(set(marks)) and len(marks) == len(review.marks)
    steps = [e.index for e in events if isinstance(e, Step)]
    assert sorted(steps) == list(range(len(review.positions)))
    assert judge.spent - review.luck_nodes <= review.nodes, "no search may pass the budget"
