"""``patience serve`` refuses bad settings with one clear line (the serving itself is tested
through a real server in tests/web/test_restart.py)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from patience.cli import main
from small_disk import read_only, small_disk


def serve(*argv: str) -> int:
    """``patience serve *argv`` on a thread of its own: it runs its own event loop, which
    cannot start on a thread that runs one already (as Playwright's tests leave one)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(main, ["serve", *argv]).result()


def test_unreachable_database_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = serve("--data-dir", str(tmp_path), "--db", "postgresql://nobody@127.0.0.1:1/none")
    assert status == 1
    error = capsys.readouterr().err
    assert error.startswith("patience: error: cannot use the database") and error.count("\n") == 1


def test_workers_must_be_positive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert serve("--data-dir", str(tmp_path), "--workers", "0") == 2
    assert "--workers" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("flag", "value", "said"),
    [
        ("--limit-moves", "fast", "--limit-moves: a limit is RATE/BURST"),
        ("--limit-games", "0/10", "--limit-games: a limit is RATE/BURST"),
        ("--limit-address-factor", "many", "--limit-address-factor: the address factor"),
        ("--limit-address-factor", "0.5", "--limit-address-factor: the address factor"),
    ],
)
def test_bad_limit_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str, value: str, said: str
) -> None:
    assert serve("--data-dir", str(tmp_path), flag, value) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"patience: error: {said}") and error.count("\n") == 1
    assert not (tmp_path / "secret").exists()  # refused before anything is written


def test_limits_reach_every_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With several workers the limits travel in the environment each worker reads."""
    import uvicorn

    from patience.web.limits import Limit, LimitConfig

    monkeypatch.setenv("PATIENCE_LIMIT_GAMES", "1/5")
    monkeypatch.delenv("PATIENCE_LIMIT_MOVES", raising=False)
    seen: list[LimitConfig] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: seen.append(LimitConfig.from_environment()))
    flags = ["--workers", "2", "--limit-moves", "off", "--limit-address-factor", "3"]
    assert serve("--data-dir", str(tmp_path), *flags) == 0
    assert seen == [LimitConfig(moves=None, games=Limit(1, 5), address_factor=3)]
    capsys.readouterr()


def test_one_worker_gets_the_limits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    from patience.web.limits import Limit, Limits

    apps: list[object] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **k: apps.append(app))
    assert serve("--data-dir", str(tmp_path), "--limit-games", "2/4") == 0
    limits = apps[0].state.limits  # type: ignore[attr-defined]
    assert isinstance(limits, Limits) and limits._games.players.limit == Limit(2, 4)
    capsys.readouterr()


def test_a_data_directory_that_cannot_hold_the_secret_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PATIENCE_SECRET", raising=False)
    (tmp_path / "file").write_text("not a directory")
    assert serve("--data-dir", str(tmp_path / "file" / "data")) == 1
    error = capsys.readouterr().err
    assert error.startswith("patience: error: cannot read or write the cookie secret")
    assert error.count("\n") == 1 and "Traceback" not in error


def test_a_missing_data_directory_is_made_with_the_secret_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATIENCE_SECRET", "from-the-environment")
    served: list[object] = []
    monkeypatch.setattr("uvicorn.run", lambda app, **options: served.append(app))
    assert serve("--data-dir", str(tmp_path / "new" / "data")) == 0
    assert served and (tmp_path / "new" / "data" / "patience.sqlite3").is_file()


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    error = capsys.readouterr().err
    assert error.startswith("patience: error: ") and error.count("\n") == 1, error
    return error


def test_a_read_only_data_directory_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PATIENCE_SECRET", raising=False)
    with small_disk(tmp_path / "disk") as disk:
        (disk / "data").mkdir()
        read_only(disk)
        assert serve("--data-dir", str(disk / "data")) == 1
        error = _one_line(capsys)
        assert "cookie secret" in error and "Read-only file system" in error
        monkeypatch.setenv("PATIENCE_SECRET", "from-the-environment")
        for where, words in (("data", "cannot be written"), ("fresh", "cannot be made")):
            assert serve("--data-dir", str(disk / where)) == 1
            error = _one_line(capsys)
            assert "cannot use the database" in error and words in error
            assert "a read-only file system" in error


def test_an_empty_database_file_is_one_line_with_the_store_damaged_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATIENCE_SECRET", "from-the-environment")
    (tmp_path / "patience.sqlite3").write_bytes(b"")
    assert serve("--data-dir", str(tmp_path)) == 1
    assert "is empty (0 bytes): the database lost its tables" in _one_line(capsys)


def test_one_worker_prepares_the_daily_deals_unless_told_not_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    import patience.web.app

    asked: list[bool] = []
    made = patience.web.app.create_app

    def create_app(*args: Any, prepare_dailies: bool = False, **kwargs: Any) -> Any:
        asked.append(prepare_dailies)
        return made(*args, prepare_dailies=prepare_dailies, **kwargs)

    monkeypatch.setattr(patience.web.app, "create_app", create_app)
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    assert serve("--data-dir", str(tmp_path)) == 0
    assert serve("--data-dir", str(tmp_path), "--no-daily-prep") == 0
    assert serve("--data-dir", str(tmp_path), "--workers", "2") == 0  # the workers never do
    assert asked == [True, False]
    capsys.readouterr()


def test_live_games_reach_every_worker_and_must_be_positive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    from patience.web.app import LIVE_GAMES_ENV, live_games_from_environment

    monkeypatch.delenv(LIVE_GAMES_ENV, raising=False)
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    assert serve("--data-dir", str(tmp_path), "--live-games", "0") == 2
    assert "--live-games must be at least 1" in _one_line(capsys)
    assert serve("--data-dir", str(tmp_path), "--workers", "2", "--live-games", "300") == 0
    assert live_games_from_environment() == 300  # what each worker's app reads
    capsys.readouterr()


def test_a_worker_keeps_as_many_live_games_as_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starlette.testclient import TestClient

    from patience.web.app import LIVE_GAMES_ENV, create_app
    from patience.web.service import LIVE_GAMES

    monkeypatch.delenv(LIVE_GAMES_ENV, raising=False)
    sizes = []
    for given, environment in ((None, None), (None, "7"), (5, "7")):
        if environment:
            monkeypatch.setenv(LIVE_GAMES_ENV, environment)
        app = create_app(None, tmp_path, "secret", live_games=given, solvers=1)
        with TestClient(app):
            sizes.append(app.state.games.cache_size)
    assert sizes == [LIVE_GAMES, 7, 5]
