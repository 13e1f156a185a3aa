"""Commands that need no server load none of it: each runs in a fresh interpreter here, and
the modules it imported are read from ``sys.modules`` afterwards."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from patience.web.app import DB_ENV, DIR_ENV

SERVER = ("patience.web", "patience.store", "starlette", "sqlalchemy", "uvicorn", "jinja2")
"""Packages only ``patience serve`` needs."""

PROBE = """
import json, sys
from patience.cli import main
status = main(sys.argv[1:])
print(json.dumps([status, sorted(sys.modules)]), file=sys.stderr)
"""

POSITION = "freecell 1=AS 2=AH 3=AD 4=AC " + " ".join(
    f"{n}={''.join(r + s for r in '23456789TJQK')}" for n, s in zip("5678", "SHDC", strict=True)
)


def run_fresh(argv: list[str], stdin: str = "") -> tuple[str, list[str]]:
    """``patience ARGV`` in a new interpreter (its status is 0): its output, and the modules
    it loaded."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv],
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    status, modules = json.loads(done.stderr.splitlines()[-1])
    assert status == 0, done.stderr
    return done.stdout, [str(m) for m in modules]


def _is_server(module: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in SERVER)


@pytest.mark.parametrize(
    ("argv", "stdin"),
    [
        (["games"], ""),
        (["games", "--json"], ""),
        (["deal", "klondike", "--deal", "3"], ""),
        (["moves", "--position", POSITION], ""),
        (["solve", "freecell", "--deal", "1", "--nodes", "2000"], ""),
        (["play", "freecell", "--deal", "1"], "1a\nquit\n"),
        (["serve", "--help"], ""),
    ],
    ids=["games", "games-json", "deal", "moves", "solve", "play", "serve-help"],
)
def test_commands_without_a_server_import_no_web_stack(argv: list[str], stdin: str) -> None:
    _, modules = run_fresh(argv, stdin)
    assert [m for m in modules if _is_server(m)] == []


def test_the_serve_help_names_the_environment_the_app_reads() -> None:
    out, _ = run_fresh(["serve", "--help"])
    assert f"${DB_ENV}" in out and f"${DIR_ENV}" in out
