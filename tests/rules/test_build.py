"""Build rules: which card may be laid on which."""

from __future__ import annotations

import pytest

from patience.cards import ALL_CARDS, is_red, parse_card, rank, suit
from patience.rules.build import Build, Direction, Match
from patience.rules.piles import Kind, PileSpec, Start


def c(text: str) -> int:
    return parse_card(text)


@pytest.mark.parametrize("match", list(Match))
@pytest.mark.parametrize("direction", list(Direction))
@pytest.mark.parametrize("wrap", [False, True])
def test_fits_follows_the_definition_for_every_pair(
    match: Match, direction: Direction, wrap: bool
) -> None:
    build = Build(match, direction, wrap)
    for lower in ALL_CARDS:
        for upper in ALL_CARDS:
            diff = rank(upper) - rank(lower)
            if wrap:
                diff = {12: -1, -12: 1}.get(diff, diff)
            ranks_ok = {Direction.UP: diff == 1, Direction.DOWN: diff == -1}.get(
                direction, abs(diff) == 1
            )
            suits_ok = {
                Match.SUIT: suit(lower) == suit(upper),
                Match.ALTERNATE: is_red(lower) != is_red(upper),
                Match.ANY: True,
            }[match]
            assert build.fits(lower, upper) == (ranks_ok and suits_ok), (lower, upper)


def test_a_red_8_never_goes_on_a_red_9_when_building_in_alternating_colours() -> None:
    build = Build(Match.ALTERNATE, Direction.DOWN)
    assert not any(build.fits(c(f"9{a}"), c(f"8{b}")) for a in "DH" for b in "DH")
    assert all(build.fits(c(f"9{a}"), c(f"8{b}")) for a in "CS" for b in "DH")


def test_wrap_makes_king_and_ace_neighbours() -> None:
    assert Build(Match.SUIT, Direction.BOTH, wrap=True).fits(c("KS"), c("AS"))
    assert Build(Match.SUIT, Direction.BOTH, wrap=True).fits(c("AS"), c("KS"))
    assert not Build(Match.SUIT, Direction.BOTH).fits(c("KS"), c("AS"))


def test_builds_are_values() -> None:
    assert Build(Match.SUIT, Direction.UP) == Build(Match.SUIT, Direction.UP)
    assert hash(Build(Match.ANY, Direction.DOWN)) == hash(Build(Match.ANY, Direction.DOWN))


def test_which_cards_start_an_empty_pile() -> None:
    any_card = PileSpec(Kind.TABLEAU, "1", start=Start.ANY)
    nothing = PileSpec(Kind.TABLEAU, "1", start=Start.NONE)
    kings = PileSpec(Kind.TABLEAU, "1", start=Start.RANK, start_rank=13)
    ace_of_hearts = PileSpec(Kind.FOUNDATION, "f3", start=Start.RANK, start_rank=1, suit=2)
    assert all(any_card.accepts_on_empty(x) for x in ALL_CARDS)
    assert not any(nothing.accepts_on_empty(x) for x in ALL_CARDS)
    assert [x for x in ALL_CARDS if kings.accepts_on_empty(x)] == [c(f"K{s}") for s in "CDHS"]
    assert [x for x in ALL_CARDS if ace_of_hearts.accepts_on_empty(x)] == [c("AH")]
