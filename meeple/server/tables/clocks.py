"""The clocks of a turn-based table, in memory: started when the move passes to a human seat,
stopped when it leaves it (the time bank pays what went over), and the table's due moment.

Pure functions of a :class:`~meeple.server.tables.live.LiveTable` and the time now; the hub's
part :mod:`.turns` stores what they give and fires the clocks that run out.

The rule (docs/protocol.md, "Turn-based tables"): each awaited human seat has the table's time
per move, plus what is left of its time bank; simultaneous decisions (Buffet's cards, Stir
Fry's taste test) start the same clock for every seat at once. A seat whose clock runs out has
that move played for it by a bot (a taste test is answered "trust"), once; after
:data:`~meeple.server.tables.live.TAKEOVER` timeouts in a row a bot has the seat for good.
Closing the page changes nothing.
"""

from __future__ import annotations

from typing import Any

from meeple.server.store import RUNNING, SeatClock
from meeple.server.tables.live import LiveTable


def awaited(table: LiveTable) -> list[int]:
    """The human seats whose decision the table waits for (not those a bot plays)."""
    state = table.state
    if table.status != RUNNING or state is None:
        return []
    return [
        i
        for i in state.to_move
        if table.seats[i].kind == "human" and not table.seats[i].away(0.0, 0.0)
    ]


def tick(table: LiveTable, now: float) -> list[int]:
    """Start the clocks of the seats the move passed to, stop the others' (their bank pays
    what went over the time per move); the seats whose clocks started."""
    move = table.move_seconds
    assert move is not None
    waiting = set(awaited(table))
    started = []
    for index, seat in enumerate(table.seats):
        if index in waiting and seat.due is None:
            seat.due = now + move + (seat.bank or 0.0)
            started.append(index)
        elif index not in waiting and seat.due is not None:
            if seat.bank is not None:
                began = seat.due - move - seat.bank
                seat.bank = max(0.0, seat.bank - max(0.0, now - began - move))
            seat.due = None
    dues = [seat.due for seat in table.seats if seat.due is not None]
    table.deadline = min(dues) if dues else None
    table.deadline_seats = frozenset(waiting)
    return started


def bots_to_play(table: LiveTable) -> bool:
    """Whether a bot is to play at the table now (a bot seat, or one a bot has)."""
    state = table.state
    if table.status != RUNNING or state is None:
        return False
    return bool(set(state.to_move) - set(awaited(table)))


def due(table: LiveTable, now: float) -> float | None:
    """When the table next needs the server with nobody acting: now, while a bot is to play
    (whichever process finds it then runs the bot, should the one running it stop), else the
    first running clock's end; ``None`` once the game is over."""
    if table.status != RUNNING or table.state is None:
        return None
    if bots_to_play(table):
        stored = table.stored_clocks[0] if table.stored_clocks else None
        return stored if stored is not None and stored <= now else now
    return table.deadline


def snapshot(table: LiveTable, when: float | None) -> tuple[Any, ...]:
    """The clocks as they are stored: the table's due moment, then each seat's clock."""
    return (when, *((s.due, s.bank, s.timeouts) for s in table.seats))


def seat_clocks(table: LiveTable) -> list[SeatClock]:
    """Each seat's clock, to store."""
    return [(i, s.due, s.bank, s.timeouts) for i, s in enumerate(table.seats)]
