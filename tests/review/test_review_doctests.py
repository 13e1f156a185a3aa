"""The doctests of the review's modules (tests/test_doctests.py runs the engine's)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import patience.review

MODULES = [
    m.name for m in pkgutil.iter_modules(patience.review.__path__, patience.review.__name__ + ".")
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests_pass(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result
