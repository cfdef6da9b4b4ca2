"""Real servers for the tests: a PostgreSQL and a Redis of our own, started and stopped by
the tests.

The server is Debian's ``postgresql`` package (``make test`` installs it, as it installs chromium).
Each test session makes a cluster in a temporary folder (``initdb``), starts it on a free port
with its socket in that folder, and stops it at the end: nothing outside the folder is touched
and no system service is needed. PostgreSQL refuses to run as root, so as root (CI) the cluster
belongs to the ``postgres`` user the package creates, and the commands run as that user.

Redis is Debian's ``redis-server`` (also installed by ``make test``): one server per test
session, run as the current user in a temporary folder on a free port, nothing saved to disk.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import time
from pathlib import Path

PG_ROOT = Path("/usr/lib/postgresql")


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def pg_bin() -> Path:
    """The newest installed PostgreSQL's programs (initdb, pg_ctl)."""
    versions = sorted(
        (p for p in PG_ROOT.glob("*/bin") if (p / "initdb").exists()),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
    )
    if not versions:
        raise AssertionError(
            "PostgreSQL is not installed: `make test` installs Debian's postgresql package"
        )
    return versions[-1]


class Postgres:
    """A throw-away PostgreSQL cluster in ``folder``; ``url`` reaches it as a superuser."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()
        self.bin = pg_bin()
        self.user = "postgres" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
        self.url = f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        result = subprocess.run(
            [*prefix, *command], capture_output=True, text=True, check=False, timeout=120
        )
        if result.returncode != 0:
            raise AssertionError(f"{command[0]} failed: {result.stdout}{result.stderr}")

    def start(self) -> None:
        """Make the cluster and start it; returns when it accepts connections."""
        self.folder.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "-U", self.user,
            "--auth=trust", "--encoding=UTF8", "--no-sync",
        )  # fmt: skip
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
            "-c max_connections=200"
        )
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"),
            "-o", options, "-w", "-t", "60", "start",
        )  # fmt: skip
        end = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                if time.monotonic() > end:
                    raise
                time.sleep(0.1)

    def stop(self) -> None:
        """Stop the cluster at once (its folder is thrown away)."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")


class Redis:
    """A throw-away Redis in ``folder`` on a free port; ``url`` reaches it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server; returns when it accepts connections."""
        program = shutil.which("redis-server") or "/usr/bin/redis-server"
        if not Path(program).exists():
            raise AssertionError(
                "Redis is not installed: `make test` installs Debian's redis-server package"
            )
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [
                program, "--port", str(self.port), "--bind", "127.0.0.1",
                "--dir", str(self.folder), "--save", "", "--appendonly", "no",
                "--daemonize", "no", "--logfile", str(self.folder / "log"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        end = time.monotonic() + 30
        while True:
            if self.process.poll() is not None:
                log = (self.folder / "log").read_text() if (self.folder / "log").exists() else ""
                raise AssertionError(f"redis-server exited: {log}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                if time.monotonic() > end:
                    raise
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop the server (its folder is thrown away)."""
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None
