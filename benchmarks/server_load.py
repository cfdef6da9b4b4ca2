"""Load on the game server: many tables at once, each a scripted person among bots.

    python benchmarks/server_load.py [--tables 50 200 500] [--seconds 15] [--level random]
    python benchmarks/server_load.py --pace [--tables 2000] [--ramp 20] [--think 1 3]
    python benchmarks/server_load.py --pace --herd      # the old, unrealistic herd (below)
    python benchmarks/server_load.py --processes 3 [--tables 50 200]   # PostgreSQL + Redis
    python benchmarks/server_load.py --clients 1      # the clients in one process (below)

Starts ``meeple serve`` in its own process (SQLite in a temporary folder; or, with
``--processes N``, N processes on a PostgreSQL and a Redis of their own, started as the tests
start them), then for each table count opens that many tables — the five games in turn, seat 0
a scripted client over a real websocket, the other seats bots; a client whose game ends starts
another — and plays for the given time. Clients are spread over the processes in turn. The
guests' sign-in and (except with ``--pace``, below) each one's first table and websocket are
made before the clock starts (this one client process opening 500 at once measured its own
start-up, not the server); the tables made when a game ends are made during the round.

* Full speed (the default): bots play without delay and the scripted person moves at most ten
  times a second (a quick human; the server allows 20 messages a second).
* ``--pace``: a realistic evening, 60 s a row. People arrive over a ramp, as a load
  tester's spawn rate makes them arrive (``--ramp``, default 100 people a second: 20 s for
  2,000): each signs in before the clock, then at their moment opens their table and its
  websocket and plays. A person thinks a time drawn evenly from 1–3 s on each decision
  (``--think``); the server's bots wait 2 s on average, drawn evenly from 1–3 s (``meeple
  serve --bot-delay 2 --bot-jitter 0.5``). So each table moves about every 2 s, and the
  tables do not move in step. The row gives the whole run; the line under it the trips
  after the ramp (everybody there).
* ``--pace --herd``: what ``--pace`` measured before, kept so that it can be compared:
  every table and websocket opened before the clock, every person's first move in the
  first 2 s, people think exactly 2 s and bots wait exactly 2 s (``--bot-jitter 0``). The
  2,000 tables then move in waves 2 s apart, and games that began together end together:
  a herd no site sees, whose tail is the herd's.

It prints, per table count: the actions the server(s) stored per second (from ``/metrics``);
the time from sending an action to receiving the ``state`` it produced (p50, p99: checks,
database, every seat's view, sending, two loopback hops); REST p99 of the lobby list and of a
table's info, asked twice a second each (``--probe-rate``) during the load by a client in a
process of its own (so that they time the server, not this process's busy event loop); the errors (a client or
REST call that failed or timed out); then the same clients against a bare websocket echo
server (a message out, the same message back, same pace) in the same run, with meeple's
latency as a ratio to the echo's; and two figures that say how far the others can be trusted:
the server's CPU time per action stored (``cpu/act``, ms: what the work costs, whatever else
the machine does) and the p99 lag of this client process's own event loop (``lag p99``: the
part of every latency that is the load generator's, not the server's). Under each row, the
share of a core the server(s) and this load generator each took (on a machine of two cores
the clients take about as much as the server: what they take, the server waits for), the
server's garbage collections during the round, by generation: how many and their summed pause
(``meeple_gc_pause_seconds``), the restarts of the SQLite log and how long they held the
writes back (``meeple_wal_hold_seconds``), the mean of each stage of a person's move inside
the server (``meeple_move_stage_seconds``: meeple/server/trace.py), and the share of people's
moves slower than 5, 10, 50 and 100 ms inside the server, from their frame read to their answer
written (``meeple_move_seconds``): set against the trips' p99, it says whether the slowest
trips were slow in the server or outside it (the clients' own loop, the sockets, a machine
whose cores were busy). With a ramp, the line after the ramp gives these shares and the
server's CPU per action for the steady evening too (the arrivals' tables, sign-ins and
sockets counted apart). ``--sqlite-sync`` passes
``meeple serve --sqlite-sync`` on (``normal``, the default, or ``full``: a disk sync in every
move's path). Figures vary with the
machine (and with what else runs on it): this prints them, it never judges them.

The people (and the echo's clients) are spread over ``--clients`` processes of their own (2 by
default), each signed in and seated before the clock starts them together: one process's event
loop, busy with hundreds of websockets, is late to read what the server sent (its lag p99 was
15–21 ms at 200–500 tables, 60 ms paced at 2,000), and that lateness is in every trip it times;
two lag 4–16 and 16–20 ms. ``--clients 1`` measures as before 2026-11-28. The CPU line sums them,
and ``lag p99`` is over all of them. The people read what the server sends with orjson, as a
browser's ``JSON.parse`` reads it in C: with the standard library's ``json`` (until 2026-11-28
evening) the load generator took a fifth more of a core at 50 tables, and its processes'
turns were in every trip it timed, and in the server's, which waited for the cores meanwhile
(the echo's clients parse nothing). And the clients' processes collect no garbage during a
round (:func:`quiet_gc`): until 2026-11-28 evening their own collections' pauses were most of
the trips' p99 at 500 tables.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import random
import shutil
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from prometheus_client.parser import text_string_to_metric_families
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.services import Postgres, Redis, free_port

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("buffet", 4, {}),
    ("bison", 3, {}),
    ("cafe", 3, {}),
    ("stirfry", 4, {"target": 50}),
    ("cheese", 4, {}),
]

FAST = 0.1
"""Seconds between a scripted player's moves at full speed, at least."""
SLOW = 2.0
"""Seconds bots wait in ``--pace`` mode (on average), and a scripted player thinks in
``--pace --herd`` mode."""
PROBE_RATE = 2.0
"""Asks of the REST probe a second (each the lobby list and a table's info), unless
``--probe-rate`` says otherwise. At two, a 15 s row has ~30 asks of each, and their "p99" is
the slowest ask; ``--probe-rate 10`` gives a p99 over ~150, but adds load of its own (at 50
tables a lobby ask is 1–3 ms of the event loop, and the moves read meanwhile wait for it:
the people's p99 rose by 2–4 ms on 2026-11-28). The figures in docs/deploy.md are at two,
but where they say otherwise."""
SPAWN = 100.0
"""People arriving a second in ``--pace`` mode, unless ``--ramp`` says otherwise."""


