"""The seeded generator and shuffle, frozen by published vectors and by their definition."""

from __future__ import annotations

import hashlib

import pytest

from patience.deal import (
    MICROSOFT_MAX_DEAL,
    SplitMix64,
    microsoft_freecell_deal,
    seed_for,
    shuffled,
)


def test_splitmix64_matches_the_reference_outputs() -> None:
    """Outputs for seed 1234567 of the reference splitmix64.c (Vigna)."""
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_the_seed_is_the_first_8_bytes_of_sha256_big_endian() -> None:
    digest = hashlib.sha256(b"patience:klondike:7").digest()
    assert seed_for("klondike", 7) == int.from_bytes(digest[:8], "big")
    assert seed_for("klondike", 7) != seed_for("klondike", 8) != seed_for("spider", 7)


@pytest.mark.parametrize("n", [1, 2, 3, 7, 52, 104, 2**63 + 5])
def test_below_stays_in_range(n: int) -> None:
    rng = SplitMix64(42)
    assert all(0 <= rng.below(n) < n for _ in range(200))


def test_below_needs_a_positive_bound() -> None:
    with pytest.raises(ValueError, match="positive"):
        SplitMix64(1).below(0)


def test_the_shuffle_is_fisher_yates_from_the_last_position_down() -> None:
    items = list(range(10))
    rng = SplitMix64(99)
    expected = list(items)
    for i in range(9, 0, -1):
        j = rng.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffled(items, 99) == expected
    assert items == list(range(10))  # the input is left alone


def test_the_shuffle_is_a_permutation_and_the_same_every_time() -> None:
    pack = list(range(104))
    first = shuffled(pack, seed_for("spider", 1))
    assert sorted(first) == pack
    assert first == shuffled(pack, seed_for("spider", 1))
    assert first != shuffled(pack, seed_for("spider", 2))


def test_the_module_docstring_vector() -> None:
    assert shuffled(list(range(5)), seed_for("klondike", 1)) == [1, 2, 3, 0, 4]


@pytest.mark.parametrize("deal", [0, -1, MICROSOFT_MAX_DEAL + 1])
def test_microsoft_deals_outside_the_range_are_refused(deal: int) -> None:
    with pytest.raises(ValueError, match="Microsoft FreeCell deals run from 1"):
        microsoft_freecell_deal(deal)


def test_microsoft_deals_hold_every_card_once() -> None:
    for deal in (1, 1_000_000, MICROSOFT_MAX_DEAL):
        columns = microsoft_freecell_deal(deal)
        assert sorted(c for col in columns for c in col) == list(range(52))
        assert [len(c) for c in columns] == [7, 7, 7, 7, 6, 6, 6, 6]
