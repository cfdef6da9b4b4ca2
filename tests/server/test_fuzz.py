"""Fuzzing: every REST operation of the OpenAPI schema and the table websocket, fed generated
input, answer a clear error or a result, never a 5xx, and nothing is logged as a traceback.

The REST operations are read from the app's own schema, so a new endpoint is fuzzed as soon as
it exists. Bodies are both valid by the schema (:func:`from_schema`, with any character at
all, lone surrogates and NUL included) and anything else: other JSON, not JSON, no body.
The websocket gets text frames (messages of the protocol's shapes with wrong parts, legal
actions bent out of shape, any JSON, huge texts, deep nesting, not JSON) and binary frames.

Every run draws the same examples (``derandomize``): a failure here is a bug, not bad luck.
Hypothesis reports each distinct failure with its smallest example.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from starlette.testclient import WebSocketTestSession

import meeple
from meeple.bots.levels import LEVELS
from meeple.server.app import create_app
from meeple.server.settings import Settings
from tests.server.conftest import Server, wait_for

REST_EXAMPLES = 30
"""Examples per REST operation (and per database)."""
WS_EXAMPLES = 40
"""Examples per websocket role (and per database)."""

FUZZ = settings(
    derandomize=True,  # the same examples on every run: no flaky failures
    database=None,  # nothing written to .hypothesis/
    deadline=None,  # the first request of a fresh database may be slow
    max_examples=REST_EXAMPLES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _schema() -> dict[str, Any]:
    # An in-memory database that is never opened: only the schema is wanted.
    schema: dict[str, Any] = create_app(Settings(db_url="sqlite://")).openapi()
    return schema


SCHEMA = _schema()
OPERATIONS = [
    (method.upper(), path) for path, ops in SCHEMA["paths"].items() for method in sorted(ops)
]
"""Every REST operation the app documents, as (method, path)."""


def _inline(node: Any) -> Any:
    """The schema with every ``$ref`` to ``#/components/schemas/…`` replaced by its target
    (hypothesis-jsonschema resolves no references into an OpenAPI document)."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            return _inline(SCHEMA["components"]["schemas"][ref.rsplit("/", 1)[1]])
        return {key: _inline(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_inline(item) for item in node]
    return node


# Strings ---------------------------------------------------------------------------------

TRICKY = [
    "",
    " ",
    "\x00",
    "\ud800",  # a lone surrogate: valid in a Python str and a JSON escape, not in UTF-8
    "a\udfffb",
    "\u202e",
    "\ufeff",
    "🂡",
    "../../etc/passwd",
    "%00",
    "null",
    "-1",
    "1e309",
    "<script>alert(1)</script>",
    "x" * 10_000,
]
"""Strings that trouble servers, drawn now and then among the generated ones."""

WORDS = [*meeple.GAMES, *LEVELS, "human", "bot"]
"""Words the server knows, drawn now and then as strings."""
OPTION_NAMES = sorted({name for game in meeple.GAMES.values() for name in game.options})
"""The games' option names, drawn now and then as keys of a table's options."""

ANY_CHARACTER = st.one_of(
    st.characters(codec=None, exclude_categories=()),
    st.characters(codec=None, categories=["Cs"]),  # surrogates, which the first never draws
)
TEXT = st.one_of(st.text(ANY_CHARACTER, max_size=30), st.sampled_from(TRICKY))
"""Any Python string, lone surrogates and NUL included."""
UTF8_TEXT = st.one_of(
    st.text(max_size=30), st.sampled_from([t for t in TRICKY if "\ud800" not in t])
).filter(lambda t: not any(0xD800 <= ord(c) <= 0xDFFF for c in t))
"""Strings a websocket text frame can carry (valid UTF-8)."""

JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(),  # NaN and infinities become JSON's non-standard NaN/Infinity
    TEXT,
)
JSON = st.recursive(
    JSON_LEAVES,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=12,
)
"""Any JSON value (and a few values that are nearly JSON)."""


