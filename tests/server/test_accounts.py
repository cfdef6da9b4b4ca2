"""Accounts and sessions against a hostile client (issue #34; docs/security.md, "Accounts and
sessions"): names one can see and tell apart, logins that neither tell names apart nor let a
guesser keep the owner out, limits that forget, sessions that end."""

from __future__ import annotations

import asyncio
import statistics
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, text
from typer.testing import CliRunner

from meeple.server.site.limits import LoginLimiter, TooManyTries, Window
from meeple.server.store import UsernameTaken, database_url
from tests.server.conftest import Person, Server


def held(limiter: LoginLimiter) -> int:
    """How many keys the limiter's windows hold in memory."""
    return sum(len(w.events) for w in vars(limiter).values() if isinstance(w, Window))


def raw_post(server: Server, url: str, body: str, headers: dict[str, str] | None = None) -> Any:
    """POST a body exactly as written (``json=`` would refuse to encode a lone surrogate)."""
    server.client.cookies.clear()
    headers = {"content-type": "application/json", **(headers or {})}
    return server.client.post(url, content=body, headers=headers)


# Finding 8: names.


@pytest.mark.parametrize(
    ("url", "body"),
    [
        ("/api/guest", r'{"name": "\ud800"}'),
        ("/api/guest", r'{"name": "Aki\udfff"}'),
        ("/api/register", r'{"username": "aki\ud800", "password": "secret-one"}'),
        ("/api/login", r'{"username": "aki", "password": "secret-\ud800"}'),
        ("/api/tables", r'{"game": "cheese", "players": 3, "options": {"\ud83d": 1}}'),
        ("/api/tables", r'{"game": "\udc00", "players": 3}'),
    ],
)
def test_a_lone_surrogate_is_a_422_never_a_500(server: Server, url: str, body: str) -> None:
    answer = raw_post(server, url, body, server.person("Aki").headers)
    assert answer.status_code == 422, answer.text
    assert "lone surrogate" in answer.text


@pytest.mark.parametrize(
    "name",
    [
        "\u3164",  # Hangul filler
        "\u3164\u3164\u3164",
        "\uffa0",  # half-width Hangul filler
        "\u115f",  # Hangul choseong filler
        "\u1160",  # Hangul jungseong filler
        "\u2800",  # Braille pattern blank
        "\u200b",  # zero-width space
        "Aki\u200b",  # the same name as "Aki", to the eye
        "A\u3164ki",
        "\u2060\u2060",  # word joiners
        "\u200d",
        " \u200d ",
        "\u202eikA",  # a right-to-left override: shows as "Aki"
        "a\u0301\u0301\u0301",  # three accents piled on one letter
        "\u00e1\u0301\u0301",  # the same pile, its first accent precomposed
        "Z" + "\u0336" * 20,
        "\u0301Aki",  # a mark on nothing
        "\u3000",  # an ideographic space: a space, so nothing
    ],
)
def test_names_one_cannot_see_are_refused(server: Server, name: str) -> None:
    answer = server.client.post("/api/guest", json={"name": name})
    assert answer.status_code == 422, (name, answer.text)


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("\uff21\uff4b\uff49", "Aki"),  # full-width
        ("  Aki   Ben ", "Aki Ben"),
        ("A\u3000ki", "A ki"),  # an ideographic space is a space
        ("\ufb01ne", "fine"),  # a ligature
        ("Zo\u00eb", "Zo\u00eb"),
        ("Zoe\u0308", "Zo\u00eb"),  # the same, its accent typed apart
        ("\u30a2\u30ad", "\u30a2\u30ad"),
        ("\ud55c\uad6d", "\ud55c\uad6d"),
        ("\u0e01\u0e35\u0e49", "\u0e01\u0e35\u0e49"),  # Thai: two marks on one letter
        ("\U0001f468\u200d\U0001f469", "\U0001f468\u200d\U0001f469"),  # a joined emoji
    ],
)
def test_names_are_kept_in_one_normal_form(server: Server, typed: str, kept: str) -> None:
    answer = server.client.post("/api/guest", json={"name": typed})
    assert answer.status_code == 200, answer.text
    assert answer.json()["player"]["name"] == kept


