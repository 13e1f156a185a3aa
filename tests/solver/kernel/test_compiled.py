"""The compiled kernel and the interpreted one give the same answers: the same moves, the
same perft counts, the same searches node for node and the same lines (FreeCell's, Spider's,
the removal and talon-feeding games' and the Nationale family's), and their tables,
frontiers and depth-first branches hold and give back the same."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from patience.solver.kernel.compiled import COMPILED, SWITCH, up_to_date

ANSWERS = """
import json, random, sys
from patience.engine.game import engine_for, start_position
from patience.games import get_game
from patience.solver import Budget, searcher_for
from patience.solver.kernel.compiled import COMPILED, is_compiled
from patience.solver.freecell.search import FreeCellSearch, Ranking, Weights
from patience.solver.kernel.moves import generate
from patience.solver.kernel.positions import state_of
from patience.solver.kernel.search import Branches, Frontier
from patience.solver.kernel.state import Seen, board_of, play
from patience.solver.kernel.tables import Tables
from patience.solver.spider.state import SpiderTable, pack

info = get_game("freecell")
engine = engine_for(info.rules({}))
tables = Tables(engine)
searcher = FreeCellSearch(engine)
out = {"searches": [], "moves": [], "noise": []}
for deal, nodes in ((1, 20000), (2, 20000), (617, 20000), (1941, 3000), (11982, 2000)):
    result = searcher.solve(start_position(info, {}, deal), Budget(nodes=nodes))
    line = [list(m)[1:] for m in getattr(result, "moves", ())]
    out["searches"].append([result.name, result.nodes, line])
spider = get_game("spider")
for suits, deal, nodes in (("1", 3, 20000), ("2", 1, 20000), ("4", 5, 20000), ("4", 6, 3000)):
    options = {"suits": suits}
    result = searcher_for(spider.rules(options)).solve(
        start_position(spider, options, deal), Budget(nodes=nodes)
    )
    line = [list(m)[1:] for m in getattr(result, "moves", ())]
    out["searches"].append([result.name, result.nodes, line])
for game, deal, nodes in (
    ("pyramid", 14, 10000),
    ("pyramid", 54, 10000),
    ("king_tut", 54, 10000),
    ("king_tut", 175, 20000),
    ("sweet_sixteen", 137, 30000),
    ("trusty_twelve", 8, 20000),
    ("trusty_twelve", 143, 20000),
    ("caprice", 1, 2000),
    ("nationale", 3, 3000),
    ("tournament", 2, 3000),
):
    removal = get_game(game)
    result = searcher_for(removal.rules({})).solve(
        start_position(removal, {}, deal), Budget(nodes=nodes)
    )
    line = [list(m)[1:] for m in getattr(result, "moves", ())]
    out["searches"].append([result.name, result.nodes, line])
chooser = random.Random(7)
table = SpiderTable(engine_for(spider.rules({"suits": "4"})))
out["spider keys"] = []
for _ in range(200):  # columns alike up to order, once the stock is empty, share a key
    cols = [bytes(chooser.randrange(4) for _ in range(chooser.randrange(4))) for _ in range(10)]
    down = [chooser.randrange(max(len(c), 1)) for c in cols]
    out["spider keys"].append(table.key(pack(cols, down, b"")).hex())
    out["spider keys"].append(table.key_hash(pack(cols, down, bytes([chooser.randrange(4)]))))
    out["spider keys"].append(table.key_hash(pack(cols, down, b"")))
for deal in range(1, 31):
    pos = start_position(info, {}, deal)
    for _ in range(chooser.randrange(120)):
        moves = engine.search_moves(pos)
        if not moves:
            break
        pos = engine.apply(pos, chooser.choice(moves))
    state = state_of(tables, pos)
    out["moves"].append([generate(tables, *state, True), generate(tables, *state, False)])
    noisy = Ranking(Weights(60, 5, 3, 10, 25, jitter=10**6, seed=deal * 7919), tables.fits)
    out["noise"].append(noisy(board_of(state)))
