"""Why a move was refused, in the page's language."""

from __future__ import annotations

from patience.engine.errors import IllegalMove
from patience.web.rules_text import reason_text


def illegal_message(error: IllegalMove, lang: str) -> str:
    """The reason for ``error`` worded by the rules texts in ``lang``.

    A code the rules texts do not word yet (a new engine rule) keeps the engine's English
    message rather than failing the request.
    """
    try:
        return reason_text(error.code, error.params, lang)
    except ValueError:
        return error.message
