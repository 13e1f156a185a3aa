"""Hints from the solver, searched on a solver process so the server keeps answering."""

from __future__ import annotations

from patience.notation import move_text
from patience.solver.result import Budget
from patience.web.service import Live
from patience.web.solver_jobs import hint_job
from patience.web.solver_pool import SolverPool
from patience.web.ui_strings import ui_strings
from patience.web.wire import HintAnswer, HintBody

HINT_BUDGET = Budget(nodes=5_000, seconds=0.5)
"""Small: a hint must come back within about half a second."""


async def hint_for(live: Live, lang: str, solvers: SolverPool) -> HintAnswer:
    """The solver's (or the heuristic's) suggested move for the game's current position;
    :class:`~patience.web.solver_pool.Busy` when the solvers are full."""
    game = live.game
    position, options = game.position, dict(game.options)
    found = await solvers.run(hint_job, game.info.id, options, position, HINT_BUDGET)
    if found.move is None:
        return HintAnswer(None)
    text = move_text(game.engine, position, found.move)
    note = ui_strings(lang)["hint_solver" if found.source == "solver" else "hint_heuristic"]
    return HintAnswer(HintBody(text, found.source, note))
