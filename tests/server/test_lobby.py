"""The lobby's lists when the database fails to answer (meeple/server/site/lobby.py).

With several processes the lists are read from the database in the background; the whole site
is tested in tests/server/test_cluster.py. Here, a database that is down: the asks that wait for
a first read get its error, the next ask reads again, and lists already read are answered while
later reads fail.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from meeple.server.site.lobby import Lobby


class FlakyStore:
    """A store whose lists fail while ``down``."""

    def __init__(self) -> None:
        self.down = True
        self.asked = 0

    def tables(self, statuses: list[str], limit: int) -> list[str]:
        self.asked += 1
        if self.down:
            raise ConnectionError("the database is unreachable")
        return []


class SiteHub:
    """What :class:`Lobby` uses of a hub that is one process of several."""

    def __init__(self) -> None:
        self.cluster = object()
        self.tables: dict[str, Any] = {}
        self.store = FlakyStore()

    def peek(self, table_ids: list[str]) -> list[Any]:
        return []


def test_a_database_that_is_down_is_an_error_for_the_first_ask_and_later_only_a_delay() -> None:
    async def scenario() -> None:
        hub = SiteHub()
        lobby = Lobby(hub, every=0.01)  # type: ignore[arg-type]
        with pytest.raises(ConnectionError, match="unreachable"):
            await lobby.newest(["open"])
        assert lobby.reads == 0
        hub.store.down = False
        assert await lobby.newest(["open"]) == []
        assert lobby.reads >= 1
        # Down again: the lists read are answered, and the keeper keeps trying.
        hub.store.down = True
        asked, reads = hub.store.asked, lobby.reads
        await asyncio.sleep(0.1)
        assert await lobby.newest(["open", "running"]) == []
        assert hub.store.asked > asked and lobby.reads == reads
        await lobby.stop()

    asyncio.run(scenario())
