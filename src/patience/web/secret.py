"""The secret that signs player cookies: from ``PATIENCE_SECRET``, else a file made once."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

ENV = "PATIENCE_SECRET"
FILE_NAME = "secret"


def load_secret(data_dir: Path) -> str:
    """The signing secret; generated on first use into ``data_dir/secret`` (mode 0600).

    Every worker and every restart must sign with the same secret, or players lose their
    games; hence a file, not a value made at start-up.
    """
    from_env = os.environ.get(ENV)
    if from_env:
        return from_env
    path = data_dir / FILE_NAME
    data_dir.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        text = path.read_text().strip()
        if not text:
            raise RuntimeError(f"{path} is empty; delete it to make a new secret") from None
        return text
    with os.fdopen(fd, "w") as out:
        out.write(secrets.token_hex(32) + "\n")
    return path.read_text().strip()