@dataclass
class Tally:
    """What one round measured."""

    latencies: list[float] = field(default_factory=list)
    moments: list[float] = field(default_factory=list)
    """When each trip of ``latencies`` was sent (``time.monotonic``)."""
    started: float = 0.0
    """When the round's clock started (``time.monotonic``)."""
    ramp: float = 0.0
    """Seconds over which the people arrived (0: all there from the start)."""

    def after_ramp(self) -> list[float]:
        """The trips sent once everybody had arrived."""
        end = self.started + self.ramp
        return [t for t, sent in zip(self.latencies, self.moments, strict=True) if sent >= end]

    rest: dict[str, list[float]] = field(default_factory=lambda: {"list": [], "table": []})
    errors: list[str] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    """The client process's own event-loop lag, sampled (seconds)."""
    cpu: float = 0.0
    """Server CPU seconds per action stored (every process's)."""
    gc: dict[str, tuple[float, float]] = field(default_factory=dict)
    """The servers' garbage collections during the round, by generation: (count, seconds)."""
    holds: tuple[float, float] = (0.0, 0.0)
    """The restarts of the SQLite log during the round, and the seconds they held the event
    loop's writes back (``meeple_wal_hold_seconds``)."""
    stages: dict[str, tuple[float, float]] = field(default_factory=dict)
    """The stages of people's moves inside the server(s) during the round: (count, seconds)."""
    inside: dict[str, float] = field(default_factory=dict)
    """People's moves inside the server(s) during the round (``meeple_move_seconds``): how
    many took longer than each bucket's bound, by bound (from the histogram's buckets)."""
    steady_cpu: float = 0.0
    """Server CPU seconds per action stored once everybody had arrived (0: no ramp)."""
    steady_inside: dict[str, float] = field(default_factory=dict)
    """:attr:`inside` once everybody had arrived."""
    client_cpu: float = 0.0
    """This load generator's own CPU seconds per action stored (its clients' and its event
    loop's work: on a machine of few cores, what it takes from the server)."""


SSL = ssl.create_default_context()
"""One TLS context for every client (each new one reads the system's certificates: 200 of them
took the client longer than the round it measured)."""


async def sign_in(base: str, index: int) -> tuple[httpx.AsyncClient, str]:
    """A guest's client on ``base`` and its session cookie."""
    http = httpx.AsyncClient(base_url=base, timeout=30, verify=SSL)
    (await http.post("/api/guest", json={"name": f"load{index}"})).raise_for_status()
    return http, f"meeple_session={http.cookies['meeple_session']}"


async def open_table(
    http: httpx.AsyncClient, cookie: str, index: int, args: argparse.Namespace
) -> ClientConnection:
    """Create a table of this person's game (they in seat 0, bots in the others) and open
    its websocket."""
    game, players, options = GAMES[index % len(GAMES)]
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": args.level}] * (players - 1)
    body = {"game": game, "players": players, "options": options, "seats": seats}
    try:
        answer = await http.post("/api/tables", json=body)
    except httpx.ReadError:
        # The keep-alive connection sat idle through a whole game and the server closed it
        # as we reused it (uvicorn keeps idle ones 5 s): once more, anew.
        answer = await http.post("/api/tables", json=body)
    answer.raise_for_status()
    base = str(http.base_url).rstrip("/")
    url = base.replace("http", "ws") + f"/ws/tables/{answer.json()['id']}"
    return await connect(
        url, additional_headers={"cookie": cookie}, max_size=2**22, open_timeout=30, close_timeout=2
    )


@dataclass
class Pacing:
    """How a scripted person paces their moves."""

    think: tuple[float, float] | None
    """Seconds thought on each decision, drawn evenly from this range (``--pace``); ``None``:
    at most one move every ``every`` seconds, counted from the previous move."""
    every: float = FAST

    @classmethod
    def of(cls, args: argparse.Namespace) -> Pacing:
        """The pacing the command line asks for."""
        if not args.pace:
            return cls(None, FAST)
        if args.herd:
            return cls(None, SLOW)
        return cls((args.think[0], args.think[1]))

    def wait(self, rng: random.Random, last_sent: float) -> float:
        """Seconds to wait before the move asked for now."""
        if self.think is not None:
            return rng.uniform(*self.think)
        return max(0.0, last_sent + self.every - time.monotonic())


def ramp_of(args: argparse.Namespace, tables: int) -> float:
    """Seconds over which people arrive (0: their tables are opened before the clock)."""
    if not args.pace or args.herd:
        return 0.0
    return args.ramp if args.ramp is not None else tables / SPAWN


