"""The secret that signs player cookies: from ``PATIENCE_SECRET``, else a file made once.

Every worker and every restart must sign with the same secret, or players lose their games;
hence a file, not a value made at start-up. Several machines sharing one database must share
it too: give each the same ``PATIENCE_SECRET``.

The file is written whole or not at all: into a temporary file beside it, flushed to the disk,
then linked into place (which fails if another process put one there first: that one is used).
A full disk leaves no file and says so; an empty file, which only an interrupted write of an
earlier release can leave (and which never signed a cookie), is replaced.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
from pathlib import Path

ENV = "PATIENCE_SECRET"
FILE_NAME = "secret"


class SecretUnavailable(RuntimeError):
    """The secret can be neither read nor written; the message says why, for the operator."""


def load_secret(data_dir: Path) -> str:
    """The signing secret; generated on first use into ``data_dir/secret`` (mode 0600)."""
    from_env = os.environ.get(ENV)
    if from_env:
        return from_env
    path = data_dir / FILE_NAME
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        for _ in range(3):
            text = _read(path)
            if text:
                return text
            if text == "":
                path.unlink()  # empty: never signed a cookie
            _write_new(path)
    except OSError as error:
        raise SecretUnavailable(_why(path, error)) from None
    raise SecretUnavailable(f"{path} keeps changing under us; is another program writing it?")


def _read(path: Path) -> str | None:
    """The file's secret, ``""`` for an empty file, None for no file."""
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        return None


def _write_new(path: Path) -> None:
    """Put a new secret at ``path`` unless one appears there first."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32) + "\n")
            out.flush()
            os.fsync(out.fileno())
        with contextlib.suppress(FileExistsError):  # another process was first: use theirs
            os.link(temporary, path)
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()


def _why(path: Path, error: OSError) -> str:
    if error.errno == errno.ENOSPC:
        return f"cannot write the cookie secret {path}: the disk is full; nothing was written"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"cannot write the cookie secret {path}: {error.strerror}; set {ENV} instead"
    return f"cannot read or write the cookie secret {path}: {error}"
