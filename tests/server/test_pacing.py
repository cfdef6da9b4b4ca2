"""People before bots: the bot gate (meeple.server.tables.pacing) and what it guarantees.

Bots at full speed are an unbounded load; the gate lets a few bot moves run at a time, one at a
time while the event loop lags, and people's actions never pass through it."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from meeple.server.settings import Settings
from meeple.server.store import Store
from meeple.server.tables.hub import Hub
from meeple.server.tables.pacing import INLINE_SLOTS, SLOTS, BotGate
from tests.server.conftest import Server, wait_for


async def _crowd(gate: BotGate, moves: int, seconds: float) -> tuple[int, list[int]]:
    """``moves`` bot moves of ``seconds`` each through the gate: the most that ran at once,
    and the order in which they were admitted."""
    running = most = 0
    order: list[int] = []

    async def move(index: int) -> None:
        nonlocal running, most
        async with gate.admitted():
            order.append(index)
            running += 1
            most = max(most, running)
            await asyncio.sleep(seconds)
            running -= 1

    tasks = []
    for index in range(moves):
        tasks.append(asyncio.create_task(move(index)))
        await asyncio.sleep(0)  # each queues in turn
    await asyncio.gather(*tasks)
    return most, order


def test_the_gate_admits_a_few_at_a_time_first_come_first_served() -> None:
    most, order = asyncio.run(_crowd(BotGate(slots=3), moves=12, seconds=0.005))
    assert most == 3
    assert order == list(range(12))


def test_while_the_loop_lags_bot_moves_go_one_at_a_time_and_never_stop() -> None:
    async def lagging() -> tuple[int, list[int]]:
        gate = BotGate(slots=4, lag_limit=0.01)
        gate.lag = 1.0  # as the watcher would say of a loop far behind (it is not started)
        return await _crowd(gate, moves=6, seconds=0.002)

    most, order = asyncio.run(lagging())
    assert most == 1
    assert order == list(range(6))


def test_the_watcher_measures_the_loop_and_a_cancelled_waiter_keeps_no_slot() -> None:
    async def run() -> None:
        gate = BotGate(slots=1, tick=0.2)
        gate.start()
        try:
            await asyncio.sleep(0.001)  # the watcher asks to wake in 200 ms
            time.sleep(0.4)  # the loop is held: the watcher wakes about 200 ms late
            await asyncio.sleep(0.05)
            assert gate.lag > 0.1
            await asyncio.sleep(0.3)
            assert gate.lag < 0.1  # and then in time again
            async with gate.admitted():
                waiter = asyncio.create_task(_enter(gate))
                await asyncio.sleep(0.01)
                assert gate.waiting == 1
                waiter.cancel()
            # The slot went to nobody: the next move is admitted at once.
            await asyncio.wait_for(_enter(gate), 1)
            assert gate.busy == 0 and gate.waiting == 0
        finally:
            gate.stop()

    asyncio.run(run())


async def _enter(gate: BotGate) -> None:
    async with gate.admitted():
        pass


def test_a_persons_action_never_waits_for_the_gate(server: Server) -> None:
    """With the gate shut to bots, a person still acts and is answered at once: people's
    actions do not pass through it. The bot, to move next, waits; opened, the gate lets it."""
    hub = server.hub
    hub.gate.lag_limit = 1e9  # whatever the test machine's load: only the slots decide
    server.in_loop(lambda: hub.gate.resize(0))
    aki = server.person("Aki")
    table = aki.table("bison", 2, bots=["random"])  # Aki in seat 0, who moves first
    sock = aki.ws(table)
    state = sock.until(lambda m: m["type"] == "state")
    assert state["to_move"] == [0]
    while 0 in state["to_move"]:
        sent = state["version"]
        sock.send({"type": "action", "action": state["legal"][0], "version": sent})
        answer = sock.until(lambda m, sent=sent: m["type"] == "state" and m["version"] > sent)
        assert answer["version"] == state["version"] + 1
        state = answer
    played = server.by_whom(table)
    assert played and {by for _, _, by in played} == {"human"}
    assert state["to_move"] == [1]
    time.sleep(0.3)
    assert server.by_whom(table) == played  # the bot waits at the shut gate
    server.in_loop(lambda: hub.gate.resize(4))
    wait_for(lambda: len(server.by_whom(table)) > len(played))
    assert server.by_whom(table)[len(played)][2] == "bot"


def test_the_waiting_count_can_be_read_from_another_thread_while_the_queue_changes() -> None:
    """``/metrics`` reads ``waiting`` in a worker thread while the event loop queues and
    admits bot moves: the count must never fail ("deque mutated during iteration")."""
    gate = BotGate(slots=0)  # shut: every move waits in the queue
    failures: list[BaseException] = []
    counts: list[int] = []

    def scrape() -> None:
        try:
            for _ in range(300):
                counts.append(gate.waiting)
        except BaseException as err:  # reported below
            failures.append(err)

    async def churn() -> None:
        async def move() -> None:
            async with gate.admitted():
                pass

        tasks = [asyncio.create_task(move()) for _ in range(5_000)]
        await asyncio.sleep(0)
        reader = asyncio.create_task(asyncio.to_thread(scrape))
        # A bounded churn: a cancelled waiter keeps its place in the shut gate's queue, so
        # the queue grows by every batch; unbounded, a slow reader (a copy of the whole
        # queue per read) let it grow without end (17 GB on a busy CI machine).
        for _ in range(300):
            if reader.done():
                break
            # New moves queue while others leave: the deque changes under the reader.
            batch = [asyncio.create_task(move()) for _ in range(100)]
            tasks += batch
            await asyncio.sleep(0)
            for task in batch[:50]:
                task.cancel()
            await asyncio.sleep(0)
        await reader
        gate.resize(100)
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(churn())
    assert not failures, failures
    assert len(counts) == 300 and max(counts) > 0


@pytest.mark.parametrize(
    ("sync", "commits", "slots"),
    [("normal", "loop", INLINE_SLOTS), ("normal", "thread", SLOTS), ("full", "loop", SLOTS)],
)
def test_bot_moves_go_one_at_a_time_when_commits_are_made_on_the_event_loop(
    tmp_path: Path, sync: str, commits: str, slots: int
) -> None:
    """Committed on the event loop (SQLite's default), a bot move waits for nothing but its
    turn: one at a time, so that a turn of the loop holds at most one bot move's views and
    messages before a person's move. Committed in the writer's thread, a bot move mostly
    waits for its commit, and a few at a time fill the writer's group commits."""
    assert INLINE_SLOTS < SLOTS
    store = Store(f"sqlite:///{tmp_path / 'meeple.sqlite'}", sqlite_sync=sync)
    try:
        hub = Hub(store, Settings(sqlite_commits=commits))
        assert hub.writer.inline == (slots == INLINE_SLOTS)
        assert hub.gate.slots == slots
    finally:
        store.close()


def test_on_postgresql_bot_moves_fill_the_writers_group_commits(db_url: str) -> None:
    """On PostgreSQL every commit is a round trip in the writer's thread: a few bot moves at
    a time (and on SQLite, by default, one)."""
    store = Store(db_url)
    try:
        hub = Hub(store, Settings())
        assert hub.gate.slots == (INLINE_SLOTS if db_url.startswith("sqlite") else SLOTS)
    finally:
        store.close()


def test_a_bots_wait_varies_around_the_delay_unless_told_not_to(tmp_path: Path) -> None:
    """Each wait is drawn evenly from bot_delay × (1 ± bot_jitter): never outside, spread over
    the whole range (a crowd of bots that began together drifts apart); jitter 0 is exactly
    the delay, and a delay of 0 stays 0."""
    store = Store(f"sqlite:///{tmp_path / 'meeple.sqlite'}")
    try:
        hub = Hub(store, Settings(bot_delay=2.0, bot_jitter=0.5))
        waits = [hub.bot_wait() for _ in range(2_000)]
        assert all(1.0 <= w <= 3.0 for w in waits)
        assert min(waits) < 1.1 and max(waits) > 2.9  # the whole range, not a few values
        assert 1.9 < sum(waits) / len(waits) < 2.1  # on average the delay
        assert len(set(waits)) > 1_900
        steady = Hub(store, Settings(bot_delay=2.0, bot_jitter=0.0))
        assert {steady.bot_wait() for _ in range(100)} == {2.0}
        none = Hub(store, Settings(bot_delay=0.0, bot_jitter=0.5))
        assert {none.bot_wait() for _ in range(100)} == {0.0}
    finally:
        store.close()


def test_meeple_serve_passes_the_jitter_on_and_refuses_a_wrong_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``meeple serve --bot-jitter`` reaches the server's settings (with its websocket
    protocol that stamps frames); a jitter outside 0–1 is refused with a clear message
    before anything starts."""
    import uvicorn  # noqa: PLC0415

    from meeple.cli import app  # noqa: PLC0415
    from meeple.server.site.stamping import StampingProtocol  # noqa: PLC0415

    started: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda served, **kw: started.append((served, kw)))
    db = f"sqlite:///{tmp_path / 'meeple.sqlite'}"
    result = CliRunner().invoke(
        app, ["serve", "--db", db, "--bot-delay", "2", "--bot-jitter", "0.2"]
    )
    assert result.exit_code == 0, result.output
    [(served, options)] = started
    settings: Settings = served.state.settings
    assert (settings.bot_delay, settings.bot_jitter) == (2.0, 0.2)
    assert options["ws"] is StampingProtocol
    refused = CliRunner().invoke(app, ["serve", "--db", db, "--bot-jitter", "1.5"])
    assert refused.exit_code == 2 and "--bot-jitter" in refused.output
    assert len(started) == 1  # nothing started the second time
