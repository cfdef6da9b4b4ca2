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


def mover(server: Server, table_id: str) -> list[int]:
    """The seats awaited now."""
    table = server.hub.load(table_id)
    assert table is not None and table.state is not None
    return list(table.state.to_move)


def test_a_seat_whose_clock_runs_out_is_played_by_a_bot_and_taken_over_after_two(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory(grace=0.05)
    clock = with_clock(server)
    aki, ben = server.person("Aki"), server.person("Ben")
    table_id = aki.table("cafe", 2, move_seconds=3600)
    assert ben.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    people = {0: aki, 1: ben}
    late = mover(server, table_id)[0]
    other = 1 - late
    # Closing the page hands nothing to a bot, however long the player is gone.
    people[late].ws(table_id).close()
    time.sleep(0.3)  # six times the grace time of a live table
    clock.advance(3599)
    assert sweep(server) == [] and server.by_whom(table_id) == []
    mine = people[late].get("/api/me/tables").json()
    assert mine["waiting"] == 1 and mine["tables"][0]["your_due"] == round((clock.time + 1) * 1000)
    # The hour is up: a bot plays that move for the seat, once.
    clock.advance(2)
    assert sweep(server) == [table_id]
    assert sweep(server) == []
    moves = server.by_whom(table_id)
    assert moves and {(seat, by) for seat, _, by in moves} == {(late, "timeout")}
    seat = aki.get(f"/api/tables/{table_id}").json()["seats"][late]
    assert seat["timeouts"] == 1 and not seat["replaced"] and not seat["away"]
    # The other one plays; the late one's clock runs out again: a bot has the seat for good.
    for _ in range(20):
        if late in mover(server, table_id):
            break
        visit(people[other], table_id, random.Random(1))
    clock.advance(3601)
    assert sweep(server) == [table_id]
    wait_for(
        lambda: late not in mover(server, table_id) or server.by_whom(table_id)[-1][2] == "bot"
    )
    sock = people[late].ws(table_id)
    state = sock.until(lambda m: m["type"] == "state")
    seat = state["table"]["seats"][late]
    assert seat["timeouts"] == 2 and seat["replaced"] and seat["away"]  # the page says so
    assert state["legal"] == [] or late not in state["to_move"]
    # From now on the bot plays the seat at once, and its player's moves are refused.
    for _ in range(20):
        if late in mover(server, table_id):
            break
        visit(people[other], table_id, random.Random(2))
    wait_for(lambda: server.by_whom(table_id)[-1][2] == "bot")
    assert all(by != "human" for seat, _, by in server.by_whom(table_id) if seat == late)


def test_a_clock_runs_out_on_a_restarted_server(server_factory: Callable[..., Server]) -> None:
    first = server_factory()
    aki = first.person("Aki")
    table_id = aki.table("bison", 2, bots=["random"], move_seconds=DAY, bank_seconds=3600)
    due = aki.get("/api/me/tables").json()["tables"][0]["your_due"]
    # A day for the move, and the time bank's hour after it.
    assert abs(due / 1000 - (time.time() + DAY + 3600)) < 60
    first.stop()
    # Another process, days later: the table is not in its memory, and its clock still fires.
    second = server_factory()
    clock = with_clock(second)
    clock.time = due / 1000 - 1
    assert sweep(second) == [] and table_id not in second.hub.tables
    clock.advance(2)
    assert sweep(second) == [table_id]
    by = [who for seat, _, who in second.by_whom(table_id) if seat == 0]
    assert by and set(by) == {"timeout"}
    seat = second.person("Ben").get(f"/api/tables/{table_id}").json()["seats"][0]
    assert seat["timeouts"] == 1 and seat["bank"] == 0


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"move_seconds": 3599}, None),
        ({"move_seconds": 7 * DAY + 1}, None),
        ({"move_seconds": "day"}, None),
        ({"move_seconds": DAY, "bank_seconds": -1}, None),
        ({"bank_seconds": 3600}, "bank_needs_turns"),
        ({"move_seconds": DAY, "turn_seconds": 60}, "live_or_turn_based"),
    ],
)
def test_bad_turn_options_are_refused_and_change_nothing(
    server: Server, extra: dict[str, Any], code: str | None
) -> None:
    aki = server.person("Aki")
    answer = aki.post("/api/tables", {"game": "cafe", "players": 2, **extra})
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    if code is not None:
        assert detail["code"] == code
    else:  # pydantic's own answer names the field
        assert any(error["loc"][-1] in extra for error in detail)
    assert aki.get("/api/me/tables").json() == {"waiting": 0, "tables": []}
    assert server.hub.store.tables(["open", "running"]) == []


def test_the_bank_pays_what_went_over_and_turn_passed_is_called(server: Server) -> None:
    clock = with_clock(server)
    passed: list[tuple[str, list[int]]] = []
    server.in_loop(
        lambda: setattr(
            server.hub, "turn_passed", lambda table, seats: passed.append((table.id, seats))
        )
    )
    aki, ben = server.person("Aki"), server.person("Ben")
    table_id = aki.table("bison", 2, move_seconds=3600, bank_seconds=7200)
    assert ben.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    first = mover(server, table_id)
    assert passed == [(table_id, first)]  # the game began: the first clock started
    seat = first[0]
    person = (aki, ben)[seat]
    table = aki.get(f"/api/tables/{table_id}").json()
    assert table["seats"][seat]["due"] == round((clock.time + 3600 + 7200) * 1000)
    clock.advance(3600 + 1800)  # half an hour over the hour: paid from the bank
    visit(person, table_id, random.Random(3))
    assert server.by_whom(table_id)[0][2] == "human"
    after = aki.get(f"/api/tables/{table_id}").json()["seats"][seat]
    assert after["bank"] == 7200 - 1800 and after["due"] is None and after["timeouts"] == 0
    assert len(passed) >= 2 and passed[1][1] == [1 - seat]  # the move passed to the other


def test_a_taste_test_has_the_same_clock_and_is_trusted_when_it_runs_out(server: Server) -> None:
    """Stir Fry's question between turns, at a turn-based table: the clock of a move, and
    at its end the game's default answer ("trust", marked late), as at a live table."""
    clock = with_clock(server)
    aki = server.person("Aki")
    table_id = aki.table("stirfry", 2, bots=["random"], move_seconds=DAY, options={"target": 50})
    sock = aki.ws(table_id)
    for _ in range(5000):
        message = sock.until(lambda m: m["type"] == "state")
        assert not message["is_over"], "no taste test came up"
        if {"type": "trust"} in message["legal"]:
            break
        # Aki never declares, so that the bot's declarations are the taste tests.
        mine = [a for a in message["legal"] if a["type"] in ("cook", "end_turn", "discard")]
        if mine:
            sock.send({"type": "action", "action": mine[0], "version": message["version"]})
    sock.close()
    asked_at = clock.time
    assert message["deadline"] == round((asked_at + DAY) * 1000)  # a move's day, not seconds
    clock.advance(DAY + 1)
    assert sweep(server) == [table_id]
    late = [(a, by) for seat, a, by in server.by_whom(table_id) if seat == 0 and by != "human"]
    assert late[0] == ({"type": "trust", "timeout": True}, "timeout")
