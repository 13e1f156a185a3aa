"""Reading a request body: the declared length is a hint that never breaks the reading."""

from __future__ import annotations

import pytest
from starlette.requests import Request
from starlette.testclient import TestClient
from starlette.types import Message
from web_helpers import new_game

from fresh_loop import run_async
from patience.web.bodies import read_body
from patience.web.errors import ApiError


def _request(content_length: bytes, body: bytes) -> Request:
    async def receive() -> Message:
        return {"type": "http.request", "body": body, "more_body": False}

    headers = [(b"content-length", content_length)]
    return Request({"type": "http", "method": "POST", "headers": headers}, receive)


@pytest.mark.parametrize("declared", ["²".encode("latin-1"), "٣".encode(), b"-1", b"abc", b""])
def test_a_length_that_is_no_number_is_ignored_and_the_body_read(declared: bytes) -> None:
    assert run_async(read_body(_request(declared, b'{"a": 1}'))) == b'{"a": 1}'


@pytest.mark.parametrize("digits", [19, 5000])
def test_a_length_of_many_digits_is_too_large(digits: int) -> None:
    with pytest.raises(ApiError) as refused:
        run_async(read_body(_request(b"9" * digits, b"{}")))
    assert refused.value.status == 413 and refused.value.code == "too_large"


def test_a_move_declaring_5000_digits_of_length_is_413_not_500(client: TestClient) -> None:
    state = new_game(client)
    answer = client.post(
        f"/api/games/{state['id']}/moves",
        content=b'{"version": 0, "move": "s"}',
        headers={"content-length": "9" * 5000},
    )
    assert answer.status_code == 413
    assert answer.json()["error"]["code"] == "too_large"
