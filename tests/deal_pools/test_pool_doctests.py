"""The doctests of the deal pools and the web's deal chooser (tests/test_doctests.py runs the
engine's)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ("patience.deal_pools", "patience.deal_pools.prepare", "patience.web.deal_choice")


@pytest.mark.parametrize("name", MODULES)
def test_doctests_pass(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result
