"""Memory of a long-running server: RSS before and after many finished games.

    python benchmarks/server_memory.py [--games 1000] [--batch 25]

Starts ``meeple serve`` (SQLite in a temporary folder, bots without delay, no worker
processes), plays ``--games`` games of three random bots (Go da Cheese!, about 60 moves each)
with nobody connected, ``--batch`` at a time, and prints the server's resident memory (VmRSS)
before, after, and after each fifth of the games, with the tables it still holds in memory
(from ``/metrics``). A server that lets go of finished tables stays flat. Figures depend on the
machine: this prints them, it never judges them.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.services import free_port


def rss_mib(pid: int) -> float:
    """The process's resident memory, in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def tables_live(client: httpx.Client) -> int:
    """Tables the server holds in memory, from its metrics."""
    total = 0.0
    for line in client.get("/metrics").text.splitlines():
        if line.startswith("meeple_tables_live{"):
            total += float(line.rsplit(" ", 1)[1])
    return int(total)


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--batch", type=int, default=25)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="meeple-memory-"))
    port = free_port()
    command = [
        sys.executable, "-m", "meeple", "serve", "--port", str(port),
        "--db", f"sqlite:///{folder / 'memory.sqlite'}", "--bot-delay", "0", "--bot-workers", "0",
        # One guest plays --batch tables of bots at once (the limit is 10 by default).
        "--bot-tables", "1000",
    ]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base, timeout=60) as client:
            for _ in range(300):
                try:
                    client.get("/healthz").raise_for_status()
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            client.post("/api/guest", json={"name": "bench"}).raise_for_status()
            body = {
                "game": "cheese",
                "players": 3,
                "seats": [{"kind": "bot", "level": "random"}] * 3,
            }
            # Warm up: the first games load modules and fill caches that stay anyway.
            play(client, body, args.batch)
            before = rss_mib(server.pid)
            print(f"{'games':>6} {'RSS MiB':>8} {'tables in memory':>17}")
            print(f"{0:>6} {before:>8.1f} {tables_live(client):>17}")
            done, step = 0, max(args.batch, args.games // 5)
            start = time.monotonic()
            while done < args.games:
                played = play(client, body, min(args.batch, args.games - done))
                done += played
                if done % step == 0 or done >= args.games:
                    rss = rss_mib(server.pid)
                    print(f"{done:>6} {rss:>8.1f} {tables_live(client):>17}", flush=True)
            after = rss_mib(server.pid)
            took = time.monotonic() - start
            print(
                f"RSS {before:.1f} -> {after:.1f} MiB ({after - before:+.1f}) over {done} "
                f"finished games in {took:.0f} s"
            )
    finally:
        server.terminate()
        server.wait()


def play(client: httpx.Client, body: dict[str, object], count: int) -> int:
    """Start ``count`` bot tables and wait until every one has finished."""
    ids = [client.post("/api/tables", json=body).json()["id"] for _ in range(count)]
    for table_id in ids:
        while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
            time.sleep(0.05)
    return count


if __name__ == "__main__":
    main()
