"""Run a bench script's worker on another checkout's sources, for old-against-new benches."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any


def run_on(src: str, script: str, args: list[str]) -> list[Any]:
    """Run ``script`` with ``args`` in a child process whose ``patience`` is the one in ``src``
    (a checkout's ``src`` directory); the JSON values it prints, one a line."""
    command = [sys.executable, script, *args]
    env = dict(os.environ, PYTHONPATH=src)
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    return [json.loads(line) for line in out.stdout.splitlines()]
