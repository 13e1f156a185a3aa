"""Why a move was refused, in the page's language."""

from __future__ import annotations

from patience.engine.errors import IllegalMove


def illegal_message(error: IllegalMove, lang: str) -> str:
    """The reason for ``error`` in ``lang``."""
    return error.message
