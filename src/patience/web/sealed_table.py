"""A stored game's table as a duel or a daily attempt shows it: through its own page (the
game API is not its door), and on a sealed deal without anything drawn from unseen cards."""

from __future__ import annotations

from msgspec.structs import replace

from patience.engine.core import Outcome
from patience.views import hidden_view, open_view
from patience.web.service import Live
from patience.web.state import table_state
from patience.web.wire import Last, State


def shown_table(live: Live, url: str, *, every_card: bool, sealed: bool) -> State:
    """The table of ``live`` at ``url``: ``every_card`` open, or what the player may see; a
    ``sealed`` deal without its number, and without an outcome drawn from unseen cards. The
    game's id is kept back."""
    game, record = live.game, live.record
    see = open_view if every_card else hidden_view
    state = table_state(
        game,
        see(game.engine, game.position),
        game_row_id=None,
        version=record.version,
        elapsed_ms=record.elapsed_ms,
        running=live.running,
    )
    last = Last(record.moves[record.cursor - 1], []) if record.cursor else None
    state = replace(state, url=url, last=last)
    if sealed:
        # "lost" says the stock brings no move: only a game with no move at all is lost
        # by what the player sees.
        seen_lost = state.outcome == Outcome.LOST.value and state.legal
        outcome = Outcome.IN_PLAY.value if seen_lost else state.outcome
        state = replace(state, deal=None, outcome=outcome)
    return state
