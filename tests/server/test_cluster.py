"""Several ``meeple serve`` processes on one PostgreSQL and one Redis (both real, started by the
test session): fan-out between processes, failover when one is killed, login limits shared.

Each test starts real server processes, as a site would run them behind a load balancer, and
talks to them over HTTP and websockets; the database is checked directly at the end.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from sqlalchemy import create_engine, select, text, update
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import meeple
from meeple.server.store import ActionRow, SeatRow, TableRow, digest
from tests.server.conftest import metric_samples, metric_total, wait_for
from tests.services import free_port

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Process:
    """One ``meeple serve`` process of the site."""

    base: str
    popen: subprocess.Popen[bytes]
    log: Path

    @property
    def ws(self) -> str:
        return self.base.replace("http", "ws")

    def name(self) -> str:
        """Its name in Redis (``/healthz`` says it)."""
        return str(httpx.get(f"{self.base}/healthz", timeout=10).json()["process"])


@dataclass
class Site:
    """Processes sharing a database and a Redis."""

    db_url: str
    redis_url: str
    folder: Path
    processes: list[Process] = field(default_factory=list)

    def start(self, count: int, *extra: str) -> list[Process]:
        """Start ``count`` more processes; returns when each answers ``/healthz``."""
        started = [self._launch(extra) for _ in range(count)]
        for i in range(count):
            for _ in range(5):
                if self._up(started[i]):
                    break
                # Its port was taken by another program between our look and its bind (the
                # machine is shared): try again on another one.
                started[i] = self._launch(extra)
            else:
                raise AssertionError(f"a server did not start: {started[i].log.read_text()}")
        self.processes += started
        return started

    def _launch(self, extra: tuple[str, ...]) -> Process:
        port = free_port()
        log = self.folder / f"serve-{port}.log"
        command = [
            sys.executable, "-m", "meeple", "serve", "--port", str(port),
            "--db", self.db_url, "--redis", self.redis_url, "--bot-workers", "0", *extra,
            # Every test's guests come from this address, counted in the one Redis for an
            # hour; people here make many tables (the limits: test_limits.py).
            "--guests-per-hour", "1000000", "--bot-tables", "1000", "--open-tables", "1000",
            "--sockets-per-player", "1000", "--sockets-per-address", "1000",
        ]  # fmt: skip
        popen = subprocess.Popen(command, cwd=ROOT, stdout=log.open("w"), stderr=subprocess.STDOUT)
        return Process(f"http://127.0.0.1:{port}", popen, log)

    def _up(self, process: Process) -> bool:
        """Wait until the process answers; ``False`` if it ended (its port was taken)."""
        end = time.monotonic() + 60
        while time.monotonic() < end:
            if process.popen.poll() is not None:
                return False
            try:
                answer = httpx.get(f"{process.base}/healthz", timeout=5)
                # Ours, not another program that happens to listen there.
                if f":{process.popen.pid}:" in answer.json().get("process", ""):
                    return True
            except (httpx.HTTPError, ValueError):
                pass
            time.sleep(0.1)
        raise AssertionError(f"a server process did not start: {process.log.read_text()}")

    def stop(self) -> None:
        for process in self.processes:
            if process.popen.poll() is None:
                process.popen.terminate()
        for process in self.processes:
            try:
                process.popen.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.popen.kill()
                process.popen.wait()

    def stored(self, table_id: str) -> tuple[TableRow, list[tuple[int, int, dict[str, Any], str]]]:
        """The table's row and its actions as stored: (number, seat, action, by)."""
        engine = create_engine(self.db_url, isolation_level="REPEATABLE READ")
        try:
            # One snapshot: the row and the actions as they were at one moment.
            with engine.begin() as conn:
                row = conn.execute(select(TableRow).where(TableRow.id == table_id)).one()
                actions = conn.execute(
                    select(ActionRow.number, ActionRow.seat, ActionRow.action, ActionRow.by)
                    .where(ActionRow.table_id == table_id)
                    .order_by(ActionRow.number)
                ).all()
        finally:
            engine.dispose()
        return row, [(n, s, a, b) for n, s, a, b in actions]

    def check_record(self, table_id: str) -> tuple[TableRow, list[Any]]:
        """The stored actions are one unbroken sequence that replays, every action legal, to
        the stored final state: none lost, none applied twice."""
        row, actions = self.stored(table_id)
        assert [n for n, *_ in actions] == list(range(row.version))
        game = meeple.load(row.game)
        state = game.new(row.players, seed=row.seed, options=row.options)
        for _, seat, action, _ in actions:
            assert action in state.legal_actions(seat), (table_id, action)
            state.apply(seat, action)
        assert digest(state.to_json()) == row.digest
        return row, actions


