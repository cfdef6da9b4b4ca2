"""The action writer (meeple/server/store/writer.py): the writes of a moment stored in one
transaction, a person's answered before the bots' of the same commit, one refused write costing
the others nothing; in its thread (PostgreSQL, ``--sqlite-sync full``) the event loop woken once
for the whole batch; on the event loop (SQLite, ``normal``) the writes of one turn committed at
its end, and the log's checkpoints made from a thread of their own, keeping it bounded."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError

from meeple.server.store import (
    OPEN,
    RUNNING,
    ActionRecord,
    ActionWriter,
    Checkpointer,
    PlayerRow,
    SeatSpec,
    StaleVersion,
    Store,
    TableRow,
    add_table_in,
    utcnow,
)


def _tables(store: Store, names: list[str]) -> None:
    for name in names:
        store.add_table(
            TableRow(id=name, game="cafe", players=2, options={}, seed=1, status=RUNNING,
                     turn_seconds=None, response_seconds=30, version=0),
            [],
        )  # fmt: skip


def _recorder(
    writer: ActionWriter, answered: list[str]
) -> Callable[..., Coroutine[Any, Any, None]]:
    """A coroutine function storing a one-move action of a table at a version through
    ``writer``, noting in ``answered`` the table (with " stale" when refused) as answered."""

    async def record(table: str, version: int, *, person: bool = False) -> None:
        by = "human" if person else "bot"
        try:
            await writer.record(ActionRecord(table, version, 0, {"n": 1}, by, "d"), first=person)
            answered.append(table)
        except StaleVersion:
            answered.append(f"{table} stale")

    return record


class _Wakes:
    """Counts the calls into an event loop from other threads (each one wakes the loop)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.count = 0
        original = loop.call_soon_threadsafe

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return original(*args, **kwargs)

        loop.call_soon_threadsafe = counted  # type: ignore[method-assign]


async def _a_batch(writer: ActionWriter) -> tuple[list[str], int, list[int]]:
    loop = asyncio.get_running_loop()
    wakes = _Wakes(loop)
    batches: list[int] = []
    writer.on_batch.append(lambda writes, _seconds: batches.append(writes))
    # The writer's thread is held in a transaction of its own while the next writes queue.
    holding, release = threading.Event(), threading.Event()

    def hold(_conn: Any) -> None:
        holding.set()
        release.wait(10)

    held = asyncio.create_task(writer.run(hold))
    await asyncio.to_thread(holding.wait, 10)
    answered: list[str] = []

    record = _recorder(writer, answered)
    tasks = [
        asyncio.create_task(record("t_bot1", 0)),
        asyncio.create_task(record("t_bot2", 0)),
        asyncio.create_task(record("t_person", 0, person=True)),
        asyncio.create_task(record("t_bot3", 5)),  # not at version 5: refused alone
    ]
    await asyncio.sleep(0.05)  # every write queued behind the held transaction
    wakes.count = 0
    release.set()
    await held
    await asyncio.gather(*tasks)
    return answered, wakes.count, batches


def test_a_moments_writes_are_one_transaction_a_person_answered_first(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'meeple.sqlite'}")
    writer = ActionWriter(store, inline=False)
    try:
        _tables(store, ["t_bot1", "t_bot2", "t_person", "t_bot3"])
        answered, wakes, batches = asyncio.run(_a_batch(writer))
        assert batches == [1, 4]  # the held write alone, then the four queued meanwhile
        assert answered[0] == "t_person"  # first, though queued third
        assert sorted(answered[1:]) == ["t_bot1", "t_bot2", "t_bot3 stale"]
        # The held write's answer and the batch's: one wake-up of the loop each, not one per
        # write (five).
        assert wakes == 2
        for name, version in (("t_bot1", 1), ("t_bot2", 1), ("t_person", 1), ("t_bot3", 0)):
            found = store.table(name)
            assert found is not None and found[0].version == version
    finally:
        writer.close()
        store.close()


