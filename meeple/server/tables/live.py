"""A table in play: its state, seats, connected clients, event logs and what the seats see.

:class:`LiveTable` holds what the server knows of one table in memory; :class:`meeple.server.tables.hub.Hub`
changes it. Everything a client is sent is built here from ``state.view(seat)``, so hidden
information can leave only through the game's own view function.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from operator import attrgetter
from typing import Any

import orjson

from meeple.core.game import BACK, JSON, Action, Game, State
from meeple.server.jsontext import encode, encode_bytes
from meeple.server.store import EXPIRED, FINISHED, OPEN, RUNNING, PlayerRow, SeatRow, TableRow
from meeple.server.trace import MoveTrace

TAKEOVER = 2
"""At a turn-based table, the timeouts in a row after which a bot has the seat for good."""

ENDED = (FINISHED, EXPIRED)
"""Statuses of a table that will never change again."""

SeatKey = int | None
"""A seat, or ``None`` for spectators: whose eyes a view is for."""


@dataclass
class Seat:
    """One seat: a bot, or a human seat with the player in it and their presence."""

    kind: str
    level: str | None
    player: PlayerRow | None = None
    left: bool = False
    """The player left a running game (a bot plays on for them until they come back)."""
    timed_out: bool = False
    """The player let the turn timer run out (a bot plays until they act or reconnect)."""
    connections: int = 0
    """This process's open connections for the seat."""
    remote: dict[str, int] = field(default_factory=dict)
    """Open connections for the seat in the other server processes, by process."""
    alone_since: float | None = None
    """When the seat's last connection closed (``time.monotonic``), if none is open."""
    turn_based: bool = False
    """At a turn-based table: closing the page never hands the seat to a bot, running out of
    time does (:mod:`meeple.server.tables.clocks`)."""
    due: float | None = None
    """At a turn-based table: when the seat's running clock runs out (``time.time()``)."""
    bank: float | None = None
    """At a turn-based table with a time bank: its seconds left."""
    timeouts: int = 0
    """At a turn-based table: the clock ran out this many times in a row."""

    @property
    def replaced(self) -> bool:
        """A bot has the seat for good (its clock ran out too often in a row)."""
        return self.timeouts >= TAKEOVER

    def away(self, now: float, grace: float) -> bool:
        """Whether a bot should play for this human seat now."""
        if self.kind != "human" or self.player is None:
            return False
        if self.turn_based:
            return self.left or self.replaced
        gone = not self.connected() and (
            self.alone_since is not None and now - self.alone_since >= grace
        )
        return self.left or self.timed_out or gone

    def connected(self) -> bool:
        """Whether the seat's player has a connection open, here or in another process."""
        return self.connections > 0 or any(n > 0 for n in self.remote.values())

    def summary(self, index: int, now: float, grace: float) -> JSON:
        """The seat as the protocol's ``Table.seats`` shows it."""
        player = (
            {"id": self.player.id, "name": self.player.name} if self.player is not None else None
        )
        return {
            "seat": index,
            "kind": self.kind,
            "level": self.level,
            "player": player,
            "connected": self.connected(),
            "away": self.away(now, grace),
            "due": round(self.due * 1000) if self.due is not None else None,
            "bank": round(self.bank) if self.bank is not None else None,
            "timeouts": self.timeouts,
            "replaced": self.replaced,
        }


