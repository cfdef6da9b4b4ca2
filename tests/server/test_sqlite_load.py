"""SQLite under concurrent writers: load slows requests down, it never fails them."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from meeple.server.store import PlayerRow, Store

HOLD = 6.0
"""Seconds the long transaction holds the write lock: more than sqlite3's default 5 s."""


def test_concurrent_writers_wait_instead_of_failing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'busy.sqlite'}"
    stores = [Store(url), Store(url)]  # two pools on one file, like two processes
    failures: list[BaseException] = []
    gate = threading.Barrier(8)

    def work(worker: int) -> None:
        store = stores[worker % 2]
        gate.wait()
        try:
            for i in range(40):
                player_id = f"p_{worker}_{i}"
                store.add_player(PlayerRow(id=player_id, name="x"))
                # A read, then a write in the same transaction: the pattern that failed.
                store.register(player_id, f"u{worker}x{i}", "hash")
                store.add_session(f"{worker:02d}{i:062d}", player_id)
        except BaseException as err:  # the test reports any failure, of any kind
            failures.append(err)

    threads = [threading.Thread(target=work, args=(w,)) for w in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for store in stores:
        store.close()
    assert not failures, failures[:3]
    check = Store(url)
    try:
        with check.session() as s:
            assert s.query(PlayerRow).count() == 8 * 40
    finally:
        check.close()


def test_a_writer_waits_out_a_long_transaction(tmp_path: Path) -> None:
    """Under load a write may wait for seconds behind others: it must wait, not fail with
    "database is locked" (Python's sqlite3 gives up after 5 s unless told otherwise)."""
    url = f"sqlite:///{tmp_path / 'long.sqlite'}"
    store = Store(url)
    store.add_player(PlayerRow(id="p_a", name="a"))
    holding = threading.Event()
    failures: list[BaseException] = []

    def long_writer() -> None:
        with store.session() as s:
            s.add(PlayerRow(id="p_long", name="long"))
            s.flush()  # the write lock is taken now, and held
            holding.set()
            time.sleep(HOLD)

    def waiting_writer() -> None:
        holding.wait(10)
        try:
            store.add_session("f" * 64, "p_a")
        except BaseException as err:  # reported below
            failures.append(err)

    threads = [threading.Thread(target=long_writer), threading.Thread(target=waiting_writer)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert not failures, failures
        assert store.session_player("f" * 64) is not None
    finally:
        store.close()
