"""Copy the sources with the searchers compiled by mypyc: the same search in less CPU time.

    .venv/bin/python bench/compiled.py DEST [--modules patience.solver.klondike.search,...]

Copies ``src`` to ``DEST/src`` and compiles the named modules there with mypyc (from the dev
tools; it needs gcc and Python's headers), each beside its source, where Python imports the
compiled module first. Run a bench on the copy with ``PYTHONPATH=DEST/src``. The engine is
left as it is, so every win a compiled searcher finds is still replayed by the pure engine.

A compiled module is the same code, so with a node budget alone (``--no-clock``) it must give
the same outcome, nodes and moves deal by deal; check that before using a copy for figures::

    .venv/bin/python bench/same_search.py --old src --new DEST/src \\
        --set "klondike:draw=1,passes=1:3001-3030:20000"

Seventh session, the deals above and Spider 4 suits 3001-3020 at 50,000 nodes: no deal
differed; Klondike draw 1 one pass took 2.60x less CPU, Spider 4 suits 1.76x. Since
2026-12-07 (sixth session of issue 17) ``make`` compiles Spider's searcher with Cython
(``patience.solver.kernel.compiled.COMPILED``), so it is no longer among the modules here.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
MODULES = (
    "patience.solver.klondike.state",
    "patience.solver.klondike.cover",
    "patience.solver.klondike.dead",
    "patience.solver.klondike.lifts",
    "patience.solver.klondike.talon_dead",
    "patience.solver.klondike.subgame",
    "patience.solver.klondike.search",
)
"""The searcher the long win-rate rows use that ``make`` does not compile (Klondike)."""


def build(dest: Path, modules: tuple[str, ...]) -> Path:
    """Copy ``src`` into ``dest`` and compile ``modules`` there; the copy's ``src``."""
    target = dest / "src"
    if target.exists():
        raise SystemExit(f"{target} exists: give a new directory")
    files = [str(Path(*name.split("."))) + ".py" for name in modules]
    missing = [f for f in files if not (SRC / f).is_file()]
    if missing:
        raise SystemExit(f"no such module: {', '.join(missing)}")
    shutil.copytree(SRC, target, ignore=shutil.ignore_patterns("__pycache__"))
    mypyc = Path(sys.executable).with_name("mypyc")
    done = subprocess.run([str(mypyc), *files], cwd=target, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"mypyc failed:\n{done.stdout}{done.stderr}")
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", type=Path, help="a new directory for the copy")
    parser.add_argument("--modules", default=",".join(MODULES), help="comma-separated modules")
    args = parser.parse_args()
    target = build(args.dest, tuple(filter(None, args.modules.split(","))))
    print(f"compiled; run benches with PYTHONPATH={target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
