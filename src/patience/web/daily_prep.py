"""A server of its own prepares the daily deals it lacks: today's and the next days', on its
solver processes, now and every hour, so that ``make run`` serves the daily without a step.

Servers of several workers or machines leave this to ``patience daily prepare`` (each
worker would grade the same deals): they log the missing days at start-up instead
(:func:`patience.web.daily_api.check_prepared`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence

from patience.daily.calendar import day_of, days_from
from patience.games import GAMES
from patience.store.dailies import DailyRow, DailyStore
from patience.store.repository import Store, StoreUnavailable
from patience.web.solver_jobs import daily_job
from patience.web.solver_pool import Busy, SolverPool

PREPARED_DAYS = 3
"""Today and the days after it that a server keeps prepared."""

PREPARE_EVERY_S = 3600.0
BUSY_WAIT_S = 5.0

logger = logging.getLogger(__name__)


async def prepare_missing(
    store: Store,
    solvers: SolverPool,
    secret: str,
    clock: Callable[[], int],
    games: Sequence[str] = tuple(GAMES),
) -> int:
    """Grade and store the missing deals of ``games`` today and the next days; how many were
    stored. Waits while every solver is busy, so that players' hints and reviews come first."""
    dailies = DailyStore(store)
    stored = 0
    days = days_from(day_of(clock()), PREPARED_DAYS)
    for day, game in await dailies.missing(days, games):
        while True:
            try:
                deal = await solvers.run(daily_job, game, secret, day, long=True)
                break
            except Busy:
                await asyncio.sleep(BUSY_WAIT_S)
        if deal is None:
            logger.warning("no winnable %s deal found for %s", game, day)
            continue
        stored += await dailies.keep(DailyRow(deal.day, deal.game, deal.deal, deal.grade, deal.par))
    return stored


async def keep_prepared(
    store: Store, solvers: SolverPool, secret: str, clock: Callable[[], int]
) -> None:
    """Now and every hour (until cancelled): :func:`prepare_missing`."""
    while True:
        try:
            stored = await prepare_missing(store, solvers, secret, clock)
            if stored:
                logger.info("prepared %d daily deals", stored)
        except StoreUnavailable as error:
            logger.warning("could not prepare the daily deals: %s", error)
        await asyncio.sleep(PREPARE_EVERY_S)
