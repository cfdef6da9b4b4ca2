"""Check-then-write races, tried with real concurrent requests against a real HTTP server:
every answer is the protocol's (200 or a 4xx with its error body), never a 500."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
import uvicorn

from meeple.server.app import create_app
from meeple.server.settings import Settings
from tests.services import free_port


@pytest.fixture
def base_url(db_url: str) -> Iterator[str]:
    """The app served by uvicorn in a thread (its own event loop and worker threads)."""
    settings = Settings(
        db_url=db_url, bot_delay=0.0, bot_workers=0,
        login_tries_per_address=10_000, login_failures_per_account=10_000,
        guests_per_hour=10_000,  # the races make 40 guests from one address
    )  # fmt: skip
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < end and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)


def at_once(count: int, call: Callable[[int], httpx.Response]) -> list[httpx.Response]:
    """Run ``call(i)`` for i < count in threads released together."""
    gate = threading.Barrier(count)

    def run(i: int) -> httpx.Response:
        gate.wait()
        return call(i)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(run, range(count)))


def guest(base: str, name: str) -> httpx.Client:
    client = httpx.Client(base_url=base, timeout=30)
    client.post("/api/guest", json={"name": name}).raise_for_status()
    return client


def codes(answers: list[httpx.Response]) -> list[Any]:
    return sorted(
        (a.status_code, a.json()["detail"]["code"] if a.status_code != 200 else "") for a in answers
    )


def test_registering_one_username_at_once_gives_one_account(base_url: str) -> None:
    for round_ in range(5):
        people = [guest(base_url, f"G{i}") for i in range(8)]
        body = {"username": f"taken{round_}", "password": "password-1"}
        answers = at_once(
            8, lambda i, people=people, body=body: people[i].post("/api/register", json=body)
        )
        assert codes(answers) == [(200, "")] + [(409, "username_taken")] * 7, [
            a.text for a in answers
        ]
        # The winner can log in; nobody else got the name.
        login = httpx.post(f"{base_url}/api/login", json=body)
        winner = next(a for a in answers if a.status_code == 200)
        assert login.json()["player"]["id"] == winner.json()["player"]["id"]


def test_the_last_free_seat_goes_to_one_person(base_url: str) -> None:
    host = guest(base_url, "Host")
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]
    table = host.post("/api/tables", json={"game": "buffet", "players": 3, "seats": seats})
    table_id = table.json()["id"]
    people = [guest(base_url, f"J{i}") for i in range(8)]
    answers = at_once(8, lambda i: people[i].post(f"/api/tables/{table_id}/join", json={}))
    got = codes(answers)
    assert got[0] == (200, "") and all(status == 409 for status, _ in got[1:]), got
    assert {code for _, code in got[1:]} <= {"full", "not_open"}
    final = host.get(f"/api/tables/{table_id}").json()
    assert final["status"] == "running"
    assert sum(1 for s in final["seats"] if s["player"]) == 2


def test_creating_and_leaving_at_once(base_url: str) -> None:
    people = [guest(base_url, f"C{i}") for i in range(8)]
    seats = [{"kind": "human"}, {"kind": "human"}]
    created = at_once(
        8,
        lambda i: people[i].post(
            "/api/tables", json={"game": "cafe", "players": 2, "seats": seats}
        ),
    )
    assert [a.status_code for a in created] == [200] * 8
    assert len({a.json()["id"] for a in created}) == 8
    table_id = created[0].json()["id"]
    # One person leaving twice at once: the seat is freed once, the second is told why.
    answers = at_once(2, lambda _i: people[0].post(f"/api/tables/{table_id}/leave"))
    assert codes(answers) == [(200, ""), (409, "not_seated")]
