"""The rules of one game, in sections, written from its definition.

Each paragraph is worded from a rule value (a :class:`~patience.rules.build.Build`, a
:class:`~patience.rules.stock.StockRule`, the pile specs, the deal's shape); what no value
expresses comes from the per-game table in :mod:`patience.web.rules_text.per_game`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from patience.web.rules_text.duel import skill
from patience.web.rules_text.facts import Facts
from patience.web.rules_text.foundations import foundations
from patience.web.rules_text.goals import aim, end
from patience.web.rules_text.layout import layout
from patience.web.rules_text.per_game import extra
from patience.web.rules_text.scoring import scoring_paragraphs
from patience.web.rules_text.stock import stock
from patience.web.rules_text.tableau import cells, removing, tableau
from patience.web.rules_text.words import say


@dataclass(frozen=True)
class Section:
    """One heading of a game's rules and its paragraphs; ``key`` names the section for the
    page (``skill``: the one a link to start a duel follows)."""

    key: str
    title: str
    paragraphs: tuple[str, ...]


def _scoring(f: Facts, lang: str) -> list[str]:
    return scoring_paragraphs(f.info, lang)


_Writer = Callable[[Facts, str], list[str]]

_TITLES: dict[str, tuple[str, str]] = {
    "aim": ("Aim", "Ziel"),
    "layout": ("Layout", "Aufbau"),
    "tableau": ("Tableau", "Tableau"),
    "removing": ("Removing cards", "Karten entfernen"),
    "cells": ("Free cells", "Freie Zellen"),
    "reserve": ("Reserve", "Reserve"),
    "foundations": ("Foundations", "Grundstapel"),
    "stock": ("Stock", "Talon"),
    "end": ("End of the game", "Spielende"),
    "scoring": ("Scoring", "Punkte"),
    "skill": ("Skill play: duels", "Skill-Modus: Duelle"),
}


def _plan(f: Facts) -> list[tuple[str, _Writer]]:
    plan: list[tuple[str, _Writer]] = [
        ("aim", aim),
        ("layout", layout),
        ("tableau", tableau),
    ]
    if f.removal:
        plan.append(("removing", removing))
    if f.cells:
        plan.append(("reserve" if f.cells_dealt else "cells", cells))
    if not f.removal:
        plan.append(("foundations", foundations))
    plan += [("stock", stock), ("end", end), ("scoring", _scoring), ("skill", skill)]
    return plan


def sections_for(f: Facts, lang: str) -> list[Section]:
    """Every section of this game's rules in ``lang``; a section with nothing to say is left out."""
    out: list[Section] = []
    for key, writer in _plan(f):
        paragraphs = writer(f, lang) + list(extra(f.info.id, key, lang))
        if paragraphs:
            en, de = _TITLES[key]
            out.append(Section(key, say(lang, en, de), tuple(paragraphs)))
    return out
