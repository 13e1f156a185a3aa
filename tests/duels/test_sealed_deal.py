"""Sealed deals: in the game's range, the same for every worker with the secret, different
for another secret, duel or attempt."""

from __future__ import annotations

import doctest

from hypothesis import given
from hypothesis import strategies as st

import patience.duels.sealed
from patience.deal import MAX_DEAL
from patience.duels.sealed import sealed_deal


@given(st.text(min_size=1), st.text(min_size=1), st.integers(0, 100), st.integers(1, MAX_DEAL))
def test_a_sealed_deal_is_in_range_and_repeats(
    secret: str, duel_id: str, attempt: int, last: int
) -> None:
    deal = sealed_deal(secret, duel_id, attempt, last)
    assert 1 <= deal <= last and deal == sealed_deal(secret, duel_id, attempt, last)


def test_candidates_differ_by_secret_duel_and_attempt() -> None:
    deals = {
        sealed_deal(secret, duel, attempt, MAX_DEAL)
        for secret in ("a", "b")
        for duel in ("d1", "d2")
        for attempt in range(10)
    }
    assert len(deals) == 40


def test_the_sealed_deal_doctests_pass() -> None:
    result = doctest.testmod(patience.duels.sealed)
    assert result.attempted > 0 and result.failed == 0, result
