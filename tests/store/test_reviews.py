"""Reviews in the store: one claim at a time, findings written only under the claim, verdicts
kept once per key; on SQLite and (with a test server) PostgreSQL."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import insert
from sqlalchemy.engine import Connection

from fresh_loop import run_async
from patience.store.records import GameRecord, unplayed
from patience.store.repository import Store, insert_game
from patience.store.reviews import ClaimLost, ReviewLog, Reviews, StoredVerdict
from patience.store.schema import review_events

GAME = "a" * 32


async def _open(url: str) -> tuple[Store, Reviews]:
    store = await Store.open(url)
    return store, Reviews(store)


def _log(store: Store, token: str, game_id: str = GAME) -> ReviewLog:
    return ReviewLog(store.engine.url.render_as_string(hide_password=False), game_id, token)


def test_one_claim_wins_and_its_job_writes_the_findings(store_url: str) -> None:
    async def run() -> None:
        store, reviews = await _open(store_url)
        try:
            first = await reviews.claim(GAME, 3, None)
            assert first is not None
            assert await reviews.claim(GAME, 3, None) is None  # another request, later
            log = _log(store, first)
            log.add({"type": "step", "index": 0, "status": "winnable", "searched": True})
            assert log.verdict("20000 somewhere") is None  # a search comes: findings written
            assert [json.loads(e) for _, e in await reviews.events(GAME)] == [
                {"type": "step", "index": 0, "status": "winnable", "searched": True}
            ]
            log.add({"type": "end", "complete": True, "losing_move": None})
            log.flush("done")
            log.close()
            row = await reviews.get(GAME)
            assert row is not None and (row.state, row.events, row.version) == ("done", 2, 3)
            assert [seq for seq, _ in await reviews.events(GAME, after=1)] == [2]
        finally:
            await store.close()

    run_async(run())


def test_a_review_taken_over_refuses_the_old_jobs_writes(store_url: str) -> None:
    async def run() -> None:
        store, reviews = await _open(store_url)
        try:
            old = await reviews.claim(GAME, 1, None)
            assert old is not None
            log = _log(store, old)
            log.add({"type": "step", "index": 0, "status": "lost", "searched": True})
            log.flush()
            seen = await reviews.get(GAME)
            new = await reviews.claim(GAME, 2, seen)  # the game changed: a new review
            assert new is not None and new != old
            assert await reviews.events(GAME) == []  # the old findings are gone
            log.add({"type": "end", "complete": True, "losing_move": None})
            with pytest.raises(ClaimLost):
                log.flush("done")
            log.close()
            row = await reviews.get(GAME)
            assert row is not None and (row.state, row.claim, row.events) == ("running", new, 0)
            assert await reviews.claim(GAME, 2, seen) is None  # seen is out of date now
        finally:
            await store.close()

    run_async(run())


def test_verdicts_are_kept_once_per_key_and_read_back(store_url: str) -> None:
    async def run() -> None:
        store, _ = await _open(store_url)
        try:
            log = _log(store, "", game_id="")  # a job without a review: verdicts only
            log.keep("20000 position", StoredVerdict("winnable", "0,1,2,1 1,0,0,0", 77))
            log.keep("20000 position", StoredVerdict("lost", "", 5))  # the same key again
            log.flush()
            assert log.verdict("20000 position") == StoredVerdict("winnable", "0,1,2,1 1,0,0,0", 77)
            assert log.verdict("40000 position") is None  # another budget, another verdict
            log.close()
        finally:
            await store.close()

    run_async(run())


def test_a_released_claim_leaves_no_review(store_url: str) -> None:
    async def run() -> None:
        store, reviews = await _open(store_url)
        try:
            token = await reviews.claim(GAME, 1, None)
            assert token is not None
            await reviews.release(GAME, "not the claim")
            assert await reviews.get(GAME) is not None
            await reviews.release(GAME, token)
            assert await reviews.get(GAME) is None
            failing = await reviews.claim(GAME, 1, None)
            assert failing is not None
            await reviews.fail(GAME, failing)
            row = await reviews.get(GAME)
            assert row is not None and row.state == "failed"
        finally:
            await store.close()

    run_async(run())


def test_losing_moves_are_read_from_the_reviews_end(store_url: str) -> None:
    async def run() -> None:
        store = await Store.open(store_url)
        try:
            for n, (losing, moves) in enumerate([(2, "1a 2b 3c"), (None, "1a"), (4, "1a")]):
                record = replace(
                    unplayed(f"{n:032x}", "p", "freecell", "", 5, 0),
                    moves=tuple(moves.split()),
                    cursor=len(moves.split()),
                )
                end = {"type": "end", "complete": True, "losing_move": losing}

                def put(conn: Connection, record: GameRecord = record, end: Any = end) -> None:
                    insert_game(conn, record)
                    step = {"type": "step", "index": 0, "status": "winnable", "searched": True}
                    for seq, event in enumerate((step, end), 1):
                        row = {"game_id": record.id, "seq": seq, "event": json.dumps(event)}
                        conn.execute(insert(review_events), row)

                await store.write(put)
            ids = [f"{n:032x}" for n in range(4)]
            # no losing move found, a move beyond the game, or no review: nothing said
            assert await Reviews(store).losing_moves(ids) == {ids[0]: (2, "2b")}
        finally:
            await store.close()

    run_async(run())
