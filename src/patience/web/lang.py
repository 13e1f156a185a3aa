"""Which language a request wants: the URL, else the ``lang`` cookie, else Accept-Language."""

from __future__ import annotations

from starlette.requests import Request

from patience.web.ui_strings import LANGS

DEFAULT = "en"
COOKIE = "lang"


def accepted(header: str) -> str | None:
    """The first of our languages in an Accept-Language header, by the header's weights.

    >>> accepted("fr-CH, de;q=0.9, en;q=0.8")
    'de'
    >>> accepted("fr") is None
    True
    """
    choices = []
    for position, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                weight = float(params[2:])
            except ValueError:
                weight = 0.0
        base = tag.strip().lower().split("-")[0]
        if base in LANGS and weight > 0:
            choices.append((-weight, position, base))
    return min(choices)[2] if choices else None


def request_lang(request: Request) -> str:
    """The language for pages without one in the URL: the cookie, else Accept-Language."""
    cookie = request.cookies.get(COOKIE)
    if cookie in LANGS:
        return cookie
    return accepted(request.headers.get("accept-language", "")) or DEFAULT


def api_lang(request: Request) -> str:
    """The language of API messages: the game page's script sends its page language as
    Accept-Language, which beats the cookie (another tab may have set that)."""
    return accepted(request.headers.get("accept-language", "")) or request_lang(request)
