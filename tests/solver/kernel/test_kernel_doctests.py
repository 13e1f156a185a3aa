"""The doctests of the kernel and of the FreeCell family's modules, run on their sources
(a compiled module's functions hide their examples from doctest)."""

from __future__ import annotations

import doctest
import importlib.util
import pkgutil
from types import ModuleType

import pytest

import patience.solver.freecell
import patience.solver.kernel

MODULES = [
    m.name
    for package in (patience.solver.kernel, patience.solver.freecell)
    for m in pkgutil.iter_modules(package.__path__, package.__name__ + ".")
]


def source_of(name: str) -> ModuleType:
    """Module ``name`` run from its ``.py`` source, under a name of its own."""
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None
    path = spec.origin.split(".cpython-")[0].removesuffix(".py") + ".py"
    source = importlib.util.spec_from_file_location(name.replace(".", "_") + "_source", path)
    assert source is not None and source.loader is not None
    module = importlib.util.module_from_spec(source)
    source.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", MODULES)
def test_doctests_pass(name: str) -> None:
    module = source_of(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(module, name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests failed in {name}"


def test_the_kernel_modules_have_doctests() -> None:
    attempted = sum(
        len(test.examples)
        for name in MODULES
        if name.startswith("patience.solver.kernel.")
        for test in doctest.DocTestFinder().find(source_of(name), name)
    )
    assert attempted >= 20
