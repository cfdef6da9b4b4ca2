"""What the server measures for Prometheus (``GET /metrics``).

Each app has its own registry, so that several apps in one process (the tests) never share
counters. Counters and the latency histogram are fed by the hub as actions are applied; the
gauges (tables live, websocket clients, bots thinking) are read from the hub when scraped, so
they are never out of date and cost nothing between scrapes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from meeple.server.trace import STAGES, MoveTrace

if TYPE_CHECKING:
    from meeple.server.site.lobby import Lobby
    from meeple.server.tables.hub import Hub

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
"""Prometheus's text exposition format."""


class _HubGauges(Collector):
    """Gauges read from the hub at scrape time."""

    def __init__(self, hub: Hub, lobby: Lobby) -> None:
        self.hub = hub
        self.lobby = lobby

    def collect(self) -> Iterator[Metric]:
        tables = list(self.hub.tables.values())
        live = GaugeMetricFamily(
            "meeple_tables_live", "Tables held in memory, by status", labels=["status"]
        )
        for status in ("open", "running", "finished", "expired"):
            live.add_metric([status], sum(1 for t in tables if t.status == status))
        clients = GaugeMetricFamily(
            "meeple_websocket_clients", "Websocket clients connected to tables"
        )
        clients.add_metric([], sum(len(t.connections) for t in tables))
        bots = GaugeMetricFamily("meeple_bots_thinking", "Bot moves waiting or being chosen")
        bots.add_metric([], sum(len(t.bots) for t in tables))
        gate = self.hub.gate
        waiting = GaugeMetricFamily(
            "meeple_bots_waiting", "Bot moves waiting for their turn at the bot gate"
        )
        waiting.add_metric([], gate.waiting)
        lag = GaugeMetricFamily(
            "meeple_event_loop_lag_seconds", "How late the event loop last woke a 5 ms timer"
        )
        lag.add_metric([], gate.lag)
        reads = CounterMetricFamily(
            "meeple_lobby_reads",
            "Reads of the lobby's lists from the database (several processes: in the"
            " background, at most every second while somebody looks)",
        )
        reads.add_metric([], self.lobby.reads)
        yield live
        yield clients
        yield bots
        yield waiting
        yield lag
        yield reads


class Metrics:
    """The server's metrics: actions applied, their latency, and the hub's gauges."""

    def __init__(self, hub: Hub, lobby: Lobby) -> None:
        self.registry = CollectorRegistry()
        self.actions = Counter(
            "meeple_actions",
            "Actions applied, by who made them (human, bot, timeout)",
            ["by"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "meeple_action_seconds",
            "Seconds from a player's action arriving to every seat's state being queued",
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
            registry=self.registry,
        )
        self.stages = Histogram(
            "meeple_move_stage_seconds",
            "Seconds a person's move spent in each stage, from its frame read to its answer "
            "written (meeple/server/trace.py says what each stage is)",
            ["stage"],
            buckets=(0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25),
            registry=self.registry,
        )
        # Each label's child looked up once: ``labels()`` is a lock and a dict lookup a call,
        # and a person's move observes eight stages.
        self._stages = [self.stages.labels(stage=stage) for stage in STAGES]
        self._actions: dict[str, Counter] = {}  # by who made them, as they come
        self.moves = Histogram(
            "meeple_move_seconds",
            "Seconds from a person's move's frame read to its answer written to their socket",
            buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
            registry=self.registry,
        )
        self.writes = Histogram(
            "meeple_write_seconds",
            "Seconds of each transaction of the action writer (a group commit)",
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
            registry=self.registry,
        )
        self.batch = Histogram(
            "meeple_write_batch",
            "Writes (actions, new tables) stored by each transaction of the action writer",
            buckets=(1, 2, 5, 10, 20, 50, 100, 256),
            registry=self.registry,
        )
        self.holds = Histogram(
            "meeple_wal_hold_seconds",
            "Seconds each restart of the SQLite log held the event loop's writes back",
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
            registry=self.registry,
        )
        self.gc_pauses = Histogram(
            "meeple_gc_pause_seconds",
            "Seconds each garbage collection stopped the process, by generation",
            ["generation"],
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
            registry=self.registry,
        )
        self.registry.register(_HubGauges(hub, lobby))
        hub.writer.on_batch.append(self.wrote)
        hub.writer.on_hold.append(self.holds.observe)

    def action(self, by: str) -> None:
        """Count one applied action."""
        counter = self._actions.get(by)
        if counter is None:
            counter = self._actions[by] = self.actions.labels(by=by)
        counter.inc()

    def latency_of(self, seconds: float) -> None:
        """Time one client's action, from its arrival to every seat's state being queued."""
        self.latency.observe(seconds)

    def move(self, trace: MoveTrace) -> None:
        """Time one person's move, stage by stage."""
        stages = trace.stages()
        if not stages:
            return
        for histogram, seconds in zip(self._stages, stages.values(), strict=True):
            histogram.observe(seconds)
        self.moves.observe(trace.total())

    def wrote(self, writes: int, seconds: float) -> None:
        """Time one transaction of the action writer (from its thread, or on the event loop)."""
        self.writes.observe(seconds)
        self.batch.observe(writes)

    def collected(self, generation: int, seconds: float) -> None:
        """Time one garbage collection (called from whichever thread it stopped)."""
        self.gc_pauses.labels(generation=str(generation)).observe(seconds)

    def text(self) -> bytes:
        """The exposition text for a scrape."""
        return generate_latest(self.registry)
