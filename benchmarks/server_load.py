"""Load on the game server: many tables at once, each a scripted person among bots.

    python benchmarks/server_load.py [--tables 20 50 100] [--seconds 20] [--level random]

Starts ``meeple serve`` in its own process (SQLite in a temporary folder, bots without
delay, so they play as fast as the server lets them), then for each table count opens that
many tables — the five games in turn, seat 0 a scripted client over a real websocket that
moves at most ten times a second (a quick human; the server's rate limit is 20 messages a
second), the other seats bots; a client whose game ends starts another — and plays for the
given time. It prints, per table count, the actions the
server stored per second and the time from sending an action to receiving the ``state`` it
produced (p50 and p99: the server's checks, the database transaction, every seat's view and
the sending, plus two loopback hops). Figures vary with the machine: this prints them, it
never judges them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("buffet", 4, {}),
    ("bison", 3, {}),
    ("cafe", 3, {}),
    ("stirfry", 4, {"target": 50}),
    ("cheese", 4, {}),
]

PACE = 0.1
"""Seconds between a scripted player's moves, at least."""


def free_port() -> int:
    """A port nobody listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def person(base: str, index: int, level: str, stop_at: float, latencies: list[float]) -> int:
    """One scripted player with a table of their own, starting a new game whenever one ends,
    until ``stop_at``. Returns the actions stored at their tables."""
    game, players, options = GAMES[index % len(GAMES)]
    rng = random.Random(index)
    actions = 0
    async with httpx.AsyncClient(base_url=base) as http:
        (await http.post("/api/guest", json={"name": f"load{index}"})).raise_for_status()
        cookie = f"meeple_session={http.cookies['meeple_session']}"
        seats = [{"kind": "human"}] + [{"kind": "bot", "level": level}] * (players - 1)
        body = {"game": game, "players": players, "options": options, "seats": seats}
        while time.monotonic() < stop_at:
            table = (await http.post("/api/tables", json=body)).json()["id"]
            url = base.replace("http", "ws") + f"/ws/tables/{table}"
            actions += await play(url, cookie, rng, stop_at, latencies)
    return actions


async def play(
    url: str, cookie: str, rng: random.Random, stop_at: float, latencies: list[float]
) -> int:
    """Play one table until its game ends or time is up; returns its version then."""
    sent_at: float | None = None
    sent_version = -1
    version = 0
    last_sent = 0.0
    async with connect(
        url, additional_headers={"cookie": cookie}, max_size=2**22, open_timeout=30, close_timeout=2
    ) as ws:
        while time.monotonic() < stop_at:
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=stop_at - time.monotonic())
            except TimeoutError:
                break
            message = json.loads(text)
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
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["is_over"]:
                break
            if message["legal"] and version > sent_version and sent_at is None:
                # A quick human: at most one move every PACE seconds (the server allows a
                # client 20 messages a second).
                await asyncio.sleep(max(0.0, last_sent + PACE - time.monotonic()))
                last_sent = time.monotonic()
                action = rng.choice(message["legal"])
                sent_version = version
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": action, "version": version}))
    return int(version)


async def round_of(base: str, tables: int, seconds: float, level: str) -> tuple[int, list[float]]:
    """Run ``tables`` players (each at a table at a time) for ``seconds``; return (actions
    stored, round trips)."""
    latencies: list[float] = []
    stop_at = time.monotonic() + seconds
    versions = await asyncio.gather(
        *(person(base, i, level, stop_at, latencies) for i in range(tables))
    )
    return sum(versions), latencies


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the sorted values lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    """Load a fresh server with each table count in turn, printing a row for each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 100, 200])
    parser.add_argument("--seconds", type=float, default=20.0, help="time per table count")
    parser.add_argument("--level", default="random", help="the bots' level")
    parser.add_argument(
        "--url", help="load a server that is already running (e.g. under a profiler) instead"
    )
    args = parser.parse_args()
    header(args)
    if args.url:
        for tables in args.tables:
            row(args.url.rstrip("/"), tables, args)
        return
    for tables in args.tables:
        # A server of its own for each row: the tables a row leaves unfinished would
        # otherwise be played on by bots (their player gone) and load the next row.
        with served() as base:
            row(base, tables, args)


@contextmanager
def served() -> Iterator[str]:
    """``meeple serve`` on a free port with a new database; yields its address."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    folder = Path(tempfile.mkdtemp(prefix="meeple-load-"))
    command = [
        sys.executable, "-m", "meeple", "serve", "--port", str(port),
        "--db", f"sqlite:///{folder / 'load.sqlite'}", "--bot-delay", "0",
    ]  # fmt: skip
    with (folder / "server.log").open("w") as log:
        server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        try:
            for _ in range(100):
                try:
                    httpx.get(f"{base}/api/games").raise_for_status()
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            yield base
        finally:
            server.terminate()
            server.wait()


def header(args: argparse.Namespace) -> None:
    """What the figures were measured on."""
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; bots: {args.level}, no delay")  # fmt: skip
    print(f"{'tables':>6} {'actions/s':>10} {'round trips':>11} {'p50 ms':>8} {'p99 ms':>8}")


def row(base: str, tables: int, args: argparse.Namespace) -> None:
    """Load the server at ``base`` with ``tables`` players and print the figures."""
    actions, latencies = asyncio.run(round_of(base, tables, args.seconds, args.level))
    rate = actions / args.seconds
    if not latencies:
        print(f"{tables:>6} {rate:>10.0f} {0:>11} {'-':>8} {'-':>8}")
        return
    p50 = statistics.median(latencies) * 1000
    p99 = percentile(latencies, 0.99) * 1000
    print(f"{tables:>6} {rate:>10.0f} {len(latencies):>11} {p50:>8.1f} {p99:>8.1f}", flush=True)


if __name__ == "__main__":
    main()
