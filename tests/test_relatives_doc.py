"""docs/relatives.md agrees with the games' definitions where it states what the code does."""

from __future__ import annotations

import re
from pathlib import Path

from patience.games import GAMES

DOC = (Path(__file__).resolve().parents[1] / "docs" / "relatives.md").read_text(encoding="utf-8")


def _section(heading: str) -> str:
    """The text under ``heading`` up to the next heading of the same or a higher level."""
    level = heading.split()[0]
    start = DOC.index(heading + "\n")
    rest = DOC[start + len(heading) :]
    end = re.search(rf"^#{{1,{len(level)}}} ", rest, flags=re.MULTILINE)
    return rest[: end.start()] if end else rest


def _bullet(text: str, words: str) -> str:
    """The bullet of ``text`` that contains ``words`` (bullets may run over several lines)."""
    (found,) = [b for b in re.split(r"\n- ", text) if words in " ".join(b.split())]
    return " ".join(found.split())


def test_the_games_whose_foundation_cards_come_back_are_all_named() -> None:
    returning = [info.names["en"] for info in GAMES.values() if info.rules().foundation_returns]
    assert sorted(returning) == ["Klondike", "Nationale"]
    bullet = _bullet(_section("### Caprice"), "Foundation cards never come back")
    for name in returning:
        assert name in bullet


def test_the_caprice_gathering_order_is_the_order_the_engine_deals() -> None:
    bullet = _bullet(_section("### Caprice"), "Gathering order")
    assert "pile 1 from its bottom card up, then pile 2" in bullet  # tests/games/test_caprice.py
    assert "first pile first" not in bullet


def test_the_departures_from_the_seed_tables_are_written_down() -> None:
    heading = "## Where RULES.md departs from a seed's variant table: FreeCell and Spider building"
    text = " ".join(_section(heading).split())
    assert "002_4c02bd1fe3f35141.txt" in text
    assert "Spider builds down regardless of suit" in text
    assert "FreeCell builds down in alternating colours" in text
