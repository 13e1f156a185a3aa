"""``patience backup DEST``: a consistent copy of the SQLite database while the server runs.

The copy is made with SQLite's online backup API, so it holds every committed move, also those
still in the ``-wal`` file that a plain file copy would miss, and never a half-written one. It
is written beside ``DEST``, checked, flushed to the disk and then renamed into place: ``DEST``
is either the earlier backup or the new one, never a broken file. PostgreSQL has its own tools
(``pg_dump``; see docs/OPERATIONS.md).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import sqlite3
from pathlib import Path
from typing import Any

from patience.cli.args import CliError


def register(subparsers: Any) -> None:
    """Add the ``backup`` command."""
    parser = subparsers.add_parser(
        "backup",
        help="copy the SQLite database, safely while the server runs",
        description="Write a consistent copy of the games database to DEST (replacing an "
        "earlier backup there only once the new one is complete). Restore by stopping the "
        "server and putting the copy in place of the database file.",
    )
    parser.add_argument("dest", type=Path, metavar="DEST", help="file to write the copy to")
    parser.add_argument(
        "--db", help="database URL (default: $PATIENCE_DB_URL, else SQLite in the data directory)"
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        help="the server's data directory (default: $PATIENCE_DATA_DIR, else ./data)",
    )
    parser.set_defaults(func=run)


def _source(args: argparse.Namespace) -> Path:
    """The SQLite file to copy; a clear error for PostgreSQL, a missing or foreign file."""
    from patience.store.repository import (
        StoreUnavailable,
        check_sqlite_file,
        sqlite_path,
        sqlite_url,
    )
    from patience.web.app import DB_ENV, DEFAULT_DB_NAME, DIR_ENV

    data_dir = args.data_dir or Path(os.environ.get(DIR_ENV, "data"))
    url: str = args.db or os.environ.get(DB_ENV) or sqlite_url(data_dir / DEFAULT_DB_NAME)
    if url.startswith(("postgresql", "postgres:")):
        raise CliError("backup copies SQLite databases; back PostgreSQL up with pg_dump", 1)
    path = sqlite_path(url) if url.startswith("sqlite") else None
    if path is None:
        raise CliError(f"not an SQLite database file: {url}", 1)
    try:
        if not check_sqlite_file(path):
            raise CliError(f"there is no database at {path}", 1)
    except StoreUnavailable as error:
        raise CliError(str(error), 1) from None
    return path


def _copy(source: Path, temporary: Path) -> int:
    """Copy with the backup API and check the copy; the number of games in it."""
    with (
        contextlib.closing(sqlite3.connect(source)) as origin,
        contextlib.closing(sqlite3.connect(temporary)) as copy,
    ):
        origin.backup(copy)
        # One file, no -wal beside it: the copy stands alone.
        copy.execute("PRAGMA journal_mode=DELETE")
        verdict = copy.execute("PRAGMA quick_check").fetchone()[0]
        if verdict != "ok":
            raise CliError(f"the copy does not check out ({verdict}); {source} may be damaged")
        games: int = copy.execute("SELECT count(*) FROM games").fetchone()[0]
    fd = os.open(temporary, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    return games


def run(args: argparse.Namespace) -> int:
    """Copy the database to ``args.dest``."""
    source = _source(args)
    dest: Path = args.dest
    if dest.is_dir():
        raise CliError(f"{dest} is a directory; name the file to write", 1)
    if dest.exists() and dest.resolve() == source.resolve():
        raise CliError("DEST is the database itself", 1)
    temporary = dest.with_name(f".{dest.name}.{secrets.token_hex(4)}.partial")
    try:
        games = _copy(source, temporary)
        temporary.replace(dest)
        directory = os.open(dest.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
    except (OSError, sqlite3.Error) as error:
        raise CliError(f"cannot write {dest}: {error}", 1) from None
    finally:
        temporary.unlink(missing_ok=True)
    size_mb = dest.stat().st_size / 1e6
    print(f"patience: backed up {games} games from {source} to {dest} ({size_mb:.1f} MB)")
    return 0