async def person(
    http: httpx.AsyncClient,
    cookie: str,
    index: int,
    first: ClientConnection | None,
    *,
    args: argparse.Namespace,
    stop_at: float,
    tally: Tally,
    arrive_at: float,
) -> None:
    """One scripted player, starting a new game whenever one ends, until ``stop_at``: at the
    table ``first`` (opened before the clock started), or, without one, at a table they open
    at ``arrive_at``."""
    rng = random.Random(index)
    pacing = Pacing.of(args)
    ws: ClientConnection | None = first
    try:
        # Not every person starts at the same moment: with tables opened before the clock,
        # the first move comes in the first seconds; otherwise the person arrives at their
        # moment of the ramp.
        last_sent = time.monotonic() - pacing.every + rng.random() * min(SLOW, args.seconds / 4)
        if first is None:
            await asyncio.sleep(max(0.0, arrive_at - time.monotonic()))
        while time.monotonic() < stop_at:
            if ws is None:
                ws = await open_table(http, cookie, index, args)
            async with ws:
                await play(ws, rng, stop_at, tally, pacing=pacing, last_sent=last_sent)
            ws, last_sent = None, time.monotonic()
    except Exception as err:
        tally.errors.append(f"client {index}: {type(err).__name__}: {err}")
    finally:
        await http.aclose()


async def play(
    ws: ClientConnection,
    rng: random.Random,
    stop_at: float,
    tally: Tally,
    *,
    pacing: Pacing,
    last_sent: float,
) -> None:
    """Play one table until its game ends or time is up."""
    sent_at: float | None = None
    sent_moment = 0.0
    sent_version = -1
    while time.monotonic() < stop_at:
        try:
            text = await asyncio.wait_for(ws.recv(), timeout=stop_at - time.monotonic())
        except TimeoutError:
            break
        message = orjson.loads(text)
        if message["type"] == "error":
            # Refused: a bot got in first (a newer state follows), or this client outran
            # the rate limit (ask for the state again after a pause). Not a round trip.
            sent_at, sent_version = None, -1
            if message["code"] == "rate_limited":
                await asyncio.sleep(1)
                await ws.send(json.dumps({"type": "sync"}))
            continue
        if message["type"] != "state":
            continue
        version = message["version"]
        if sent_at is not None and version > sent_version:
            tally.latencies.append(time.perf_counter() - sent_at)
            tally.moments.append(sent_moment)
            sent_at = None
        if message["is_over"]:
            break
        if message["legal"] and version > sent_version and sent_at is None:
            await asyncio.sleep(pacing.wait(rng, last_sent))
            last_sent = sent_moment = time.monotonic()
            action = rng.choice(message["legal"])
            sent_version = version
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "action", "action": action, "version": version}))


async def rest_probe(
    bases: list[str], seconds: float, rate: float = PROBE_RATE
) -> dict[str, list[float] | list[str]]:
    """``rate`` times a second, the lobby list and the info of a table from it, timed, for
    ``seconds`` (run in a process of its own: see :func:`probe_elsewhere`)."""
    every = 1 / rate
    rng = random.Random(0)
    found: dict[str, list[float] | list[str]] = {"list": [], "table": [], "errors": []}
    clients = [httpx.AsyncClient(base_url=base, timeout=10, verify=SSL) for base in bases]
    stop_at = time.monotonic() + seconds
    ids: list[tuple[int, str]] = []
    try:
        # Untimed: each client's connection and httpx's own first use (~20 ms on an idle
        # machine, 150-250 ms on a busy one: the first ask was always the slowest).
        for client in clients:
            await client.get("/healthz")
        quiet_gc()
        turn = 0
        while time.monotonic() < stop_at - every:
            await asyncio.sleep(every)
            turn += 1
            which = turn % len(clients)
            asks = [("list", which, "/api/tables")]
            if ids:
                where, table = rng.choice(ids)
                asks.append(("table", where, f"/api/tables/{table}"))
            for kind, where, url in asks:
                started = time.perf_counter()
                try:
                    answer = await clients[where].get(url)
                    answer.raise_for_status()
                    found[kind].append(time.perf_counter() - started)  # type: ignore[arg-type]
                    if kind == "list":
                        ids = [(where, t["id"]) for t in answer.json()["tables"]] or ids
                except Exception as err:
                    found["errors"].append(f"REST {url}: {type(err).__name__}: {err}")  # type: ignore[arg-type]
    finally:
        for client in clients:
            await client.aclose()
    return found


