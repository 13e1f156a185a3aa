"""Store fixtures: SQLite always; PostgreSQL too when PATIENCE_TEST_PG_URL names a test server
(``pg_url`` in tests/conftest.py: a database of this worker's own, emptied for each test)."""

from __future__ import annotations

from pathlib import Path

import pytest

from patience.store.repository import sqlite_url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "store.sqlite3")
    url: str = request.getfixturevalue("pg_url")
    return url
