"""The routes that change a table the server keeps for a duel's seat or a daily attempt:
a move, undo, redo, restart, each with the version the browser last saw. The table's owner
(a :class:`TableDesk`) checks who asks and what its terms allow."""

from __future__ import annotations

from typing import Annotated, Protocol

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from patience.web.api import endpoint, json_response
from patience.web.bodies import decode
from patience.web.lang import api_lang
from patience.web.service import ACTIONS, Action, ActionMaker, play_action

_Version = Annotated[int, msgspec.Meta(ge=0)]
_Text = Annotated[str, msgspec.Meta(max_length=64)]


class TableMove(msgspec.Struct, forbid_unknown_fields=True):
    """``POST …/moves``."""

    version: _Version
    move: _Text


class TableVersion(msgspec.Struct, forbid_unknown_fields=True):
    """``POST …/undo``, ``…/redo``, ``…/restart``, ``…/resign``."""

    version: _Version


class TableDesk(Protocol):
    """What keeps such tables: changes one (``history``: an undo, redo or restart)."""

    async def act(
        self,
        player_id: str,
        table_id: str,
        version: int,
        make: ActionMaker,
        *,
        history: bool,
        lang: str,
    ) -> object: ...


def table_routes(prefix: str, state_name: str) -> list[Route]:
    """The change routes under ``prefix`` (with an ``{id}``), served by the
    :class:`TableDesk` at ``app.state.<state_name>``; each change counts as a move for the
    rate limits."""

    async def act(
        request: Request, player_id: str, version: int, make: ActionMaker, history: bool
    ) -> Response:
        request.app.state.limits.check_move(request, player_id)
        desk: TableDesk = getattr(request.app.state, state_name)
        table_id, lang = request.path_params["id"], api_lang(request)
        return json_response(
            await desk.act(player_id, table_id, version, make, history=history, lang=lang)
        )

    @endpoint
    async def move(request: Request, player_id: str) -> Response:
        body = await decode(request, TableMove)
        text = body.move

        def make(line: tuple[str, ...], cursor: int) -> Action:
            return play_action(text, line, cursor)

        return await act(request, player_id, body.version, make, False)

    @endpoint
    async def history(request: Request, player_id: str) -> Response:
        body = await decode(request, TableVersion)
        make = ACTIONS[request.url.path.rsplit("/", 1)[1]]
        return await act(request, player_id, body.version, make, True)

    return [
        Route(f"{prefix}/moves", move, methods=["POST"]),
        *(Route(f"{prefix}/{name}", history, methods=["POST"]) for name in ACTIONS),
    ]
