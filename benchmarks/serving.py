"""What the single-server benchmarks share (``server_memory.py``, ``server_spam.py``): a
``meeple serve`` of their own to measure, and the figures they read off it."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.services import free_port


@contextmanager
def served(name: str, *flags: str) -> Iterator[tuple[subprocess.Popen[bytes], httpx.Client]]:
    """``meeple serve`` with ``flags`` on a free port, its SQLite database ``name.sqlite`` in
    a new temporary folder, and a client of it once it answers: the server process and the
    client. The server is stopped on leaving."""
    folder = Path(tempfile.mkdtemp(prefix=f"meeple-{name}-"))
    port = free_port()
    command = [
        sys.executable, "-m", "meeple", "serve", "--port", str(port),
        "--db", f"sqlite:///{folder / f'{name}.sqlite'}", *flags,
    ]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
            for _ in range(300):
                try:
                    client.get("/healthz").raise_for_status()
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            yield server, client
    finally:
        server.terminate()
        server.wait()


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
