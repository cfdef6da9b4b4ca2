"""What the hub asks of the other server processes: the interface the cluster implements.

The hub never imports the cluster (:mod:`meeple.server.site.cluster`, built on Redis): it holds
one as :class:`Peers`, and the cluster calls the hub back (``on_event``, ``adopt``, ``lost``,
``forget``). So the tables depend on nothing above them.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any, Protocol

from meeple.server.store import ActionRecord
from meeple.server.tables.live import LiveTable


class Peers(Protocol):
    """The other processes of the site, as the hub sees them."""

    me: str
    """This process's name among them."""

    async def start(self) -> None:
        """Start listening, publishing and keeping leases."""

    async def stop(self) -> None:
        """Stop, giving up this process's leases."""

    async def ping(self) -> bool:
        """Whether the broker answers."""

    def publish(self, event: dict[str, Any]) -> None:
        """Send an event to the other processes."""

    def acted(self, record: ActionRecord) -> None:
        """Tell the others of an action this process stored."""

    def present(self, table: LiveTable, seat: int, count: int) -> None:
        """Tell the others how many connections this process has for a seat."""

    async def presence(self, table_id: str) -> dict[tuple[str, int], int]:
        """Every process's connections for the table's seats."""

    async def take(self, table_id: str) -> bool:
        """Take the table's lease; whether this process now runs it."""

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run an event's handling in a task of its own."""