@pytest.fixture
def site(postgres_url: str, redis_url: str, tmp_path: Path) -> Iterator[Site]:
    """A fresh database on the session's PostgreSQL, the session's Redis, and the processes
    a test starts (stopped at its end)."""
    name = f"meeple_site_{uuid.uuid4().hex[:12]}"
    admin = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    found = Site(postgres_url.rsplit("/", 1)[0] + "/" + name, redis_url, tmp_path)
    try:
        yield found
    finally:
        found.stop()
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


def guest(base: str, name: str) -> httpx.Client:
    """A person with a session on ``base`` (the cookie works on every process)."""
    client = httpx.Client(base_url=base, timeout=30)
    client.post("/api/guest", json={"name": name}).raise_for_status()
    return client


def cookie(client: httpx.Client) -> str:
    return f"meeple_session={client.cookies['meeple_session']}"


def open_ws(process: Process, table_id: str, who: httpx.Client) -> ClientConnection:
    return connect(
        f"{process.ws}/ws/tables/{table_id}",
        additional_headers={"cookie": cookie(who)},
        open_timeout=30,
    )


def receive(ws: ClientConnection, seconds: float = 30) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=seconds))
    return message


def until(
    ws: ClientConnection, done: Callable[[dict[str, Any]], bool], seconds: float = 30
) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while True:
        message = receive(ws, max(0.1, end - time.monotonic()))
        if done(message):
            return message
        assert time.monotonic() < end, "the awaited message never came"


def is_state(message: dict[str, Any]) -> bool:
    return message["type"] == "state"


def test_an_action_on_one_process_reaches_clients_of_the_other(site: Site) -> None:
    one, two = site.start(2, "--bot-delay", "0")
    aki, ben = guest(one.base, "Aki"), guest(two.base, "Ben")
    table_id = aki.post(
        "/api/tables", json={"game": "cafe", "players": 2, "seats": [{"kind": "human"}] * 2}
    ).json()["id"]
    # Ben joins through the other process; Aki's socket on the first one hears of it.
    with open_ws(one, table_id, aki) as a:
        until(a, is_state)
        joined = httpx.post(
            f"{two.base}/api/tables/{table_id}/join", cookies=ben.cookies, timeout=30
        )
        assert joined.status_code == 200, joined.text
        with open_ws(two, table_id, ben) as b:
            first = until(a, lambda m: is_state(m) and m["table"]["status"] == "running")
            assert first["table"]["seats"][1]["player"]["name"] == "Ben"
            # Bad input on either process: a clear error, and nothing changes anywhere.
            b.send(json.dumps({"type": "action", "action": {"type": "nonsense"}}))
            error = until(b, lambda m: m["type"] == "error")
            assert error["code"] in ("illegal", "not_your_turn") and error["message"]
            b.send("{not json")
            assert until(b, lambda m: m["type"] == "error")["code"] == "bad_json"
            assert site.stored(table_id)[0].version == 0
            # Chat written on one process is read on the other.
            b.send(json.dumps({"type": "chat", "text": "hello from two"}))
            chat = until(a, lambda m: m["type"] == "chat")
            assert chat["message"]["text"] == "hello from two"
            finals = play_to_end({0: a, 1: b})
    row, actions = site.check_record(table_id)
    assert row.status == "finished"
    # Each client saw the whole game, whichever process stored each action.
    assert finals[0]["version"] == finals[1]["version"] == row.version == len(actions)
    assert finals[0]["winners"] == finals[1]["winners"] == list(row.winners or [])
    assert {seat for _, seat, _, by in actions if by == "human"} == {0, 1}


