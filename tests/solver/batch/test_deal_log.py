"""A run's log of solved deals: reused when started again, a half-written last line dropped,
a log of another measurement refused untouched, and any log read as it is."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from patience.solver.batch.deal_log import BadLog, DealLog, Header, read_log
from patience.solver.batch.stats import DealRecord

HEADER = Header("thirteens", 2000, 2.0)
RECORDS = [
    DealRecord(1, "won", 12, 0.01, 26, "winnable"),
    DealRecord(2, "unwinnable", 40, 0.02, 0, "unwinnable"),
    DealRecord(3, "unknown", 2000, 0.5, 0, "unknown"),
]


def _logged(path: Path, records: list[DealRecord]) -> None:
    with DealLog(path, HEADER) as log:
        for record in records:
            log.add(record)


def test_a_log_opened_again_holds_every_deal_it_logged(tmp_path: Path) -> None:
    path = tmp_path / "run.log"
    _logged(path, RECORDS[:2])
    _logged(path, RECORDS[2:])  # the run started again: appends
    with DealLog(path, HEADER) as log:
        assert log.done == {r.deal: r for r in RECORDS}
    assert len(path.read_text().splitlines()) == 1 + len(RECORDS)


def test_each_deal_is_on_the_file_as_soon_as_it_is_logged(tmp_path: Path) -> None:
    path = tmp_path / "run.log"
    with DealLog(path, HEADER) as log:
        log.add(RECORDS[0])
        with DealLog(path, HEADER) as again:  # read while still open
            assert again.done == {1: RECORDS[0]}


@pytest.mark.parametrize("cut", [1, 10, 30])
def test_a_half_written_last_line_is_dropped_and_its_deal_left_to_solve(
    tmp_path: Path, cut: int
) -> None:
    path = tmp_path / "run.log"
    _logged(path, RECORDS)
    whole = path.read_bytes()
    last = whole.rstrip(b"\n").rfind(b"\n") + 1
    path.write_bytes(whole[: last + cut])  # killed while writing deal 3
    with DealLog(path, HEADER) as log:
        assert sorted(log.done) == [1, 2]
        log.add(RECORDS[2])
    assert path.read_bytes() == whole  # nothing duplicated, nothing left of the half line


def test_a_log_cut_inside_its_header_starts_afresh(tmp_path: Path) -> None:
    path = tmp_path / "run.log"
    path.write_text(HEADER.text()[:7])
    with DealLog(path, HEADER) as log:
        assert log.done == {}
    assert path.read_text() == HEADER.text() + "\n"


@pytest.mark.parametrize(
    "other",
    [Header("pyramid", 2000, 2.0), Header("thirteens", 3000, 2.0), Header("thirteens", 2000, None)],
)
def test_a_log_of_another_spec_or_budget_is_refused_untouched(
    tmp_path: Path, other: Header
) -> None:
    path = tmp_path / "run.log"
    _logged(path, RECORDS)
    path.write_bytes(path.read_bytes()[:-5])  # a half line, which a refusal must not cut
    before = path.read_bytes()
    with pytest.raises(BadLog, match="another measurement"):
        DealLog(path, other)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "line",
    [
        "not json",
        '{"deal": 4}',
        '{"deal": 4, "outcome": "lost", "nodes": 1, "seconds": 0, "moves": 0, "grade": "x"}',
        '{"deal": 1, "outcome": "won", "nodes": 1, "seconds": 0, "moves": 1, "grade": "easy"}',
    ],
)
def test_a_complete_line_that_is_not_a_new_logged_deal_is_refused(
    tmp_path: Path, line: str
) -> None:
    path = tmp_path / "run.log"
    _logged(path, RECORDS[:1])
    path.write_text(path.read_text() + line + "\n")
    with pytest.raises(BadLog, match="line 3"):
        DealLog(path, HEADER)


def test_a_log_from_before_cpu_times_were_kept_still_resumes(tmp_path: Path) -> None:
    path = tmp_path / "run.log"
    old_line = '{"deal": 1, "outcome": "won", "nodes": 12, "seconds": 0.01, "moves": 26, '
    old_line += '"grade": "winnable"}'
    path.write_text(HEADER.text() + "\n" + old_line + "\n")
    with DealLog(path, HEADER) as log:
        assert log.done == {1: RECORDS[0]}
        assert log.done[1].cpu_seconds is None
        log.add(dataclasses.replace(RECORDS[1], cpu_seconds=0.015))
    with DealLog(path, HEADER) as log:
        assert log.done[2].cpu_seconds == 0.015


def test_any_log_is_read_with_what_it_measured_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "run.log"
    _logged(path, RECORDS)
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"deal": 4, "outc')  # a run killed while writing deal 4
    header, done = read_log(path)
    assert header == HEADER
    assert done == {r.deal: r for r in RECORDS}
    assert path.read_bytes() == whole + b'{"deal": 4, "outc'


@pytest.mark.parametrize(
    ("text", "match"),
    [
        (b"", "empty"),
        (b'{"deal": 1}\n', "line 1"),
        (b"\xff\xfe\n", "not a text log"),
        (HEADER.text().encode() + b"\nnot json\n", "line 2"),
    ],
)
def test_a_file_that_is_not_a_log_is_refused_when_read(
    tmp_path: Path, text: bytes, match: str
) -> None:
    path = tmp_path / "run.log"
    path.write_bytes(text)
    with pytest.raises(BadLog, match=match):
        read_log(path)
