"""One client spamming the server up to its limits: the server's memory stays flat.

    python benchmarks/server_spam.py [--seconds 120] [--open-table-minutes 0.5]

Starts ``meeple serve`` with its default limits (SQLite in a temporary folder, the default two
bot workers), except ``--open-table-minutes``, short so that open tables expire during the run.
Then one client, from one address, does as much as it is let: it makes guests as fast as it
can, and with each guest it was given it makes open tables and tables of ``hard`` bots (it sits
at none of those) until it is refused; it also sends a 1 MB body now and then. Every second the
server's resident memory (VmRSS of the server process; its bot workers are counted apart) is
sampled. It prints the memory at the start, the peak and the end, and what was made and what
refused. Figures depend on the machine: this prints them, it never judges them.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections import Counter
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.serving import rss_mib, served, tables_live

HARD = {"kind": "bot", "level": "hard"}
OPEN = {"game": "cafe", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
BOTS = {"game": "cafe", "players": 2, "seats": [HARD, HARD]}


def children_rss(pid: int) -> float:
    """The resident memory of the process's children (the bot workers), in MiB."""
    total = 0.0
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        with contextlib.suppress(OSError, RuntimeError):  # gone meanwhile
            total += rss_mib(int(child))
    return total


def spam(client: httpx.Client, tally: Counter[str], guests: list[str]) -> None:
    """One round: a new guest (if let), then tables with every guest until refused."""
    client.cookies.clear()
    answer = client.post("/api/guest", json={"name": "spam"})
    tally[f"guest {answer.status_code}"] += 1
    if answer.status_code == 200:
        guests.append(answer.cookies["meeple_session"])
    for token in guests:
        client.cookies.clear()
        headers = {"cookie": f"meeple_session={token}"}
        for kind, body in (("open table", OPEN), ("bot table", BOTS)):
            answer = client.post("/api/tables", json=body, headers=headers)
            tally[f"{kind} {answer.status_code}"] += 1
    big = client.post(
        "/api/guest", content=b"[" * 1_000_000, headers={"content-type": "application/json"}
    )
    tally[f"1 MB body {big.status_code}"] += 1


def main() -> None:
    """Spam the server and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--open-table-minutes", type=float, default=0.5)
    args = parser.parse_args()
    tally: Counter[str] = Counter()
    guests: list[str] = []
    expiry = ["--open-table-minutes", str(args.open_table_minutes)]
    with served("spam", *expiry) as (server, client):
        time.sleep(2.0)  # the bot workers start and warm up
        start = peak = rss_mib(server.pid)
        print(f"{'s':>5} {'RSS MiB':>8} {'workers MiB':>12} {'tables in memory':>17}")
        began = time.monotonic()
        sampled = began
        while (now := time.monotonic()) < began + args.seconds:
            spam(client, tally, guests)
            rss = rss_mib(server.pid)
            peak = max(peak, rss)
            if now - sampled >= 10:
                sampled = now
                print(
                    f"{now - began:>5.0f} {rss:>8.1f} {children_rss(server.pid):>12.1f} "
                    f"{tables_live(client):>17}",
                    flush=True,
                )
        end = rss_mib(server.pid)
        print(
            f"RSS start {start:.1f} MiB, peak {peak:.1f}, end {end:.1f} ({end - start:+.1f}) "
            f"over {args.seconds:.0f} s; tables in memory at the end: {tables_live(client)}"
        )
        for what, count in sorted(tally.items()):
            print(f"  {what}: {count}")


if __name__ == "__main__":
    main()
