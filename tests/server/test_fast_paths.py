"""What keeps the server quick under load, and still right: SQLite reads that never wait for the
write lock, a cookie's player read on the event loop, many actions stored at once (a stale one
alone refused), new tables stored in one write, the lobby answered from memory, and the state
fingerprint."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re
import sqlite3
import time
from pathlib import Path

import orjson
import pytest
from sqlalchemy import text

import meeple
from meeple.server.api import auth
from meeple.server.jsontext import encode, encode_bytes
from meeple.server.store import (
    OPEN,
    RUNNING,
    ActionRecord,
    ActionWriter,
    PlayerRow,
    SessionUse,
    StaleVersion,
    Store,
    TableRow,
    digest,
    digest_matches,
    legacy_digest,
    record_action_in,
)
from tests.server.conftest import Server


def test_sqlite_reads_do_not_wait_for_a_writer(tmp_path: Path) -> None:
    """While another connection holds the write lock (as the action writer does during each
    commit), a read answers at once from the last commit instead of waiting its turn."""
    path = tmp_path / "meeple.sqlite"
    store = Store(f"sqlite:///{path}")
    try:
        store.add_table(
            TableRow(id="t_1", game="cafe", players=2, options={}, seed=1, status=OPEN,
                     turn_seconds=None, response_seconds=30, version=0),
            [],
        )  # fmt: skip
        writer = sqlite3.connect(path, isolation_level=None)
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE tables SET version = 5 WHERE id = 't_1'")
        started = time.monotonic()
        found = store.table("t_1")
        assert store.tables([OPEN]) == ["t_1"]
        assert time.monotonic() - started < 2.0  # not the 60 s busy wait of a writer
        assert found is not None and found[0].version == 0  # the last commit, not the open one
        writer.execute("COMMIT")
        writer.close()
        found = store.table("t_1")
        assert found is not None and found[0].version == 5
    finally:
        store.close()


def test_a_quick_read_of_a_cookies_player_is_the_orms(tmp_path: Path) -> None:
    """``Store.session_player_quick`` (SQLite's driver, for the event loop) gives what the ORM
    gives — a guest, a registered player, nobody for an unknown token — sees a login and a
    logout the moment they are committed, and cannot write."""
    store = Store(f"sqlite:///{tmp_path / 'meeple.sqlite'}")
    try:
        assert store.quick_reads
        store.add_player(PlayerRow(id="p_guest", name="Aki"))
        store.register("p_named", "yuki", auth.hash_password("correct horse"), new=True)
        for player_id in ("p_guest", "p_named"):
            token = auth.token_hash(f"token of {player_id}")
            assert store.session_player_quick(token) is None
            store.add_session(token, player_id)
            quick, orm = store.session_player_quick(token), store.session_player(token)
            assert quick is not None and orm is not None
            fields = ("id", "name", "username", "password_hash", "created")
            assert [getattr(quick.player, f) for f in fields] == [
                getattr(orm.player, f) for f in fields
            ]
            assert quick.used == orm.used and quick.used.tzinfo is not None
            store.drop_session(token)
            assert store.session_player_quick(token) is None
        assert store.session_player_quick("no such token") is None
        assert store._quick is not None
        with pytest.raises(sqlite3.OperationalError):  # PRAGMA query_only
            store._quick.execute("DELETE FROM players")
        assert store.player("p_guest") is not None
    finally:
        store.close()
    assert not Store("sqlite://").quick_reads  # in memory: no file for a second connection


def test_a_cookies_player_is_read_on_the_loop_on_sqlite_and_in_a_thread_elsewhere(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every REST call with a cookie and every websocket opened asks who the caller is. On a
    SQLite file the quick read answers on the event loop (no worker thread, no ORM); on
    PostgreSQL, the ORM in a worker thread. Either way the caller is who their cookie says."""
    threaded: list[str | None] = []
    session_for = auth.session_for

    def counted(store: Store, token: str | None) -> SessionUse | None:
        threaded.append(token)
        return session_for(store, token)

    monkeypatch.setattr(auth, "session_for", counted)
    aki = server.person("Aki")
    assert aki.get("/api/me").json()["player"]["id"] == aki.player["id"]
    table = aki.table("cafe", 2, bots=["random"])
    sock = aki.ws(table)
    assert sock.until(lambda m: m["type"] == "state")["seat"] == 0  # the cookie's seat
    if server.hub.store.quick_reads:
        assert threaded == []
    else:
        assert threaded == [aki.token] * 3  # /api/me, /api/tables, the websocket


def test_a_busy_sqlite_sends_the_read_to_a_thread(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The quick read never waits: should SQLite be busy at that instant, it fails at once and
    the ORM answers in a worker thread instead — the caller never notices."""
    store = server.hub.store
    if not store.quick_reads:
        return  # PostgreSQL always reads in a thread (the test above)

    def busy(token_hash: str) -> SessionUse | None:
        raise sqlite3.OperationalError("database is locked")

    aki = server.person("Aki")
    monkeypatch.setattr(store, "session_player_quick", busy)
    assert aki.get("/api/me").json()["player"]["id"] == aki.player["id"]
    assert server.stranger().get("/api/me").json() == {"player": None}


def test_many_actions_stored_at_once_and_a_stale_one_alone_refused(db_url: str) -> None:
    """The writer stores tens of actions with one statement each for all; when one table was
    not at its version (another process stored first), that action alone is refused and the
    others are stored, once each."""
    store = Store(db_url)
    try:
        for name in ("t_a", "t_b", "t_c"):
            store.add_table(
                TableRow(id=name, game="cafe", players=2, options={}, seed=1, status=RUNNING,
                         turn_seconds=None, response_seconds=30, version=0),
                [],
            )  # fmt: skip

        def at(table: str, version: int) -> ActionRecord:
            return ActionRecord(table, version, 0, {"type": "pass", "n": version}, "bot", "d")

        assert store.record_actions([at("t_a", 0), at("t_b", 0), at("t_c", 0)]) == [None] * 3
        outcomes = store.record_actions([at("t_a", 1), at("t_b", 0), at("t_c", 1)])
        assert outcomes[0] is None and outcomes[2] is None
        assert isinstance(outcomes[1], StaleVersion)
        # One table twice in a batch (its next two versions), and a stale one alone.
        assert store.record_actions([at("t_a", 2), at("t_a", 3)]) == [None, None]
        assert isinstance(store.record_actions([at("t_a", 0)])[0], StaleVersion)
        for name, version in (("t_a", 4), ("t_b", 1), ("t_c", 2)):
            found = store.table(name)
            assert found is not None and found[0].version == version
            assert [a["n"] for _, a in store.actions(name)] == list(range(version))
    finally:
        store.close()


def test_actions_stored_at_once_are_stored_as_one_at_a_time(db_url: str) -> None:
    """The batch's statements (on SQLite the driver's own SQL, without SQLAlchemy's types;
    on the event loop, without SQLAlchemy at all) store every column exactly as an action
    stored alone through SQLAlchemy's statements: the same JSON text, the same time format,
    the same version and fingerprint."""
    store = Store(db_url)
    writer = ActionWriter(store)
    try:
        names = ["t_one1", "t_one2", "t_many1", "t_many2", "t_loop1", "t_loop2"]
        for name in names:
            store.add_table(
                TableRow(id=name, game="cafe", players=2, options={}, seed=1, status=RUNNING,
                         turn_seconds=None, response_seconds=30, version=0),
                [],
            )  # fmt: skip
        action = {"type": "take", "card": 3, "ü": [1.5, None, True], "say": 'a"b\\c'}

        def at(table: str) -> ActionRecord:
            return ActionRecord(table, 0, 1, action, "human", "f" * 32)

        # Alone through SQLAlchemy's statements (the reference), alone and two at once
        # through the batch's, then two at once through the writer (on SQLite: on the loop).
        with store.engine.begin() as conn:
            assert record_action_in(conn, at("t_one1")) is None
        assert store.record_actions([at("t_one2")]) == [None]
        assert store.record_actions([at("t_many1"), at("t_many2")]) == [None, None]

        async def both() -> None:
            await asyncio.gather(writer.record(at("t_loop1")), writer.record(at("t_loop2")))

        asyncio.run(both())
        with store.engine.connect() as conn:
            # The time each was stored differs: its text's shape (runs of digits as 9) must not.
            rows = {
                row[0]: (*row[1:5], re.sub("[0-9]+", "9", row[5]), *row[6:])
                for row in conn.execute(
                    text(
                        'SELECT a.table_id, a.number, a.seat, CAST(a.action AS TEXT), a."by", '
                        "CAST(a.at AS TEXT), t.version, t.digest FROM actions a "
                        "JOIN tables t ON t.id = a.table_id"
                    )
                )
            }
        assert set(rows) == set(names)
        assert len({rows[name] for name in names}) == 1, rows
        assert store.actions("t_loop1") == store.actions("t_one1") == [(1, action)]
    finally:
        writer.close()
        store.close()


def test_a_full_table_is_stored_started_in_one_write(server: Server) -> None:
    """A table of its creator and bots is stored running, with its first state's fingerprint:
    a restart rebuilds it to the same state."""
    aki = server.person("Aki")
    table_id = aki.table("stirfry", 3, bots=["random", "random"])
    found = server.hub.store.table(table_id)
    assert found is not None
    row, seats = found
    assert row.status == RUNNING and row.version == 0
    state = meeple.load("stirfry").new(3, seed=row.seed, options=row.options)
    assert row.digest == digest(state.to_json())
    assert [s.kind for s in seats] == ["human", "bot", "bot"]
    assert seats[0].player_id == aki.player["id"]


def test_the_lobby_from_memory_is_the_stores_list(server: Server) -> None:
    """Alone, the server answers the lobby from the tables it holds: the same tables, newest
    first, as the store lists."""
    aki, ben = server.person("Aki"), server.person("Ben")
    made = [aki.table("cafe", 2), ben.table("bison", 2, bots=["random"]), aki.table("cafe", 3)]
    listed = [t["id"] for t in aki.get("/api/tables").json()["tables"]]
    assert listed == server.hub.store.tables([OPEN, RUNNING])
    assert set(made) <= set(listed)
    assert listed.index(made[2]) < listed.index(made[0])  # newest first
    running = [t["id"] for t in aki.get("/api/tables?status=running").json()["tables"]]
    assert running == server.hub.store.tables([RUNNING])
    # The newest few, by times kept in UTC (the lobby's limit).
    assert [t.id for t in server.hub.newest([OPEN, RUNNING], limit=2)] == listed[:2]
    assert all(t["created"].endswith("Z") for t in aki.get("/api/tables").json()["tables"])


def test_fingerprints_of_either_form_are_recognised() -> None:
    """Tables stored before the fingerprint used orjson are still checked when rebuilt."""
    state = meeple.load("buffet").new(3, seed=7).to_json()
    other = meeple.load("buffet").new(3, seed=8).to_json()
    # Sorted compact JSON of ASCII text and integers is the same text in both forms ...
    assert digest(state) == legacy_digest(state)
    # ... not of other text (the standard library escapes it): both are recognised.
    named = {**state, "name": "Café"}
    assert digest(named) != legacy_digest(named)
    assert digest_matches(named, digest(named)) and digest_matches(named, legacy_digest(named))
    assert digest_matches(state, digest(state))
    assert digest_matches(state, legacy_digest(state))
    assert not digest_matches(other, digest(state))
    assert not digest_matches(state, None)
    huge = {"n": 2**70}  # past orjson's integers: the earlier form is used
    assert digest(huge) == legacy_digest(huge)
    # Keys that are not strings (orjson's slow path, taken only when needed): as before.
    keyed = {**state, "by_seat": {2: "b", 1: "a"}}
    before = orjson.dumps(keyed, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    assert digest(keyed) == hashlib.sha256(before).hexdigest()


def test_json_text_is_the_standard_librarys_compact_json() -> None:
    """What clients are sent, for every game's views along a game, and for keys that are not
    strings (written as strings, as the standard library writes them)."""
    for game_id in sorted(meeple.GAMES):
        game = meeple.GAMES[game_id]
        state = game.new(game.min_players, seed=3)
        rng = random.Random(3)
        for _ in range(40):
            if state.is_over:
                break
            for seat in (None, *range(game.min_players)):
                view = state.view(seat)
                expected = json.dumps(view, separators=(",", ":"), ensure_ascii=False)
                assert encode(view) == expected, game_id
            mover = state.to_move[0]
            state.apply(mover, rng.choice(state.legal_actions(mover)))
    keyed = {"a": {1: "x", None: [1.5]}, "b": [{"c": True}], "é": "ü"}
    assert encode(keyed) == json.dumps(keyed, separators=(",", ":"), ensure_ascii=False)
    assert encode_bytes(keyed) == encode(keyed).encode()


def test_sqlite_sync_is_what_the_operator_chose(tmp_path: Path) -> None:
    """WAL with ``synchronous=NORMAL`` by default (a commit survives a killed process),
    ``FULL`` when asked (it survives a power cut too), for the writers and the readers."""
    url = f"sqlite:///{tmp_path / 'meeple.sqlite'}"
    for choice, expected in ((None, 1), ("normal", 1), ("full", 2)):
        store = Store(url) if choice is None else Store(url, sqlite_sync=choice)
        try:
            for engine in (store.engine, store.reader):
                with engine.connect() as conn:
                    assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == expected
                    assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        finally:
            store.close()
    with pytest.raises(ValueError, match="sqlite_sync"):
        Store(url, sqlite_sync="off")
