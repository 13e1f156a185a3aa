"""Running the command line in-process: exit status, standard output and error."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import NamedTuple

import pytest

from patience.cli import main


class Run(NamedTuple):
    status: int
    out: str
    err: str


Runner = Callable[..., Run]


@pytest.fixture
def patience(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Runner:
    """``patience(*argv, stdin="...")`` runs ``patience *argv`` and returns what it did."""

    def run(*argv: str, stdin: str = "") -> Run:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        status = main(list(argv))
        captured = capsys.readouterr()
        return Run(status, captured.out, captured.err)

    return run


def assert_one_line_error(result: Run, status: int = 2) -> None:
    """A failed command: the status, and one ``patience: error:`` line, no traceback."""
    assert result.status == status
    assert result.err.startswith("patience: error: ")
    assert result.err.count("\n") == 1
    assert "Traceback" not in result.err + result.out