state = state_of(tables, start_position(info, {}, 5))
steps = generate(tables, *state, True)
out["perft"] = sum(len(generate(tables, *play(state, s), True)) for s in steps)
keys = [bytes(chooser.randrange(55) for _ in range(52)) for _ in range(3000)]
seen = Seen()  # the compiled table grows from 256 slots past 4,096
out["seen"] = [seen.first(chooser.choice(keys)) for _ in range(20000)] + [len(seen)]
frontier, popped = Frontier(), []
for order in chooser.sample(range(-10**12, 10**12), 5000):  # past the first 1,024
    frontier.push(order)
    if order % 3 == 0:
        popped.append(frontier.pop())
out["frontier"] = popped + [frontier.pop() for _ in range(len(frontier))]
branches, taken = Branches(), []
for group in range(600):  # past the first 256 groups and 1,024 orders
    branches.open()
    for order in chooser.sample(range(-10**12, 10**12), chooser.randrange(6)):
        branches.add(order)
    branches.close()
    for _ in range(chooser.randrange(3)):
        if branches.left():
            taken.append(branches.take())
while branches.left():
    taken.append(branches.take())
out["branches"] = taken
out["compiled"] = [is_compiled(sys.modules[name]) for name in COMPILED]
print(json.dumps(out))
"""


def answers(interpreted: bool) -> dict[str, object]:
    env = dict(os.environ)
    env.pop(SWITCH, None)
    if interpreted:
        env[SWITCH] = "python"
    done = subprocess.run(
        [sys.executable, "-c", ANSWERS], env=env, capture_output=True, text=True, check=True
    )
    found: dict[str, object] = json.loads(done.stdout)
    return found


def can_compile() -> bool:
    """Could scripts/build_kernel.py compile here (a C compiler and Python's headers)?"""
    compiler = shutil.which(shlex.split(sysconfig.get_config_var("CC") or "cc")[0])
    return compiler is not None and (Path(sysconfig.get_paths()["include"]) / "Python.h").exists()


def test_compiled_and_interpreted_answers_are_the_same() -> None:
    if not up_to_date():
        if can_compile():
            pytest.fail("a C compiler is here but the kernel is not compiled: run `make kernel`")
        pytest.skip("no C compiler or no Python headers: the kernel runs interpreted only")
    compiled = answers(interpreted=False)
    interpreted = answers(interpreted=True)
    assert compiled.pop("compiled") == [True] * len(COMPILED)
    assert interpreted.pop("compiled") == [False] * len(COMPILED)
    assert compiled == interpreted
    seen = compiled["seen"]
    assert isinstance(seen, list)
    assert 2_000 < seen[-1] <= 3_000  # the keys met, each once
    frontier = compiled["frontier"]
    assert isinstance(frontier, list) and len(frontier) == 5_000
    branches = compiled["branches"]
    assert isinstance(branches, list) and len(branches) > 1_024
    searches = compiled["searches"]
    assert isinstance(searches, list)
    freecell_spider = ["won"] * 3 + ["unknown"] * 2 + ["won"] * 3 + ["unknown"]
    removal = ["unknown", "won", "unknown", "unwinnable", "won", "unknown", "unwinnable"]
    two_way = ["won"] * 3
    assert [s[0] for s in searches] == freecell_spider + removal + two_way


LOADED = """
import importlib, sys
from patience.solver.kernel.compiled import COMPILED, is_compiled
print(" ".join(str(is_compiled(importlib.import_module(name))) for name in COMPILED))
"""


def loaded_compiled(tree: Path) -> list[str]:
    """Which of the hot modules load compiled from the copy of the package in ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop(SWITCH, None)
    done = subprocess.run(
        [sys.executable, "-c", LOADED], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.split()


def test_one_changed_source_makes_every_hot_module_load_from_its_source(tmp_path: Path) -> None:
    if not up_to_date():
        pytest.skip("the kernel is not compiled here")
    package = Path(__file__).resolve().parents[3] / "src" / "patience"
    shutil.copytree(package, tmp_path / "patience", copy_function=shutil.copy2)
    assert loaded_compiled(tmp_path) == ["True"] * len(COMPILED)
    declarations = tmp_path / "patience" / "solver" / "kernel" / "state.pxd"
    later = max(p.stat().st_mtime for p in (tmp_path / "patience").rglob("*.so")) + 10
    os.utime(declarations, (later, later))  # state's C declarations changed since the build
    assert loaded_compiled(tmp_path) == ["False"] * len(COMPILED)
