"""Run the doctests of the engine's modules (cards, deals, notation, rules, games, engine)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import patience.engine
import patience.games
import patience.rules


def _engine_modules() -> list[str]:
    names = ["patience.cards", "patience.deal", "patience.notation"]
    for package in (patience.rules, patience.games, patience.engine):
        names.append(package.__name__)
        names += [m.name for m in pkgutil.iter_modules(package.__path__, package.__name__ + ".")]
    return names


MODULES = _engine_modules()


@pytest.mark.parametrize("name", MODULES)
def test_doctests_pass(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(module, name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests failed in {name}"


def test_the_engine_has_doctests() -> None:
    attempted = 0
    for name in MODULES:
        for test in doctest.DocTestFinder().find(importlib.import_module(name), name):
            attempted += len(test.examples)
    assert attempted >= 20
