"""The rules' skill play: what a duel of each game is, what open cards show in it, the duel
page's own rules of the result, and a link on the rules page that opens the challenge form."""

from __future__ import annotations

import doctest
import html
import re
from typing import get_args, get_type_hints
from urllib.parse import urljoin, urlsplit

import pytest
from starlette.testclient import TestClient

from patience.duels.clock import CLOCK_MINUTES, DEADLINE_HOURS, DEFAULT_DEADLINE_HOURS
from patience.duels.series import BEST_OF
from patience.engine.game import Game
from patience.games import GAMES
from patience.games.registry import GameInfo
from patience.rules.piles import Kind
from patience.views import hidden_view
from patience.web.duel_wire import NewDuel
from patience.web.rules_text import LANGS, rules_sections
from patience.web.rules_text import duel as duel_text
from patience.web.rules_text.duel import DECIDED_BY
from patience.web.ui_strings import UI_STRINGS

TITLE = {"en": "Skill play: duels", "de": "Skill-Modus: Duelle"}
LATER = re.compile(r"coming later|comes later|not here yet|kommt später|gibt es noch nicht", re.I)
CASES = [(info, lang) for info in GAMES.values() for lang in LANGS]


def case_id(value: object) -> str:
    return getattr(value, "id", str(value))


def skill_paragraphs(info: GameInfo, lang: str) -> tuple[str, ...]:
    sections = rules_sections(info, None, lang)
    (skill,) = [s for s in sections if s.key == "skill"]
    assert skill.title == TITLE[lang] and sections[-1] is skill
    return skill.paragraphs


def unseen_at_start(info: GameInfo) -> set[Kind]:
    """The kinds of pile with cards a player may not see after the deal (deal 1)."""
    game = Game.new(info.id, deal=1)
    view = hidden_view(game.engine, game.position)
    return {pile.kind for pile in view.piles if None in pile.cards}


@pytest.mark.parametrize(("info", "lang"), CASES, ids=case_id)
def test_every_game_says_what_a_duel_is_and_how_it_is_decided(info: GameInfo, lang: str) -> None:
    paragraphs = skill_paragraphs(info, lang)
    text = " ".join(paragraphs)
    assert not LATER.search(text)
    assert info.names[lang] in paragraphs[0]
    for minutes in (m for m in CLOCK_MINUTES if m):
        assert str(minutes) in paragraphs[0]
    # the duel page's rules of the result, word for word and in its order
    t = UI_STRINGS[lang]
    rules = [t[key] for key in DECIDED_BY]
    start = paragraphs.index(rules[0])
    assert list(paragraphs[start : start + len(rules)]) == rules


@pytest.mark.parametrize(("info", "lang"), CASES, ids=case_id)
def test_open_cards_are_said_to_show_what_this_game_hides(info: GameInfo, lang: str) -> None:
    open_cards = skill_paragraphs(info, lang)[1]
    unseen = unseen_at_start(info)
    stock = {"en": "of the stock", "de": "des Talons"}[lang]
    face_down = {"en": "the face-down cards", "de": "die verdeckten Karten"}[lang]
    same = {"en": "show the same table", "de": "zeigen also denselben Tisch"}[lang]
    assert (stock in open_cards) == (Kind.STOCK in unseen)
    assert (face_down in open_cards) == bool(unseen - {Kind.STOCK})
    assert (same in open_cards) == (not unseen)
    if unseen:
        assert UI_STRINGS[lang]["duel_cards_closed"] in open_cards


def test_the_games_with_and_without_hidden_cards_read_as_they_should() -> None:
    klondike, freecell, pyramid = (
        skill_paragraphs(GAMES[g], "en")[1] for g in ("klondike", "freecell", "pyramid")
    )
    assert "the face-down cards and every card of the stock" in klondike
    assert "Every card of FreeCell lies face up" in freecell
    assert "the cards of the stock under its top card" in pyramid
    home = {g: skill_paragraphs(GAMES[g], "de")[-1] for g in ("klondike", "trusty_twelve")}
    assert home["klondike"].endswith("die Karten auf den Grundstapeln.")
    assert home["trusty_twelve"].endswith("die aus dem Talon ausgeteilten Karten.")


@pytest.mark.parametrize("lang", LANGS)
def test_only_a_game_where_no_choice_matters_calls_a_duel_a_race(lang: str) -> None:
    # Thirteens: every order of removals ends with the same cards removed (proved in
    # docs/SOLVERS.md), so planning cannot win a duel of it; every other game's can.
    race = {"en": "the time taken decides it", "de": "die benötigte Zeit entscheidet"}[lang]
    planning = {"en": "the better planning wins", "de": "es gewinnt die bessere Planung"}[lang]
    for info in GAMES.values():
        open_cards = skill_paragraphs(info, lang)[1]
        assert (race in open_cards) == (info.id == "thirteens"), info.id
        if unseen_at_start(info) and info.id != "thirteens":
            assert planning in open_cards, info.id
    assert planning not in skill_paragraphs(GAMES["thirteens"], lang)[1]


def test_the_clocks_named_are_the_clocks_a_challenge_may_ask_for() -> None:
    asked = get_args(get_type_hints(NewDuel)["clock_minutes"])
    assert asked == CLOCK_MINUTES


def test_the_rounds_and_deadlines_named_are_those_a_challenge_may_ask_for() -> None:
    hints = get_type_hints(NewDuel)
    assert get_args(hints["best_of"]) == BEST_OF
    assert get_args(hints["deadline_hours"]) == DEADLINE_HOURS
    assert NewDuel(game="freecell", nickname="Ada").deadline_hours == DEFAULT_DEADLINE_HOURS


START = re.compile(r'<a class="button start-duel" href="([^"]+)">([^<]+)</a>')
RULES = re.compile(r'<section class="rules".*?</section>', re.S)


@pytest.mark.parametrize(("info", "lang"), CASES, ids=case_id)
def test_the_rules_page_links_to_the_challenge_form_of_its_game(
    client: TestClient, info: GameInfo, lang: str
) -> None:
    page_url = f"/{lang}/{info.id}?deal=7"
    page = client.get(page_url)
    assert page.status_code == 200
    found = RULES.search(page.text)
    assert found
    rules = found.group(0)
    assert f"<h3>{html.escape(TITLE[lang])}</h3>" in rules
    (link,) = START.findall(rules)
    href, label = link
    assert label == UI_STRINGS[lang]["rules_start_duel"]
    assert rules.index(f"<h3>{html.escape(TITLE[lang])}</h3>") < rules.index(href)
    target = urlsplit(urljoin(f"http://testserver{page_url}", html.unescape(href)))
    assert (target.path, target.query) == (f"/{lang}/{info.id}", "deal=7")
    opened = client.get(f"{target.path}?{target.query}")
    assert opened.status_code == 200
    form = re.search(
        rf'<details class="panel challenge" id="{target.fragment}">.*?</details>', opened.text, re.S
    )
    assert form, "the link's target holds no challenge form"
    assert 'id="challenge-form"' in form.group(0)
    assert f'name="game" value="{info.id}"' in form.group(0)
    clock = re.search(r'<select name="clock_minutes">(.*?)</select>', form.group(0), re.S)
    assert clock
    assert {int(v) for v in re.findall(r'value="(\d+)"', clock.group(1))} == set(CLOCK_MINUTES)


def test_the_duel_text_doctests_pass() -> None:
    result = doctest.testmod(duel_text, optionflags=doctest.ELLIPSIS)
    assert result.attempted and not result.failed
