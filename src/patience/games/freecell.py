"""FreeCell: eight open columns, four free cells, Microsoft's deal numbers."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from patience.cards import ALL_CARDS
from patience.deal import MICROSOFT_MAX_DEAL, microsoft_freecell_deal
from patience.games.layout import DOWN_ALTERNATE, cells, foundations, tableau
from patience.games.registry import GameInfo, Skill
from patience.rules.dealing import deal_rows, turn_up_all
from patience.rules.game import Rules
from patience.rules.piles import Start, Unit
from patience.rules.table import Table

TABLEAU = range(8)


def _deal(rules: Rules, cards: Iterator[int], table: Table) -> None:
    deal_rows(cards, table, TABLEAU, [7, 7, 7, 7, 6, 6, 6, 6])
    turn_up_all(table, TABLEAU)


def microsoft_order(pack: Sequence[int], deal_number: int) -> list[int]:
    """The cards of Microsoft deal ``deal_number`` in row-by-row dealing order."""
    columns = microsoft_freecell_deal(deal_number)
    return [col[row] for row in range(7) for col in columns if row < len(col)]


def build(options: Mapping[str, str]) -> Rules:
    return Rules(
        piles=(
            *tableau(8, DOWN_ALTERNATE, unit=Unit.RUN, start=Start.ANY),
            *cells(4),
            *foundations(4, column=4),
        ),
        pack=ALL_CARDS,
        deal=_deal,
        supermove=True,
    )


FREECELL = GameInfo(
    id="freecell",
    names={"en": "FreeCell", "de": "FreeCell"},
    family="freecell",
    decks=1,
    skill=Skill.MOSTLY_SKILL,
    build=build,
    related=("klondike", "spider"),
    deal_order=microsoft_order,
    last_deal=MICROSOFT_MAX_DEAL,
)