async def probe_elsewhere(bases: list[str], seconds: float, rate: float, tally: Tally) -> None:
    """The REST probe in a process of its own, so that what it measures is the server's
    answer, not the lag of this process's event loop (busy with hundreds of websockets)."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--probe", str(seconds), str(rate), *bases,
        stdout=subprocess.PIPE,
    )  # fmt: skip
    out, _ = await child.communicate()
    found = json.loads(out)
    tally.rest["list"] = found["list"]
    tally.rest["table"] = found["table"]
    tally.errors.extend(found["errors"])


async def watch_lag(stop_at: float, lags: list[float]) -> None:
    """This (client) process's own event-loop lag, sampled every 10 ms: the share of the
    latencies that is the load generator's, not the server's."""
    while time.monotonic() < stop_at:
        asked = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(max(0.0, time.perf_counter() - asked - 0.01))


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds the processes used so far (Linux's /proc; 0 elsewhere)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


async def crowd(
    bases: list[str], args: argparse.Namespace, tables: int, part: int, go: Go
) -> Tally:
    """The scripted people of this client process (those whose index is ``part`` modulo
    ``args.clients``): signed in, and their first tables opened (unless they arrive over a
    ramp), before the clock; then, from the moment ``go`` gives, played for
    ``args.seconds``. The tally has the trips, this process's lag and errors, and its CPU
    seconds in ``client_cpu``."""
    tally = Tally()
    gate = asyncio.Semaphore(20)
    mine = range(part, tables, args.clients)

    async def signed(i: int) -> tuple[httpx.AsyncClient, str]:
        async with gate:
            return await sign_in(bases[i % len(bases)], i)

    people = dict(zip(mine, await asyncio.gather(*(signed(i) for i in mine)), strict=True))

    async def seated(i: int) -> ClientConnection:
        async with gate:
            http, cookie = people[i]
            return await open_table(http, cookie, i, args)

    # Each person's first table too, before the clock starts (unless they arrive over a
    # ramp): a load generator opening hundreds of tables at once measures its own start-up
    # (its httpx and handshakes), not the server's play. Later tables (a game ended) are made
    # during the round, as people do.
    tally.ramp = ramp_of(args, tables)
    firsts: dict[int, ClientConnection | None] = dict.fromkeys(mine)
    if not tally.ramp:
        firsts = dict(zip(mine, await asyncio.gather(*(seated(i) for i in mine)), strict=True))
    started = tally.started = await go()
    stop_at = started + args.seconds
    cpu_before = time.process_time()
    await asyncio.gather(
        watch_lag(stop_at, tally.lags),
        *(
            person(
                http,
                cookie,
                i,
                firsts[i],
                args=args,
                stop_at=stop_at,
                tally=tally,
                # Evenly over the ramp, as a load tester's spawn rate brings them.
                arrive_at=started + tally.ramp * i / tables,
            )
            for i, (http, cookie) in people.items()
        ),
    )
    tally.client_cpu = time.process_time() - cpu_before
    return tally


async def load_round(
    bases: list[str], pids: list[int], args: argparse.Namespace, tables: int
) -> tuple[Tally, float, float]:
    """Sign ``tables`` players in (not timed), then run them and the REST probe for
    ``args.seconds``; returns the tally, and the actions stored per second meanwhile and the
    seconds it lasted."""
    at: dict[str, Any] = {}
    clock = asyncio.Event()
    ramp = ramp_of(args, tables)

    async def start() -> float:
        # Everybody ready: what the server had done so far, then the clock.
        at["snapshot"] = await asyncio.to_thread(snapshot, bases)
        at["cpu"] = cpu_seconds(pids)
        at["started"] = time.monotonic()
        clock.set()
        return float(at["started"])

    async def ramp_ended() -> None:
        # What the server had done when the last person arrived: the steady evening's
        # figures are the round's minus these.
        await clock.wait()
        if not ramp:
            return
        await asyncio.sleep(max(0.0, at["started"] + ramp - time.monotonic()))
        at["ramp"] = (cpu_seconds(pids), await asyncio.to_thread(snapshot, bases))

    async def probe() -> None:
        await clock.wait()
        await probe_elsewhere(bases, args.seconds, args.probe_rate, probed)

    probed = Tally()
    tally, *_ = await asyncio.gather(
        in_parts(bases, args, tables, "meeple", start), ramp_ended(), probe()
    )
    tally.rest, tally.errors = probed.rest, tally.errors + probed.errors
    seconds = time.monotonic() - at["started"]
    cpu = cpu_seconds(pids) - at["cpu"]
    before = at["snapshot"]
    after = await asyncio.to_thread(snapshot, bases)
    stored = max(1.0, after.actions - before.actions)
    tally.cpu = cpu / stored
    tally.client_cpu /= stored
    tally.gc = since(after.gc, before.gc)
    tally.stages = since(after.stages, before.stages)
    tally.holds = (after.holds[0] - before.holds[0], after.holds[1] - before.holds[1])
    tally.inside = {k: v - before.inside.get(k, 0.0) for k, v in after.inside.items()}
    if "ramp" in at:
        ramp_cpu, ramp = at["ramp"]
        tally.steady_cpu = (cpu - (ramp_cpu - at["cpu"])) / max(1.0, after.actions - ramp.actions)
        tally.steady_inside = {k: v - ramp.inside.get(k, 0.0) for k, v in after.inside.items()}
    return tally, (after.actions - before.actions) / seconds, seconds


Go = Callable[[], Awaitable[float]]
"""Waits until every client process is ready and returns the moment the clock starts
(``time.monotonic``, which every process on the machine shares)."""


async def in_parts(
    bases: list[str], args: argparse.Namespace, tables: int, kind: str, start: Go
) -> Tally:
    """The clients of a round (``kind``: ``meeple`` or ``echo``), in this process or spread
    over ``args.clients`` processes of their own (so that no one event loop of the clients
    is so busy that its lag is most of what the trips measure); their tallies merged, with
    their summed CPU seconds in ``client_cpu``."""
    run = crowd if kind == "meeple" else echo_crowd
    if args.clients == 1:

        async def quietly() -> float:
            quiet_gc()
            return await start()

        try:
            return await run(bases, args, tables, 0, quietly)
        finally:
            gc.unfreeze()
            gc.enable()
    spec = json.dumps({"bases": bases, "args": vars(args), "tables": tables, "kind": kind})
    children = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            __file__,
            "--clients-part",
            str(part),
            spec,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        for part in range(args.clients)
    ]
    try:
        for child in children:  # each says when its people are signed in and seated
            assert child.stdout is not None
            if (await child.stdout.readline()).strip() != b"ready":
                raise RuntimeError(f"a client process failed to start ({kind})")
        started = await start()
        for child in children:
            assert child.stdin is not None
            child.stdin.write(f"{started!r}\n".encode())
            await child.stdin.drain()
        merged = Tally(started=started, ramp=ramp_of(args, tables))
        for child in children:
            out, _ = await child.communicate()
            if child.returncode != 0:
                raise RuntimeError(f"a client process failed ({kind}, exit {child.returncode})")
            part = json.loads(out)
            merged.latencies += part["latencies"]
            merged.moments += part["moments"]
            merged.lags += part["lags"]
            merged.errors += part["errors"]
            merged.client_cpu += part["client_cpu"]
        return merged
    finally:
        for child in children:  # none left behind when one failed
            if child.returncode is None:
                child.kill()
                await child.wait()


def quiet_gc() -> None:
    """No garbage collection in this client process from now on (the round is about to start).

    With the collector on, a process of 250 people spent ~1.2 s of a 15 s row at 500 tables
    in collections (pauses of up to 50 ms for the young generation and 120-160 ms for the
    whole heap, on a busy machine), and each pause was in every trip it timed: the clients'
    lag p99 was 28-34 ms, and so were the trips'. The echo's clients, which keep nothing of
    what they receive, spent ~15 ms. What the people make during a row is mostly freed by
    reference counting; the rest waits for the process's end.
    """
    gc.collect()
    gc.freeze()
    gc.disable()


def clients_part(part: int, spec_text: str) -> None:
    """A client process of :func:`in_parts`: ``ready`` once its people are seated, then the
    clock's start read from standard input, then its tally as JSON."""
    spec = json.loads(spec_text)
    args = argparse.Namespace(**spec["args"])

    async def go() -> float:
        quiet_gc()
        print("ready", flush=True)
        line = await asyncio.to_thread(sys.stdin.readline)
        return float(line)

    run = crowd if spec["kind"] == "meeple" else echo_crowd
    tally = asyncio.run(run(spec["bases"], args, spec["tables"], part, go))
    keys = ("latencies", "moments", "lags", "errors", "client_cpu")
    print(json.dumps({key: getattr(tally, key) for key in keys}), flush=True)


