"""A real ``patience serve`` process on a free loopback port, for tests that need one."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2

START_TIMEOUT = 60.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """``patience serve`` in a subprocess; :meth:`kill` ends it with SIGKILL."""

    def __init__(
        self, data_dir: Path, port: int | None = None, db: str | None = None, workers: int = 1
    ) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [
            sys.executable,
            "-c",
            "from patience.cli import main; raise SystemExit(main())",
            "serve",
            "--port",
            str(self.port),
            "--data-dir",
            str(data_dir),
            "--no-daily-prep",  # no grading in the background while the tests measure
        ]
        if db:
            command += ["--db", db]
        if workers > 1:
            command += ["--workers", str(workers)]
        env = {k: v for k, v in os.environ.items() if not k.startswith("PATIENCE_")}
        self.process = subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        self._wait_ready()

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"server exited with {self.process.returncode}: {error}")
            try:
                httpx2.get(f"{self.url}/api/stats", timeout=1.0)
                return
            except httpx2.TransportError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"server did not answer within {START_TIMEOUT} s")

    def stop(self) -> None:
        """End the server as Ctrl-C would (SIGTERM), its workers with it."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)
        if self.process.stderr:
            self.process.stderr.close()

    def kill(self) -> None:
        """End the server at once, as a crash or power cut would (no shutdown code runs)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        if self.process.stderr:
            self.process.stderr.close()
