"""The table layout of the browser (static/layout.js), run in node on every game's deal."""

from __future__ import annotations

import json
import shutil
import subprocess
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from patience.engine.game import Game
from patience.games import GAMES
from patience.views import hidden_view

LAYOUT = Path(__file__).parents[2] / "src" / "patience" / "web" / "static" / "layout.js"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="needs node (comes with `make axe`)")


def run_layout(calls: list[dict[str, Any]]) -> list[Any]:
    """Run ``layoutTable``/``usesHalfColumns`` on each call's piles in one node process."""
    script = f"""
import {{ layoutTable, usesHalfColumns }} from {json.dumps(LAYOUT.as_uri())};
const calls = JSON.parse(process.argv[1]);
console.log(JSON.stringify(calls.map((c) =>
  c.half ? usesHalfColumns(c.piles) : layoutTable(c.piles, c.options))));
"""
    assert NODE is not None
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script, json.dumps(calls)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    result: list[Any] = json.loads(out.stdout)
    return result


@cache
def page_min_card_w() -> float:
    """The narrowest card the game page lets a layout use (``corner.js``), read once."""
    corner = LAYOUT.with_name("corner.js").as_uri()
    script = f"import {{ MIN_CARD_W }} from {json.dumps(corner)}; console.log(MIN_CARD_W);"
    assert NODE is not None
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return float(out.stdout)


def piles_of(game_id: str, deal: int = 1) -> list[dict[str, Any]]:
    game = Game.new(game_id, deal=deal)
    return [
        {
            "kind": p.kind.value,
            "row": p.row,
            "column": p.column,
            "cards": ["AS" if c is not None else None for c in p.cards],
            "down": p.down,
        }
        for p in hidden_view(game.engine, game.position).piles
    ]


def test_half_columns_only_for_the_pyramids() -> None:
    answers = run_layout([{"half": True, "piles": piles_of(g)} for g in GAMES])
    half = {g for g, yes in zip(GAMES, answers, strict=True) if yes}
    assert half == {"pyramid", "king_tut"}


@pytest.mark.parametrize("page_minimum", [False, True])
@pytest.mark.parametrize("width", [360, 1440])
def test_no_two_piles_share_a_place_and_all_fit_the_width(width: int, page_minimum: bool) -> None:
    min_card_w = page_min_card_w() if page_minimum else 0
    options = {"width": width, "height": 700, "minCardW": min_card_w}
    calls = [{"piles": piles_of(g), "options": options} for g in GAMES]
    for game_id, geometry in zip(GAMES, run_layout(calls), strict=True):
        w, h = geometry["cardW"], geometry["cardH"]
        spots = [(p["x"], p["y"]) for p in geometry["piles"]]
        for x, _ in spots:
            assert x >= -0.5 and x + w <= width + 0.5, game_id
        if game_id not in ("pyramid", "king_tut"):  # their rows overlap on purpose
            for i, (x1, y1) in enumerate(spots):
                for x2, y2 in spots[i + 1 :]:
                    assert abs(x1 - x2) >= w or abs(y1 - y2) >= h, (game_id, (x1, y1), (x2, y2))


def test_a_long_column_compresses_to_fit_the_height() -> None:
    piles = piles_of("spider")
    piles[0] = {**piles[0], "cards": ["AS"] * 20, "down": 5}
    short = {"width": 1000, "height": 600, "minCardW": page_min_card_w()}
    tall = {"width": 1000, "height": 4000, "minCardW": page_min_card_w()}
    squeezed, roomy = run_layout(
        [{"piles": piles, "options": short}, {"piles": piles, "options": tall}]
    )
    assert squeezed["height"] <= 600 + squeezed["cardH"]
    assert squeezed["piles"][0]["offsets"][-1] < roomy["piles"][0]["offsets"][-1]
    offsets = squeezed["piles"][0]["offsets"]
    steps = [b - a for a, b in pairwise(offsets)]
    assert min(steps) > 0, "cards stay in order, each a little lower"


def test_face_up_strips_stay_targets_and_cards_legible_when_a_column_cannot_fit() -> None:
    piles = piles_of("spider")
    piles[0] = {**piles[0], "cards": ["AS"] * 60, "down": 5}
    (squeezed,) = run_layout(
        [{"piles": piles, "options": {"width": 390, "height": 600, "minCardW": page_min_card_w()}}]
    )
    offsets = squeezed["piles"][0]["offsets"]
    face_up = [b - a for a, b in pairwise(offsets[5:])]
    assert min(face_up) >= 24, "a face-up card's strip is a 24 px target"
    assert squeezed["cardW"] >= page_min_card_w()
    assert squeezed["height"] > 600, "the table grows taller instead"


def test_rows_too_wide_for_legible_cards_wrap_evenly() -> None:
    (phone,) = run_layout(
        [
            {
                "piles": piles_of("nationale"),
                "options": {"width": 382, "height": 600, "minCardW": page_min_card_w()},
            }
        ]
    )
    tableau = phone["piles"][8:]
    assert phone["cardW"] >= page_min_card_w()
    assert len({p["x"] for p in tableau}) == 6, "twelve piles in two rows of six"
    assert len({p["y"] for p in tableau}) == 2


def test_mirror_reverses_the_columns() -> None:
    piles = piles_of("klondike")
    plain, mirrored = run_layout(
        [
            {"piles": piles, "options": {"width": 800, "height": 700}},
            {"piles": piles, "options": {"width": 800, "height": 700, "mirror": True}},
        ]
    )
    w = plain["cardW"]
    for a, b in zip(plain["piles"], mirrored["piles"], strict=True):
        assert a["x"] == pytest.approx(800 - b["x"] - w)
