"""An app on a fresh SQLite file and a TestClient on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from patience.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(None, tmp_path / "data", "test-secret")
    with TestClient(app) as test_client:
        yield test_client