def test_a_username_is_one_whatever_its_case_or_width(server: Server) -> None:
    aki = server.person("Aki")
    answer = aki.post("/api/register", {"username": "Aki", "password": "secret-one"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["player"]["name"] == "aki"
    stranger = server.stranger()
    for other in ("AKI", "aki", "\uff41\uff4b\uff49"):
        taken = stranger.post("/api/register", {"username": other, "password": "secret-two"})
        assert taken.status_code == 409 and taken.json()["detail"]["code"] == "username_taken"
        login = stranger.post("/api/login", {"username": other, "password": "secret-one"})
        assert login.status_code == 200, login.text
        assert login.json()["player"]["id"] == aki.player["id"]


# Finding 10: the login's time and the lockout.


def test_an_unknown_name_takes_as_long_as_a_wrong_password(server: Server) -> None:
    aki = server.person("Aki")
    assert (
        aki.post("/api/register", {"username": "aki", "password": "secret-one"}).status_code == 200
    )
    stranger = server.stranger()
    stranger.post("/api/login", {"username": "nobody", "password": "secret-one"})  # warm up

    def timed(username: str) -> float:
        started = time.perf_counter()
        answer = stranger.post("/api/login", {"username": username, "password": "wrong-one"})
        assert answer.status_code == 401, answer.text
        return time.perf_counter() - started

    known, unknown = [], []
    for i in range(5):  # interleaved, so that the machine's load falls on both alike
        known.append(timed("aki"))
        unknown.append(timed(f"nobody{i}"))
    # Before, 27 ms against 272: an argon2 check for a known name only. Now both check one.
    assert statistics.median(unknown) > 0.6 * statistics.median(known), (known, unknown)


def test_a_guesser_cannot_keep_the_owner_out_of_the_api(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory(login_failures_per_account=3)
    aki = server.person("Aki")
    assert (
        aki.post("/api/register", {"username": "aki", "password": "secret-one"}).status_code == 200
    )
    app = server.client.app
    guesser = TestClient(app, client=("203.0.113.66", 50000))
    owner = TestClient(app, client=("198.51.100.7", 50000))
    wrong = {"username": "aki", "password": "wrong-one"}
    answers = [guesser.post("/api/login", json=wrong).status_code for _ in range(4)]
    assert answers == [401, 401, 401, 429]
    # The right password from the guesser's address waits too: it learns nothing ...
    right = {"username": "aki", "password": "secret-one"}
    assert guesser.post("/api/login", json=right).status_code == 429
    # ... while the owner, at their own address, logs in.
    answer = owner.post("/api/login", json=right)
    assert answer.status_code == 200, answer.text


def test_a_guesser_cannot_keep_the_owner_out() -> None:
    now = [0.0]
    limiter = LoginLimiter(per_address=100, per_account_failures=3, clock=lambda: now[0])
    for _ in range(3):
        limiter.attempt("203.0.113.66", "aki")
        limiter.failed("203.0.113.66", "aki")
    with pytest.raises(TooManyTries) as refused:
        limiter.attempt("203.0.113.66", "aki")  # the guesser's address is held ...
    assert refused.value.retry_after == 60
    limiter.attempt("198.51.100.7", "aki")  # ... the owner's is not
    limiter.attempt("203.0.113.66", "ben")  # nor is the guesser for another account
    now[0] = 60.5
    limiter.attempt("203.0.113.66", "aki")  # a minute later the old failures are forgotten


def test_guessing_from_many_addresses_leaves_each_one_guess_a_minute() -> None:
    now = [0.0]
    limiter = LoginLimiter(
        per_address=100, per_account_failures=5, failures_everywhere=20, clock=lambda: now[0]
    )
    for i in range(20):
        limiter.attempt(f"203.0.113.{i}", "aki")
        limiter.failed(f"203.0.113.{i}", "aki")
        now[0] += 1.0
    # Twenty failures a minute in all: an address that failed waits for its failure to age ...
    with pytest.raises(TooManyTries) as refused:
        limiter.attempt("203.0.113.5", "aki")
    assert refused.value.retry_after == 60 - 15
    # ... and one that did not (the owner's) goes through.
    limiter.attempt("198.51.100.7", "aki")


def test_in_redis_too_the_guesser_is_held_and_the_owner_is_not(redis_url: str) -> None:
    import redis  # noqa: PLC0415

    account = f"aki{uuid.uuid4().hex[:8]}"  # the session's Redis is shared by the tests
    limiter = LoginLimiter(per_address=100, per_account_failures=2, redis_url=redis_url)
    for _ in range(2):
        limiter.attempt("203.0.113.66", account)
        limiter.failed("203.0.113.66", account)
    with pytest.raises(TooManyTries):
        limiter.attempt("203.0.113.66", account)
    limiter.attempt("198.51.100.7", account)
    # Redis forgets each key a window after its last event.
    client = redis.Redis.from_url(redis_url)
    keys = client.keys(f"meeple:limit:*{account}*")
    assert len(keys) == 2  # the account with the guesser's address, and the account
    assert all(0 < client.ttl(key) <= 61 for key in keys)


# Finding 12: the limits forget.


def test_the_limiter_forgets_one_off_names_and_addresses() -> None:
    now = [0.0]
    limiter = LoginLimiter(clock=lambda: now[0])
    addresses = [f"10.{i // 250}.{i % 250}.1" for i in range(1000)]
    for address in addresses:
        limiter.attempt(address, None)
    assert held(limiter) == 1000
    now[0] = 61.0  # their minute has passed
    limiter.attempt("10.9.9.9", None)
    assert held(limiter) == 1  # the newcomer alone
    # The same for failed logins of one-off names (each is a key per name and per address).
    for i, address in enumerate(addresses):
        limiter.attempt(address, f"name{i}")
        limiter.failed(address, f"name{i}")
    assert held(limiter) >= 3000
    now[0] = 200.0
    limiter.attempt("10.9.9.9", "someone")
    limiter.failed("10.9.9.9", "someone")
    assert held(limiter) == 3  # the newcomer's address, its name, and the two together
    assert limiter.size() == held(limiter)


def test_usernames_that_look_alike_are_one(server: Server) -> None:
    aki = server.person("Aki")
    assert (
        aki.post("/api/register", {"username": "akio", "password": "secret-one"}).status_code == 200
    )
    stranger = server.stranger()
    for other in ("aki0", "AKI0", "akio"):
        taken = stranger.post("/api/register", {"username": other, "password": "secret-two"})
        assert taken.status_code == 409, (other, taken.text)
        assert taken.json()["detail"]["code"] == "username_taken"
    # Nor may a guest take a registered player's name, or one that looks like it ...
    for name in ("akio", "Aki0", "\u0391\u039a\u0399\u039f", "\u0430ki\u043e"):  # Greek; Cyrillic
        refused = server.client.post("/api/guest", json={"name": name})
        assert refused.status_code == 409, (name, refused.text)
        assert refused.json()["detail"]["code"] == "name_taken"
    # ... while names that merely resemble it are anyone's (guests' names need not be unique).
    for name in ("Aki", "aki o", "Akiko"):
        assert server.client.post("/api/guest", json={"name": name}).status_code == 200
    assert (
        server.person("Ben")
        .post("/api/register", {"username": "ak1o-san", "password": "secret-two"})
        .status_code
        == 200
    )
    assert (
        stranger.post(
            "/api/register", {"username": "aklo-san", "password": "secret-two"}
        ).status_code
        == 409
    )


def test_the_look_alike_key_is_filled_for_players_registered_before(db_url: str) -> None:
    from meeple.server.api import auth  # noqa: PLC0415
    from meeple.server.store import PlayerRow, Store, schema  # noqa: PLC0415

    engine = create_engine(database_url(db_url))
    schema.upgrade(engine, "0002")
    created = datetime(2026, 1, 1, tzinfo=UTC)
    hashed = auth.hash_password("secret-one")
    with engine.begin() as conn:
        for i, (player_id, username) in enumerate((("p_old", "lolo"), ("p_young", "10l0"))):
            conn.execute(
                text(
                    "INSERT INTO players (id, name, username, password_hash, created)"
                    " VALUES (:id, :u, :u, :h, :c)"
                ),
                {"id": player_id, "u": username, "h": hashed, "c": created + timedelta(days=i)},
            )
        conn.execute(
            text("INSERT INTO sessions (token_hash, player_id, created) VALUES (:t, :p, :c)"),
            {"t": auth.token_hash("old token"), "p": "p_young", "c": created},
        )
    engine.dispose()
    store = Store(db_url)  # upgrades to the newest revision
    try:
        with store.reading() as s:
            keys = dict(s.execute(select(PlayerRow.id, PlayerRow.username_key)).all())
        assert keys == {"p_old": "lolo", "p_young": "lolo:p_young"}
        # Both still log in with their own usernames; nobody may register a third look-alike.
        assert [store.player_by_username(u).id for u in ("lolo", "10l0")] == ["p_old", "p_young"]  # type: ignore[union-attr]
        with pytest.raises(UsernameTaken):
            store.register("p_new", "1olo", auth.hash_password("secret-two"), new=True)
        # The session open before the upgrade counts as used at the upgrade: it goes on.
        use = store.session_player(auth.token_hash("old token"))
        assert use is not None and use.player.id == "p_young"
        assert abs((datetime.now(UTC) - use.used).total_seconds()) < 60
        if store.quick_reads:  # SQLite's own driver reads the same time
            quick = store.session_player_quick(auth.token_hash("old token"))
            assert quick is not None and (quick.player.id, quick.used) == ("p_young", use.used)
    finally:
        store.close()


# Finding 11: sessions end.


def test_the_database_forgets_expired_sessions(db_url: str) -> None:
    from meeple.server.store import PlayerRow, Store  # noqa: PLC0415

    store = Store(db_url)
    try:
        store.add_player(PlayerRow(id="p_aki", name="Aki"))
        for token in ("old", "new"):
            store.add_session(token, "p_aki")
        long_ago = datetime.now(UTC) - timedelta(days=40)
        store.touch_session("old", long_ago)
        assert store.sessions_used(["old", "new", "none"]).keys() == {"old", "new"}
        assert store.drop_sessions_unused_since(datetime.now(UTC) - timedelta(days=30)) == 1
        assert store.sessions_used(["old", "new"]).keys() == {"new"}
    finally:
        store.close()


def browser(server: Server, token: str, player: dict[str, Any]) -> Person:
    """Another browser of the same player, with a session of its own."""
    return Person(server.client, token, player, server.sockets)


def test_logging_out_everywhere_ends_every_session_and_their_sockets(server: Server) -> None:
    aki = server.person("Aki")
    assert (
        aki.post("/api/register", {"username": "aki", "password": "secret-one"}).status_code == 200
    )
    server.client.cookies.clear()
    login = server.client.post("/api/login", json={"username": "aki", "password": "secret-one"})
    phone = browser(server, login.cookies["meeple_session"], login.json()["player"])
    ben = server.person("Ben")
    table_id = aki.table("stirfry", 2, ["easy"])
    sockets = [aki.ws(table_id), phone.ws(table_id)]
    for sock in sockets:
        assert sock.until(lambda m: m["type"] == "state")["seat"] == 0
    answer = phone.post("/api/logout/everywhere")
    assert answer.status_code == 200, answer.text
    # Three: Aki's as a guest, the one registering opened, the phone's.
    assert answer.json() == {"player": None, "sessions_ended": 3}
    # Both sockets watch as spectators at once; neither browser is anyone any more.
    for sock in sockets:
        assert sock.until(lambda m: m["type"] == "state" and m["seat"] is None)["legal"] == []
    assert aki.get("/api/me").json() == {"player": None}
    assert phone.get("/api/me").json() == {"player": None}
    # Another player's session is not touched; the password opens a new one.
    assert ben.get("/api/me").json()["player"]["name"] == "Ben"
    again = server.client.post("/api/login", json={"username": "aki", "password": "secret-one"})
    assert again.status_code == 200
    assert server.stranger().post("/api/logout/everywhere").status_code == 401


def test_a_session_expires_unused_and_lives_on_while_used(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory(session_seconds=2.0)
    aki, ben = server.person("Aki"), server.person("Ben")
    # Used every 0.3 s (its use noted at most every 0.2 s) it outlives its lifetime.
    for _ in range(10):
        assert aki.get("/api/me").json()["player"]["name"] == "Aki"
        time.sleep(0.3)
    assert aki.get("/api/me").json()["player"]["name"] == "Aki"
    # Ben's, unused for longer than its lifetime, is over, as if it never was; and so is
    # Aki's once unused that long.
    assert ben.get("/api/me").json() == {"player": None}
    time.sleep(2.2)
    assert aki.get("/api/me").json() == {"player": None}
    assert aki.post("/api/tables", {"game": "cheese", "players": 3}).status_code == 401


def test_a_socket_whose_session_expires_while_open_loses_its_player(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory(session_seconds=2.0)
    aki = server.person("Aki")
    table_id = aki.table("stirfry", 2, ["easy"])
    sock = aki.ws(table_id)
    assert sock.until(lambda m: m["type"] == "state")["seat"] == 0
    # While the session is used (the page's calls), the socket keeps its player, longer than
    # the lifetime it had when it opened ...
    for _ in range(10):
        assert aki.get("/api/me").json()["player"] is not None
        time.sleep(0.3)
    sock.send({"type": "sync"})
    assert sock.until(lambda m: m["type"] == "state")["seat"] == 0
    # ... and once it has gone unused for its lifetime, the socket watches as a spectator.
    started = time.monotonic()
    after = sock.until(lambda m: m["type"] == "state" and m["seat"] is None)
    assert after["legal"] == [] and after["view"]["hand"] is None
    assert time.monotonic() - started < 6
    sock.send({"type": "chat", "text": "still me?"})
    assert sock.until(lambda m: m["type"] == "error")["code"] == "chat_no_player"


def test_the_cookie_is_secure_when_asked_or_over_https(
    server_factory: Callable[..., Server],
) -> None:
    plain = server_factory()
    cookie = plain.client.post("/api/guest", json={"name": "Aki"}).headers["set-cookie"]
    assert "secure" not in cookie.lower()
    # Over HTTPS (here the test client's; behind a trusted proxy, its X-Forwarded-Proto).
    https = TestClient(plain.client.app, base_url="https://testserver")
    cookie = https.post("/api/guest", json={"name": "Aki"}).headers["set-cookie"]
    assert "secure" in cookie.lower().split("; ")
    asked = server_factory(secure_cookies=True)
    cookie = asked.client.post("/api/guest", json={"name": "Aki"}).headers["set-cookie"]
    assert "secure" in cookie.lower().split("; ")


# Finding 9: whom X-Forwarded-For is believed from.


def serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *options: str) -> tuple[Any, Any]:
    """``meeple serve`` with these options, up to uvicorn: the app as uvicorn would serve it
    (its proxy-headers middleware or none), and the app's settings."""
    import uvicorn  # noqa: PLC0415

    from meeple.cli import app  # noqa: PLC0415

    started: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda served, **kw: started.append((served, kw)))
    db = f"sqlite:///{tmp_path / 'meeple.sqlite'}"
    result = CliRunner().invoke(app, ["serve", "--db", db, "--bot-workers", "0", *options])
    assert result.exit_code == 0, result.output
    [(served, kwargs)] = started
    forwarding = {k: kwargs[k] for k in ("proxy_headers", "forwarded_allow_ips") if k in kwargs}
    config = uvicorn.Config(served, log_config=None, **forwarding)
    config.load()
    return config.loaded_app, served.state.settings


def from_localhost(app: Any, calls: list[tuple[str, dict[str, Any], dict[str, str]]]) -> list[Any]:
    """POST each ``(url, body, headers)`` to ``app`` as a client on 127.0.0.1 would."""

    async def run() -> list[Any]:
        transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 40000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
            return [
                await http.post(url, json=body, headers=headers) for url, body, headers in calls
            ]

    return asyncio.run(run())


def logins(count: int) -> list[tuple[str, dict[str, Any], dict[str, str]]]:
    """Failed logins, each for another name and saying it comes from another address."""
    return [
        (
            "/api/login",
            {"username": f"nobody{i}", "password": "wrong-one"},
            {"x-forwarded-for": f"203.0.113.{i}"},
        )
        for i in range(count)
    ]


def test_x_forwarded_for_is_believed_from_no_one_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, settings = serve(tmp_path, monkeypatch)
    over_https = ("/api/guest", {"name": "Aki"}, {"x-forwarded-proto": "https"})
    *answers, guest = from_localhost(app, [*logins(21), over_https])
    # Someone on the server's own machine is one address, whatever the header says: the
    # per-address limit (20 a minute) holds them.
    assert [a.status_code for a in answers] == [401] * 20 + [429]
    assert "secure" not in guest.headers["set-cookie"].lower().split("; ")
    assert settings.trusted_proxies == ()


def test_x_forwarded_for_is_believed_from_the_trusted_proxies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, settings = serve(
        tmp_path, monkeypatch, "--trusted-proxies", "127.0.0.0/8, ::1", "--session-days", "0.5"
    )
    assert settings.trusted_proxies == ("127.0.0.0/8", "::1")
    assert settings.session_seconds == 12 * 3600 and settings.secure_cookies is False
    over_https = ("/api/guest", {"name": "Aki"}, {"x-forwarded-proto": "https"})
    *answers, guest = from_localhost(app, [*logins(21), over_https])
    # Each address the proxy names is counted apart, and its HTTPS makes the cookie Secure.
    assert [a.status_code for a in answers] == [401] * 21
    assert "secure" in guest.headers["set-cookie"].lower().split("; ")


def test_meeple_serve_sets_secure_cookies_and_refuses_a_bad_proxy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, settings = serve(tmp_path, monkeypatch, "--secure-cookies")
    assert settings.secure_cookies is True
    from meeple.cli import app  # noqa: PLC0415

    refused = CliRunner().invoke(app, ["serve", "--trusted-proxies", "10.0.0.1,proxy.example"])
    assert refused.exit_code == 2 and "proxy.example" in refused.output
