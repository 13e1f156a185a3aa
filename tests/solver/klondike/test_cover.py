"""States of a Klondike search covered by one met before (same table, talon steps lead there)."""

from __future__ import annotations

from patience.cards import make_card
from patience.solver.klondike.cover import new_visitor, table_key
from patience.solver.klondike.state import State, Talon

TALON_CARDS = bytes(make_card(r, 2) for r in range(1, 11))
PILES = (bytes((make_card(13, 0),)), b"")


def at(pointer: int, redeals: int = 0, piles: tuple[bytes, ...] = PILES) -> State:
    return State(piles, (0, 0), (0, 0, 0, 0), TALON_CARDS, pointer, redeals)


def test_the_table_key_sorts_the_piles_and_leaves_the_talon_out() -> None:
    swapped = at(3, 0, PILES[::-1])
    assert table_key(at(3)) == table_key(swapped) == table_key(at(7, 1))


def test_on_the_last_pass_a_pointer_further_on_is_covered() -> None:
    visit = new_visitor(Talon(1, 0), pointer_free=False)
    assert visit(at(4))
    assert not visit(at(4))  # the same state
    assert not visit(at(9))  # drawing reaches it
    assert visit(at(2))  # further back: new
    assert visit(at(5, piles=(PILES[0] + bytes((make_card(12, 1),)), b"")))  # another table


def test_with_a_redeal_left_fewer_redeals_used_cover_more() -> None:
    visit = new_visitor(Talon(1, 1), pointer_free=False)
    assert visit(at(6, 1))
    assert visit(at(3, 1))  # the last pass: 6 cannot come back to 3
    assert visit(at(8, 0))
    assert not visit(at(2, 1))  # from 8 with a redeal left
    assert not visit(at(9, 0))


def test_drawing_three_pointers_off_the_cycle_cover_the_cycle_not_the_other_way() -> None:
    visit = new_visitor(Talon(3, -1), pointer_free=False)
    assert visit(at(3))
    assert visit(at(4))  # off the main cycle 0, 3, 6, 9, 10
    assert not visit(at(9))
    assert not visit(at(7))  # 4 + 3


def test_drawing_one_with_unlimited_redeals_the_pointer_never_counts() -> None:
    visit = new_visitor(Talon(1, -1), pointer_free=True)
    assert visit(at(4))
    assert not visit(at(0))
    assert not visit(at(10))