async def echo_round(url: str, args: argparse.Namespace, tables: int) -> Tally:
    """The same clients against a bare echo server (in as many processes)."""

    async def start() -> float:
        return time.monotonic()

    return await in_parts([url], args, tables, "echo", start)


async def echo_crowd(
    bases: list[str], args: argparse.Namespace, tables: int, part: int, go: Go
) -> Tally:
    """This client process's share of the echo's clients (as :func:`crowd` shares the
    people): connected before the clock starts, then, from their moment of the ramp, a
    message out, wait for it back, at the same pace."""
    tally = Tally(ramp=ramp_of(args, tables))
    pacing = Pacing.of(args)
    message = json.dumps({"type": "action", "action": {"type": "pass"}, "version": 1})
    gate = asyncio.Semaphore(20)
    mine = range(part, tables, args.clients)

    async def opened() -> ClientConnection:
        async with gate:
            return await connect(bases[0], open_timeout=30, close_timeout=2)

    sockets = dict(zip(mine, await asyncio.gather(*(opened() for _ in mine)), strict=True))
    tally.started = await go()
    stop_at = tally.started + args.seconds
    cpu_before = time.process_time()

    async def client(index: int, ws: ClientConnection) -> None:
        rng = random.Random(index)
        try:
            if tally.ramp:
                await asyncio.sleep(
                    max(0.0, tally.started + tally.ramp * index / tables - time.monotonic())
                )
            else:
                await asyncio.sleep(rng.random() * pacing.every)
            async with ws:
                last_sent = time.monotonic()
                while time.monotonic() < stop_at:
                    last_sent = time.monotonic()
                    started = time.perf_counter()
                    await ws.send(message)
                    await ws.recv()
                    tally.latencies.append(time.perf_counter() - started)
                    tally.moments.append(last_sent)
                    await asyncio.sleep(pacing.wait(rng, last_sent))
        except Exception as err:
            tally.errors.append(f"echo client {index}: {type(err).__name__}: {err}")

    await asyncio.gather(
        watch_lag(stop_at, tally.lags), *(client(i, ws) for i, ws in sockets.items())
    )
    tally.client_cpu = time.process_time() - cpu_before
    return tally


