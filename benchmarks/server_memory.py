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
import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.serving import rss_mib, served, tables_live


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--batch", type=int, default=25)
    args = parser.parse_args()
    flags = ["--bot-delay", "0", "--bot-workers", "0"]
    # One guest plays --batch tables of bots at once (the limit is 10 by default).
    flags += ["--bot-tables", "1000"]
    with served("memory", *flags) as (server, client):
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


def play(client: httpx.Client, body: dict[str, object], count: int) -> int:
    """Start ``count`` bot tables and wait until every one has finished."""
    ids = [client.post("/api/tables", json=body).json()["id"] for _ in range(count)]
    for table_id in ids:
        while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
            time.sleep(0.05)
    return count


if __name__ == "__main__":
    main()
