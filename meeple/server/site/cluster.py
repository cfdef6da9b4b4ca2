"""Several server processes, one site: what they tell each other through Redis.

PostgreSQL is the record: every action is stored there, and a table's ``version`` decides which
of two processes' actions counts (the other is refused as stale and catches up). Redis carries
the rest:

* **Fan-out.** Each process publishes what it changed on one channel (an action with the version
  it took the table from; a table whose seats or status changed; a seat's open connections; a
  chat message). The others apply an action to their copy of the table when they are at that
  version, catch up from the database when they are not, and send their own clients the new
  state. A process that holds a table nobody watches there only marks it stale.
* **Leases.** Each running table has one process that runs its bots and timers: the holder of
  the key ``meeple:lease:<table>`` (set with ``NX`` and a time to live, renewed every beat). A
  process that dies stops renewing; when the key expires, the others take the table (a few
  tables each), catch up from the database and run it on.
* **Presence.** Each process counts its clients per seat in ``meeple:presence:<table>`` and
  beats in ``meeple:processes``, so that the holder of a table knows whether a player is
  connected elsewhere, and forgets the connections of a process that died.

This module is imported only when ``meeple serve --redis`` is given (redis-py is the optional
extra ``meeple[redis]``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import random
import secrets
import socket
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import orjson
import redis.asyncio as aioredis

from meeple.server.store import OPEN, RUNNING, ActionRecord

if TYPE_CHECKING:
    from meeple.server.tables.hub import Hub
    from meeple.server.tables.live import LiveTable

log = logging.getLogger("meeple.server")

CHANNEL = "meeple:events"
PROCESSES = "meeple:processes"

_RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
  else
    table.insert(lost, key)
  end
end
return lost
"""
"""Renew the leases this process still holds; answer the keys it lost."""

_RELEASE = """
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then redis.call('del', key) end
end
return 0
"""
"""Give back the leases this process holds (a polite stop: the others take over at once)."""


def lease_key(table_id: str) -> str:
    """The Redis key whose value is the process running this table."""
    return f"meeple:lease:{table_id}"


def presence_key(table_id: str) -> str:
    """The Redis hash of this table's open connections, ``<process>|<seat>`` → count."""
    return f"meeple:presence:{table_id}"


