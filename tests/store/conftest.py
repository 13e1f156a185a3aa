"""Store fixtures: SQLite always; PostgreSQL too when PATIENCE_TEST_PG_URL names a test database
(its tables are dropped and made again for each test)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import create_async_engine

from patience.store.repository import database_url, sqlite_url
from patience.store.schema import metadata

PG_ENV = "PATIENCE_TEST_PG_URL"


async def _drop_all(url: str) -> None:
    engine = create_async_engine(database_url(url))
    async with engine.begin() as conn:
        await conn.run_sync(metadata.drop_all)
    await engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "store.sqlite3")
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.skip(f"set {PG_ENV} to a PostgreSQL test database to run this")
    asyncio.run(_drop_all(url))
    return url
