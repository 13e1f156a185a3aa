"""Talon cards that can never leave (King Tut): the claim checked against every line."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from solver_oracle import winnable_by_enumeration
from solver_positions import engine_of

from patience.cards import make_card
from patience.engine.position import Position
from patience.solver import Budget, ProvenUnwinnable, Won
from patience.solver.removal.pyramid import PyramidSearch
from patience.solver.removal.pyramid_reach import reachable

from .test_pyramid import only_left, searcher

FIVE = make_card(5, 0)


def king_tut_with(places: dict[int, int], row: list[int], waste: int = 0) -> Position:
    """A King Tut position: cards on places, and the talon's row (the first ``waste`` cards
    on the waste, bottom first; the rest in the stock, top first)."""
    engine = engine_of("king_tut")
    keep = {place: [card] for place, card in places.items()}
    keep[engine.waste] = row[:waste]
    keep[engine.stock] = list(reversed(row[waste:]))
    return only_left("king_tut", keep)


def test_a_partner_under_cards_that_never_leave_is_out_of_the_bag() -> None:
    # The apex 5 needs the 8, which is first in the row: 8 3 4 | 6 7 K. Only the 4 and the
    # King are ever on top; the King leaves, the 7 stays on top for good, and the 8 (under a
    # 7 that cannot leave, with no card that can shown before it) is never reached.
    eight = make_card(8, 1)
    row = [eight, make_card(3, 0), make_card(4, 0), make_card(6, 0), make_card(7, 0)]
    pos = king_tut_with({0: FIVE}, [*row, make_card(13, 0)])
    search = PyramidSearch(searcher("king_tut"), pos)
    usable = reachable(
        bytes(search.rank_of_row), search.start[1], search.start[2], 3, 1 << 8 | 1 << 13
    )
    assert [card for i, card in enumerate(search.row) if usable >> i & 1] == [make_card(13, 0)]
    assert search.bag.clearable(search.start[0], 1 << 4 * 8)  # the 8 as a bag
    assert not search.clearable(*search.start[:3])
    assert winnable_by_enumeration(engine_of("king_tut"), pos, limit=1_000) is False
    result = searcher("king_tut").solve(pos, Budget(nodes=1_000))
    assert isinstance(result, ProvenUnwinnable)
    assert result.nodes <= 2  # the start and one state of the bag game


def test_a_partner_a_removable_card_uncovers_stays_in_the_bag() -> None:
    # 3 8 K: the King is on top after the draw, leaves, and the 8 is on top for the 5.
    row = [make_card(3, 0), make_card(8, 1), make_card(13, 0)]
    pos = king_tut_with({0: FIVE}, row)
    search = PyramidSearch(searcher("king_tut"), pos)
    assert search.clearable(*search.start[:3])
    result = searcher("king_tut").solve(pos, Budget(nodes=1_000))
    assert isinstance(result, Won)


def test_the_waste_top_of_this_pass_is_shown() -> None:
    # 8 3 4 with the 8 alone on the waste: it pairs with the 5 now, though no later pass
    # shows it.
    row = [make_card(8, 1), make_card(3, 0), make_card(4, 0)]
    search = PyramidSearch(searcher("king_tut"), king_tut_with({0: FIVE}, row, waste=1))
    assert search.clearable(*search.start[:3])


def talon_cards(pos: Position, stock: int, waste: int) -> set[int]:
    return {*pos.piles[stock], *pos.piles[waste]}


@settings(max_examples=60, deadline=None)
@given(
    cards=st.permutations(range(52)),
    places=st.lists(st.integers(15, 27), min_size=1, max_size=4, unique=True),
    size=st.integers(2, 9),
    waste=st.integers(0, 9),
)
def test_no_line_takes_a_talon_card_said_to_never_leave(
    cards: list[int], places: list[int], size: int, waste: int
) -> None:
    engine = engine_of("king_tut")
    on_places = dict(zip(places, cards, strict=False))
    row = cards[len(places) : len(places) + size]
    start = king_tut_with(on_places, row, min(waste, size))
    search = PyramidSearch(searcher("king_tut"), start)
    ranks = {
        search.rank_of_place[i]
        for i in range(len(search.rank_of_place))
        if search.start[0] >> i & 1
    }
    removable = 1 << 13 | sum(1 << (13 - r) for r in ranks if r != 13)
    usable = reachable(bytes(search.rank_of_row), search.start[1], search.start[2], 3, removable)
    allowed = {card for i, card in enumerate(search.row) if usable >> i & 1}
    stock, waste_pile = engine.stock, engine.waste
    seen = {start}
    stack = [start]
    while stack:
        pos = stack.pop()
        for move in engine.legal_moves(pos):
            child = engine.apply(pos, move)
            assert (
                talon_cards(pos, stock, waste_pile) - talon_cards(child, stock, waste_pile)
                <= allowed
            )
            if child not in seen:
                seen.add(child)
                stack.append(child)