def test_the_default_is_the_loop_on_sqlite_normal_the_thread_elsewhere(tmp_path: Path) -> None:
    for sync, inline in (("normal", True), ("full", False)):
        store = Store(f"sqlite:///{tmp_path / f'{sync}.sqlite'}", sqlite_sync=sync)
        try:
            assert ActionWriter(store).inline is inline
        finally:
            store.close()


async def _one_turn(writer: ActionWriter) -> tuple[list[str], int, list[int]]:
    """Bots' writes accepted in one turn of the loop, then one more in a later turn, then a
    person's among bots' in a turn."""
    loop = asyncio.get_running_loop()
    wakes = _Wakes(loop)
    batches: list[int] = []
    writer.on_batch.append(lambda writes, _seconds: batches.append(writes))
    answered: list[str] = []

    record = _recorder(writer, answered)
    turn = [
        record("t_bot1", 0),
        record("t_bot2", 0),
        record("t_bot3", 5),  # not at version 5: refused alone
        record("t_bot4", 0),
    ]
    await asyncio.gather(*turn)  # the four start in the same turn of the loop
    await record("t_bot1", 1)
    answered.append("|")
    # Two bots' writes accepted in this turn, then a person's: stored at once, with the two,
    # without giving the loop a turn (the coroutine ends at its first step).
    bots = [asyncio.create_task(record(name, 1)) for name in ("t_bot2", "t_bot4")]
    await asyncio.sleep(0)  # the bots' tasks have made their writes, not yet stored
    assert batches == [4, 1]
    person = record("t_person", 0, person=True)
    try:
        person.send(None)
        raise AssertionError("a person's write waited for the loop")
    except StopIteration:
        pass
    assert batches == [4, 1, 3]
    await asyncio.gather(*bots)
    return answered, wakes.count, batches


def test_on_the_loop_a_turns_writes_are_one_transaction_a_person_stored_at_once(
    tmp_path: Path,
) -> None:
    # Threads of other tests of the same worker process (their servers' writers) may still be
    # winding down: what counts is that this writer starts none.
    before = set(threading.enumerate())
    store = Store(f"sqlite:///{tmp_path / 'meeple.sqlite'}")
    writer = ActionWriter(store)
    try:
        _tables(store, ["t_bot1", "t_bot2", "t_person", "t_bot3", "t_bot4"])
        answered, wakes, batches = asyncio.run(_one_turn(writer))
        assert writer.inline
        assert batches == [4, 1, 3]  # a turn's four together, the later one alone, the three
        assert sorted(answered[:4]) == ["t_bot1", "t_bot2", "t_bot3 stale", "t_bot4"]
        assert answered[4:] == ["t_bot1", "|", "t_person", "t_bot2", "t_bot4"]
        assert wakes == 0  # no other thread answered anything
        started = set(threading.enumerate()) - before
        assert not any(t.name == "action-writer" for t in started)
        for name, version in (("t_bot1", 2), ("t_bot2", 2), ("t_person", 1), ("t_bot3", 0)):
            found = store.table(name)
            assert found is not None and found[0].version == version
            assert len(store.actions(name)) == version
    finally:
        writer.close()
        store.close()


def test_on_the_loop_a_refused_write_costs_the_others_nothing(tmp_path: Path) -> None:
    """A write the database refuses (a table whose id exists) in the same transaction as two
    actions: the actions are stored, the refused write alone gets the database's error."""
    store = Store(f"sqlite:///{tmp_path / 'meeple.sqlite'}")
    writer = ActionWriter(store)
    _tables(store, ["t_a", "t_b"])
    row = store.table("t_a")
    assert row is not None

    async def turn() -> list[Any]:
        return await asyncio.gather(
            writer.record(ActionRecord("t_a", 0, 0, {"n": 1}, "bot", "d")),
            writer.run(lambda conn: add_table_in(conn, row[0], [])),
            writer.record(ActionRecord("t_b", 0, 0, {"n": 1}, "bot", "d")),
            return_exceptions=True,
        )

    try:
        first, refused, second = asyncio.run(turn())
        assert first is None and second is None
        assert isinstance(refused, IntegrityError)
        for name in ("t_a", "t_b"):
            found = store.table(name)
            assert found is not None and found[0].version == 1
    finally:
        writer.close()
        store.close()


