"""Run a coroutine on an event loop of its own, in a thread of its own.

Playwright's sync API (the e2e tests) marks its event loop as running in the calling thread
between its calls, for as long as its session-scoped browser lives. Under xdist the e2e tests
share workers with the rest of the suite, so a plain ``asyncio.run`` in a later test of the same
worker fails with "asyncio.run() cannot be called from a running event loop". A fresh thread has
no running loop, whatever ran before it in the test process.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_async(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)`` in a new thread; its result or exception comes back here."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="fresh-loop") as pool:
        return pool.submit(asyncio.run, main).result()
