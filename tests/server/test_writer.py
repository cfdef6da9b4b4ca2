"""The action writer (meeple/server/writer.py): the writes of a moment stored in one
transaction, a person's answered before the bots' of the same commit, and the event loop woken
once for the whole batch."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from meeple.server.storage import RUNNING, ActionRecord, StaleVersion, Store, TableRow
from meeple.server.writer import ActionWriter


def _tables(store: Store, names: list[str]) -> None:
    for name in names:
        store.add_table(
            TableRow(id=name, game="cafe", players=2, options={}, seed=1, status=RUNNING,
                     turn_seconds=None, response_seconds=30, version=0),
            [],
        )  # fmt: skip


async def _a_batch(writer: ActionWriter) -> tuple[list[str], int, list[int]]:
    loop = asyncio.get_running_loop()
    wakes = 0
    original = loop.call_soon_threadsafe

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal wakes
        wakes += 1
        return original(*args, **kwargs)

    loop.call_soon_threadsafe = counted  # type: ignore[method-assign]
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

    async def record(table: str, version: int, *, person: bool = False) -> None:
        by = "human" if person else "bot"
        try:
            await writer.record(ActionRecord(table, version, 0, {"n": 1}, by, "d"), first=person)
            answered.append(table)
        except StaleVersion:
            answered.append(f"{table} stale")

    tasks = [
        asyncio.create_task(record("t_bot1", 0)),
        asyncio.create_task(record("t_bot2", 0)),
        asyncio.create_task(record("t_person", 0, person=True)),
        asyncio.create_task(record("t_bot3", 5)),  # not at version 5: refused alone
    ]
    await asyncio.sleep(0.05)  # every write queued behind the held transaction
    wakes = 0
    release.set()
    await held
    await asyncio.gather(*tasks)
    return answered, wakes, batches


def test_a_moments_writes_are_one_transaction_a_person_answered_first(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'meeple.sqlite'}")
    writer = ActionWriter(store)
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