@dataclass(eq=False)
class Connection:
    """One client's websocket at a table: its seat and what it has been sent."""

    seat: SeatKey
    """The seat it is counted at and sent the views of: derived from the table's seats by
    :meth:`Hub.reseat` whenever they change, never fixed when it opened."""
    player_id: str | None
    session: str | None = None
    """The hash of the session it opened with: when that session ends, so does its player."""
    expires: float | None = None
    """When its session expires unless used meanwhile (seconds since the epoch): then the hub
    looks at the session again (:meth:`Hub.expire_sessions`)."""
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(256))
    log_sent: int = 0
    counted: bool = False
    """Whether :meth:`Hub.connect` counted it at its table (and disconnect must uncount it)."""
    tokens: float = 0.0
    refilled: float = field(default_factory=time.monotonic)
    refused_in_a_row: int = 0
    """Messages refused for the rate since the last one allowed (a client that goes on and on
    is closed: :data:`meeple.server.api.play.FLOOD`)."""
    pushed: int = 0
    """Messages queued so far."""
    written: int = 0
    """Messages written to the socket so far."""
    tracing: tuple[MoveTrace, int] | None = None
    """The client's latest move being timed, and the count of messages queued up to its
    answer: its ``sent`` is noted when that many are written."""
    writing: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held by whoever writes to the socket (its sender, or the task that read the client's
    message and flushes its answer at once): one writer at a time, in the queue's order."""
    holding: bool = False
    """The sender has taken a message from the queue and not written it yet: whatever is
    queued behind it must wait for it (nobody else may flush)."""

    def push(self, message: str) -> bool:
        """Queue a message; ``False`` if the client is too far behind (it will be dropped)."""
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            return False
        self.pushed += 1
        return True

    def allow(self, rate: float, burst: int) -> bool:
        """Token-bucket rate limit: whether one more message may be handled now."""
        now = time.monotonic()
        self.tokens = min(burst, self.tokens + (now - self.refilled) * rate)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class LiveTable:
    """One table in memory. Only :class:`meeple.server.tables.hub.Hub` changes it, under ``lock``."""

    def __init__(self, game: Game[Any], row: TableRow, seats: list[Seat]) -> None:
        self.game = game
        self.id = row.id
        self.players = row.players
        self.options: dict[str, Any] = dict(row.options)
        self.seed = row.seed
        self.status = row.status
        self.turn_seconds = row.turn_seconds
        self.response_seconds = row.response_seconds
        self.created = as_utc(row.created)
        """When the table was made, in UTC with its zone (the lobby sorts every table by it)."""
        self.rated = row.rated
        self.move_seconds = row.move_seconds
        """A turn-based table's time per move; ``None`` at a live table."""
        self.bank_seconds = row.bank_seconds
        self.stored_clocks: tuple[Any, ...] | None = None
        """The clocks as last stored (:mod:`.clocks`): written again only when they change."""
        self.last_move: dict[int, int] = {}
        """Where each seat's log stood before its player's own last move (the strip "since
        your last move" starts there): known from the stored actions, over any absence."""
        self.touched = time.monotonic()
        """When someone last looked or acted (an idle turn-based table leaves memory)."""
        self.creator: str | None = None
        """Who made the table, while this process holds it since then (the store does not
        keep it): the limits on a player's tables count by it, and the bots' searches are
        shared out by it (:mod:`meeple.server.tables.thinking`)."""
        self.final: tuple[list[float], list[int]] | None = (
            (row.scores, row.winners)
            if row.scores is not None and row.winners is not None
            else None
        )
        self.seats = seats
        self.state: State | None = None
        self.version = row.version
        """The stored version; a rebuilt state counts it again from 0 (:meth:`start`)."""
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.views: dict[SeatKey, orjson.Fragment] = {}
        """Each point of view's view of the current state, already encoded (see
        :meth:`refresh`)."""
        self.scores: dict[SeatKey, Any] = {}
        """The ``scores`` of each point of view's view of the current state."""
        self.legal: dict[int, list[JSON]] = {}
        self.decision_since: dict[int, int] = {}
        """The version at which each seat's present decision began: its legal actions changed,
        or it acted (its next decision may offer the same actions, as a Buffet hand holding
        two of a card does). An action sent from any version since then was chosen from the
        same decision, so it is still current; one sent from before is stale."""
        self.logs: dict[SeatKey, list[JSON]] = {key: [] for key in self.keys()}
        self._last_events: dict[SeatKey, list[JSON]] = {key: [] for key in self.keys()}
        self.deadline: float | None = None
        """When the awaited seats' timer runs out (``time.time()`` seconds), if one runs."""
        self.deadline_seats: frozenset[int] = frozenset()
        self.response: bool = False
        """Whether the running timer is a response window (the default answer is given)."""
        self.timer: asyncio.Task[None] | None = None
        self.bots: dict[int, asyncio.Task[None]] = {}
        self.owned = True
        """Whether this process runs the table's bots and timers (with several processes,
        the one holding the table's lease: see :mod:`meeple.server.site.cluster`)."""
        self.stale = False
        """Actions were stored by another process and not applied here yet (a table nobody
        watches in this process is brought up to date only when needed)."""
        self.chat_quiet = False
        """Known to have no chat message yet: a table this process made while it runs alone
        (no other process can write to it), until its first message. Every websocket opened
        asks for the chat's history, and reading it took a worker thread ~0.4–0.8 ms of
        Python, competing with the event loop for the interpreter's lock; a quiet table's is
        empty without the database."""

    @classmethod
    def from_rows(
        cls,
        game: Game[Any],
        row: TableRow,
        seat_rows: list[SeatRow],
        players: dict[str, PlayerRow],
    ) -> LiveTable:
        """A table as stored (without its state: see :meth:`Hub.rebuild`)."""
        seats = [
            Seat(
                kind=s.kind,
                level=s.level,
                player=players.get(s.player_id) if s.player_id else None,
                left=s.left,
                alone_since=time.monotonic(),
                turn_based=row.move_seconds is not None,
                due=s.due,
                bank=s.bank,
                timeouts=s.timeouts or 0,
            )
            for s in seat_rows
        ]
        table = cls(game, row, seats)
        if row.move_seconds is not None:
            table.stored_clocks = (row.due, *((s.due, s.bank, s.timeouts or 0) for s in seats))
        return table

    @property
    def turn_based(self) -> bool:
        """Whether the table is played turn by turn over days (a clock per move)."""
        return self.move_seconds is not None

    def keys(self) -> list[SeatKey]:
        """Every point of view: each seat and the spectators."""
        return [None, *range(self.players)]

    def seat_of(self, player_id: str | None) -> int | None:
        """The seat this player sits in, if any."""
        if player_id is None:
            return None
        for i, seat in enumerate(self.seats):
            if seat.player is not None and seat.player.id == player_id:
                return i
        return None

    def free_human_seats(self) -> list[int]:
        """Human seats nobody sits in yet."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and s.player is None]

    # the game's progress

    def start(self, state: State) -> None:
        """Put the first state on the table."""
        self.state = state
        self.status = RUNNING
        self.version = 0
        self.refresh()

    def advance(
        self,
        state: State,
        seat: int | None = None,
        action: Action | None = None,
        by: str | None = None,
    ) -> None:
        """Put the state after one more action (``seat``'s ``action``, when known, chosen
        ``by`` whom) on the table."""
        self.state = state
        self.version += 1
        if by == "human" and seat is not None and seat in self.logs:
            self.last_move[seat] = len(self.logs[seat])
        went_back = seat if action is not None and action.get("type") == BACK else None
        self.refresh(went_back, moved=seat)

    def refresh(self, went_back: int | None = None, *, moved: int | None = None) -> None:
        """Recompute every seat's view and legal actions, and extend every seat's event log.

        After a ``back`` by seat ``went_back`` the game's events are again those of the choice
        point: the log gets one line of its own, ``{"event": "back", "seat": s}``, and
        what the events hold now is taken as seen (printing it again would repeat it). Seat
        ``moved``, who made the action, has a new decision even if its legal actions are the
        same as before."""
        assert self.state is not None
        # Only the points of view a client can have: spectators and human seats. A bot seat
        # is never anyone's (its bot reads the state itself), and its view was half of the
        # work of a change at tables of one person and three bots.
        humans = [i for i, seat in enumerate(self.seats) if seat.kind != "bot"]
        for seat in humans:
            legal = self.state.legal_actions(seat)
            if legal != self.legal.get(seat) or seat == moved:
                self.legal[seat] = legal
                self.decision_since[seat] = self.version
        for key in [None, *humans]:
            view = self.state.view(key)
            # Kept as its JSON text, not as the tree of lists and dicts the game built: a view
            # is tens to hundreds of objects that live until the next change, and with
            # thousands of tables they were half of what every garbage collection had to
            # walk (docs/deploy.md, "What keeps a person's move quick"). The text is what
            # every message of this version embeds anyway, now encoded once per change.
            self.views[key] = orjson.Fragment(encode_bytes(view))
            self.scores[key] = view.get("scores")
            events = view.get("events", [])
            if not isinstance(events, list):
                events = []
            before = self._last_events[key]
            if went_back is not None:
                self.logs[key].append({"event": BACK, "seat": went_back})
                self._last_events[key] = list(events)
                continue
            # Games keep the events of their latest resolution and append to them; a list that
            # no longer starts with what we saw has been started afresh.
            new = events[len(before) :] if events[: len(before)] == before else events
            self.logs[key].extend(new)
            self._last_events[key] = list(events)

    # what clients are sent

    def summary(self, you: int | None, grace: float) -> JSON:
        """The protocol's ``Table`` object, for a caller sitting in ``you``."""
        now = time.monotonic()
        scores: list[float] | None
        winners: list[int] | None
        if self.state is not None:
            # Scores as a spectator sees them: a game may keep running scores hidden.
            scores = list(self.scores[None] or [])
            winners = list(self.state.winners)
        elif self.final is not None:
            scores, winners = self.final
        else:
            scores, winners = None, None
        return {
            "id": self.id,
            "game": self.game.id,
            "players": self.players,
            "options": self.options,
            "status": self.status,
            "seats": [seat.summary(i, now, grace) for i, seat in enumerate(self.seats)],
            "turn_seconds": self.turn_seconds,
            "response_seconds": self.response_seconds,
            "version": self.version,
            "scores": scores,
            "winners": winners,
            "you": you,
            "rated": self.is_rated(),
            "move_seconds": self.move_seconds,
            "bank_seconds": self.bank_seconds,
            "created": self.created.isoformat().replace("+00:00", "Z"),
        }

    def is_rated(self) -> bool:
        """Whether the result will count: the creator chose it and every human seated so far
        is a registered player (a guest at the table makes it unrated)."""
        return self.rated and all(
            seat.player is None or seat.player.username is not None
            for seat in self.seats
            if seat.kind == "human"
        )

    def current(self, seat: int, version: int) -> bool:
        """Whether a client that saw ``version`` saw the seat's present decision."""
        return self.decision_since.get(seat, 0) <= version <= self.version

    def state_message(
        self,
        connection: Connection,
        grace: float,
        cache: dict[tuple[SeatKey, int], str] | None = None,
    ) -> str:
        """The ``state`` message for one connection, with the log events it has not had.

        With a ``cache`` (one per change of the table), connections that see the same seat
        and have had the same events share one message, built and encoded once.
        """
        key = connection.seat
        log = self.logs.get(key, [])
        start = connection.log_sent
        connection.log_sent = len(log)
        if cache is None:
            return self._state_message(key, start, grace)
        text = cache.get((key, start))
        if text is None:
            text = cache[key, start] = self._state_message(key, start, grace)
        return text

    def _state_message(self, key: SeatKey, start: int, grace: float) -> str:
        log = self.logs.get(key, [])
        state = self.state
        legal: list[JSON] = []
        if state is not None and key is not None and self.status == RUNNING:
            legal = self.legal[key]
        message = {
            "type": "state",
            "table": self.summary(key, grace),
            "version": self.version,
            "seat": key,
            "view": self.views.get(key) if state is not None else None,
            "legal": legal,
            "decision": self.decision_since.get(key) if key is not None else None,
            "to_move": list(state.to_move) if state is not None else [],
            "log": {"from": start, "events": log[start:]},
            "deadline": self._deadline(key),
            "last_move": self.last_move.get(key) if key is not None else None,
            "is_over": state.is_over if state is not None else self.status not in (OPEN, RUNNING),
            "scores": self.scores[key] if state is not None else None,
            "winners": list(state.winners) if state is not None else None,
        }
        return encode(message)

    def _deadline(self, key: SeatKey) -> int | None:
        """When the decision awaited runs out of time (ms since the epoch), if it does: at a
        turn-based table the seat's own clock when it runs, else the first one."""
        own = self.seats[key].due if key is not None and self.turn_based else None
        deadline = own if own is not None else self.deadline
        return round(deadline * 1000) if deadline is not None else None


def as_utc(moment: datetime) -> datetime:
    """SQLite hands back times without their zone; every stored time is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def newest_of(tables: Iterable[LiveTable], statuses: list[str], limit: int) -> list[LiveTable]:
    """The newest ``limit`` of these tables with one of these statuses, newest first."""
    # Asked at every look at the lobby, over every table in memory: sorted in C by a time
    # already in UTC (converting 2,000 tables' times at each ask was a third of the server's
    # work on a busy lobby). The tables are held in the order they were made, on which the
    # sort is quicker than heapq.nlargest's loop of Python (0.13 against 0.85 ms for 2,000).
    found = [t for t in tables if t.status in statuses]
    found.sort(key=attrgetter("created"), reverse=True)
    return found[:limit]