ECHO_SERVER = """
import asyncio, sys
from websockets.asyncio.server import serve
async def echo(ws):
    async for message in ws:
        await ws.send(message)
async def main():
    async with serve(echo, "127.0.0.1", int(sys.argv[1]), max_size=2**20):
        await asyncio.Future()
asyncio.run(main())
"""


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the values lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Snapshot:
    """What the servers' ``/metrics`` said at one moment, summed over the processes."""

    actions: float = 0.0
    """Actions applied so far (``meeple_actions_total``)."""
    gc: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Garbage collections by generation: (count, seconds) (``meeple_gc_pause_seconds``)."""
    stages: dict[str, tuple[float, float]] = field(default_factory=dict)
    """The stages of people's moves: (count, seconds) (``meeple_move_stage_seconds``,
    meeple/server/trace.py)."""
    holds: tuple[float, float] = (0.0, 0.0)
    """The SQLite log's restarts and the seconds they held the writes back
    (``meeple_wal_hold_seconds``; none on PostgreSQL)."""
    inside: dict[str, float] = field(default_factory=dict)
    """People's moves inside the server(s), from their frame read to their answer written
    (``meeple_move_seconds``): the cumulative count at or under each bucket's bound, by
    bound (``+Inf``: all)."""


HISTOGRAMS = {
    "meeple_gc_pause_seconds": "generation",
    "meeple_move_stage_seconds": "stage",
    "meeple_wal_hold_seconds": "",
}
"""The labelled histograms a :class:`Snapshot` sums by label (count and sum)."""


def snapshot(bases: list[str]) -> Snapshot:
    """Each process's ``/metrics`` read once, and summed (prometheus-client's parser)."""
    found: dict[str, dict[str, list[float]]] = {name: {} for name in HISTOGRAMS}
    snap = Snapshot()
    for base in bases:
        text = httpx.get(f"{base}/metrics", timeout=30).text
        for family in text_string_to_metric_families(text):
            label = HISTOGRAMS.get(family.name)
            for sample in family.samples:
                if sample.name == "meeple_actions_total":
                    snap.actions += sample.value
                elif sample.name == "meeple_move_seconds_bucket":
                    bound = sample.labels["le"]
                    snap.inside[bound] = snap.inside.get(bound, 0.0) + sample.value
                elif label is not None and sample.name.endswith(("_count", "_sum")):
                    key = sample.labels[label] if label else ""
                    index = 0 if sample.name.endswith("_count") else 1
                    found[family.name].setdefault(key, [0.0, 0.0])[index] += sample.value

    def pairs(name: str) -> dict[str, tuple[float, float]]:
        return {key: (count, spent) for key, (count, spent) in found[name].items()}

    snap.gc = pairs("meeple_gc_pause_seconds")
    snap.stages = pairs("meeple_move_stage_seconds")
    snap.holds = pairs("meeple_wal_hold_seconds").get("", (0.0, 0.0))
    return snap


def slower(
    inside: dict[str, float], bounds: tuple[str, ...] = ("0.005", "0.01", "0.05", "0.1")
) -> str:
    """The share of people's moves that took longer than each bound inside the server."""
    total = inside.get("+Inf", 0.0)
    if total <= 0:
        return "-"
    return ", ".join(
        f">{float(b) * 1000:.0f} ms {100 * (total - inside.get(b, total)) / total:.2f}%"
        for b in bounds
    )


def since(
    after: dict[str, tuple[float, float]], before: dict[str, tuple[float, float]]
) -> dict[str, tuple[float, float]]:
    """What a histogram's (count, sum) by label grew by between two readings."""
    return {
        key: (count - before.get(key, (0, 0))[0], spent - before.get(key, (0, 0))[1])
        for key, (count, spent) in after.items()
    }


def wait_up(url: str, seconds: float = 60) -> None:
    """Until ``url`` answers."""
    end = time.monotonic() + seconds
    while True:
        try:
            httpx.get(url, timeout=5).raise_for_status()
            return
        except httpx.HTTPError:
            if time.monotonic() > end:
                raise
            time.sleep(0.1)


