"""Operations: foreign origins refused, login limits, health, metrics, no orphan workers."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy.exc import OperationalError

from meeple.server.site.limits import LoginLimiter, TooManyTries
from tests.server.conftest import Server, metric_samples, metric_total, wait_for
from tests.services import free_port

EVIL = {"origin": "http://evil.example"}


def code(answer: Any) -> str:
    value: str = answer.json()["detail"]["code"]
    return value


def test_a_change_from_a_foreign_origin_is_refused_and_changes_nothing(server: Server) -> None:
    aki = server.person()
    body = {"game": "buffet", "players": 3, "seats": [{"kind": "human"}] * 3}
    answer = server.client.post("/api/tables", json=body, headers={**aki.headers, **EVIL})
    assert answer.status_code == 403 and code(answer) == "foreign_origin"
    assert "evil.example" in answer.json()["detail"]["message"]
    assert server.client.get("/api/tables").json()["tables"] == []
    # Every kind of change is guarded, also the ones without a session.
    for url in ("/api/guest", "/api/login", "/api/register", "/api/logout"):
        assert server.client.post(url, json={}, headers=EVIL).status_code == 403, url
    # The same request from the server's own page, or from a program (no Origin), goes through.
    own = {**aki.headers, "origin": "http://testserver"}
    assert server.client.post("/api/tables", json=body, headers=own).status_code == 200
    assert aki.post("/api/tables", body).status_code == 200
    # Reading is open to any origin (CORS decides what a foreign page may read).
    assert server.client.get("/api/tables", headers=EVIL).status_code == 200


def test_an_allowed_origin_may_change_things(server_factory: Callable[..., Server]) -> None:
    server = server_factory(allow_origins=("http://app.example",))
    answer = server.client.post(
        "/api/guest", json={"name": "Aki"}, headers={"origin": "http://app.example"}
    )
    assert answer.status_code == 200


def test_failed_logins_lock_the_account_with_retry_after(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory(login_tries_per_address=100, login_failures_per_account=3)
    aki = server.person()
    assert (
        aki.post("/api/register", {"username": "aki", "password": "secret-one"}).status_code == 200
    )
    wrong = {"username": "aki", "password": "wrong-password"}
    assert [server.client.post("/api/login", json=wrong).status_code for _ in range(3)] == [401] * 3
    refused = server.client.post("/api/login", json=wrong)
    assert refused.status_code == 429 and code(refused) == "too_many_tries"
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert "try again in" in refused.json()["detail"]["message"]
    # Even the right password waits: a guesser must not learn that it was right.
    right = server.client.post("/api/login", json={"username": "aki", "password": "secret-one"})
    assert right.status_code == 429
    # Another account is not locked by it.
    assert (
        server.client.post("/api/login", json={"username": "ben", "password": "x" * 8}).status_code
        == 401
    )


def test_one_address_may_try_only_so_often(server_factory: Callable[..., Server]) -> None:
    server = server_factory(login_tries_per_address=4, login_failures_per_account=100)
    answers = [
        server.client.post("/api/register", json={"username": f"user{i}", "password": "p" * 8})
        for i in range(5)
    ]
    assert [a.status_code for a in answers] == [200, 200, 200, 200, 429]
    # The refused registration created nothing.
    assert (
        server.client.post(
            "/api/login", json={"username": "user4", "password": "p" * 8}
        ).status_code
        == 429
    )


def test_the_limits_forget_old_tries_and_hold_an_account_per_address() -> None:
    now = [0.0]
    limiter = LoginLimiter(per_address=2, per_account_failures=2, clock=lambda: now[0])
    limiter.attempt("10.0.0.1", "aki")
    limiter.failed("10.0.0.1", "aki")
    limiter.attempt("10.0.0.1", "aki")
    limiter.failed("10.0.0.1", "Aki")
    with pytest.raises(TooManyTries) as refused:
        limiter.attempt("10.0.0.1", "aki")  # two failures from this address: held
    assert refused.value.retry_after == 60
    limiter.attempt("10.0.0.3", "aki")  # another address is not (docs/security.md)
    now[0] = 60.5
    limiter.attempt("10.0.0.1", "aki")  # a minute later the old failures are forgotten
    limiter.attempt("10.0.0.1", None)
    with pytest.raises(TooManyTries):
        limiter.attempt("10.0.0.1", None)


def test_healthz_says_whether_the_database_answers(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer = server.client.get("/healthz")
    assert answer.status_code == 200 and answer.json()["database"] is True

    def down() -> None:
        raise OperationalError("SELECT 1", {}, Exception("database is down"))

    monkeypatch.setattr(server.hub.store, "ping", down)
    answer = server.client.get("/healthz")
    assert answer.status_code == 503
    assert answer.json() == {"ok": False, "database": False, "error": "OperationalError"}


def test_metrics_count_actions_tables_and_clients(server: Server) -> None:
    aki = server.person()
    table_id = aki.post(
        "/api/tables",
        {"game": "cheese", "players": 3, "seats": [{"kind": "bot", "level": "random"}] * 3},
    ).json()["id"]
    wait_for(lambda: aki.get(f"/api/tables/{table_id}").json()["status"] == "finished")
    version = aki.get(f"/api/tables/{table_id}").json()["version"]
    answer = server.client.get("/metrics")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    samples = metric_samples(answer.text)
    assert samples[("meeple_actions_total", (("by", "bot"),))] == version
    assert ("meeple_websocket_clients", ()) in samples
    assert ("meeple_bots_thinking", ()) in samples
    assert sum(v for (name, _), v in samples.items() if name == "meeple_tables_live") >= 0
    # A human action over the websocket is timed.
    ben = server.person("Ben")
    table_id = ben.table("buffet", 3, bots=["random", "random"])
    sock = ben.ws(table_id)

    def timed() -> float:
        return metric_total(server.metrics(), "meeple_action_seconds_count")

    # Ben acts on each state that asks him until one of his actions is accepted (a bot that
    # moves at the same moment may get in first, and his action is then refused as stale).
    count = 0.0
    for _ in range(50):
        state = sock.until(lambda m: m["type"] == "state" and (bool(m["legal"]) or m["is_over"]))
        if state["is_over"]:
            break
        sock.send({"type": "action", "action": state["legal"][0], "version": state["version"]})
        seen = state["version"]
        sock.until(lambda m, seen=seen: m["type"] == "error" or m.get("version", -1) > seen)
        count = timed()
        if count >= 1:
            break
    assert count >= 1


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_bot_workers_end_when_their_server_is_killed(tmp_path: Path) -> None:
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "meeple",
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{tmp_path / 'orphans.sqlite'}",
            "--bot-delay",
            "0",
            "--bot-workers",
            "2",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 60
        while True:
            assert server.poll() is None, "the server stopped"
            try:
                httpx.get(f"{url}/healthz")
                break
            except httpx.TransportError:
                assert time.monotonic() < end, "the server did not answer"
                time.sleep(0.1)
        with httpx.Client(base_url=url) as client:
            client.post("/api/guest", json={"name": "Aki"}).raise_for_status()
            seats = [{"kind": "bot", "level": "easy"}] * 2
            client.post(
                "/api/tables", json={"game": "cafe", "players": 2, "seats": seats}
            ).raise_for_status()
        end = time.monotonic() + 60
        while len(workers := _children(server.pid)) < 2:  # the pool starts on first use
            assert time.monotonic() < end, "no bot workers started"
            time.sleep(0.1)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        end = time.monotonic() + 10
        while any(_alive(pid) for pid in workers):
            assert time.monotonic() < end, f"workers outlived their server: {workers}"
            time.sleep(0.1)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