class Cluster:
    """This process among the others: publishing, listening, leases and presence."""

    def __init__(self, url: str, hub: Hub, *, lease_seconds: float = 3.0) -> None:
        # A pool that makes a busy moment wait for a connection rather than fail (hundreds of
        # tables created at once each take a lease: "Too many connections" without it).
        self._pool = aioredis.BlockingConnectionPool.from_url(url, max_connections=64, timeout=30)
        self.redis: aioredis.Redis = aioredis.Redis(connection_pool=self._pool)
        self.hub = hub
        self.lease_seconds = lease_seconds
        self.beat = lease_seconds / 3
        self.me = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        """This process's name among the others (unique even when a pid is reused)."""
        self.handlers: dict[str, Callable[[dict[str, Any]], None]] = {}
        """What to do with other kinds of events (``chat``, ``mutes``): the app's."""
        self._outbox: asyncio.Queue[bytes] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._handling: set[asyncio.Task[None]] = set()

    # start and stop

    async def start(self) -> None:
        """Listen to the others, and begin beating, renewing and taking leases."""
        await self.redis.ping()  # fail at start, with Redis's own message, if it is not there
        await self._beat()
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(CHANNEL)
        self._tasks = [
            asyncio.create_task(self._listen(pubsub)),
            asyncio.create_task(self._publish()),
            asyncio.create_task(self._keep()),
        ]

    async def stop(self) -> None:
        """Stop, giving back this process's leases and connections so that others take over
        at once."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self._send_queued()
            owned = [lease_key(t.id) for t in self.hub.tables.values() if t.owned]
            if owned:
                await self.redis.eval(_RELEASE, len(owned), *owned, self.me)
            await self.redis.zrem(PROCESSES, self.me)
        await self.redis.aclose()
        await self._pool.disconnect()

    async def ping(self) -> bool:
        """Whether Redis answers."""
        return bool(await self.redis.ping())

    # publishing

    def publish(self, event: dict[str, Any]) -> None:
        """Send an event to the other processes (in the order published)."""
        self._outbox.put_nowait(orjson.dumps({**event, "proc": self.me}))

    def acted(self, record: ActionRecord) -> None:
        """An action this process stored."""
        self.publish(
            {
                "kind": "action",
                "t": record.table_id,
                "v": record.version,
                "seat": record.seat,
                "action": record.action,
                "by": record.by,
                "over": record.result is not None,
            }
        )

    def present(self, table: LiveTable, seat: int, count: int) -> None:
        """This process now has ``count`` connections for a seat of the table."""
        self.publish({"kind": "presence", "t": table.id, "seat": seat, "n": count})
        task = asyncio.get_running_loop().create_task(self._store_presence(table.id, seat, count))
        self._handling.add(task)
        task.add_done_callback(self._handling.discard)

    async def _store_presence(self, table_id: str, seat: int, count: int) -> None:
        field = f"{self.me}|{seat}"
        try:
            if count > 0:
                await self.redis.hset(presence_key(table_id), field, count)
                await self.redis.expire(presence_key(table_id), 86_400)
            else:
                await self.redis.hdel(presence_key(table_id), field)
        except Exception as err:  # Redis away: the published event still told the others
            log.warning("storing presence failed: %s", err)

    async def presence(self, table_id: str) -> dict[tuple[str, int], int]:
        """The other live processes' connections to the table's seats."""
        stored = await self.redis.hgetall(presence_key(table_id))
        alive = await self._alive()
        found: dict[tuple[str, int], int] = {}
        for field, count in stored.items():
            process, _, seat = _text(field).rpartition("|")
            if process != self.me and process in alive and seat.isdigit():
                found[process, int(seat)] = int(count)
        return found

    async def _publish(self) -> None:
        while True:
            first = await self._outbox.get()
            try:
                await self._send_queued(first)
            except Exception as err:
                log.warning("publishing to Redis failed: %s", err)
                await asyncio.sleep(0.5)

    async def _send_queued(self, first: bytes | None = None) -> None:
        messages = [] if first is None else [first]
        while not self._outbox.empty():
            messages.append(self._outbox.get_nowait())
        if not messages:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for message in messages:
                pipe.publish(CHANNEL, message)
            await pipe.execute()

    # listening

    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    event = orjson.loads(message["data"])
                    if event.get("proc") == self.me:
                        continue
                    handler = self.handlers.get(event.get("kind", ""))
                    if handler is not None:
                        handler(event)
                        continue
                    # Each event in its own task: a table waiting for its lock never holds
                    # up the others' events; one table's events still take its lock in order.
                    self.spawn(self.hub.on_event(event))
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("listening to Redis failed: %s; listening again", err)
                await asyncio.sleep(0.5)
                with contextlib.suppress(Exception):
                    await pubsub.subscribe(CHANNEL)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Handle an event in a task of its own, kept until it ends (its failure logged)."""
        task = asyncio.create_task(work)
        self._handling.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._handling.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("an event from another process failed", exc_info=task.exception())

    # leases

    async def take(self, table_id: str) -> bool:
        """Take the table's lease if nobody holds it; whether this process holds it now."""
        key = lease_key(table_id)
        if await self.redis.set(key, self.me, nx=True, px=int(self.lease_seconds * 1000)):
            return True
        return bool(await self.redis.get(key) == self.me.encode())

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self.beat)
            try:
                await self._beat()
                await self._renew()
                await self._adopt_orphans()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("keeping the leases failed")

    async def _beat(self) -> None:
        now = time.time()
        await self.redis.zadd(PROCESSES, {self.me: now})
        await self.redis.zremrangebyscore(PROCESSES, 0, now - 10 * self.lease_seconds)
        self.hub.forget(await self._alive())

    async def _alive(self) -> set[str]:
        since = time.time() - self.lease_seconds
        return {_text(m) for m in await self.redis.zrangebyscore(PROCESSES, since, "+inf")}

    async def _renew(self) -> None:
        owned = {
            lease_key(t.id): t
            for t in list(self.hub.tables.values())
            if t.owned and t.status in (OPEN, RUNNING)
        }
        if not owned:
            return
        keys = list(owned)
        lost = await self.redis.eval(
            _RENEW, len(keys), *keys, self.me, int(self.lease_seconds * 1000)
        )
        for key in lost:
            table = owned[_text(key)]
            log.warning("lost the lease of table %s", table.id)
            self.hub.lost(table)

    async def _adopt_orphans(self) -> None:
        """Take running tables whose lease nobody holds (their process died), a fair share
        each, so that the survivors split them."""
        # Live tables only: a turn-based one is run by whoever loads it (its clocks are in the
        # database, and a due table is claimed by one process: meeple.server.tables.turns).
        running = await asyncio.to_thread(
            lambda: self.hub.store.tables([RUNNING], 1_000_000, live=True)
        )
        candidates = [
            table_id
            for table_id in running
            if not ((t := self.hub.tables.get(table_id)) is not None and t.owned)
        ]
        if not candidates:
            return
        holders = await self.redis.mget([lease_key(t) for t in candidates])
        orphans = [t for t, holder in zip(candidates, holders, strict=True) if holder is None]
        if not orphans:
            return
        random.shuffle(orphans)
        share = math.ceil(len(orphans) / max(1, len(await self._alive())))
        for table_id in orphans[:share]:
            if await self.take(table_id):
                log.info("took over table %s", table_id)
                await self.hub.adopt(table_id)


def _text(value: Any) -> str:
    """A Redis answer (bytes) as text."""
    return value.decode() if isinstance(value, bytes) else str(value)
