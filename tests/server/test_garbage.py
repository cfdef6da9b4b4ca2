"""The garbage collector on the server's own clock, its pauses in the metrics, and views kept
as encoded JSON (nothing for a collection to walk) that still send what the game shows."""

from __future__ import annotations

import asyncio
import gc
import json

from meeple.server.site.garbage import Collector, GcPauses
from tests.server.conftest import Server, metric_total, wait_for


def test_collector_runs_collections_on_its_clock_and_gives_them_back() -> None:
    """While started, automatic collection is off and the clock collects young garbage (and
    the middle generation every few turns); stopped, Python collects on its own again."""
    assert gc.isenabled()
    seen: list[int] = []
    pauses = GcPauses()
    pauses.listeners.append(lambda generation, seconds: seen.append(generation))

    async def run() -> None:
        collector = Collector(young_every=0.01, middle_every=3, full_every=0.2)
        collector.start()
        pauses.install()
        try:
            assert not gc.isenabled()
            assert gc.get_freeze_count() > 0  # what was loaded before the start
            await asyncio.sleep(0.5)
        finally:
            pauses.remove()
            collector.stop()

    asyncio.run(run())
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
    assert {0, 1, 2} <= set(seen)  # young, middle and (after 0.2 s) full collections
    assert seen.count(0) > seen.count(1) > seen.count(2)


def test_by_default_each_collection_walks_the_young_and_middle_generations_together() -> None:
    """The server's schedule collects generations 0 and 1 in one pass every time: what
    survives it goes straight to the oldest generation, walked once instead of twice (a
    separate middle collection walked each survivor again, in pauses twice as long)."""
    seen: list[int] = []
    pauses = GcPauses()
    pauses.listeners.append(lambda generation, seconds: seen.append(generation))

    async def run() -> None:
        collector = Collector(young_every=0.01)  # the default middle_every and full_every
        collector.start()
        pauses.install()
        try:
            await asyncio.sleep(0.3)
        finally:
            pauses.remove()
            collector.stop()

    asyncio.run(run())
    assert len(seen) >= 5
    assert set(seen) == {1}


def test_collectors_started_together_give_the_collector_back_when_the_last_stops() -> None:
    """Tests run several servers in one process: the first to stop must not turn automatic
    collection back on under the other."""

    async def run() -> None:
        first, second = Collector(), Collector()
        first.start()
        second.start()
        first.stop()
        assert not gc.isenabled()
        second.stop()

    asyncio.run(run())
    assert gc.isenabled()


def test_garbage_collections_are_timed_in_the_metrics(server: Server) -> None:
    """``meeple_gc_pause_seconds`` counts the collections the server ran, by generation."""

    def collections() -> float:
        return metric_total(server.metrics(), "meeple_gc_pause_seconds_count")

    before = collections()
    wait_for(lambda: collections() > before, seconds=5)


def test_views_are_kept_encoded_and_sent_as_the_game_shows_them(server: Server) -> None:
    """A table keeps each point of view's view as JSON text (not a tree of objects the
    collector would walk), and the state message carries exactly ``state.view(seat)``."""
    aki, ben = server.person(), server.person("Ben")
    table_id = aki.table("bison", 2)  # two people, no bot: nothing moves while we look
    ben.post(f"/api/tables/{table_id}/join", {})
    sock = aki.ws(table_id)
    message = sock.until(lambda m: m["type"] == "state" and m["table"]["status"] == "running")
    table = server.hub.tables[table_id]
    state = table.state
    assert state is not None and message["version"] == table.version == 0
    assert message["view"] == json.loads(json.dumps(state.view(0)))
    assert message["scores"] == state.view(0).get("scores")
    for view in table.views.values():
        assert not gc.is_tracked(view)
    spectator = server.person("Cho").get(f"/api/tables/{table_id}").json()
    assert spectator["scores"] == list(state.view(None).get("scores") or [])
