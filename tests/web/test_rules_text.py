"""The rules texts: complete for every game, option and language, true to the definitions."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from itertools import product
from pathlib import Path

import pytest

from patience.cards import card_text
from patience.cards import suit as suit_of
from patience.engine.errors import IllegalMove
from patience.engine.game import Game
from patience.engine.position import transfer
from patience.engine.reasons import STOCK_MESSAGES, build_of, build_params, start_params
from patience.games import GAMES, get_game
from patience.games.registry import BadOption, GameInfo
from patience.rules.build import Build, Direction, Match
from patience.rules.game import Rules
from patience.rules.piles import Kind, Start
from patience.rules.stock import Redeal
from patience.web.rules_text import (
    LANGS,
    Section,
    game_name,
    reason_text,
    rules_sections,
    tagline,
)
from patience.web.rules_text.reasons import REASONS

SRC = Path(__file__).parents[2] / "src" / "patience"
SEEDS = Path("/work/shared/seeds")
SKILL = {"en": "Skill play: duels", "de": "Skill-Modus: Duelle"}


def all_options(info: GameInfo) -> list[dict[str, str]]:
    names = [o.name for o in info.options]
    return [
        dict(zip(names, values, strict=True))
        for values in product(*(o.choices for o in info.options))
    ]


CASES = [
    (info, opts, lang) for info in GAMES.values() for opts in all_options(info) for lang in LANGS
]


def paragraphs_of(info: GameInfo, options: dict[str, str], lang: str) -> list[str]:
    return [p for s in rules_sections(info, options, lang) for p in (s.title, *s.paragraphs)]


def section(info: GameInfo, options: dict[str, str], lang: str, title: str) -> str:
    for s in rules_sections(info, options, lang):
        if s.title == title:
            return " ".join(s.paragraphs)
    raise AssertionError(f"{info.id} has no section {title!r} in {lang}")


@pytest.mark.parametrize(("info", "options", "lang"), CASES, ids=lambda v: getattr(v, "id", str(v)))
def test_every_game_option_and_language_has_full_sections(
    info: GameInfo, options: dict[str, str], lang: str
) -> None:
    sections = rules_sections(info, options, lang)
    titles = [s.title for s in sections]
    assert all(isinstance(s, Section) and s.title and s.paragraphs for s in sections)
    for paragraph in (p for s in sections for p in s.paragraphs):
        assert paragraph[0].isupper() or paragraph[0].isdigit(), paragraph
        assert paragraph.endswith("."), paragraph
        assert not re.search(r"[{}]|  | [,.;:]|\.\.", paragraph), paragraph
    assert len(titles) == len(set(titles))
    expected = {
        "en": ["Aim", "Layout", "Tableau", "Stock", "End of the game", SKILL["en"]],
        "de": ["Ziel", "Aufbau", "Tableau", "Talon", "Spielende", SKILL["de"]],
    }[lang]
    assert [t for t in titles if t in expected] == expected
    assert game_name(info, lang) and tagline(info, lang)


def test_unknown_language_is_refused() -> None:
    info = get_game("klondike")
    for call in (
        lambda: rules_sections(info, {}, "fr"),
        lambda: game_name(info, "fr"),
        lambda: tagline(info, "fr"),
        lambda: reason_text("illegal", {}, "fr"),
    ):
        with pytest.raises(ValueError, match="fr"):
            call()


def test_bad_option_is_refused() -> None:
    with pytest.raises(BadOption):
        rules_sections(get_game("klondike"), {"draw": "2"}, "en")


# ----------------------------------------------------------------- the text follows the data


def test_klondike_stock_paragraph_follows_the_options() -> None:
    info = get_game("klondike")
    stock = {
        (d, p): section(info, {"draw": d, "passes": p}, "en", "Stock")
        for d in ("1", "3")
        for p in ("unlimited", "3", "1")
    }
    assert len(set(stock.values())) == 6
    assert "turns 3 cards at once" in stock["3", "unlimited"]
    assert "turns its top card" in stock["1", "unlimited"]
    assert "as often as you like" in stock["1", "unlimited"]
    assert "3 passes" in stock["1", "3"]
    assert "only once" in stock["1", "1"]
    de = section(info, {"draw": "3", "passes": "3"}, "de", "Talon")
    assert "3 Karten auf einmal" in de and "3 Durchgänge" in de


def test_spider_suits_option_names_the_suits() -> None:
    info = get_game("spider")
    one = section(info, {"suits": "1"}, "en", "Layout")
    assert "spades only" in one and "8 sets" in one
    assert "in Pik" not in section(info, {"suits": "4"}, "de", "Aufbau")
    assert "nur Pik" in section(info, {"suits": "1"}, "de", "Aufbau")
    two = section(info, {"suits": "2"}, "en", "Layout")
    assert "hearts and spades" in two
    assert "2 packs" in section(info, {"suits": "4"}, "en", "Layout")


@pytest.mark.parametrize(
    ("game", "lang", "title", "facts"),
    [
        (
            "nationale",
            "en",
            "Tableau",
            ["up or down in suit", "King and Ace counting as neighbours", "one card"],
        ),
        (
            "nationale",
            "de",
            "Tableau",
            ["auf- oder abwärts in derselben Farbe", "König und Ass als Nachbarn"],
        ),
        (
            "nationale",
            "en",
            "Foundations",
            ["start with their Ace", "start with their King", "taken back"],
        ),
        (
            "nationale",
            "de",
            "Aufbau",
            ["ein Ass und ein König jeder Farbe", "96 Karten", "Ass-Stapel"],
        ),
        ("nationale", "en", "Stock", ["no stock"]),
        (
            "klondike",
            "en",
            "Tableau",
            ["down in alternating colours", "Only a King or a run headed by a King"],
        ),
        (
            "klondike",
            "de",
            "Tableau",
            ["Nur ein König oder eine Folge, die mit einem König beginnt"],
        ),
        ("klondike", "en", "Layout", ["1, 2, 3, 4, 5, 6 and 7 cards", "24 cards form the stock"]),
        (
            "klondike",
            "en",
            "Scoring",
            ["Standard (the default), Vegas or No score", "700,000", "−15", "−52"],
        ),
        ("klondike", "de", "Punkte", ["700.000", "−52"]),
        ("spider", "en", "Scoring", ["500 points", "100 for every completed run"]),
        ("sweet_sixteen", "en", "Scoring", ["card dealt from the stock"]),
        ("pyramid", "de", "Punkte", ["entfernte Karte"]),
        (
            "spider",
            "en",
            "Tableau",
            ["regardless of suit", "all its cards are of one suit", "Any card or run"],
        ),
        ("spider", "en", "Stock", ["one card onto every tableau pile", "empty"]),
        ("spider", "de", "Talon", ["eine Karte auf jeden Tableau-Stapel", "Lücke"]),
        ("spider", "en", "Foundations", ["King down to Ace in one suit", "by themselves"]),
        ("spider", "en", "Layout", ["6, 6, 6, 6, 5, 5, 5, 5, 5 and 5 cards", "50 cards"]),
        (
            "freecell",
            "en",
            "Tableau",
            ["(empty free cells + 1) × 2^(empty columns)", "target does not count"],
        ),
        ("freecell", "de", "Tableau", ["(leere freie Zellen + 1) × 2^(leere Spalten)"]),
        ("freecell", "en", "Free cells", ["4 free cells each hold one card"]),
        ("freecell", "en", "Foundations", ["stays there for good"]),
        (
            "freecell",
            "en",
            "Layout",
            ["7, 7, 7, 7, 6, 6, 6 and 6 cards", "all face up", "Microsoft"],
        ),
        ("thirteens", "en", "Removing cards", ["add up to 13", "Queen + Ace", "King counts 13"]),
        ("thirteens", "de", "Karten entfernen", ["Dame + Ass", "König zählt allein 13"]),
        (
            "thirteens",
            "en",
            "Tableau",
            ["refilled at once with the top card of the stock", "lower-numbered spot"],
        ),
        (
            "thirteens",
            "en",
            "Layout",
            ["Each tableau pile gets one card", "42 cards form the stock"],
        ),
        ("sweet_sixteen", "en", "Tableau", ["down in alternating colours", "one card", "refilled"]),
        ("sweet_sixteen", "en", "Foundations", ["no foundations"]),
        ("sweet_sixteen", "de", "Spielende", ["Talon leer ist"]),
        ("sweet_sixteen", "en", "Layout", ["16 tableau piles", "36 cards"]),
        ("caprice", "en", "Tableau", ["up or down in suit", "Any card may fill"]),
        (
            "caprice",
            "en",
            "Stock",
            ["gathered up", "2 times in all, so 3 rounds", "whenever you choose"],
        ),
        ("caprice", "de", "Talon", ["insgesamt 2-mal", "Zähler"]),
        ("thirteens", "en", "Aim", ["add up to 13; a King leaves on its own"]),
        ("tournament", "de", "Tableau", ["bis zur nächsten Neuverteilung leer"]),
        ("tournament", "en", "Reserve", ["Each reserve cell holds one card"]),
        ("tournament", "en", "Stock", ["4 cards onto every tableau pile", "2 times", "gathered"]),
        (
            "tournament",
            "en",
            "Tableau",
            ["Nothing may be built", "refilled at once with the top 4 cards"],
        ),
        ("tournament", "en", "Foundations", ["first Ace of their suit", "another foundation"]),
        ("tournament", "de", "Aufbau", ["Ass oder ein König"]),
        ("pyramid", "en", "Removing cards", ["top card of the stock", "2 cards overlapping"]),
        ("pyramid", "en", "Stock", ["3 passes"]),
        ("king_tut", "en", "Stock", ["turns 3 cards at once", "as often as you like"]),
        ("king_tut", "en", "End of the game", ["pyramid is cleared"]),
        ("king_tut", "de", "Spielende", ["Pyramide abgeräumt"]),
        ("trusty_twelve", "en", "Tableau", ["regardless of suit", "Only one card"]),
        ("trusty_twelve", "en", "Layout", ["12 tableau piles", "40 cards"]),
        ("knotty_nines", "en", "Layout", ["9 tableau piles", "43 cards"]),
        ("knotty_nines", "de", "Tableau", ["ohne Rücksicht auf die Farbe"]),
    ],
)
def test_key_facts(game: str, lang: str, title: str, facts: list[str]) -> None:
    text = section(get_game(game), {}, lang, title)
    for fact in facts:
        assert fact in text, (game, lang, title, fact)


def variant(game_id: str, change: Callable[[Rules], Rules]) -> GameInfo:
    """The game with its definition changed: the texts must follow the change."""
    info = get_game(game_id)
    return replace(info, build=lambda options: change(info.build(options)))


def test_the_texts_are_read_from_the_definition() -> None:
    def draw_two(rules: Rules) -> Rules:
        return replace(rules, stock=replace(rules.stock, count=2, redeals=4))

    two = variant("klondike", draw_two)
    assert "turns 2 cards at once" in section(two, {}, "en", "Stock")
    assert "höchstens 4-mal, also 5 Durchgänge" in section(two, {}, "de", "Talon")

    def any_card_starts(rules: Rules) -> Rules:
        piles = tuple(
            replace(p, start=Start.ANY) if p.kind is Kind.TABLEAU else p for p in rules.piles
        )
        return replace(rules, piles=piles)

    open_gaps = variant("klondike", any_card_starts)
    assert "Any card or run may fill an empty pile." in section(open_gaps, {}, "en", "Tableau")

    def wrapping(rules: Rules) -> Rules:
        build = Build(Match.ANY, Direction.UP, wrap=True)
        piles = tuple(replace(p, build=build) if p.kind is Kind.TABLEAU else p for p in rules.piles)
        return replace(rules, piles=piles)

    tableau = section(variant("sweet_sixteen", wrapping), {}, "de", "Tableau")
    assert "aufwärts ohne Rücksicht auf die Farbe" in tableau
    assert "König und Ass als Nachbarn" in tableau


# ----------------------------------------------------------------- our own words

WORD = re.compile(r"\w+")
RUN = 8


def runs_of(text: str) -> set[tuple[str, ...]]:
    words = WORD.findall(text.lower())
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed pages are not on this machine")
def test_no_eight_word_run_of_the_seeds_appears_in_german() -> None:
    seed_runs: set[tuple[str, ...]] = set()
    for page in SEEDS.glob("*.txt"):
        seed_runs |= runs_of(page.read_text(encoding="utf-8"))
    assert seed_runs
    texts = [
        p for info, opts, lang in CASES if lang == "de" for p in paragraphs_of(info, opts, lang)
    ]
    texts += [tagline(info, "de") for info in GAMES.values()]
    texts += [de for _, de in REASONS.values()]
    for text in texts:
        copied = runs_of(text) & seed_runs
        assert not copied, copied


def test_the_run_check_can_fail() -> None:
    assert runs_of("eins zwei drei vier fünf sechs sieben acht neun") & runs_of(
        "null eins zwei drei vier fünf sechs sieben acht"
    )


# ----------------------------------------------------------------- move reasons

RAISED = re.compile(r'IllegalMove\(\s*"(\w+)"')


def test_every_reason_code_the_engine_raises_is_translated() -> None:
    codes = {
        m for path in SRC.rglob("*.py") for m in RAISED.findall(path.read_text(encoding="utf-8"))
    }
    assert {"does_not_fit", "too_many", "nothing_to_undo"} <= codes
    codes |= set(STOCK_MESSAGES)  # raised as IllegalMove(code, STOCK_MESSAGES[code])
    assert codes <= set(REASONS), codes - set(REASONS)


PARAMS = {
    "card": "TD",
    "target": "JC",
    "match": "alternate",
    "direction": "down",
    "wrap": "no",
    "start": "rank",
    "start_rank": "13",
    "capacity": "4",
    "move": "9z",
    "cards": "QH 3C",
    "total": "15",
    "goal": "13",
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_reads_in_both_languages(lang: str) -> None:
    for code in REASONS:
        text = reason_text(code, PARAMS, lang)
        assert text and "{" not in text


def test_reasons_word_the_rule_and_name_the_cards_in_the_language() -> None:
    fit = {"card": "TD", "target": "QC", "match": "alternate", "direction": "down", "wrap": "no"}
    assert reason_text("does_not_fit", fit, "de") == (
        "10♦ passt nicht auf D♣: gebaut wird abwärts in abwechselnden Farben"
        " (Rot auf Schwarz, Schwarz auf Rot)."
    )
    assert reason_text("does_not_fit", fit, "en").startswith("10♦ does not go on Q♣: cards build")
    start = {"card": "QS", "start": "rank", "start_rank": "13"}
    assert reason_text("cannot_start", start, "de") == (
        "D♠ darf nicht auf diesen leeren Platz: nur ein König darf ihn beginnen."
    )
    assert reason_text("cannot_start", {"card": "QS"}, "en") == (
        "Q♠ cannot go into this empty place."
    )
    pair = {"cards": "JH KC", "total": "24", "goal": "13"}
    assert reason_text("not_thirteen", pair, "de") == "B♥ + K♣ ergeben 24, nicht 13."


def test_reason_errors_are_clear() -> None:
    with pytest.raises(ValueError, match="no_such_code"):
        reason_text("no_such_code", {}, "en")
    with pytest.raises(ValueError, match="capacity"):
        reason_text("too_many", {}, "de")
    with pytest.raises(ValueError, match="not a card"):
        reason_text("does_not_fit", {"card": "1", "target": "2"}, "de")


def test_every_pile_rule_of_every_game_has_a_wording() -> None:
    for info in GAMES.values():
        for opts in all_options(info):
            for spec in info.rules(opts).piles:
                assert build_of(build_params(spec.build)) == spec.build
                for lang in LANGS:
                    fit = {"card": "AS", "target": "2S", **build_params(spec.build)}
                    assert reason_text("does_not_fit", fit, lang)
                    start = {"card": "AS", **start_params(spec)}
                    assert reason_text("cannot_start", start, lang)


def refusals(game_id: str, deal: int = 1) -> dict[str, IllegalMove]:
    """One refusal per reason code among single-card moves between any two piles."""
    game = Game.new(game_id, deal=deal)
    n = len(game.engine.specs)
    found: dict[str, IllegalMove] = {}
    for src, dst in product(range(n), repeat=2):
        try:
            game.engine.check(game.position, transfer(src, dst))
        except IllegalMove as error:
            found.setdefault(error.code, error)
    return found


def test_real_refusals_are_worded_with_their_rule() -> None:
    found = refusals("freecell")
    fit, start = found["does_not_fit"], found["cannot_start"]
    assert "abwechselnden Farben" in reason_text(fit.code, fit.params, "de")
    assert "alternating colours" in reason_text(fit.code, fit.params, "en")
    assert reason_text(start.code, start.params, "de").endswith("nur ein Ass darf ihn beginnen.")
    assert reason_text(start.code, start.params, "en").endswith("only an Ace may start it.")
    for error in (*found.values(), *refusals("pyramid").values(), *refusals("nationale").values()):
        for lang in LANGS:
            assert reason_text(error.code, error.params, lang)


VALUE = re.compile(r"[0-9]+|[a-z_]+|[CDHS]|[2-9TJQKA][CDHS]( [2-9TJQKA][CDHS])*")
"""A refusal parameter: a number, a rule setting, a suit letter or card codes, never words."""


def test_refusals_carry_values_that_each_language_words() -> None:
    games = ("freecell", "klondike", "spider", "nationale", "tournament", "pyramid")
    for error in (e for game in games for e in refusals(game).values()):
        for name, value in error.params.items():
            assert VALUE.fullmatch(value), (error.code, name, value)


def test_german_refusals_name_jacks_queens_and_kings_as_the_cards_show_them() -> None:
    def queen_on_top(deal: int) -> tuple[Game, int] | None:
        game = Game.new("freecell", deal=deal)
        tops = [i for i, pile in enumerate(game.position.piles) if pile]
        found = [i for i in tops if card_text(game.position.piles[i][-1])[0] == "Q"]
        return (game, found[0]) if found else None

    game, queen = next(found for deal in range(1, 100) if (found := queen_on_top(deal)))
    card = game.position.piles[queen][-1]
    other = next(i for i, pile in enumerate(game.position.piles) if pile and i != queen)
    with pytest.raises(IllegalMove) as caught:  # a Queen fits no top card of a fresh deal
        game.play(transfer(queen, other))
    error = caught.value
    assert error.code == "does_not_fit" and error.params["card"] == card_text(card)
    suit = "♣♦♥♠"[suit_of(card)]
    assert reason_text(error.code, error.params, "de").startswith(f"D{suit} passt nicht auf ")
    assert reason_text(error.code, error.params, "en").startswith(f"Q{suit} does not go on ")


def test_the_german_build_example_names_the_queen_as_the_cards_do() -> None:
    def tableau(lang: str) -> str:
        sections = rules_sections(get_game("nationale"), {}, lang)
        return " ".join(p for s in sections for p in s.paragraphs)

    assert "Auf K♠ passt A♠ oder D♠." in tableau("de")
    assert "On the K♠ you may lay A♠ or Q♠." in tableau("en")


GATHERING = {
    "en": "the first pile from its bottom card up, then the second pile",
    "de": "zuerst der erste Stapel von seiner untersten Karte an, dann der zweite Stapel",
}
"""The order the engine deals gathered piles in (tests/games/test_caprice.py pins it)."""


@pytest.mark.parametrize("lang", LANGS)
def test_every_gathering_redeal_states_the_engines_order_once(lang: str) -> None:
    gathering = [i for i in GAMES.values() if i.rules().stock.redeal is Redeal.GATHER_TABLEAU]
    assert {i.id for i in gathering} == {"caprice", "tournament"}
    for info in gathering:
        text = " ".join(paragraphs_of(info, {}, lang))
        assert text.count(GATHERING[lang]) == 1, info.id
        assert "first pile first" not in text and "vom ersten an" not in text
