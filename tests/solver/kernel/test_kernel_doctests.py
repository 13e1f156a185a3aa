"""The doctests of the kernel's, the FreeCell family's, Spider's and the removal games'
modules, run on their sources in an interpreter of their own (``PATIENCE_KERNEL=python``): a
compiled module's functions hide their examples from doctest, and its C functions cannot be
called from a source."""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
from functools import cache

import pytest

import patience.solver.freecell
import patience.solver.kernel
import patience.solver.removal
import patience.solver.spider
from patience.solver.kernel.compiled import SWITCH

MODULES = [
    m.name
    for package in (
        patience.solver.kernel,
        patience.solver.freecell,
        patience.solver.spider,
        patience.solver.removal,
    )
    for m in pkgutil.iter_modules(package.__path__, package.__name__ + ".")
]

RUN = """
import doctest, importlib, json, sys
found = {}
for name in sys.argv[1:]:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(module, name):
        runner.run(test, out=sys.stderr.write)
    result = runner.summarize(verbose=False)
    found[name] = [result.failed, result.attempted]
print(json.dumps(found))
"""


@cache
def results() -> tuple[dict[str, list[int]], str]:
    """Failed and attempted examples per module, and what the failures printed."""
    env = dict(os.environ, **{SWITCH: "python"})
    done = subprocess.run(
        [sys.executable, "-c", RUN, *MODULES], env=env, capture_output=True, text=True, check=True
    )
    found: dict[str, list[int]] = json.loads(done.stdout.splitlines()[-1])  # after the summary
    return found, done.stderr


@pytest.mark.parametrize("name", MODULES)
def test_doctests_pass(name: str) -> None:
    found, printed = results()
    failed, attempted = found[name]
    assert failed == 0, f"{failed} of {attempted} doctests failed in {name}:\n{printed}"


def test_the_kernel_modules_have_doctests() -> None:
    found, _ = results()
    attempted = sum(
        n for name, (_, n) in found.items() if name.startswith("patience.solver.kernel.")
    )
    assert attempted >= 20
