"""A small disk for the storage fault tests: a tmpfs mounted for one test, filled to the last
byte or made read-only. Mounting needs root (CI runs as root); elsewhere the tests that need
it are skipped and say why. The mount is always taken down again, even when the test fails.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def small_disk(where: Path, size: str = "2m") -> Iterator[Path]:
    """A tmpfs of ``size`` mounted at ``where`` for the ``with`` block; skips the test where
    none can be mounted."""
    if os.geteuid() != 0:
        pytest.skip("a small disk is a tmpfs mounted for the test, and mounting needs root")
    if shutil.which("mount") is None or shutil.which("umount") is None:
        pytest.skip("a small disk needs mount and umount, which this machine lacks")
    where.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield where
    finally:
        gc.collect()  # a caught database error's traceback may still hold the file open
        if subprocess.run(["umount", str(where)], capture_output=True, check=False).returncode:
            subprocess.run(["umount", "--lazy", str(where)], check=True)


def read_only(disk: Path) -> None:
    """Mount ``disk`` read-only from now on (even root cannot write to it then)."""
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)


def fill(disk: Path) -> Path:
    """Fill ``disk`` to its last byte with a file of its own, which is returned: remove it
    to free the space again."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        for size in (1 << 16, 1 << 12, 1):
            block = b"\0" * size
            while True:
                try:
                    os.write(fd, block)
                except OSError as error:
                    if error.errno != errno.ENOSPC:
                        raise
                    break
    finally:
        os.close(fd)
    return filler
