"""Fixtures every test folder may use: real services started for the test session."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.services import Postgres, Redis


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL superuser URL: ``MEEPLE_TEST_POSTGRES`` if set, else a cluster of our own,
    started for the session in a temporary folder and stopped after it."""
    given = os.environ.get("MEEPLE_TEST_POSTGRES")
    if given:
        yield given
        return
    # Not pytest's tmp_path: the cluster's folder must be reachable by the postgres user.
    folder = Path(tempfile.mkdtemp(prefix="meeple-pg-"))
    folder.chmod(0o755)
    server = Postgres(folder / "pg")
    server.start()
    try:
        yield server.url
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A Redis URL: ``MEEPLE_TEST_REDIS`` if set, else a redis-server of our own, started for
    the session in a temporary folder and stopped after it."""
    given = os.environ.get("MEEPLE_TEST_REDIS")
    if given:
        yield given
        return
    folder = Path(tempfile.mkdtemp(prefix="meeple-redis-"))
    server = Redis(folder)
    server.start()
    try:
        yield server.url
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
