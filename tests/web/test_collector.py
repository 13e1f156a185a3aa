"""The server's collector settings: on while the app runs, Python's own again after."""

from __future__ import annotations

import doctest
import gc

import patience.web.collector
from patience.web.collector import OLDER, YOUNGEST, tuned_collector


def test_the_doctest_passes() -> None:
    result = doctest.testmod(patience.web.collector)
    assert result.attempted and not result.failed


def test_startup_objects_are_frozen_and_everything_is_restored() -> None:
    before = gc.get_threshold()
    kept = [object() for _ in range(10)]  # built before the server runs: frozen with it
    with tuned_collector():
        assert gc.get_threshold() == (YOUNGEST, OLDER, OLDER)
        assert gc.get_freeze_count() > len(kept)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_a_running_app_has_the_tuned_collector(client: object) -> None:
    assert gc.get_threshold() == (YOUNGEST, OLDER, OLDER)
