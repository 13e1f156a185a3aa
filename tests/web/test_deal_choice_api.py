"""POST /api/games with a kind: a deal from the game's graded pool, or a clear 400."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from web_helpers import new_game

from patience.deal_pools import GRADED_KINDS, KINDS, load


@pytest.mark.parametrize(
    ("game", "options"),
    [("freecell", {}), ("thirteens", {}), ("klondike", {"draw": "3", "passes": "1"})],
)
def test_each_offered_kind_deals_from_its_pool(
    unlimited_client: TestClient, game: str, options: dict[str, str]
) -> None:
    spec = game if not options else f"{game}:draw={options['draw']},passes={options['passes']}"
    pool = load(spec)
    assert pool is not None
    for kind in pool.kinds()[1:]:
        for _ in range(3):
            state = new_game(unlimited_client, game=game, options=options, deal=None, kind=kind)
            assert state["deal"] in pool.deals(kind), kind


def test_a_kind_the_pool_lacks_is_refused_with_what_is_offered(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "thirteens", "kind": "hard"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "no_pool" and error["params"]["kinds"] == "any, winnable"
    german = client.post(
        "/api/games", json={"game": "thirteens", "kind": "hard"}, headers={"Accept-Language": "de"}
    )
    assert (
        "der Art „hard“ zur Wahl; möglich sind any, winnable." in german.json()["error"]["message"]
    )


def test_an_unknown_kind_is_refused(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "freecell", "kind": "tricky"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "unknown_kind"


def test_a_kind_beside_a_deal_number_is_refused(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "freecell", "deal": 3, "kind": "easy"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "kind_with_deal"


def test_an_any_deal_carries_no_grade(unlimited_client: TestClient) -> None:
    for _ in range(5):
        response = unlimited_client.post("/api/games", json={"game": "freecell", "kind": "any"})
        assert response.status_code == 201
        text = response.text
        assert "grade" not in text
        assert not any(f'"{kind}"' in text for kind in (*KINDS[1:], *GRADED_KINDS))
