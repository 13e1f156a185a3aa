"""``X-Worker``: every answer of one app names the same random worker; another app, another."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient

from patience.web.app import create_app


def test_every_answer_names_its_worker_and_another_app_another(
    client: TestClient, tmp_path: Path
) -> None:
    names = {client.get(path).headers["x-worker"] for path in ("/api/stats", "/en/", "/nowhere")}
    assert len(names) == 1 and re.fullmatch("[0-9a-f]{8}", next(iter(names)))
    with TestClient(create_app(None, tmp_path / "other", "test-secret")) as other:
        assert other.get("/api/stats").headers["x-worker"] not in names
