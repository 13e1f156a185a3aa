"""Shared pytest configuration.

Hypothesis profiles: "ci" is loaded when the CI environment variable is set, "dev" otherwise;
HYPOTHESIS_PROFILE=<name> picks one explicitly ("thorough" runs 20x more examples). All are
derandomized (the same examples every run) and have no per-example deadline.

PostgreSQL: when PATIENCE_TEST_PG_URL names a database whose role may create databases, each
test process (xdist worker) makes a database of its own next to it, ``<name>_<worker>``, so
workers never see each other's tables; ``pg_url`` names it, empty before every test. Without the
variable the PostgreSQL tests are skipped. ``scripts/with-postgres`` runs a command against a
throwaway cluster.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings
from sqlalchemy import Engine, create_engine, make_url

from patience.store.repository import database_url
from patience.store.schema import metadata

PG_ENV = "PATIENCE_TEST_PG_URL"

settings.register_profile(
    "ci", derandomize=True, deadline=None, max_examples=50, database=None, print_blob=True
)
settings.register_profile("dev", derandomize=True, deadline=None, max_examples=50)
settings.register_profile("thorough", derandomize=True, deadline=None, max_examples=1000)

settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


def _drop_database(admin: Engine, name: str) -> None:
    with admin.connect() as conn:
        conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def _pg_worker_url() -> Iterator[str]:
    """A fresh database of this test process's own on the server PATIENCE_TEST_PG_URL names."""
    given = os.environ.get(PG_ENV)
    if not given:
        pytest.skip(f"set {PG_ENV} to a PostgreSQL database URL (its role needs CREATEDB)")
    base = make_url(database_url(given))
    name = f"{base.database or 'patience_test'}_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        _drop_database(admin, name)
        with admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        yield base.set(database=name).render_as_string(hide_password=False)
        _drop_database(admin, name)
    finally:
        admin.dispose()


@pytest.fixture
def pg_url(_pg_worker_url: str) -> str:
    """The URL of this worker's PostgreSQL test database, with no tables in it."""
    engine = create_engine(_pg_worker_url)
    try:
        metadata.drop_all(engine)
    finally:
        engine.dispose()
    return _pg_worker_url


@pytest.fixture(scope="session")
def dask_cluster() -> Iterator[str]:
    """A Dask cluster on loopback for batch solving: a scheduler and two worker processes."""
    import distributed

    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as local:
        yield local.scheduler_address
