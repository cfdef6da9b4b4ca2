"""A person's answer is written by the task that read their move (meeple/server/api/play.py,
``flush``) when the connection's sender is idle, and every message still reaches the client
once, in the order it was queued, whoever writes it."""

from __future__ import annotations

import asyncio

from starlette.websockets import WebSocketState

from meeple.server.api.play import flush, send_all
from meeple.server.tables.live import Connection
from meeple.server.trace import MoveTrace


class FakeSocket:
    """Records what is written; a write can be held half-way (as a socket whose buffer is
    full holds the writer) until ``release`` is set."""

    def __init__(self) -> None:
        self.client_state = WebSocketState.CONNECTED
        self.written: list[str] = []
        self.hold = False
        self.release = asyncio.Event()
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        if self.hold:
            self.hold = False
            await self.release.wait()
        self.written.append(text)

    async def close(self, code: int) -> None:
        self.closed = code


class FakeHub:
    def __init__(self) -> None:
        self.on_move: list[object] = []


async def _with_sender() -> tuple[FakeSocket, FakeHub, Connection, asyncio.Task[None]]:
    """A fake socket, hub and connection, and the connection's sender running (it has
    reached its wait for a message)."""
    socket, hub, connection = FakeSocket(), FakeHub(), Connection(seat=0, player_id="p")
    sender = asyncio.create_task(send_all(socket, connection, hub))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    return socket, hub, connection, sender


async def _idle_sender_then_flush() -> tuple[list[str], list[str], float]:
    socket, hub, connection, sender = await _with_sender()  # the sender waits for a message
    trace = MoveTrace(received=1.0)
    moves: list[MoveTrace] = []
    hub.on_move.append(moves.append)
    connection.push("a")
    connection.push("b")
    connection.tracing = (trace, connection.pushed)
    # Flushed at once, before the sender's turn: written without one more turn of the loop.
    assert await flush(socket, connection, hub)  # type: ignore[arg-type]
    at_once = list(socket.written)
    await asyncio.sleep(0.01)  # the sender wakes, finds nothing, and waits again
    connection.push("c")
    await asyncio.sleep(0.01)
    sender.cancel()
    return at_once, socket.written, trace.sent if moves == [trace] else -1.0


def test_an_idle_senders_messages_are_flushed_at_once_and_only_once() -> None:
    at_once, written, sent = asyncio.run(_idle_sender_then_flush())
    assert at_once == ["a", "b"]
    assert written == ["a", "b", "c"]  # the sender wrote the later one; nothing twice
    assert sent > 0  # the move's answer was noted as written


async def _busy_sender_then_flush() -> list[str]:
    socket, hub, connection, sender = await _with_sender()
    socket.hold = True
    connection.push("1")
    await asyncio.sleep(0.01)  # the sender took "1" and is held half-way through writing it
    connection.push("2")
    connection.push("3")
    assert await flush(socket, connection, hub)  # type: ignore[arg-type]
    assert socket.written == []  # nothing overtook the message the sender holds
    socket.release.set()
    await asyncio.sleep(0.01)
    sender.cancel()
    return socket.written


def test_a_flush_never_overtakes_the_message_the_sender_holds() -> None:
    assert asyncio.run(_busy_sender_then_flush()) == ["1", "2", "3"]


async def _held_flush_then_sender() -> list[str]:
    socket, hub, connection, sender = await _with_sender()
    socket.hold = True
    connection.push("1")
    connection.push("2")
    flushing = asyncio.create_task(flush(socket, connection, hub))  # type: ignore[arg-type]
    await asyncio.sleep(0.01)  # the flush holds "1" half-way; the sender took "2" meanwhile
    connection.push("3")
    socket.release.set()
    assert await flushing
    await asyncio.sleep(0.01)
    sender.cancel()
    return socket.written


def test_a_held_flush_lets_the_sender_go_on_in_order() -> None:
    assert asyncio.run(_held_flush_then_sender()) == ["1", "2", "3"]


async def _close_queued() -> tuple[bool, int | None]:
    socket, hub, connection = FakeSocket(), FakeHub(), Connection(seat=0, player_id="p")
    connection.outbox.put_nowait(None)  # a client too far behind is closed (Hub.broadcast)
    return await flush(socket, connection, hub), socket.closed  # type: ignore[arg-type]


def test_a_flushed_close_closes_the_socket() -> None:
    assert asyncio.run(_close_queued()) == (False, 4408)
