"""bench/compiled.py: a copy of the sources with searchers compiled by mypyc searches the same."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from bench_module import load_bench

ROOT = Path(__file__).resolve().parents[2]

bench = load_bench("compiled")

_SOLVE = """
import json
from patience.engine.game import start_position
from patience.notation import parse_game_spec
from patience.solver import Budget, Won, searcher_for
import patience.solver.klondike.cover as compiled_or_not
info, options = parse_game_spec("klondike:draw=1,passes=unlimited")
searcher = searcher_for(info.rules(options))
answer = [compiled_or_not.__file__]
for deal in (3, 1):  # won after 337 nodes; unknown at 3,000
    result = searcher.solve(start_position(info, options, deal), Budget(nodes=3000))
    moves = [str(m) for m in result.moves] if isinstance(result, Won) else []
    answer += [result.name, result.nodes, moves]
print(json.dumps(answer))
"""
COMPILED = ("patience.solver.klondike.cover",)
"""A small module every Klondike search calls (its table's keys): mypyc takes seconds on it,
where Spider's state took 50."""


def _solve_with(src: Path) -> list[object]:
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run(
        [sys.executable, "-c", _SOLVE], env=env, check=True, capture_output=True, text=True
    )
    answer: list[object] = json.loads(out.stdout)
    return answer


def test_an_existing_destination_is_refused(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    with pytest.raises(SystemExit, match="exists"):
        bench.build(tmp_path, ("patience.solver.klondike.cover",))
    assert not any((tmp_path / "src").iterdir())  # nothing copied into it


def test_an_unknown_module_is_refused_before_compiling(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=r"no such module: patience/solver/nowhere\.py"):
        bench.build(tmp_path, ("patience.solver.nowhere",))
    assert not (tmp_path / "src").exists()  # refused before anything was copied


@pytest.mark.skipif(
    shutil.which("gcc") is None
    or not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file(),
    reason="mypyc needs gcc and Python's headers",
)
def test_a_compiled_searcher_gives_the_same_answer(tmp_path: Path) -> None:
    copy = bench.build(tmp_path, COMPILED)
    compiled = _solve_with(copy)
    pure = _solve_with(ROOT / "src")
    assert str(compiled[0]).endswith(".so")
    assert str(pure[0]).endswith(".py")
    assert compiled[1:] == pure[1:]
    assert compiled[1] == "won" and compiled[3]  # a real line to compare, not two empty ones
    assert compiled[4:6] == ["unknown", 3000]
