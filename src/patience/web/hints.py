"""Hints from the solver, searched in a worker thread so the server keeps answering."""

from __future__ import annotations

import asyncio

from patience.notation import move_text
from patience.solver.hint import hint
from patience.solver.result import Budget
from patience.web.service import Live
from patience.web.ui_strings import ui_strings
from patience.web.wire import HintAnswer, HintBody

HINT_BUDGET = Budget(nodes=5_000, seconds=0.5)
"""Small: a hint must come back within about half a second."""


async def hint_for(live: Live, lang: str, one_at_a_time: asyncio.Lock) -> HintAnswer:
    """The solver's (or the heuristic's) suggested move for the game's current position.

    Searches share cached searchers and the machine's cores, so the caller's lock lets one
    search run at a time.
    """
    game = live.game
    position, options = game.position, dict(game.options)
    async with one_at_a_time:
        found = await asyncio.to_thread(hint, game.info, options, position, HINT_BUDGET)
    if found.move is None:
        return HintAnswer(None)
    text = move_text(game.engine, position, found.move)
    note = ui_strings(lang)["hint_solver" if found.source == "solver" else "hint_heuristic"]
    return HintAnswer(HintBody(text, found.source, note))
