"""Browser tests: the real server on a loopback port, driven by Debian's chromium.

One server and one browser per test session (per xdist worker); each test gets a fresh
browser context, so a fresh anonymous player. ``PATIENCE_E2E_URL`` points the tests at a
server that is already running instead.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_setup import CHROMIUM, CHROMIUM_ARGS


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url + "/en/", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server did not come up:\n{log.read_text()}")


@pytest.fixture(scope="session")
def server_data(tmp_path_factory: pytest.TempPathFactory) -> Path | None:
    """The data folder of the server the tests start (its SQLite database); None when
    ``PATIENCE_E2E_URL`` names a server already running."""
    if os.environ.get("PATIENCE_E2E_URL"):
        return None
    return tmp_path_factory.mktemp("web-data")


@pytest.fixture(scope="session")
def base_url(server_data: Path | None) -> Iterator[str]:
    if server_data is None:
        yield os.environ["PATIENCE_E2E_URL"].rstrip("/")
        return
    data = server_data
    log = data / "server.log"
    port = _free_port()
    env = {**os.environ, "PATIENCE_DATA_DIR": str(data)}
    env.pop("PATIENCE_DB_URL", None)
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "--factory",
        "patience.web.app:app_from_environment",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        "warning",
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url, process, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.skip("needs /usr/bin/chromium (run `make browser`)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
