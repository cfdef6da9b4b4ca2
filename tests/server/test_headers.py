"""Security headers (meeple/server/api/headers.py) on every kind of HTTP answer, and websockets
untouched by them."""

from __future__ import annotations

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from meeple.server.api.headers import CONTENT_SECURITY_POLICY, DOCS_POLICY, SECURITY_HEADERS
from tests.server.conftest import Server

SQLITE = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
"""The headers do not depend on the database: SQLite alone."""


def assert_secured(answer: httpx.Response, policy: str = CONTENT_SECURITY_POLICY) -> None:
    """The answer carries the policy and every other security header, each once."""
    assert answer.headers.get_list("content-security-policy") == [policy], answer.headers
    for name, value in SECURITY_HEADERS.items():
        assert answer.headers.get_list(name) == [value], (name, answer.headers)


def test_the_policy_is_strict() -> None:
    directives = dict(d.strip().split(" ", 1) for d in CONTENT_SECURITY_POLICY.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["connect-src"] == "'self'"
    assert "unsafe" not in CONTENT_SECURITY_POLICY


@SQLITE
def test_every_kind_of_answer_carries_the_headers(server: Server) -> None:
    client = server.client
    index = client.get("/")
    assert index.status_code == 200 and index.headers["content-type"].startswith("text/html")
    assert_secured(index)
    script = client.get("/app.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert_secured(script)
    api = client.get("/api/games")
    assert api.status_code == 200 and api.json()["games"]
    assert_secured(api)
    lobby = client.get("/api/tables")  # an answer that skips FastAPI's encoding
    assert lobby.status_code == 200
    assert_secured(lobby)
    missing_file = client.get("/no-such-file.js")
    assert missing_file.status_code == 404
    assert_secured(missing_file)
    missing_table = client.get("/api/tables/nope")
    assert missing_table.status_code == 404
    assert_secured(missing_table)
    no_session = client.post("/api/tables", json={"game": "cheese", "players": 3})
    assert no_session.status_code == 401
    assert_secured(no_session)
    invalid = client.post("/api/guest", json={})
    assert invalid.status_code == 422
    assert_secured(invalid)
    foreign = client.post(
        "/api/guest", json={"name": "Mallory"}, headers={"origin": "http://evil.example"}
    )
    assert foreign.status_code == 403  # refused by the origin guard, a middleware itself
    assert_secured(foreign)
    head = client.head("/app.js")
    assert head.status_code == 200
    assert_secured(head)


@SQLITE
def test_the_api_docs_get_their_own_policy(server: Server) -> None:
    docs = server.client.get("/docs")
    assert docs.status_code == 200
    assert_secured(docs, DOCS_POLICY)
    assert_secured(server.client.get("/openapi.json"))


@SQLITE
def test_an_unexpected_failure_answers_500_with_the_headers(server: Server) -> None:
    async def boom(_request: Request) -> Response:
        raise RuntimeError("a bug")

    app = server.client.app
    app.router.routes.insert(0, Route("/api/boom", boom))  # type: ignore[attr-defined]
    client = TestClient(app, raise_server_exceptions=False)
    answer = client.get("/api/boom")
    assert answer.status_code == 500
    assert answer.text == "Internal Server Error"
    assert_secured(answer)
    # The failure still reaches Starlette's error middleware, which re-raises it to be logged.
    with pytest.raises(RuntimeError, match="a bug"):
        TestClient(app).get("/api/boom")


@SQLITE
def test_websockets_are_untouched(server: Server) -> None:
    aki = server.person()
    table_id = aki.table("cheese", 3, bots=["random", "random"])
    sock = aki.ws(table_id)
    sock.send({"type": "ping"})
    assert sock.until(lambda m: m["type"] == "pong") == {"type": "pong"}
