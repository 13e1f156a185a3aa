"""States of one Klondike search that another already met covers, so they need no search.

Two states of one search with the same tableau and foundations hold the same talon: its
cards are those in neither, and within a search cards only ever leave the talon, keeping
their order. They differ at most in the stock's pointer and the redeals used. A state ``X``
*covers* a state ``Y`` of that kind when drawing and turning the waste over alone lead from
``X`` to ``Y``'s pointer having used no more redeals than ``Y`` (:meth:`Talon.covers`; every
state covers itself). Drawing one card at a time on the last pass, that is a pointer no
further on; with unlimited redeals every pointer of the stock's main cycle covers every other.

**Lemma (covering).** If ``X`` covers ``Y``, every winning line from ``Y`` gives one from ``X``
with the same moves of cards. *Proof.* Play from ``X`` the talon steps to ``Y``'s pointer: the
position is ``Y``'s but for fewer (or as many) redeals used. From such a pair every move of
``Y`` is legal (a redeal too, since no more are used) and leads to another such pair. So the
moves of ``Y``'s line, played there, end with every card home.

**Soundness of a search that skips covered states.** The searcher keeps a state only when no
state it kept before covers it, and expands every kept state unless it is found dead or
blocked (which the proofs of :mod:`patience.solver.klondike.search` show only of lost states).
Measure a winnable state by the fewest moves of cards in a line winning from it. Suppose the
search ends with no win although its root is winnable, and take the kept winnable state
``Y`` of least measure ``m``. It was expanded; its searched lines contain the first move of
cards of a shortest win (the solver's lemmas keep a win among its lines, the talon steps
before that move taken the shortest way, with the fewest redeals, which only covers the
position the line reached), and the state after it, settled, has measure below ``m``
(Lemma 2 of :mod:`patience.solver.klondike.search` plays a safe card home in a line no longer).
That state was not kept, so a kept state covers it, and by the lemma that state's measure is
below ``m`` too: a contradiction. So an exhausted search is a proof, as it was when only
equal states were skipped.
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