def test_on_the_loop_new_tables_are_stored_through_the_driver_as_add_table_in_stores_them(
    tmp_path: Path,
) -> None:
    """New tables and actions of one turn go through SQLite's driver (no statement of
    SQLAlchemy's: about 0.8 ms a table on the loop), and the rows stored are those
    :func:`add_table_in` stores; a new table whose id exists is refused alone."""
    fast = Store(f"sqlite:///{tmp_path / 'fast.sqlite'}")
    plain = Store(f"sqlite:///{tmp_path / 'plain.sqlite'}")
    writer = ActionWriter(fast)
    statements: list[str] = []
    event.listen(fast.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    _tables(fast, ["t_a"])
    for store in (fast, plain):
        store.add_player(PlayerRow(id="p_1", name="Aki"))
    created = utcnow()
    tables = [
        TableRow(id=f"t_{game}", game=game, players=3, options=options, seed=2**62 + 1,
                 status=status, turn_seconds=turn, response_seconds=30, version=0,
                 digest=digest, created=created, rated=rated)
        for game, options, status, turn, digest, rated in (
            ("cafe", {}, RUNNING, None, "d" * 64, False),
            ("stirfry", {"target": 50}, OPEN, 60, None, True),
        )
    ]  # fmt: skip
    seats = [SeatSpec("human", None, "p_1"), SeatSpec("bot", "random"), SeatSpec("human")]

    async def turn() -> list[Any]:
        return await asyncio.gather(
            writer.record(ActionRecord("t_a", 0, 0, {"n": 1}, "bot", "d")),
            *(writer.add_table(table, seats) for table in tables),
            return_exceptions=True,
        )

    try:
        before = len(statements)
        assert asyncio.run(turn()) == [None, None, None]
        assert statements[before:] == []  # the driver's own statements only
        with plain.engine.begin() as conn:
            for table in tables:
                add_table_in(conn, table, seats)
        for table in tables:
            ours, theirs = fast.table(table.id), plain.table(table.id)
            assert ours is not None and theirs is not None
            columns = TableRow.__table__.columns.keys()
            assert {c: getattr(ours[0], c) for c in columns} == {
                c: getattr(theirs[0], c) for c in columns
            }
            assert [vars(s) | {"_sa_instance_state": None} for s in ours[1]] == [
                vars(s) | {"_sa_instance_state": None} for s in theirs[1]
            ]
        found = fast.table("t_a")
        assert found is not None and found[0].version == 1
        refused = asyncio.run(turn())  # t_a is at 1 now, and the tables exist
        assert isinstance(refused[0], StaleVersion)
        assert all(isinstance(r, IntegrityError) for r in refused[1:])
    finally:
        writer.close()
        fast.close()
        plain.close()


def test_held_writes_wait_without_stopping_the_loop_then_are_stored(tmp_path: Path) -> None:
    """While a checkpoint restarts the log (ActionWriter.hold), the writes of the loop wait;
    the loop goes on meanwhile; released from another thread, they are stored, and the time
    they were held is reported (``meeple_wal_hold_seconds``)."""
    store = Store(f"sqlite:///{tmp_path / 'meeple.sqlite'}")
    writer = ActionWriter(store)
    holds: list[float] = []
    writer.on_hold.append(holds.append)
    _tables(store, ["t_a"])

    async def held() -> tuple[bool, int]:
        writer.hold(True)
        write = asyncio.create_task(writer.record(ActionRecord("t_a", 0, 0, {}, "bot", "d")))
        ticks = 0
        for _ in range(20):  # the loop turns while the write waits
            await asyncio.sleep(0.005)
            ticks += 1
        waited = not write.done()
        threading.Thread(target=writer.hold, args=(False,)).start()
        await asyncio.wait_for(write, 5)
        return waited, ticks

    try:
        waited, ticks = asyncio.run(held())
        assert waited and ticks == 20
        assert len(holds) == 1 and holds[0] >= 0.09  # 20 turns of at least 5 ms
        found = store.table("t_a")
        assert found is not None and found[0].version == 1
    finally:
        writer.close()
        store.close()


def test_the_loops_connections_leave_checkpoints_to_the_checkpointer(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'meeple.sqlite'}")
    writer = ActionWriter(store)
    _tables(store, ["t_a"])

    def autocheckpoint() -> int:
        with store.engine.connect() as conn:
            return int(conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar_one())

    try:
        assert autocheckpoint() == 1000  # SQLite's own, until the writer's first write
        asyncio.run(writer.record(ActionRecord("t_a", 0, 0, {}, "bot", "d")))
        assert writer.checkpointer is not None
        assert autocheckpoint() == 0
        writer.close()
        assert autocheckpoint() == 1000  # given back
    finally:
        writer.close()
        store.close()


@pytest.mark.parametrize("cut", [False, True])
def test_the_logs_file_is_cut_by_the_checkpointer_never_by_a_commit_on_the_loop(
    tmp_path: Path, cut: bool
) -> None:
    """SQLite cuts a log's file back to ``journal_size_limit`` in the first commit after the
    log started over: for a file of tens of MB, 10-14 ms of a commit on the event loop, every
    few seconds at full speed. The loop's connections leave the file as it is (the log is
    written again from its start); the restarting checkpoint cuts it, in its own thread, when
    it is past the checkpointer's ``keep_bytes`` (``cut``)."""
    store = Store(f"sqlite:///{tmp_path / 'meeple.sqlite'}")
    writer = ActionWriter(store)
    names = [f"t_{i}" for i in range(20)]
    _tables(store, names)
    sizes: dict[str, int] = {}

    async def grow_restart_commit() -> Checkpointer:
        await writer.record(ActionRecord(names[0], 0, 0, {}, "bot", "d"))
        checkpointer = writer.checkpointer
        assert checkpointer is not None
        checkpointer.stop()  # the server's: replaced by one whose clock never ticks here
        keep = 4 * 1024 * 1024 if cut else 64 * 1024 * 1024
        ours = Checkpointer(
            checkpointer.path, hold=writer.hold, every=3600, restart_bytes=1024 * 1024,
            keep_bytes=keep,
        )  # fmt: skip
        ours.start()
        writer.checkpointer = ours
        versions = dict.fromkeys(names, 0)
        versions[names[0]] = 1
        step = 0
        while ours.wal_bytes() < 10 * 1024 * 1024:  # past SQLite's 8 MB that the loop once kept
            await asyncio.gather(*(
                writer.record(ActionRecord(name, versions[name], 0, {"step": step}, "bot", "d"))
                for name in names
            ))  # fmt: skip
            for name in names:
                versions[name] += 1
            step += 1
        sizes["grown"] = ours.wal_bytes()
        await asyncio.to_thread(ours.checkpoint)
        sizes["restarted"] = ours.wal_bytes()
        await writer.record(ActionRecord(names[1], versions[names[1]], 0, {}, "bot", "d"))
        sizes["committed"] = ours.wal_bytes()
        return ours

    try:
        ours = asyncio.run(grow_restart_commit())
        assert ours.restarts == 1
        if cut:
            assert ours.cuts == 1
            assert sizes["restarted"] == 0  # cut in the checkpointer's thread
            assert 0 < sizes["committed"] < 1024 * 1024  # the log begins again
        else:
            assert ours.cuts == 0
            # The commit after the restart wrote at the file's start and left its size.
            assert sizes["restarted"] == sizes["committed"] == sizes["grown"]
        found = store.table(names[1])
        assert found is not None and found[0].version > 1
    finally:
        writer.close()
        store.close()


@pytest.mark.parametrize("checkpoints", [True, False])
def test_checkpoints_keep_the_log_bounded_under_steady_writes(
    tmp_path: Path, checkpoints: bool
) -> None:
    """Commits on the loop, one after the other with no pause (so that a passive checkpoint
    never finds the log wholly copied): checkpoints in another thread, concurrent with the
    writes, restart the log past its limit, so the log's file stays near that size; without
    them (the control), it grows with every commit, 20 pages a commit of 20 actions.

    The checkpoints come every 10 commits, not on the checkpointer's clock: a thread's clock
    depends on what else the machine runs (at load 6-8 a starved checkpointer thread once let
    the log reach 32 MB), a count of commits does not."""
    store = Store(f"sqlite:///{tmp_path / 'meeple.sqlite'}")
    writer = ActionWriter(store)
    names = [f"t_{i}" for i in range(20)]
    _tables(store, names)
    limit = 256 * 1024
    biggest = 0

    async def steady() -> None:
        nonlocal biggest
        await writer.record(ActionRecord(names[0], 0, 0, {}, "bot", "d"))
        checkpointer = writer.checkpointer
        assert checkpointer is not None
        checkpointer.stop()  # the server's: replaced by one of a small limit, or none
        ours = Checkpointer(checkpointer.path, hold=writer.hold, every=3600, restart_bytes=limit)
        ours.start()  # its connection; its clock never ticks in this test
        writer.checkpointer = ours
        running: asyncio.Future[int] | None = None
        versions = dict.fromkeys(names, 0)
        versions[names[0]] = 1
        for step in range(600):
            if checkpoints and step % 10 == 0:
                if running is not None:
                    await running
                running = asyncio.ensure_future(asyncio.to_thread(ours.checkpoint))
            turn = [
                writer.record(ActionRecord(name, versions[name], 0, {"step": step}, "bot", "d"))
                for name in names
            ]
            await asyncio.gather(*turn)
            for name in names:
                versions[name] += 1
            biggest = max(biggest, checkpointer.wal_bytes())
            await asyncio.sleep(0)
        if running is not None:
            await running

    try:
        asyncio.run(steady())
        if checkpoints:
            assert writer.checkpointer is not None and writer.checkpointer.restarts > 0
            # The log's file: the limit, plus the commits (80 kB each) that can come between a
            # checkpoint's start and the next one's, 20 of them (1.6 MB); more when a restart
            # finds a commit under way and leaves the log to the next checkpoint (SQLite's
            # busy): a loaded CI machine once saw 3.2 MB, 36 commits. Still a quarter of the
            # control's 16 MB bound below, which a log that grows passes three times over.
            assert biggest < 16 * limit, biggest
        else:
            assert biggest > 64 * limit, biggest  # 48 MB: the test can tell a log that grows
        for name in names:
            found = store.table(name)
            assert found is not None and found[0].version == (600 if name != names[0] else 601)
    finally:
        writer.close()
        store.close()


def test_the_server_commits_where_the_operator_chose(tmp_path: Path) -> None:
    from meeple.server.app import create_app  # noqa: PLC0415
    from meeple.server.settings import Settings  # noqa: PLC0415

    for sync, commits, inline in (
        ("normal", "loop", True),
        ("normal", "thread", False),
        ("full", "loop", False),  # a commit that syncs the disk never runs on the loop
    ):
        url = f"sqlite:///{tmp_path / f'{sync}-{commits}.sqlite'}"
        app = create_app(Settings(db_url=url, sqlite_sync=sync, sqlite_commits=commits))
        assert app.state.hub.writer.inline is inline, (sync, commits)
        app.state.hub.store.close()
