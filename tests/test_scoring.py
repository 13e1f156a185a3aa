"""Scoring profiles: one test per rule of each profile (RULES.md, Klondike and Spider)."""

from __future__ import annotations

import random

import pytest

from patience.cards import parse_card
from patience.engine.core import Engine
from patience.engine.game import Game, engine_for
from patience.engine.position import REDEAL_MOVE, STOCK_MOVE, Move, Position, transfer
from patience.games import GAMES, get_game
from patience.games.registry import GameInfo
from patience.scoring import (
    Running,
    UnknownProfile,
    game_score,
    profiles_for,
    score,
)


def engine_of(info: GameInfo, options: tuple[tuple[str, str], ...]) -> Engine:
    return engine_for(info.rules(dict(options)))


KLONDIKE = engine_of(get_game("klondike"), get_game("klondike").canonical())


def pos(engine: Engine, **piles: str) -> Position:
    """A (partial) position: ``p1="9C|KS"`` puts 9C face down under KS on pile ``1``."""
    codes = [s.code for s in engine.specs]
    cards: list[tuple[int, ...]] = [()] * len(codes)
    down = [0] * len(codes)
    for key, text in piles.items():
        code = key.removeprefix("p")
        hidden, _, shown = text.rpartition("|")
        row = [parse_card(c) for c in (hidden + " " + shown).split()]
        i = codes.index(code)
        cards[i] = tuple(row)
        down[i] = len(hidden.split())
    return Position(tuple(cards), tuple(down))


def at(engine: Engine, code: str) -> int:
    return [s.code for s in engine.specs].index(code)


def klondike_score(steps: list[tuple[Position, Move]], final: Position, seconds: float = 0) -> int:
    positions = [p for p, _ in steps] + [final]
    return score("standard", KLONDIKE, positions, [m for _, m in steps], seconds)


# ---------------------------------------------------------------- which profiles


def test_klondike_offers_standard_vegas_and_none_standard_first() -> None:
    assert profiles_for(get_game("klondike")) == ("standard", "vegas", "none")


def test_spider_offers_the_microsoft_profile() -> None:
    assert profiles_for(get_game("spider")) == ("spider", "none")


@pytest.mark.parametrize("game_id", sorted(set(GAMES) - {"klondike", "spider"}))
def test_other_games_count_cards_home(game_id: str) -> None:
    assert profiles_for(get_game(game_id)) == ("cards_home", "none")


def test_unknown_profile_is_refused() -> None:
    start = pos(KLONDIKE)
    with pytest.raises(UnknownProfile):
        score("golf", KLONDIKE, [start], [])


def test_positions_must_match_moves() -> None:
    with pytest.raises(ValueError, match="one position after each move"):
        score("standard", KLONDIKE, [pos(KLONDIKE)], [STOCK_MOVE])


def test_negative_time_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        score("standard", KLONDIKE, [pos(KLONDIKE)], [], -1)


# ---------------------------------------------------------------- Klondike standard


def test_standard_waste_to_foundation_earns_10() -> None:
    before = pos(KLONDIKE, w="AH")
    after = pos(KLONDIKE, f1="AH")
    assert klondike_score([(before, transfer(at(KLONDIKE, "w"), at(KLONDIKE, "f1")))], after) == 10


def test_standard_tableau_to_foundation_earns_10() -> None:
    before = pos(KLONDIKE, p1="AH")
    after = pos(KLONDIKE, f1="AH")
    assert klondike_score([(before, transfer(0, at(KLONDIKE, "f1")))], after) == 10


def test_standard_waste_to_tableau_earns_5() -> None:
    before = pos(KLONDIKE, p1="KS", w="QH")
    after = pos(KLONDIKE, p1="KS QH")
    assert klondike_score([(before, transfer(at(KLONDIKE, "w"), 0))], after) == 5


def test_standard_turning_a_card_earns_5() -> None:
    before = pos(KLONDIKE, p1="KS", p2="9C|QH")
    after = pos(KLONDIKE, p1="KS QH", p2="9C")
    assert klondike_score([(before, transfer(1, 0))], after) == 5


def test_standard_tableau_to_tableau_without_a_turn_earns_nothing() -> None:
    before = pos(KLONDIKE, p1="KS", p2="QH")
    after = pos(KLONDIKE, p1="KS QH")
    assert klondike_score([(before, transfer(1, 0))], after) == 0


def test_standard_foundation_to_tableau_costs_15() -> None:
    start = pos(KLONDIKE, p1="AH", p2="3S")
    home = pos(KLONDIKE, p2="3S", f1="AH")
    two = pos(KLONDIKE, p2="3S", f1="AH", f2="2H")
    steps = [
        (start, transfer(0, at(KLONDIKE, "f1"))),
        (home, transfer(at(KLONDIKE, "w"), at(KLONDIKE, "f2"))),
        (two, transfer(at(KLONDIKE, "f2"), 1)),
    ]
    assert klondike_score(steps, pos(KLONDIKE, p2="3S 2H", f1="AH")) == 10 + 10 - 15


def test_standard_score_never_falls_below_zero_and_counts_on_from_zero() -> None:
    home = pos(KLONDIKE, p1="3S", f1="AH")
    back = pos(KLONDIKE, p1="3S AH")
    steps = [
        (home, transfer(at(KLONDIKE, "f1"), 0)),  # -15, held at 0
        (back, transfer(0, at(KLONDIKE, "f1"))),  # +10
    ]
    assert klondike_score(steps, home) == 10


def test_standard_stock_and_redeal_score_nothing() -> None:
    start = pos(KLONDIKE, s="AH")
    drawn = pos(KLONDIKE, w="AH")
    assert klondike_score([(start, STOCK_MOVE), (drawn, REDEAL_MOVE)], start) == 0


