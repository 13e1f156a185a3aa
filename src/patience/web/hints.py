"""Help that sees every card: hints, and the "still winnable?" assist, searched on a solver
process so the server keeps answering. Either marks the game as assisted (api.py)."""

from __future__ import annotations

from patience.notation import move_text
from patience.solver.hint import KeptLines
from patience.solver.result import Budget, Won
from patience.store.records import options_dict
from patience.web.service import Live
from patience.web.solver_jobs import hint_job, verdict_job
from patience.web.solver_pool import SolverPool
from patience.web.ui_strings import ui_strings
from patience.web.wire import HintAnswer, HintBody, WinnableAnswer

HINT_BUDGET = Budget(nodes=5_000, seconds=0.5)
"""Small: a hint must come back within about half a second."""


KEPT_HERE = KeptLines()
"""The winning lines hints started, kept in this web worker: the next hint on a line is
answered here, without the solver pool."""


async def hint_for(live: Live, lang: str, solvers: SolverPool) -> HintAnswer:
    """The solver's (or the heuristic's) suggested move for the game's current position;
    :class:`~patience.web.solver_pool.Busy` when the solvers are full."""
    game = live.game
    position, options = game.position, dict(game.options)
    going_on = KEPT_HERE.going_on(game.engine, position)
    if going_on is not None:
        move, source = going_on[0], "solver"
    else:
        found = await solvers.run(hint_job, game.info.id, options, position, HINT_BUDGET)
        if found.move is None:
            return HintAnswer(None)
        move, source = found.move, found.source
        if isinstance(found.outcome, Won):
            KEPT_HERE.keep(game.engine, position, found.outcome.moves)
    text = move_text(game.engine, position, move)
    note = ui_strings(lang)["hint_solver" if source == "solver" else "hint_heuristic"]
    return HintAnswer(HintBody(text, source, note))


async def winnable_for(live: Live, db_url: str, solvers: SolverPool) -> WinnableAnswer:
    """The verdict on the game's current position, with the review's node budget (the same
    position gets the same answer here and in its review, which shares the stored verdicts)."""
    record = live.record
    moves = record.moves[: record.cursor]
    options = options_dict(record.options)
    status = await solvers.run(verdict_job, db_url, record.game, options, record.deal, moves)
    return WinnableAnswer(record.version, status)
