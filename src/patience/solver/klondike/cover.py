"""States of one Klondike search that another already met covers, so they need no search.

Two states of one search with the same tableau and foundations hold the same talon and differ
at most in the stock's pointer and the redeals used; ``X`` *covers* ``Y`` when talon steps
alone lead from ``X`` to ``Y``'s pointer with no more redeals used (:meth:`Talon.covers`).
The searcher skips a covered state, and an exhausted search is still a proof.
(docs/SOLVERS.md, "Covered states")
"""

from __future__ import annotations

from collections.abc import Callable

from patience.solver.klondike.state import State, Talon


def table_key(state: State) -> bytes:
    """The tableau (its piles sorted: they are alike) and the foundations of ``state``."""
    return b"\xff".join([*sorted(state.piles), bytes(state.home)])


def new_visitor(talon: Talon, pointer_free: bool) -> Callable[[State], bool]:
    """A fresh record of the states one search keeps: called on a state, it answers whether
    the state is new (no state kept before covers it) and, if so, keeps it.

    ``pointer_free``: every pointer of every state covers every other (drawing one card at a
    time with unlimited redeals), so the table alone is the key.
    """
    if pointer_free:
        tables: set[bytes] = set()

        def visit_table(state: State) -> bool:
            key = table_key(state)
            if key in tables:
                return False
            tables.add(key)
            return True

        return visit_table
    kept: dict[bytes, list[tuple[int, int]]] = {}
    covers = talon.covers

    def visit(state: State) -> bool:
        key = table_key(state)
        pointer, redeals = state.pointer, state.redeals
        found = kept.get(key)
        if found is None:
            kept[key] = [(pointer, redeals)]
            return True
        size = len(state.talon)
        for at, used in found:
            if covers(size, at, used, pointer, redeals):
                return False
        found.append((pointer, redeals))
        return True

    return visit
