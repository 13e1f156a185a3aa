"""patience.cli: the command table, argument errors, and the installed console script."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from patience.cli import COMMANDS, build_parser

from .conftest import Runner, assert_one_line_error

SCRIPT = Path(sys.executable).with_name("patience")


def test_every_command_is_registered_with_a_function() -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert list(commands.choices) == list(COMMANDS)
    for name in COMMANDS:
        assert callable(commands.choices[name].get_default("func"))


def test_no_command_is_a_usage_error(patience: Runner) -> None:
    assert_one_line_error(patience())


def test_unknown_command_is_a_usage_error(patience: Runner) -> None:
    result = patience("shuffle")
    assert_one_line_error(result)
    assert "shuffle" in result.err


def test_help_exits_zero_and_names_every_command(patience: Runner) -> None:
    result = patience("--help")
    assert result.status == 0
    for name in COMMANDS:
        assert name in result.out


@pytest.mark.parametrize("name", COMMANDS)
def test_each_command_has_help(patience: Runner, name: str) -> None:
    result = patience(name, "--help")
    assert result.status == 0
    assert result.out.startswith("usage: patience " + name)


@pytest.mark.skipif(not SCRIPT.exists(), reason="the console script is not installed")
def test_the_installed_console_script_runs_and_fails_cleanly() -> None:
    done = subprocess.run(
        [str(SCRIPT), "deal", "freecell", "--deal", "1", "--json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["1"][0] == "JD"
    failed = subprocess.run(
        [str(SCRIPT), "deal", "no_such_game"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert failed.returncode == 2
    assert failed.stderr == "patience: error: unknown game 'no_such_game' (see `patience games`)\n"