@contextmanager
def services(args: argparse.Namespace) -> Iterator[tuple[str | None, str | None]]:
    """(PostgreSQL URL, Redis URL) of servers of our own when several processes are asked for,
    (None, None) for one process on SQLite."""
    if args.processes == 1 and not args.postgres:
        yield None, None
        return
    folder = Path(tempfile.mkdtemp(prefix="meeple-load-services-"))
    folder.chmod(0o755)
    postgres, redis = Postgres(folder / "pg"), Redis(folder / "redis")
    postgres.start()
    redis.start()
    try:
        yield postgres.url, redis.url
    finally:
        redis.stop()
        postgres.stop()
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def served(
    args: argparse.Namespace, postgres: str | None, redis: str | None, round_number: int
) -> Iterator[tuple[list[str], list[int]]]:
    """``meeple serve`` processes on free ports with a new database; yields their addresses."""
    folder = Path(tempfile.mkdtemp(prefix="meeple-load-"))
    if postgres is None:
        db = f"sqlite:///{folder / 'load.sqlite'}"
    else:
        import sqlalchemy  # noqa: PLC0415

        name = f"load_{os.getpid()}_{round_number}"
        admin = sqlalchemy.create_engine(postgres, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(sqlalchemy.text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        db = postgres.rsplit("/", 1)[0] + "/" + name
    delay = str(SLOW if args.pace else 0.0)
    servers: list[subprocess.Popen[bytes]] = []
    bases: list[str] = []
    try:
        for index in range(args.processes):
            port = free_port()
            command = [
                sys.executable, "-m", "meeple", "serve", "--port", str(port), "--db", db,
                "--bot-delay", delay,
            ]  # fmt: skip
            # Every client comes from this one address, each a guest with sockets and tables.
            command += generous_limits()
            if args.pace:
                # Bots' waits vary around the delay (the server's default), except in the herd.
                command += ["--bot-jitter", "0" if args.herd else "0.5"]
            if redis is not None:
                command += ["--redis", redis]
            if args.sqlite_sync is not None:
                command += ["--sqlite-sync", args.sqlite_sync]
            if args.sqlite_commits is not None:
                command += ["--sqlite-commits", args.sqlite_commits]
            log = (folder / f"server{index}.log").open("w")
            servers.append(subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT))
            bases.append(f"http://127.0.0.1:{port}")
            # One at a time: the first creates the database's tables.
            wait_up(f"{bases[-1]}/healthz")
        yield bases, [server.pid for server in servers]
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        keep = False
        for log_file in folder.glob("server*.log"):
            errors = [line for line in log_file.read_text().splitlines() if "Traceback" in line]
            if errors:
                print(f"  ({len(errors)} tracebacks in {log_file})", flush=True)
                keep = True
        if not keep:  # a database of hundreds of MB a round; kept only with logs to read
            shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def echo_server() -> Iterator[str]:
    """A bare websocket echo server in its own process; yields its address."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", ECHO_SERVER, str(port)])
    try:
        end = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port)):
                    break
            except OSError:
                if time.monotonic() > end:
                    raise
                time.sleep(0.05)
        yield f"ws://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait()


def ms(values: list[float], share: float) -> str:
    """A percentile in milliseconds, or '-'."""
    if not values:
        return "-"
    value = statistics.median(values) if share == 0.5 else percentile(values, share)
    return f"{value * 1000:.1f}"


def generous_limits() -> list[str]:
    """Options that lift the server's limits on one address (guests, sockets, tables), when
    the server has them (an older one, measured for comparison, has none)."""
    shown = subprocess.run(
        [sys.executable, "-m", "meeple", "serve", "--help"],
        capture_output=True, text=True, check=True,
        env={**os.environ, "COLUMNS": "200"},
    ).stdout  # fmt: skip
    if "--guests-per-hour" not in shown:
        return []
    return [
        "--guests-per-hour", "1000000", "--sockets-per-address", "1000000",
        "--sockets-per-player", "1000", "--open-tables", "1000", "--bot-tables", "1000",
    ]  # fmt: skip


def main() -> None:
    """Load fresh servers with each table count in turn, printing a row for each."""
    if sys.argv[1:2] == ["--probe"]:  # the REST probe's own process (probe_elsewhere)
        seconds, rate, *bases = sys.argv[2:]
        print(json.dumps(asyncio.run(rest_probe(bases, float(seconds), float(rate)))))
        return
    if sys.argv[1:2] == ["--clients-part"]:  # a client process of in_parts
        clients_part(int(sys.argv[2]), sys.argv[3])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", help="default 50 200 500; 2000 --pace")
    parser.add_argument("--seconds", type=float, help="time per row (default 15; 60 with --pace)")
    parser.add_argument("--level", default="random", help="the bots' level")
    parser.add_argument("--pace", action="store_true", help="a realistic evening (see above)")
    parser.add_argument(
        "--ramp", type=float, help="--pace: seconds over which people arrive (tables / 100)"
    )
    parser.add_argument(
        "--think", type=float, nargs=2, default=[1.0, 3.0], metavar=("LOW", "HIGH"),
        help="--pace: a person thinks between LOW and HIGH seconds (evenly drawn)",
    )  # fmt: skip
    parser.add_argument(
        "--herd", action="store_true", help="--pace as it was: all at once, in step (see above)"
    )
    parser.add_argument("--processes", type=int, default=1, help="on PostgreSQL + Redis if > 1")
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL even for one process")
    parser.add_argument("--no-echo", action="store_true", help="skip the echo server's rows")
    parser.add_argument(
        "--clients",
        type=int,
        default=2,
        help="client processes the people are spread over (default 2; see above)",
    )
    parser.add_argument(
        "--probe-rate", type=float, default=PROBE_RATE,
        help="the REST probe's asks a second (default 2; see PROBE_RATE)",
    )  # fmt: skip
    parser.add_argument(
        "--sqlite-sync", choices=["normal", "full"], help="meeple serve --sqlite-sync (SQLite)"
    )
    parser.add_argument(
        "--sqlite-commits", choices=["loop", "thread"], help="meeple serve --sqlite-commits"
    )
    args = parser.parse_args()
    args.tables = args.tables or ([2000] if args.pace else [50, 200, 500])
    args.seconds = args.seconds or (60.0 if args.pace else 15.0)
    if args.herd and not args.pace:
        parser.error("--herd is a kind of --pace")
    if args.clients < 1:
        parser.error("--clients is 1 or more")
    if not 0 < args.probe_rate <= 100:
        parser.error("--probe-rate is more than 0 and at most 100")
    header(args)
    with services(args) as (postgres, redis):
        for number, tables in enumerate(args.tables):
            # Servers of their own for each row: the tables a row leaves unfinished would
            # otherwise be played on by bots (their player gone) and load the next row.
            with served(args, postgres, redis, number) as (bases, pids):
                tally, rate, _ = asyncio.run(load_round(bases, pids, args, tables))
            echo = Tally()
            if not args.no_echo:
                with echo_server() as url:
                    echo = asyncio.run(echo_round(url, args, tables))
            row(tables, rate, tally, echo)


def header(args: argparse.Namespace) -> None:
    """What the figures were measured on."""
    mode = "full speed"
    if args.pace and args.herd:
        mode = f"paced as a herd (all at once; people think and bots wait exactly {SLOW:.0f} s)"
    elif args.pace:
        ramp = f"{args.ramp:.0f} s" if args.ramp is not None else f"{SPAWN:.0f} a second"
        mode = (
            f"paced (people arrive over a ramp of {ramp} and think {args.think[0]:g}–"
            f"{args.think[1]:g} s; bots wait {SLOW / 2:g}–{SLOW * 1.5:g} s)"
        )
    where = (
        f"{args.processes} processes on PostgreSQL + Redis"
        if args.processes > 1
        else ("1 process on PostgreSQL" if args.postgres else "1 process on SQLite")
    )
    if args.sqlite_sync is not None and args.processes == 1 and not args.postgres:
        where += f" (--sqlite-sync {args.sqlite_sync})"
    if args.sqlite_commits is not None and args.processes == 1 and not args.postgres:
        where += f" (--sqlite-commits {args.sqlite_commits})"
    load = os.getloadavg()[0]
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores "
          f"(load average {load:.1f} before), Python {platform.python_version()}; "
          f"{where}; bots: {args.level}, {mode}; {args.seconds:.0f} s a row; "
          f"clients in {args.clients} process{'es' if args.clients > 1 else ''}; "
          f"REST probe {args.probe_rate:g} a second")  # fmt: skip
    print(
        f"{'tables':>6} {'actions/s':>9} {'trips':>6} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'echo p50':>8} {'echo p99':>8} {'×p50':>5} {'×p99':>5} "
        f"{'lobby p99':>9} {'table p99':>9} {'errors':>6} {'cpu/act':>7} {'lag p99':>7}"
    )


def row(tables: int, rate: float, tally: Tally, echo: Tally) -> None:
    """One table count's figures."""
    ratio50 = ratio99 = "-"
    if tally.latencies and echo.latencies:
        ratio50 = f"{statistics.median(tally.latencies) / statistics.median(echo.latencies):.1f}"
        ratio99 = f"{percentile(tally.latencies, 0.99) / percentile(echo.latencies, 0.99):.1f}"
    errors = len(tally.errors) + len(echo.errors)
    print(
        f"{tables:>6} {rate:>9.0f} {len(tally.latencies):>6} {ms(tally.latencies, 0.5):>7} "
        f"{ms(tally.latencies, 0.99):>7} {ms(echo.latencies, 0.5):>8} "
        f"{ms(echo.latencies, 0.99):>8} {ratio50:>5} {ratio99:>5} "
        f"{ms(tally.rest['list'], 0.99):>9} {ms(tally.rest['table'], 0.99):>9} {errors:>6} "
        f"{tally.cpu * 1000:>7.2f} {ms(tally.lags, 0.99):>7}",
        flush=True,
    )
    if tally.client_cpu:
        # The clients share the machine's cores with the server: what each of them took.
        print(
            f"  CPU: the server {tally.cpu * rate:.2f} of a core, the load generator "
            f"{tally.client_cpu * rate:.2f} ({tally.client_cpu * 1000:.2f} ms an action stored)",
            flush=True,
        )
    if tally.rest["list"]:
        # With ~30 asks of each, "p99" is the slowest ask: the spread says whether it was one.
        spread = "; ".join(
            f"{name} p50 {ms(asks, 0.5)}, p90 {ms(asks, 0.9)}, slowest {max(asks) * 1000:.1f} "
            f"(the first {asks[0] * 1000:.1f})"
            for name, asks in (("lobby", tally.rest["list"]), ("table", tally.rest["table"]))
            if asks
        )
        print(f"  REST probe, ms: {spread}", flush=True)
    if tally.gc:
        collections = ", ".join(
            f"gen {generation} {count:.0f}× {spent * 1000:.0f} ms"
            for generation, (count, spent) in sorted(tally.gc.items())
        )
        print(f"  garbage collections in the server(s): {collections}", flush=True)
    if tally.holds[0]:
        print(
            f"  the SQLite log restarted {tally.holds[0]:.0f}×, holding the writes back "
            f"{tally.holds[1] * 1000:.0f} ms in all",
            flush=True,
        )
    if tally.stages:
        # In the server's order (meeple/server/trace.py), each stage's mean.
        order = ["receive", "lock", "apply", "queued", "commit", "resume", "views", "send"]
        means = [
            f"{stage} {spent / count * 1000:.2f}"
            for stage in sorted(tally.stages, key=lambda s: order.index(s) if s in order else 99)
            if (count := tally.stages[stage][0]) > 0 and (spent := tally.stages[stage][1]) >= 0
        ]
        print(f"  a person's move in the server(s), mean ms: {', '.join(means)}", flush=True)
    if tally.inside:
        # Whether the slowest trips were slow inside the server (frame read to answer
        # written) or outside it (the clients' loop, the sockets, the machine).
        print(f"  moves slower inside the server(s): {slower(tally.inside)}", flush=True)
    if tally.ramp:
        # Once everybody is there: the steady evening, without the arrivals.
        steady, echo_steady = tally.after_ramp(), echo.after_ramp()
        ratio = "-"
        if steady and echo_steady:
            ratio = f"{percentile(steady, 0.99) / percentile(echo_steady, 0.99):.1f}"
        print(
            f"  after the ramp (from {tally.ramp:.0f} s): {len(steady)} trips, p50 "
            f"{ms(steady, 0.5)} ms, p99 {ms(steady, 0.99)} ms; echo p99 {ms(echo_steady, 0.99)} "
            f"ms (×{ratio}); server cpu/act {tally.steady_cpu * 1000:.2f} ms; slower inside "
            f"the server: {slower(tally.steady_inside)}",
            flush=True,
        )
    for error in (tally.errors + echo.errors)[:5]:
        print(f"  {error}", flush=True)


if __name__ == "__main__":
    main()