def _dumps(value: Any) -> str:
    """JSON text of anything :data:`JSON` draws: lone surrogates as ``\\ud800`` escapes,
    NaN as ``NaN``, as Python's json writes them."""
    return json.dumps(value)


def deep(n: int) -> str:
    """``n`` nested arrays or objects."""
    return "[" * n + "]" * n if n % 2 else '{"a":' * n + "1" + "}" * n


def from_schema(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values valid by a JSON schema as pydantic writes them (types, ``properties``,
    ``required``, ``anyOf``, ``enum``, lengths, bounds, ``pattern``), with strings of any
    characters (:data:`TEXT`). A keyword it does not know makes any JSON value.

    (hypothesis-jsonschema does this for any schema, but its objects use Hypothesis internals
    that Hypothesis has since renamed.)
    """
    schema = _inline(schema)
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "const" in schema:
        return st.just(schema["const"])
    if "anyOf" in schema:
        return st.one_of([from_schema(option) for option in schema["anyOf"]])
    kind = schema.get("type")
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind in ("integer", "number"):
        low, high = schema.get("minimum"), schema.get("maximum")
        low, high = (None if low is None else math.ceil(low)), (None if high is None else int(high))
        return st.integers(min_value=low, max_value=high)
    if kind == "string":
        if "pattern" in schema:
            return st.from_regex(schema["pattern"], fullmatch=True)
        low, high = schema.get("minLength", 0), schema.get("maxLength", 40)
        # Mostly short texts of any character; now and then a tricky one or a word the server
        # knows (a game, a bot level), which takes a request past the first checks.
        special = [t for t in TRICKY + WORDS if low <= len(t) <= high]
        return st.one_of(
            st.text(ANY_CHARACTER, min_size=low, max_size=min(high, low + 30)),
            st.sampled_from(special),
        )
    if kind == "array":
        return st.lists(
            from_schema(schema.get("items", {})),
            min_size=schema.get("minItems", 0),
            max_size=min(schema.get("maxItems", 5), 5),
        )
    if kind == "object":
        properties = {name: from_schema(sub) for name, sub in schema.get("properties", {}).items()}
        required = set(schema.get("required", ()))
        # Free-form objects (a table's options): any keys, any values.
        extra = JSON if schema.get("additionalProperties") is True or not properties else None
        shaped = st.fixed_dictionaries(
            {k: v for k, v in properties.items() if k in required},
            optional={k: v for k, v in properties.items() if k not in required},
        )
        if extra is None:
            return shaped
        most = schema.get("maxProperties", 6)
        return st.dictionaries(st.one_of(TEXT, st.sampled_from(OPTION_NAMES)), extra, max_size=most)
    return JSON


# REST ------------------------------------------------------------------------------------


@pytest.fixture
def fuzz_server(server_factory: Callable[..., Server]) -> Server:
    """An app whose login limits never stop the fuzz before the handlers (the limits have
    tests of their own)."""
    return server_factory(login_tries_per_address=10**9, login_failures_per_account=10**9)


@pytest.fixture
def no_tracebacks(caplog: pytest.LogCaptureFixture) -> Iterator[Callable[[], None]]:
    """A check, to call after each example, that nothing was logged as an error or with a
    traceback since the last call (and at the test's end)."""
    caplog.set_level(logging.WARNING)

    def check() -> None:
        bad = [
            f"{r.name}: {r.getMessage()}" + (" (with a traceback)" if r.exc_info else "")
            for r in caplog.records
            if r.exc_info or r.levelno >= logging.ERROR
        ]
        caplog.clear()
        assert not bad, f"the server logged errors: {bad}"

    yield check
    check()


@pytest.fixture
def known(fuzz_server: Server) -> dict[str, list[str]]:
    """Real ids for path parameters, so that the fuzz reaches more than "no such thing": an
    open table, a running one and a finished one, players, games."""
    aki = fuzz_server.person("Aki")
    ben = fuzz_server.person("Ben")
    finished = aki.table("cheese", 3, bots=["random", "random", "random"])
    running = aki.table("buffet", 3, bots=["random", "random"])
    waiting = ben.table("cafe", 2)
    wait_for(lambda: aki.get(f"/api/tables/{finished}").json()["status"] == "finished")
    assert aki.player is not None and ben.player is not None
    return {
        "table_id": [finished, running, waiting],
        "player_id": [aki.player["id"], ben.player["id"]],
        "game_id": list(meeple.GAMES),
    }


def _parameter(spec: dict[str, Any], known: dict[str, list[str]]) -> st.SearchStrategy[Any]:
    """Values for one path or query parameter: valid by its schema, real ids, any text, and
    often a tricky text (a few dozen examples must try each of them on every operation)."""
    options: list[st.SearchStrategy[Any]] = [
        st.sampled_from(TRICKY),
        TEXT,
        from_schema(spec["schema"]),
    ]
    if spec["name"] in known:
        options.append(st.sampled_from(known[spec["name"]]))
    return st.one_of(options)


def _request(method: str, path: str, known: dict[str, list[str]]) -> st.SearchStrategy[Any]:
    """One request to the operation: path, query, body, content type and who sends it."""
    operation = SCHEMA["paths"][path][method.lower()]
    parameters = operation.get("parameters", [])
    path_values = {
        p["name"]: _parameter(p, known).map(
            lambda v: quote(str(v), safe="", errors="surrogatepass")
        )
        for p in parameters
        if p["in"] == "path"
    }
    query_values = {p["name"]: _parameter(p, known) for p in parameters if p["in"] == "query"}
    body_schema = operation.get("requestBody", {}).get("content", {}).get("application/json")
    bodies: list[st.SearchStrategy[Any]] = [
        st.none(),  # no body
        JSON.map(_dumps),
        st.binary(max_size=40),  # not JSON at all, maybe not UTF-8
    ]
    if body_schema is not None:
        valid = from_schema(body_schema["schema"]).map(_dumps)
        bodies = [valid, valid, *bodies]  # mostly bodies that pass validation
    return st.fixed_dictionaries(
        {
            "path": st.fixed_dictionaries(path_values),
            "query": st.fixed_dictionaries({}, optional=query_values),
            "body": st.one_of(bodies),
            "content_type": st.sampled_from(
                ["application/json", "application/json", "text/plain", None]
            ),
            "who": st.sampled_from(["nobody", "guest", "guest", "forged"]),
        }
    )


@pytest.mark.parametrize(("method", "path"), OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_every_rest_operation_survives_fuzzing(
    method: str,
    path: str,
    fuzz_server: Server,
    known: dict[str, list[str]],
    no_tracebacks: Callable[[], None],
) -> None:
    client = fuzz_server.client

    @FUZZ
    @given(request=_request(method, path, known))
    def run(request: dict[str, Any]) -> None:
        headers: dict[str, str] = {}
        if request["who"] == "guest":
            # A new guest each time: a fuzzed logout may have ended the last one's session.
            headers["cookie"] = f"meeple_session={fuzz_server.person('Fuzz').token}"
        elif request["who"] == "forged":
            headers["cookie"] = "meeple_session=forged-token"
        if request["content_type"] is not None:
            headers["content-type"] = request["content_type"]
        client.cookies.clear()
        url = path.format(**request["path"])
        if request["query"]:
            # Encoded here: httpx refuses to encode a lone surrogate, which a browser would
            # send as the bytes a server must cope with.
            url += "?" + urlencode(request["query"], encoding="utf-8", errors="surrogatepass")
        body = request["body"]
        content = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else body
        # A failure inside the app is raised here by the test client (with the server's
        # traceback); a 5xx answered without one fails the assertion.
        answer = client.request(method, url, content=content, headers=headers)
        assert answer.status_code < 500, (method, url, request, answer.status_code, answer.text)
        no_tracebacks()

    for request in _tricky_requests(method, path):
        run = example(request=request)(run)
    run()


def _filled(schema: dict[str, Any], text: str) -> Any:
    """The smallest value valid by ``schema`` but for its strings, which are all ``text``."""
    schema = _inline(schema)
    if "enum" in schema:
        return schema["enum"][0]
    if "anyOf" in schema:
        return _filled(next(o for o in schema["anyOf"] if o.get("type") != "null"), text)
    kind = schema.get("type")
    if kind == "object":
        properties = schema.get("properties", {})
        return {name: _filled(properties[name], text) for name in schema.get("required", ())}
    if kind in ("integer", "number"):
        return math.ceil(schema.get("minimum", 0))
    return {"string": text, "boolean": False, "array": []}.get(kind or "")


def _tricky_requests(method: str, path: str) -> list[dict[str, Any]]:
    """Requests tried on every run before the generated ones: every parameter and every
    string of the body the same tricky text, from a guest (a few dozen generated examples may
    miss one of them)."""
    operation = SCHEMA["paths"][path][method.lower()]
    parameters = operation.get("parameters", [])
    body_schema = operation.get("requestBody", {}).get("content", {}).get("application/json")
    return [
        {
            "path": {
                p["name"]: quote(text, safe="", errors="surrogatepass")
                for p in parameters
                if p["in"] == "path"
            },
            "query": {p["name"]: text for p in parameters if p["in"] == "query"},
            "body": None if body_schema is None else _dumps(_filled(body_schema["schema"], text)),
            "content_type": "application/json",
            "who": "guest",
        }
        for text in ["\x00", "\ud800", "x" * 10_000, "..%2F"]
    ]


def test_the_fuzz_covers_every_documented_operation() -> None:
    """The REST fuzz above is parametrized by the schema itself; make sure it found the
    operations (a schema that failed to list them would fuzz nothing)."""
    assert ("POST", "/api/guest") in OPERATIONS
    assert ("GET", "/api/tables/{table_id}") in OPERATIONS
    assert len(OPERATIONS) >= 20


# Websocket -------------------------------------------------------------------------------

MESSAGE_TYPES = ["action", "chat", "sync", "ping", "pong", "state", "error", "", "ACTION"]


def _frames(
    kind: str, legal: list[dict[str, Any]], version: int
) -> st.SearchStrategy[str] | st.SearchStrategy[bytes]:
    """Text or binary frames (``kind``) for a connection whose last state offered ``legal`` at
    ``version``."""
    actions: list[st.SearchStrategy[Any]] = [JSON]
    if legal:

        def bent(action: dict[str, Any]) -> st.SearchStrategy[Any]:
            # A legal action with some of its values replaced and keys added.
            kept = {k: st.one_of(st.just(v), JSON) for k, v in action.items()}
            return st.fixed_dictionaries(kept, optional={"extra": JSON})

        actions += [st.sampled_from(legal), st.sampled_from(legal).flatmap(bent)]
    versions = st.one_of(
        st.just(version),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(),
        st.booleans(),
        st.none(),
        TEXT,
    )
    shaped = st.fixed_dictionaries(
        {},
        optional={
            "type": st.one_of(st.sampled_from(MESSAGE_TYPES), JSON),
            "action": st.one_of(actions),
            "version": versions,
            "text": st.one_of(TEXT, JSON),
            "reaction": st.one_of(st.sampled_from(["👍", "😢"]), JSON),
        },
    )
    texts: st.SearchStrategy[str] = st.one_of(
        shaped.map(_dumps),
        shaped.map(_dumps),
        JSON.map(_dumps),
        st.integers(min_value=1, max_value=200_000).map(
            lambda n: _dumps({"type": "chat", "text": "x" * n})
        ),
        st.integers(min_value=1, max_value=200_000).map(lambda n: "y" * n),
        st.integers(min_value=1, max_value=50_000).map(deep),
        UTF8_TEXT,  # mostly not JSON
    )
    if kind == "text":
        return texts
    # The protocol is text frames; a binary frame, even of a valid message, must be refused
    # as clearly as anything else.
    return st.one_of(
        st.binary(max_size=64), shaped.map(lambda m: _dumps(m).encode("utf-8", "surrogatepass"))
    )


ANSWER_TYPES = {"error", "state", "chat", "chat_history"}
"""What the server may send on a table's socket besides the pong."""


def _read(session: WebSocketTestSession) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(session.receive_text())
    assert message.get("type") in ANSWER_TYPES | {"pong"}, message
    if message["type"] == "error":
        assert isinstance(message.get("code"), str) and isinstance(message.get("message"), str)
    return message


@pytest.mark.parametrize("kind", ["text", "binary"])
@pytest.mark.parametrize("role", ["stranger", "watcher", "seated"])
def test_the_table_websocket_survives_fuzzing(
    role: str, kind: str, fuzz_server: Server, no_tracebacks: Callable[[], None]
) -> None:
    """A stranger (no session), a guest watching and a seated player send generated frames,
    text or binary (apart, so that a bug of one kind hides none of the other); each frame gets
    clear errors or states, then a pong to a ping: the socket stays usable."""
    client = fuzz_server.client
    aki = fuzz_server.person("Aki")
    # Aki plays Stir Fry against bots: many kinds of actions, and answers between turns.
    table_id = aki.table("stirfry", 3, bots=["random", "random"])
    sender = {
        "seated": aki,
        "watcher": fuzz_server.person("Ben"),
        "stranger": fuzz_server.stranger(),
    }[role]

    @settings(FUZZ, max_examples=WS_EXAMPLES)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        client.cookies.clear()
        with client.websocket_connect(f"/ws/tables/{table_id}", headers=sender.headers) as session:
            state = None
            while state is None:
                message = _read(session)
                state = message if message["type"] == "state" else None
            frames = _frames(kind, state.get("legal") or [], state["version"])
            for frame in data.draw(st.lists(frames, min_size=1, max_size=3), label="frames"):
                if isinstance(frame, bytes):
                    session.send_bytes(frame)
                else:
                    session.send_text(frame)
                session.send_text('{"type": "ping"}')
                # Every answer before the pong is an error or a state (bots play on meanwhile);
                # the pong shows that the socket still reads and answers.
                for _ in range(1000):
                    if _read(session)["type"] == "pong":
                        break
                else:
                    raise AssertionError("no pong")
        no_tracebacks()

    run()


def _one_segment(text: str) -> bool:
    """Whether ``text`` is one segment of a path (else the URL names no table's socket)."""
    return text not in ("", ".", "..") and "/" not in text


def test_the_websocket_of_any_table_id_answers_clearly(
    fuzz_server: Server, no_tracebacks: Callable[[], None]
) -> None:
    """A websocket opened on any table id, a real one or anything else, gets a state or a
    clear ``no_table`` error, never a failure."""
    client = fuzz_server.client
    aki = fuzz_server.person("Aki")
    real = aki.table("cafe", 2, bots=["random"])

    @settings(FUZZ, max_examples=WS_EXAMPLES // 2)
    @given(table_id=st.one_of(st.just(real), UTF8_TEXT.filter(_one_segment)))
    def run(table_id: str) -> None:
        client.cookies.clear()
        url = f"/ws/tables/{quote(table_id, safe='')}"
        with client.websocket_connect(url, headers=aki.headers) as session:
            first = _read(session)
            if first["type"] == "error":
                assert first["code"] == "no_table", first
            else:
                session.send_text('{"type": "ping"}')
                while _read(session)["type"] != "pong":
                    pass
        no_tracebacks()

    run()


def test_deep_and_huge_frames_are_what_the_fuzz_sends() -> None:
    """The helpers above make what they say (a fuzz of malformed input must not be malformed
    by accident)."""
    assert json.loads(deep(3)) == [[[]]]
    assert json.loads(deep(2)) == {"a": {"a": 1}}
    assert math.isnan(json.loads(_dumps(float("nan"))))
    assert _dumps("\ud800") == '"\\ud800"'
