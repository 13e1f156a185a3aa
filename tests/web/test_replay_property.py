"""Property: whatever a player does, the stored game rebuilds to exactly what they saw."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from fresh_loop import run_async
from patience.games import GAMES
from patience.store.repository import Store, sqlite_url
from patience.web.errors import ApiError
from patience.web.service import ACTIONS, Action, Games, Live, play_action

STEP = st.one_of(st.integers(min_value=0, max_value=50), st.sampled_from(sorted(ACTIONS)))


async def _session(db: Path, game_id: str, deal: int, steps: list[int | str]) -> None:
    store = await Store.open(sqlite_url(db))
    try:
        games = Games(store)
        live: Live = await games.create("p", game_id, {}, deal)
        for step in steps:
            state = live.state("en")
            if isinstance(step, int):
                if not state.legal:
                    continue
                text = state.legal[step % len(state.legal)].text

                def make(line: tuple[str, ...], cursor: int, text: str = text) -> Action:
                    return play_action(text, line, cursor)

            else:
                make = ACTIONS[step]
            try:
                live = await games.act("p", live.record.id, state.version, make, None)
            except ApiError as error:
                assert error.code in ("nothing_to_undo", "nothing_to_redo")
        seen = live.state("en")
        fresh = await Games(store).get("p", live.record.id)  # an empty cache: replay
        assert fresh.state("en") == seen
    finally:
        await store.close()


@given(
    game_id=st.sampled_from(sorted(GAMES)),
    deal=st.integers(min_value=1, max_value=10_000),
    steps=st.lists(STEP, max_size=25),
)
def test_stored_game_rebuilds_exactly(game_id: str, deal: int, steps: list[int | str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        run_async(_session(Path(folder) / "db", game_id, deal, steps))
