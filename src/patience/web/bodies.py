"""Reading a JSON request body: at most 16 KiB, decoded strictly into a wire type."""

from __future__ import annotations

from typing import TypeVar

import msgspec
from starlette.requests import Request

from patience.web.errors import ApiError
from patience.web.wire import MAX_BODY

T = TypeVar("T")


def _too_large() -> ApiError:
    return ApiError(413, "too_large", {"limit": str(MAX_BODY)})


async def read_body(request: Request, limit: int = MAX_BODY) -> bytes:
    """The body, read chunk by chunk and refused as soon as it passes ``limit``."""
    declared = request.headers.get("content-length", "")
    # ASCII digits only ("²" is a digit to isdigit, not to int); 19 digits or more are too
    # many for any limit (and int() refuses thousands of them).
    if declared.isascii() and declared.isdigit() and (len(declared) > 18 or int(declared) > limit):
        raise _too_large()
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise _too_large()
    return bytes(body)


async def decode(request: Request, kind: type[T]) -> T:
    """The body as ``kind``: 400 ``bad_json`` when it is not JSON, ``bad_request`` when it
    does not fit the type, 413 when it is too large."""
    body = await read_body(request)
    try:
        return msgspec.json.decode(body, type=kind, strict=True)
    except msgspec.ValidationError as error:
        raise ApiError(400, "bad_request", {"detail": str(error)[:200]}) from None
    except msgspec.DecodeError as error:
        raise ApiError(400, "bad_json", {"detail": str(error)[:200]}) from None
