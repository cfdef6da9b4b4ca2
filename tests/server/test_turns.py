"""Turn-based tables (issue #39): every game played over days by two players who come and go,
clocks that run out (once, on whichever process holds the table, or on a restarted one), the
games page, and the options refused.

Days pass on the hub's own clock (``hub.now``), never slept: :class:`Clock`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.server.conftest import Person, Server, wait_for

DAY = 24 * 3600


class Clock:
    """A clock for the hub that moves only when told."""

    def __init__(self, start: float = 1_900_000_000.0) -> None:
        self.time = start

    def __call__(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += seconds


def with_clock(server: Server) -> Clock:
    """Give the server's hub a clock of the test's."""
    clock = Clock()
    server.in_loop(lambda: setattr(server.hub, "now", clock))
    return clock


def sweep(server: Server) -> list[str]:
    """Fire the turn-based clocks that ran out, now (the server's sweeper does it every
    ``turn_sweep_seconds``)."""
    claimed: list[str] = server.client.portal.call(server.hub.sweep_turns)  # type: ignore[union-attr]
    return claimed


def unload(server: Server) -> list[str]:
    """Let go of the idle turn-based tables now."""
    found: list[str] = []
    server.in_loop(lambda: found.extend(server.hub.unload_idle()))
    return found


def gone(server: Server, table_id: str, seconds: float = 1.0) -> bool:
    """Whether the idle table leaves memory within ``seconds`` (a closed page's socket is let
    go of by the server a moment after the client closed it)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if table_id in unload(server):
            assert table_id not in server.hub.tables
            return True
        time.sleep(0.02)
    return False


def waiting_for(person: Person) -> list[dict[str, Any]]:
    """The tables of the games page where it is this person's move."""
    mine = person.get("/api/me/tables").json()
    tables = [t for t in mine["tables"] if t["your_due"] is not None]
    assert mine["waiting"] == len(tables)
    return tables


def visit(person: Person, table_id: str, pick: random.Random) -> tuple[dict[str, Any], int]:
    """Open the table, make every decision asked of this seat until the move leaves it, and
    close the page; the first state seen, and the decisions made."""
    sock = person.ws(table_id)
    first = message = sock.until(lambda m: m["type"] == "state")
    made = 0
    while message["legal"] and not message["is_over"]:
        version = message["version"]
        action = pick.choice(message["legal"])
        sock.send({"type": "action", "action": action, "version": version})
        message = sock.until(lambda m, v=version: m["type"] == "state" and m["version"] > v)
        made += 1
    sock.close()
    return first, made


GAMES = [("buffet", 3), ("bison", 2), ("cafe", 2), ("cheese", 3), ("stirfry", 2)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_turn_based_game_is_played_to_its_end_over_days(
    server_factory: Callable[..., Server], game: str, players: int
) -> None:
    server = server_factory(turn_idle_seconds=0.0)
    clock = with_clock(server)
    aki, ben = server.person("Aki"), server.person("Ben")
    bots = ["random"] * (players - 2)
    table_id = aki.table(
        game,
        players,
        bots=bots,
        move_seconds=DAY,
        options={"target": 50} if game == "stirfry" else {},
    )
    assert ben.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    pick = random.Random(f"{game}-turns")
    visits = unloaded = 0
    for _ in range(2000):
        table = aki.get(f"/api/tables/{table_id}").json()
        if table["status"] == "finished":
            break
        assert table["move_seconds"] == DAY
        people = [p for p in (aki, ben) if any(t["id"] == table_id for t in waiting_for(p))]
        if not people:  # a bot of the table is still to play
            wait_for(
                lambda: (
                    any(t["id"] == table_id for p in (aki, ben) for t in waiting_for(p))
                    or aki.get(f"/api/tables/{table_id}").json()["status"] == "finished"
                )
            )
            continue
        for person in people:
            first, made = visit(person, table_id, pick)
            visits += 1
            # Back after days of the others' moves: where this seat's last move stands in
            # its log, so that the page says everything since.
            if visits > 2 and made:
                assert first["last_move"] is not None
                assert first["last_move"] <= first["log"]["from"] + len(first["log"]["events"])
            clock.advance(3 * 3600)  # three hours later, well within the day of a move
        unloaded += gone(server, table_id)
    else:
        raise AssertionError("the game did not end")
    finished = aki.get(f"/api/tables/{table_id}").json()
    assert finished["status"] == "finished" and finished["winners"]
    # Nobody ran out of time, and closing the page never handed a seat to a bot.
    assert {by for seat, _, by in server.by_whom(table_id) if seat < 2} == {"human"}
    assert unloaded > 0, "the idle table left memory between the visits"
    assert aki.get("/api/me/tables").json()["tables"][-1]["id"] == table_id
