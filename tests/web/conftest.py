"""An app on a fresh SQLite file and a TestClient on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from patience.web.app import create_app
from patience.web.limits import LimitConfig


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(None, tmp_path / "data", "test-secret")
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def unlimited_client(tmp_path: Path) -> Iterator[TestClient]:
    """A client of an app without rate limits, for tests that write a lot."""
    no_limits = LimitConfig(moves=None, games=None)
    app = create_app(None, tmp_path / "data", "test-secret", no_limits)
    with TestClient(app) as test_client:
        yield test_client
