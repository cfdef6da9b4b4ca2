"""A server that stops — cleanly or killed — resumes every table exactly where it was."""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from meeple.server.store import Store, database_url, digest_matches
from tests.server.conftest import Server, play_out
from tests.server.test_leaks import stored_states


def act_a_few_times(sock: Any, times: int) -> dict[str, Any]:
    """Play seat 0's first legal action ``times`` times; returns the state asking the next."""

    def my_turn(state: dict[str, Any]) -> dict[str, Any]:
        if state["type"] == "state" and state["legal"]:
            return state
        return dict(sock.until(lambda m: m["type"] == "state" and bool(m["legal"])))

    state = my_turn(sock.receive())
    for _ in range(times):
        sock.send({"type": "action", "action": state["legal"][0], "version": state["version"]})
        state = my_turn(sock.until(lambda m: m["type"] == "state"))
    return state


def test_a_restarted_app_resumes_the_table_exactly(server_factory: Callable[..., Server]) -> None:
    first = server_factory()
    aki = first.person()
    table_id = aki.table("cheese", 3, bots=["random", "random"])
    before = act_a_few_times(aki.ws(table_id), 4)
    first.stop()

    second = server_factory()
    aki = replace(aki, client=second.client, opened=second.sockets)  # same cookie, new server
    sock = aki.ws(table_id)
    after = sock.receive()
    for key in ("version", "view", "legal", "to_move", "scores"):
        assert after[key] == before[key], key
    # The whole log comes back too, and the game plays on to its end.
    assert after["log"]["from"] == 0
    assert len(after["log"]["events"]) == before["log"]["from"] + len(before["log"]["events"])
    sock.send({"type": "sync"})  # the state just read asks for a move: have it again
    last = play_out([sock], lambda legal: legal[0])
    assert last["is_over"]
    states = stored_states(second.hub.store, table_id)
    assert states[-1].is_over and list(states[-1].winners) == last["winners"]


def test_a_finished_game_keeps_its_result_and_replay(server: Server) -> None:
    aki = server.person()
    table_id = aki.table("buffet", 3, bots=["random", "random"])
    last = play_out([aki.ws(table_id)], lambda legal: legal[-1])
    replay = aki.get(f"/api/tables/{table_id}/replay").json()
    states = stored_states(server.hub.store, table_id)
    assert replay["seat"] == 0 and replay["table"]["winners"] == last["winners"]
    assert len(replay["steps"]) == len(states)
    assert replay["steps"][0]["action"] is None
    for step, state in zip(replay["steps"], states, strict=True):
        assert step["view"] == json.loads(json.dumps(state.view(0)))
    # Someone who did not play sees the spectators' views.
    stranger = server.person("Ben").get(f"/api/tables/{table_id}/replay").json()
    assert stranger["seat"] is None
    assert stranger["steps"][-1]["view"] == json.loads(json.dumps(states[-1].view(None)))


def test_postgres_urls_use_the_installed_driver() -> None:
    assert database_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"


