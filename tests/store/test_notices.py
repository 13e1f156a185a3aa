"""Notices between workers: on PostgreSQL a committed event reaches a listener; a rolled back
one never does; SQLite carries none and its listener returns at once."""

from __future__ import annotations

import asyncio
import contextlib

from sqlalchemy import text
from sqlalchemy.engine import Connection

from fresh_loop import run_async
from patience.store.notices import can_listen, listen, notify
from patience.store.repository import Store


def test_a_committed_notice_is_heard_and_a_rolled_back_one_is_not(store_url: str) -> None:
    async def run() -> None:
        store = await Store.open(store_url)
        heard: list[str] = []
        listening = asyncio.Event()
        task = asyncio.create_task(listen(store, heard.append, listening))
        try:
            if not can_listen(store):
                await task  # done at once
                assert not listening.is_set()
                return
            await asyncio.wait_for(listening.wait(), 10)

            def rolled_back(conn: Connection) -> None:
                notify(conn, "never")
                raise RuntimeError("rolled back")

            with contextlib.suppress(RuntimeError):
                await store.write(rolled_back)
            await store.write(lambda conn: notify(conn, "duel-1"))
            await store.write(lambda conn: conn.execute(text("SELECT 1")))
            for _ in range(100):
                if heard:
                    break
                await asyncio.sleep(0.05)
            assert heard == ["duel-1"]
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            await store.close()

    run_async(run())
