"""Measured win rates: bounds, the rate where it means something, and the file round trip."""

from __future__ import annotations

import itertools
from pathlib import Path

from patience.games import GAMES
from patience.notation import game_spec
from patience.solver.measured import Measured, load, save


def test_bounds_count_unknown_deals_as_lost_then_as_won() -> None:
    assert Measured(deals=100, won=10, unwinnable=30, unknown=60).bounds == (0.1, 0.7)


def test_the_rate_over_decided_deals_is_withheld_when_too_many_are_unknown() -> None:
    assert Measured(deals=100, won=69, unwinnable=23, unknown=8).rate == 69 / 92
    assert Measured(deals=100, won=65, unwinnable=8, unknown=27).rate is None


def test_figures_round_trip_through_their_file(tmp_path: Path) -> None:
    rows = {"thirteens": Measured(100, 58, 26, 16), "caprice": Measured(100, 100, 0, 0)}
    save(rows, tmp_path / "rates.json")
    assert load(tmp_path / "rates.json") == rows
    assert load(tmp_path / "absent.json") == {}


def test_the_shipped_figures_name_real_game_specs_and_add_up() -> None:
    specs = {
        game_spec(
            info, info.canonical(dict(zip([o.name for o in info.options], values, strict=True)))
        )
        for info in GAMES.values()
        for values in itertools.product(*(o.choices for o in info.options))
    }
    for spec, figures in load().items():
        assert spec in specs
        assert figures.won + figures.unwinnable + figures.unknown == figures.deals