# The real thing: `meeple serve` in its own process, killed with SIGKILL mid-game.


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Process:
    """``python -m meeple serve`` on a port of its own, with its log in a file."""

    def __init__(self, db_url: str, log: Path, bot_delay: float, *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        command = [
            sys.executable, "-m", "meeple", "serve", "--port", str(self.port), "--db", db_url,
            "--bot-delay", str(bot_delay), "--bot-workers", "0", *extra,
            # One guest plays many tables with bots here (the limits: test_limits.py).
            "--bot-tables", "1000", "--open-tables", "1000",
        ]  # fmt: skip
        with log.open("a") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        end = time.monotonic() + 30
        while time.monotonic() < end:
            try:
                if httpx.get(f"{self.url}/api/games").status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        self.kill()
        raise AssertionError(f"the server did not start:\n{log.read_text()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when a machine loses power."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


@pytest.fixture
def processes(db_url: str, tmp_path: Path) -> Iterator[Callable[..., Process]]:
    started: list[Process] = []

    def start(bot_delay: float, *extra: str) -> Process:
        started.append(Process(db_url, tmp_path / "server.log", bot_delay, *extra))
        return started[-1]

    yield start
    for process in started:
        if process.process.poll() is None:
            process.kill()


def ws_url(process: Process, table_id: str) -> str:
    return f"ws://127.0.0.1:{process.port}/ws/tables/{table_id}"


def my_decision(ws: Any) -> dict[str, Any]:
    """Read states until one asks this seat to decide."""
    while True:
        state: dict[str, Any] = json.loads(ws.recv())
        if state["type"] == "state" and state["legal"]:
            return state


def test_a_killed_server_resumes_every_table(
    processes: Callable[..., Process], db_url: str
) -> None:
    server = processes(0.05)
    person = httpx.Client(base_url=server.url)
    person.post("/api/guest", json={"name": "Aki"}).raise_for_status()
    headers = {"cookie": f"meeple_session={person.cookies['meeple_session']}"}
    # A table of bots that is mid-game when the server dies, and one that waits for Aki.
    bots = [{"kind": "bot", "level": "random"}] * 2
    busy = person.post(
        "/api/tables", json={"game": "buffet", "players": 3, "seats": bots + bots[:1]}
    ).json()["id"]
    mine = person.post(
        "/api/tables", json={"game": "cheese", "players": 3, "seats": [{"kind": "human"}, *bots]}
    ).json()["id"]
    with connect(ws_url(server, mine), additional_headers=headers) as ws:
        state = my_decision(ws)
        ws.send(json.dumps({"type": "action", "action": state["legal"][0], "version": 0}))
        before = my_decision(ws)
    assert before["version"] > state["version"]
    time.sleep(0.5)
    progress = person.get(f"/api/tables/{busy}").json()["version"]
    server.kill()
    assert progress > 0

    again = processes(0.0)
    person = httpx.Client(base_url=again.url, headers=headers)
    with connect(ws_url(again, mine), additional_headers=headers) as ws:
        after = json.loads(ws.recv())
    for key in ("version", "view", "legal", "to_move", "seat"):
        assert after[key] == before[key], key
    # The table of bots goes on by itself and finishes.
    end = time.monotonic() + 60
    while (table := person.get(f"/api/tables/{busy}").json())["status"] != "finished":
        assert time.monotonic() < end, "the bots' table never finished after the restart"
        time.sleep(0.2)
    assert table["version"] > progress
    # Each rebuilt table matched its stored digest, and the stored actions replay to the end.
    assert "rebuilt differently" not in again.log.read_text()
    states = stored_states(Store(database_url(db_url)), busy)
    assert states[-1].is_over and list(states[-1].winners) == table["winners"]


@pytest.mark.parametrize("sync", ["normal", "full"])
def test_a_killed_server_loses_no_move_anyone_saw(
    processes: Callable[..., Process], db_url: str, sync: str
) -> None:
    """Tables of bots at full speed, each watched by a client, and the server SIGKILLed while
    they play: every version a client was sent is in the database, with either SQLite
    ``--sqlite-sync`` (``normal`` leaves the disk sync to the system, which keeps what was
    written when a process dies; on PostgreSQL the flag changes nothing)."""
    _kill_while_watching(processes, db_url, sync, ("buffet", "cheese", "stirfry"), 1.0)


def test_a_server_killed_under_load_loses_no_move_anyone_saw(
    processes: Callable[..., Process], db_url: str
) -> None:
    """The same under a heavier load: sixteen tables at full speed, so that the server commits
    many tables' actions in each transaction (on SQLite, on its event loop) when it is
    killed."""
    games = ("buffet", "cheese", "stirfry", "cafe") * 4
    _kill_while_watching(processes, db_url, "normal", games, 1.0)


def _kill_while_watching(
    processes: Callable[..., Process],
    db_url: str,
    sync: str,
    games: tuple[str, ...],
    seconds: float,
) -> None:
    server = processes(0.0, "--sqlite-sync", sync)
    person = httpx.Client(base_url=server.url)
    person.post("/api/guest", json={"name": "Aki"}).raise_for_status()
    headers = {"cookie": f"meeple_session={person.cookies['meeple_session']}"}
    bots = [{"kind": "bot", "level": "random"}] * 4
    tables = [
        person.post("/api/tables", json={"game": game, "players": 4, "seats": bots}).json()["id"]
        for game in games
    ]
    seen = dict.fromkeys(tables, -1)
    over: set[str] = set()
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(connect(ws_url(server, t), additional_headers=headers))
            for t in tables
        ]
        end = time.monotonic() + seconds
        deadline = end + 60
        # For `seconds` and until every table has moved (a loaded machine can take longer to
        # start them all), but no longer than until the first game ends (random bots at full
        # speed finish one in 1-3 s) once every table has moved: killed while the tables
        # move. (On a machine loaded 15 times over, a game ended before the last table's
        # first state had come.)
        while time.monotonic() < deadline:
            if (over or time.monotonic() >= end) and min(seen.values()) > 0:
                break
            for table_id, ws in zip(tables, sockets, strict=True):
                # Everything that arrived, without waiting: read one message a socket at a
                # time, the client fell hundreds of moves behind the server (and could not
                # see a move sent before it was stored).
                while True:
                    try:
                        message = json.loads(ws.recv(timeout=0))
                    except TimeoutError:
                        break
                    if message["type"] == "state":
                        seen[table_id] = max(seen[table_id], message["version"])
                        if message["is_over"]:
                            over.add(table_id)
            time.sleep(0.002)
        server.kill()  # right after the latest states were read: no time to write anything
    assert all(version > 0 for version in seen.values()), seen
    assert len(over) < len(tables), "killed too late: the games had ended"
    store = Store(database_url(db_url))
    try:
        for table_id, version in seen.items():
            found = store.table(table_id)
            assert found is not None
            assert found[0].version >= version, table_id
            assert len(store.actions(table_id)) == found[0].version
            # What was stored replays to the state whose fingerprint was stored with it.
            last = stored_states(store, table_id)[-1]
            assert digest_matches(last.to_json(), found[0].digest), table_id
    finally:
        store.close()


def _finished_bot_table(server: Server) -> tuple[Any, str]:
    from tests.server.conftest import wait_for  # noqa: PLC0415

    aki = server.person()
    bots = [{"kind": "bot", "level": "random"}] * 3
    answer = aki.post("/api/tables", {"game": "cheese", "players": 3, "seats": bots})
    table_id: str = answer.json()["id"]
    wait_for(lambda: aki.get(f"/api/tables/{table_id}").json()["status"] == "finished")
    return aki, table_id


def test_a_finished_table_comes_back_exactly_after_a_restart(
    server_factory: Callable[..., Server],
) -> None:
    first = server_factory()
    aki, table_id = _finished_bot_table(first)
    summary = aki.get(f"/api/tables/{table_id}").json()
    watching = aki.ws(table_id).until(lambda m: m["type"] == "state")
    assert summary["version"] > 10 and watching["is_over"]
    first.stop()

    second = server_factory()
    aki = replace(aki, client=second.client, opened=second.sockets)
    again = aki.get(f"/api/tables/{table_id}").json()
    for key in ("status", "version", "scores", "winners"):
        assert again[key] == summary[key], key
    # Its websocket sends the final board, the result and the whole log, as before.
    final = aki.ws(table_id).until(lambda m: m["type"] == "state")
    for key in ("version", "view", "legal", "to_move", "is_over", "scores", "winners", "log"):
        assert final[key] == watching[key], key
    states = stored_states(second.hub.store, table_id)
    assert final["view"] == json.loads(json.dumps(states[-1].view(None)))


def test_a_finished_table_leaves_memory_when_nobody_watches(server: Server) -> None:
    from tests.server.conftest import wait_for  # noqa: PLC0415

    aki, table_id = _finished_bot_table(server)
    # Finished with nobody connected: the hub let go of it at once.
    wait_for(lambda: table_id not in server.hub.tables)
    # Opened, it is held while watched, and let go when the last client leaves.
    sock = aki.ws(table_id)
    assert sock.until(lambda m: m["type"] == "state")["is_over"]
    assert table_id in server.hub.tables
    sock.close()
    wait_for(lambda: table_id not in server.hub.tables)
    assert aki.get(f"/api/tables/{table_id}").json()["status"] == "finished"
    assert table_id not in server.hub.tables  # reading a summary does not hold it either
