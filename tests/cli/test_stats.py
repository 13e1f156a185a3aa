"""``patience stats``: on one machine or a Dask cluster (a local one, started by the test),
the same summary; a run stopped half way and started again with its log solves only the
deals it lacks."""

from __future__ import annotations

import json
from pathlib import Path

import dask

from .conftest import Runner


def test_patience_stats_on_a_cluster_resumes_from_its_log(
    dask_cluster: str, patience: Runner, tmp_path: Path
) -> None:
    log = tmp_path / "pyramid.log"
    args = ("stats", "pyramid", "--deals", "60", "--nodes", "20000", "--json")
    first = patience(*args, "--cluster", dask_cluster, "--log", str(log), "--deals", "30")
    assert first.status == 0, first.err
    lines = log.read_text().splitlines()
    assert len(lines) == 1 + 30  # the header, then a line per deal
    whole = patience(*args, "--cluster", dask_cluster, "--log", str(log))
    assert whole.status == 0, whole.err
    assert len(log.read_text().splitlines()) == 1 + 60  # only the 30 it lacked were solved
    alone = patience(*args, "--jobs", "1")
    summary = {k: v for k, v in json.loads(whole.out).items() if "seconds" not in k}
    assert summary == {k: v for k, v in json.loads(alone.out).items() if "seconds" not in k}


def test_no_scheduler_at_the_address_is_a_clear_error(patience: Runner) -> None:
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        found = patience("stats", "pyramid", "--deals", "2", "--cluster", "tcp://127.0.0.1:9")
    assert found.status != 0 and "cannot solve" in found.err