def play_to_end(sockets: dict[int, ClientConnection]) -> dict[int, dict[str, Any]]:
    """Each socket (its own thread, as each browser is its own program) acts on every state
    that asks it to, until the game is over; returns the last state each saw."""
    finals: dict[int, dict[str, Any]] = {}
    failures: list[BaseException] = []

    def drive(seat: int, ws: ClientConnection) -> None:
        acted = -1
        seen = -1
        last: dict[str, Any] = {}
        try:
            # The state now, whatever the test read from the socket before.
            ws.send(json.dumps({"type": "sync"}))
            while True:
                try:
                    message = receive(ws)
                except TimeoutError:
                    raise AssertionError(
                        f"seat {seat} waited 30 s after version {last.get('version')} "
                        f"(to move {last.get('to_move')}, legal {len(last.get('legal', []))}, "
                        f"acted at {acted}; last message {str(last)[:300]})"
                    ) from None
                last = message
                if message["type"] == "error" and message["code"] == "rate_limited":
                    # Faster than a person (the server allows 20 messages a second): pause,
                    # then ask for the state and act on it again.
                    time.sleep(1)
                    acted = -1
                    ws.send(json.dumps({"type": "sync"}))
                    continue
                if not is_state(message):
                    continue
                assert message["version"] >= seen, "a client was sent an older state"
                seen = message["version"]
                if message["is_over"]:
                    finals[seat] = message
                    return
                if message["legal"] and acted < message["version"]:
                    acted = message["version"]
                    action = message["legal"][acted % len(message["legal"])]
                    ws.send(json.dumps({"type": "action", "action": action, "version": acted}))
        except BaseException as err:
            failures.append(err)

    threads = [threading.Thread(target=drive, args=item, daemon=True) for item in sockets.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    if failures:
        raise AssertionError("; ".join(str(f) for f in failures)) from failures[0]
    return finals


def holder(redis_url: str, table_id: str) -> str | None:
    value = redis.Redis.from_url(redis_url).get(f"meeple:lease:{table_id}")
    return value.decode() if value is not None else None


def test_a_killed_process_s_tables_go_on_in_the_others(site: Site) -> None:
    # Bots that wait a little, so that games are still running when the process dies; a short
    # grace, so that the seat of a player who never came back is played by a bot (a timer).
    processes = site.start(3, "--bot-delay", "0.1", "--grace", "1")
    victim, others = processes[0], processes[1:]
    aki = guest(victim.base, "Aki")
    bots = [{"kind": "bot", "level": "random"}]
    tables = []
    for i, process in enumerate(processes * 2):
        client = guest(process.base, f"Host{i}")
        seats = [{"kind": "human"}] + bots * 2 if i == 0 else bots * 3
        answer = client.post("/api/tables", json={"game": "cheese", "players": 3, "seats": seats})
        assert answer.status_code == 200, answer.text
        tables.append(answer.json()["id"])
    # Aki plays at a table of the victim's, connected to the victim.
    aki_table = aki.post(
        "/api/tables",
        json={"game": "cheese", "players": 3, "seats": [{"kind": "human"}] + bots * 2},
    ).json()["id"]
    name = victim.name()
    assert holder(site.redis_url, aki_table) == name
    seen: list[int] = []
    with open_ws(victim, aki_table, aki) as ws:
        message = until(ws, lambda m: is_state(m) and bool(m["legal"]))
        ws.send(
            json.dumps(
                {"type": "action", "action": message["legal"][0], "version": message["version"]}
            )
        )
        seen.append(
            until(ws, lambda m: is_state(m) and m["version"] > message["version"])["version"]
        )
        time.sleep(0.5)
        held = [t for t in tables if holder(site.redis_url, t) == name]
        killed_at = time.monotonic()
        os.kill(victim.popen.pid, signal.SIGKILL)
        victim.popen.wait()
        # The tables the victim was running when it died, where they stood.
        before = {t: row.version for t in held if (row := site.stored(t)[0]).status == "running"}
        assert before, "the victim was running none of the tables"
        # The socket to the dead process closes.
        with pytest.raises((ConnectionClosed, TimeoutError, OSError)):
            while True:
                receive(ws, 10)
    # Every table the victim ran moves on in another process within 10 s: its bots, and at the
    # table whose player never came, the grace timer that lets a bot play for them.
    moved: dict[str, float] = {}
    while len(moved) < len(before) and time.monotonic() - killed_at < 10:
        for t, version in before.items():
            if t not in moved and site.stored(t)[0].version > version:
                moved[t] = time.monotonic() - killed_at
        time.sleep(0.1)
    assert set(moved) == set(before), f"tables still stopped 10 s after the kill: {moved}"
    assert all(holder(site.redis_url, t) != name for t in moved)
    # Aki reconnects through another process (as a load balancer would send her) and plays on
    # from where she was.
    with open_ws(others[0], aki_table, aki) as ws:
        back = until(ws, lambda m: is_state(m) and (bool(m["legal"]) or m["is_over"]))
        assert back["version"] >= seen[-1]
        # Her presence reaches the process that now holds the table through Redis, a moment
        # after her socket opened: until it does, the bot standing in for her may still take
        # the move she was sent (her action is then refused as stale). She plays on at the
        # next turn, and one of her moves is stored as hers.
        played = False
        for _ in range(5):
            if back["is_over"]:
                break
            version = back["version"]
            act = {"type": "action", "action": back["legal"][0], "version": version}
            ws.send(json.dumps(act))
            until(ws, lambda m, v=version: is_state(m) and m["version"] > v)
            _, actions = site.check_record(aki_table)
            if (version, 0, back["legal"][0], "human") in actions:
                played = True
                break
            back = until(ws, lambda m: is_state(m) and (bool(m["legal"]) or m["is_over"]))
        assert played or back["is_over"], "none of Aki's moves after she came back was stored"
    # Each stored record is whole: one unbroken sequence that replays legally to the stored
    # state; none lost, none applied twice.
    for t in [*tables, aki_table]:
        site.check_record(t)


def listed(process: Process, who: httpx.Client, status: str | None = None) -> list[str]:
    """The ids the process's lobby lists (``status``: open or running; both by default)."""
    query = f"?status={status}" if status else ""
    answer = httpx.get(f"{process.base}/api/tables{query}", cookies=who.cookies, timeout=30)
    answer.raise_for_status()
    return [t["id"] for t in answer.json()["tables"]]


def sample(process: Process, name: str) -> float:
    """The sum of the process's ``/metrics`` samples called ``name``, whatever their labels."""
    return metric_total(metric_samples(httpx.get(f"{process.base}/metrics", timeout=30).text), name)


def test_each_process_s_lobby_lists_the_whole_site_from_memory(site: Site) -> None:
    one, two = site.start(2)
    aki, ben = guest(one.base, "Aki"), guest(two.base, "Ben")
    assert listed(two, ben) == []
    two_humans = {"game": "cafe", "players": 2, "seats": [{"kind": "human"}] * 2}
    made = aki.post("/api/tables", json=two_humans).json()["id"]
    # Through the process that made it, at once ...
    assert listed(one, aki) == listed(one, aki, "open") == [made]
    # ... and through the other within about a second (its lists are read in the background).
    wait_for(lambda: listed(two, ben, "open") == [made])
    # Ben sits down through the second process: its lobby says so at once, the first's soon.
    assert httpx.post(f"{two.base}/api/tables/{made}/join", cookies=ben.cookies).is_success
    assert (listed(two, ben, "open"), listed(two, ben, "running")) == ([], [made])
    wait_for(lambda: listed(one, aki, "running") == [made])
    # A table another process runs: its info is read as stored, and not kept in memory.
    other = aki.post("/api/tables", json=two_humans).json()["id"]
    held = sample(two, "meeple_tables_live")
    assert held == 1  # the table Ben sat down at
    info = httpx.get(f"{two.base}/api/tables/{other}", cookies=ben.cookies, timeout=30)
    assert info.json()["status"] == "open" and info.json()["you"] is None
    assert info.json()["seats"][0]["player"]["name"] == "Aki"
    assert sample(two, "meeple_tables_live") == held
    assert httpx.get(f"{two.base}/api/tables/nope", timeout=30).status_code == 404
    # Many asks, few reads of the database: about one a second, whatever the asks.
    wait_for(lambda: other in listed(two, ben))
    reads = sample(two, "meeple_lobby_reads_total")
    assert reads >= 1
    started = time.monotonic()
    for _ in range(30):
        assert other in listed(two, ben)
    elapsed = time.monotonic() - started
    assert sample(two, "meeple_lobby_reads_total") - reads <= elapsed + 2


def test_login_limits_are_shared_by_the_processes(site: Site) -> None:
    one, two = site.start(2)
    aki = guest(one.base, "Aki")
    user = f"aki{uuid.uuid4().hex[:8]}"  # the session's Redis is shared by the tests
    assert (
        aki.post("/api/register", json={"username": user, "password": "secret-one"}).status_code
        == 200
    )
    wrong = {"username": user, "password": "wrong-password"}
    # Ten failures (the limit a minute) spread over the two processes ...
    answers = [
        httpx.post(f"{(one, two)[i % 2].base}/api/login", json=wrong, timeout=30).status_code
        for i in range(10)
    ]
    assert answers == [401] * 10
    # ... and the eleventh try is refused by either, even with the right password.
    for process in (one, two):
        refused = httpx.post(
            f"{process.base}/api/login",
            json={"username": user, "password": "secret-one"},
            timeout=30,
        )
        assert refused.status_code == 429, refused.text
        assert refused.json()["detail"]["code"] == "too_many_tries"
        assert 1 <= int(refused.headers["retry-after"]) <= 60


def test_one_process_on_sqlite_never_imports_redis(tmp_path: Path) -> None:
    # The default needs neither Redis nor redis-py (the extra meeple[redis]).
    code = (
        "import sys\n"
        "from fastapi.testclient import TestClient\n"
        "from meeple.server.app import create_app\n"
        "from meeple.server.settings import Settings\n"
        f"app = create_app(Settings(db_url='sqlite:///{tmp_path / 'one.sqlite'}', bot_workers=0))\n"
        "with TestClient(app) as client:\n"
        "    assert client.get('/healthz').json()['ok']\n"
        "assert not [m for m in sys.modules if m == 'redis' or m.startswith('redis.')]\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr


def test_redis_without_a_database_server_is_refused_clearly(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "meeple",
            "serve",
            "--db",
            f"sqlite:///{tmp_path / 'x.sqlite'}",
            "--redis",
            "redis://127.0.0.1:1/0",
        ],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert "several processes need one database server" in result.stderr


def test_a_socket_loses_its_seat_on_every_process(site: Site) -> None:
    """Security issue #34, finding 1, across processes: a leave or a logout through one
    process turns the player's socket on another into a spectator's at once."""
    one, two = site.start(2, "--bot-delay", "0")
    aki, ben = guest(one.base, "Aki"), guest(one.base, "Ben")
    table_id = aki.post(
        "/api/tables", json={"game": "stirfry", "players": 2, "seats": [{"kind": "human"}] * 2}
    ).json()["id"]
    with open_ws(two, table_id, aki) as a:
        assert until(a, is_state)["seat"] == 0
        left = httpx.post(f"{one.base}/api/tables/{table_id}/leave", cookies=aki.cookies)
        assert left.status_code == 200, left.text
        until(a, lambda m: is_state(m) and m["seat"] is None)
    # Ben sits and opens a socket on process two; he logs out through process one.
    joined = httpx.post(f"{one.base}/api/tables/{table_id}/join", cookies=ben.cookies)
    assert joined.status_code == 200, joined.text
    with open_ws(two, table_id, ben) as b:
        assert until(b, is_state)["seat"] == 0
        assert httpx.post(f"{one.base}/api/logout", cookies=ben.cookies).status_code == 200
        until(b, lambda m: is_state(m) and m["seat"] is None)
        b.send(json.dumps({"type": "chat", "text": "still Ben?"}))
        assert until(b, lambda m: m["type"] == "error")["code"] == "chat_no_player"


def test_each_turn_based_timeout_fires_once_across_processes(site: Site) -> None:
    """Issue #39: the clocks of turn-based tables are in the database, and both processes
    sweep for the due ones every tenth of a second; each timeout is played once."""
    one, two = site.start(
        2, "--bot-delay", "0", "--turn-sweep-seconds", "0.1", "--turn-idle-seconds", "0"
    )
    aki = guest(one.base, "Aki")
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    tables = []
    for process in (one, two) * 4:
        answer = httpx.post(
            f"{process.base}/api/tables",
            json={"game": "cafe", "players": 2, "seats": seats, "move_seconds": 3600},
            cookies=aki.cookies,
        )
        assert answer.status_code == 200, answer.text
        tables.append(answer.json()["id"])
    engine = create_engine(site.db_url)
    try:

        def clocks() -> dict[str, float | None]:
            with engine.connect() as conn:
                rows = conn.execute(
                    select(SeatRow.table_id, SeatRow.due).where(
                        SeatRow.table_id.in_(tables), SeatRow.seat == 0
                    )
                ).all()
            return {table_id: due for table_id, due in rows}

        # Aki's clock runs at every table (a bot that starts has moved).
        wait_for(lambda: all(due is not None for due in clocks().values()), seconds=30)
        started = clocks()
        # Two hours pass (the processes' clocks are real: the stored clocks go back instead).
        with engine.begin() as conn:
            for table_id, due in started.items():
                assert due is not None
                conn.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == 0)
                    .values(due=due - 7200)
                )
                conn.execute(update(TableRow).where(TableRow.id == table_id).values(due=due - 7200))

        def timeouts(table_id: str) -> int:
            """The table's timeouts: runs of moves played because a clock ran out (a move of
            several decisions is played whole)."""
            by = [who for _, _, _, who in site.stored(table_id)[1]]
            return sum(
                who == "timeout" and (i == 0 or by[i - 1] != "timeout") for i, who in enumerate(by)
            )

        # Each table's timeout is played, and Aki's next clock runs again.
        wait_for(
            lambda: (
                all(timeouts(t) >= 1 for t in tables)
                and all(due is not None and due > time.time() for due in clocks().values())
            ),
            seconds=60,
        )
        time.sleep(1.0)  # ten more sweeps of each process
        assert [timeouts(t) for t in tables] == [1] * len(tables)
        with engine.connect() as conn:
            counted = conn.execute(
                select(SeatRow.timeouts).where(SeatRow.table_id.in_(tables), SeatRow.seat == 0)
            ).scalars()
            assert list(counted) == [1] * len(tables)
        for table_id in tables:
            site.check_record(table_id)
    finally:
        engine.dispose()
