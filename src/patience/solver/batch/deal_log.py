"""A measuring run's log: one line per solved deal, written and flushed as the run goes, so a
run that is killed and started again loses at most the deals it was solving.

The file is JSON lines. The first names what was measured (the game spec and the budget);
each further line is one :class:`~patience.solver.batch.stats.DealRecord`. A deal solved at one
spec and budget is the same measurement whatever run asked for it (a first measurement or a
recheck), so any run of that spec and budget may reuse the log; a log of another spec or
budget is refused. A kill can leave the last
line half written: it is dropped when the log is opened again, and its deal solved again.

Use::

    with DealLog(path, Header("thirteens", nodes=2000, seconds=None)) as log:
        todo = [deal for deal in deals if deal not in log.done]
        for record in solve_many("thirteens", {}, todo, budget):
            log.add(record)
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, TextIO

from patience.solver.batch.stats import OUTCOMES, DealRecord


class BadLog(ValueError):
    """A log that belongs to another measurement or cannot be read."""


@dataclass(frozen=True)
class Header:
    """What a log measured: the game spec and the budget of every deal."""

    spec: str
    nodes: int
    seconds: float | None

    def text(self) -> str:
        """The header as its log writes it (without the newline)."""
        return json.dumps(dataclasses.asdict(self))


class DealLog:
    """An open log: ``done`` holds the deals already logged; :meth:`add` logs one more.

    Opening checks the header and every complete line before anything is changed; only then
    is a half-written last line cut off.
    """

    def __init__(self, path: Path, header: Header) -> None:
        self.path = path
        self.done: dict[int, DealRecord] = {}
        kept = self._read(header) if path.exists() else 0
        self._file: TextIO = path.open("a", encoding="utf-8")
        self._file.truncate(kept)
        if kept == 0:
            self._write(header.text())

    def _read(self, header: Header) -> int:
        """Read the log; the length of its complete lines (0 if not even the header is)."""
        lines, kept = _complete_lines(self.path)
        if not lines:
            return 0
        if lines[0] != header.text():
            raise BadLog(
                f"{self.path} logs another measurement ({lines[0]}), not {header.text()}: "
                "give this run a log of its own"
            )
        self.done = _records(self.path, lines)
        return kept

    def add(self, record: DealRecord) -> None:
        """Log one solved deal and flush it to the file."""
        self._write(json.dumps(dataclasses.asdict(record)))
        self.done[record.deal] = record

    def _write(self, line: str) -> None:
        self._file.write(line + "\n")
        self._file.flush()

    def close(self) -> None:
        """Close the file."""
        self._file.close()

    def __enter__(self) -> DealLog:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def read_log(path: Path) -> tuple[Header, dict[int, DealRecord]]:
    """What the log at ``path`` measured and its deals, without changing the file (a half
    written last line is left out).

    Raises :class:`BadLog` for a file that is not a log or a line that is not a deal, and
    ``OSError`` for one that cannot be read."""
    lines, _ = _complete_lines(path)
    if not lines:
        raise BadLog(f"{path} is empty: not a log")
    try:
        header = Header(**json.loads(lines[0]))
    except (ValueError, TypeError) as error:
        raise BadLog(f"{path}, line 1 names no measurement: {error}") from None
    return header, _records(path, lines)


def _complete_lines(path: Path) -> tuple[list[str], int]:
    """The complete lines of the file at ``path`` and their length in bytes."""
    data = path.read_bytes()
    kept = data.rfind(b"\n") + 1
    try:
        return data[:kept].decode("utf-8").splitlines(), kept
    except UnicodeDecodeError as error:
        raise BadLog(f"{path} is not a text log: {error}") from None


def _records(path: Path, lines: list[str]) -> dict[int, DealRecord]:
    """The deals of a log's ``lines`` (the header first), each checked."""
    done: dict[int, DealRecord] = {}
    for number, line in enumerate(lines[1:], start=2):
        record = _record(line, f"{path}, line {number}")
        if record.deal in done:
            raise BadLog(f"{path}, line {number}: deal {record.deal} is logged twice")
        done[record.deal] = record
    return done


def _record(line: str, where: str) -> DealRecord:
    """One logged deal, checked."""
    try:
        fields: dict[str, Any] = json.loads(line)
        record = DealRecord(**fields)
    except (ValueError, TypeError) as error:
        raise BadLog(f"{where} is not a logged deal: {error}") from None
    if record.outcome not in OUTCOMES:
        raise BadLog(f"{where}: unknown outcome {record.outcome!r}")
    return record
