"""Game metadata, rule options and the registry of stable game ids."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from itertools import product

from patience.deal import MAX_DEAL, BadDeal, seed_for, shuffled
from patience.rules.game import Rules


class Skill(Enum):
    """How much a player's choices decide the game."""

    MOSTLY_LUCK = "mostly_luck"
    MIXED = "mixed"
    MOSTLY_SKILL = "mostly_skill"


class UnknownGame(KeyError):
    """No game has this id."""

    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (see `patience games`)"


class BadOption(ValueError):
    """An option name or value the game does not have.

    ``choices`` lists the option's values when the value is bad, and is empty when the game
    has no option of that name (``known`` then lists the options it has).
    """

    def __init__(
        self,
        message: str,
        *,
        game: str,
        option: str,
        value: str,
        choices: tuple[str, ...] = (),
        known: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message)
        self.game, self.option, self.value = game, option, value
        self.choices, self.known = choices, known


@dataclass(frozen=True)
class Option:
    """A rule option: its name and its values, the default first."""

    name: str
    choices: tuple[str, ...]

    @property
    def default(self) -> str:
        return self.choices[0]


Options = tuple[tuple[str, str], ...]
"""Options in canonical form: every option of the game, in declaration order."""


@dataclass(frozen=True, eq=False)
class GameInfo:
    """One game: ids, names, family, what decides it, related games, options and rules."""

    id: str
    names: Mapping[str, str]
    family: str
    decks: int
    skill: Skill
    build: Callable[[Mapping[str, str]], Rules] = field(repr=False)
    options: tuple[Option, ...] = ()
    related: tuple[str, ...] = ()
    deal_order: Callable[[Sequence[int], int], list[int]] | None = field(default=None, repr=False)
    last_deal: int = MAX_DEAL
    """Deals run from 1 to this number."""

    def check_deal(self, deal: int) -> int:
        """``deal`` if this game has it; :class:`~patience.deal.BadDeal` else.

        >>> from patience.games import GAMES
        >>> GAMES["freecell"].check_deal(2**31)
        Traceback (most recent call last):
        ...
        patience.deal.BadDeal: freecell deals run from 1 to 2147483647, not 2147483648
        """
        if not 1 <= deal <= self.last_deal:
            raise BadDeal(f"{self.id} deals run from 1 to {self.last_deal}, not {deal}")
        return deal

    def canonical(self, options: Mapping[str, str] | None = None) -> Options:
        """Every option of this game with its value, defaults filled in; bad input raises."""
        given = dict(options or {})
        out: list[tuple[str, str]] = []
        for option in self.options:
            value = str(given.pop(option.name, option.default))
            if value not in option.choices:
                allowed = ", ".join(option.choices)
                raise BadOption(
                    f"{self.id}: {option.name} must be one of {allowed}, not {value!r}",
                    game=self.id,
                    option=option.name,
                    value=value,
                    choices=option.choices,
                )
            out.append((option.name, value))
        if given:
            name, value = next(iter(given.items()))
            known = tuple(o.name for o in self.options)
            names = ", ".join(known) or "none"
            raise BadOption(
                f"{self.id} has no option {name!r} (options: {names})",
                game=self.id,
                option=name,
                value=str(value),
                known=known,
            )
        return tuple(out)

    def option_sets(self) -> list[Options]:
        """Every combination of this game's options, in canonical form, defaults first.

        >>> from patience.games import GAMES
        >>> len(GAMES["klondike"].option_sets()), GAMES["freecell"].option_sets()
        (6, [()])
        """
        names = [option.name for option in self.options]
        return [
            tuple(zip(names, values, strict=True))
            for values in product(*(option.choices for option in self.options))
        ]

    def rules(self, options: Mapping[str, str] | None = None) -> Rules:
        """The rules for these options (built once per distinct set)."""
        return _rules(self, self.canonical(options))

    def order(self, rules: Rules, deal_number: int) -> list[int]:
        """The cards of deal ``deal_number`` in the order the deal script lays them out."""
        pack = list(rules.pack)
        for card in rules.preset:
            pack.remove(card)
        if self.deal_order is not None:
            return self.deal_order(pack, deal_number)
        return shuffled(pack, seed_for(self.id, deal_number))


@cache
def _rules(info: GameInfo, options: Options) -> Rules:
    return info.build(dict(options))