def test_standard_loses_2_per_full_10_seconds() -> None:
    before = pos(KLONDIKE, p1="AH")
    after = pos(KLONDIKE, f1="AH")
    steps = [(before, transfer(0, at(KLONDIKE, "f1")))]
    assert klondike_score(steps, after, 9.9) == 10
    assert klondike_score(steps, after, 29) == 10 - 4


def test_standard_time_never_takes_the_score_below_zero() -> None:
    assert klondike_score([], pos(KLONDIKE), 600) == 0


def _won_klondike() -> tuple[Position, Position]:
    piles = {f"f{s + 1}": " ".join(f"{r}{'CDHS'[s]}" for r in "A23456789TJQK") for s in range(4)}
    before = dict(piles)
    before["f4"] = before["f4"].removesuffix(" KS")
    return pos(KLONDIKE, p1="KS", **before), pos(KLONDIKE, **piles)


def test_standard_won_game_earns_700000_over_seconds_after_30_seconds() -> None:
    before, won = _won_klondike()
    steps = [(before, transfer(0, at(KLONDIKE, "f4")))]
    assert klondike_score(steps, won, 40) == 10 - 2 * 4 + 700_000 // 40
    assert klondike_score(steps, won, 100) == 0 + 700_000 // 100  # time took it to 0 first


def test_standard_no_bonus_under_30_seconds() -> None:
    before, won = _won_klondike()
    steps = [(before, transfer(0, at(KLONDIKE, "f4")))]
    assert klondike_score(steps, won, 29) == 10 - 4


def test_standard_no_bonus_without_a_win() -> None:
    before = pos(KLONDIKE, p1="AH")
    after = pos(KLONDIKE, f1="AH")
    assert klondike_score([(before, transfer(0, at(KLONDIKE, "f1")))], after, 100) == 0


# ---------------------------------------------------------------- Klondike Vegas


def test_vegas_starts_with_the_52_ante() -> None:
    assert score("vegas", KLONDIKE, [pos(KLONDIKE)], []) == -52


def test_vegas_pays_5_per_foundation_card_and_ignores_time() -> None:
    final = pos(KLONDIKE, f1="AH 2H", f2="AS")
    start = pos(KLONDIKE, p1="AH 2H", p2="AS")
    moves = [STOCK_MOVE]  # what was played does not matter, only the cards home
    assert score("vegas", KLONDIKE, [start, final], moves, 1000) == -52 + 15


def test_none_is_always_zero() -> None:
    final = pos(KLONDIKE, f1="AH")
    assert score("none", KLONDIKE, [pos(KLONDIKE, p1="AH"), final], [transfer(0, 9)]) == 0


# ---------------------------------------------------------------- Spider

SPIDER = engine_of(get_game("spider"), get_game("spider").canonical())


def test_spider_starts_at_500() -> None:
    assert score("spider", SPIDER, [pos(SPIDER)], []) == 500


def test_spider_costs_1_per_move_deals_included() -> None:
    p = pos(SPIDER)
    assert score("spider", SPIDER, [p, p, p], [transfer(0, 1), STOCK_MOVE]) == 498


def test_spider_earns_100_per_completed_run() -> None:
    run = " ".join(f"{r}S" for r in "KQJT98765432A")
    final = pos(SPIDER, f1=run, f2=run)
    assert score("spider", SPIDER, [pos(SPIDER), final], [transfer(0, 1)]) == 500 - 1 + 200


# ---------------------------------------------------------------- cards home


def test_cards_home_counts_foundation_cards() -> None:
    freecell = engine_of(get_game("freecell"), ())
    final = pos(freecell, f1="AC 2C", f3="AH")
    assert score("cards_home", freecell, [pos(freecell), final], [transfer(0, 12)]) == 3


def test_cards_home_counts_removed_cards_in_removal_games() -> None:
    game = Game.new("thirteens", deal=1)
    king = next(m for m in game.legal_moves() if m.dst == -1)
    game.play(king)
    assert game_score(game) == 1


def test_cards_home_counts_cards_dealt_from_the_talon_in_sweet_sixteen() -> None:
    engine = engine_of(get_game("sweet_sixteen"), ())
    start = pos(engine, s="AH 2H 3H")
    after = pos(engine, s="AH")
    assert score("cards_home", engine, [start, after], [transfer(0, 1)]) == 2


# ---------------------------------------------------------------- whole games


def test_game_score_uses_the_default_profile_and_the_current_line() -> None:
    game = Game.new("spider", {"suits": "1"}, deal=1)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    assert game_score(game) == 498
    game.undo()
    assert game_score(game) == 499
    assert game_score(game, "none") == 0


@pytest.mark.parametrize("seed", range(5))
def test_standard_stays_at_or_above_zero_in_random_play(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new("klondike", deal=seed + 1)
    for _ in range(150):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    assert game_score(game, "standard", 45) >= 0
    assert game_score(game, "vegas") == -52 + 5 * sum(
        len(game.position.piles[f]) for f in game.engine.foundations
    )


@pytest.mark.parametrize("seed", range(5))
def test_points_kept_between_calls_follow_moves_undos_redos_and_restarts(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new("klondike", deal=seed + 1)
    running = Running()
    for _ in range(300):
        roll = rng.random()
        if roll < 0.15 and game.can_undo:
            game.undo()
        elif roll < 0.25 and game.can_redo:
            game.redo()
        elif roll < 0.27:
            game.restart()
        elif game.legal_moves():
            game.play(rng.choice(game.legal_moves()))
        if rng.random() < 0.3:  # several changes between two calls, now and then
            kept = score("standard", game.engine, game.positions, game.moves, 40, running)
            assert kept == score("standard", game.engine, game.positions, game.moves, 40)
