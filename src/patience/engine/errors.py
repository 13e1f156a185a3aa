"""Typed errors with a reason a person can read."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move the rules refuse. The position is left untouched.

    ``code`` is stable (for translations and tests); ``message`` is the engine's English;
    ``params`` holds the details as values, not words (card codes, rule settings, numbers: see
    :mod:`patience.engine.reasons`), for each language to word.
    """

    def __init__(self, code: str, message: str, **params: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


class NotationError(ValueError):
    """A move or position text that cannot be read."""
