"""Timers and absence: a bot stands in for a player who runs out of time, is gone or left, and
a taste test is answered by the first opponent (or, after the response time, by "trust")."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from meeple.server.settings import Settings, everywhere_levels
from tests.server.conftest import Server, Socket, wait_for


def shorten(
    server: Server, table_id: str, turn: float | None = None, response: float | None = None
) -> None:
    """Give a running table timers shorter than a person may choose, and restart its timer."""
    table = server.hub.tables[table_id]

    def change() -> None:
        if turn is not None:
            table.turn_seconds = turn  # type: ignore[assignment]
        if response is not None:
            table.response_seconds = response  # type: ignore[assignment]
        table.deadline, table.deadline_seats = None, frozenset()
        server.hub.schedule(table)

    server.in_loop(change)


def status(server: Server, table_id: str) -> str:
    return str(server.hub.store.table(table_id)[0].status)  # type: ignore[index]


def test_a_bot_plays_for_a_player_whose_turn_timer_ran_out(server: Server) -> None:
    aki = server.person()
    table_id = aki.table("cheese", 3, bots=["random", "random"], turn_seconds=5)
    sock = aki.ws(table_id)
    first = sock.until(lambda m: m["type"] == "state" and bool(m["legal"]))
    assert first["deadline"] is not None  # the countdown is sent to the client
    shorten(server, table_id, turn=0.2)
    # Aki does nothing: the seat is marked away and a bot plays seat 0's decisions.
    away = sock.until(lambda m: m["type"] == "state" and m["table"]["seats"][0]["away"])
    assert away["table"]["seats"][0]["connected"]
    wait_for(lambda: any(seat == 0 and by == "bot" for seat, _, by in server.by_whom(table_id)))
    # Reconnecting brings the player back into the seat.
    sock.close()
    back = aki.ws(table_id).receive()
    assert back["seat"] == 0 and not back["table"]["seats"][0]["away"]


def test_bots_play_on_for_a_player_who_is_gone(server_factory: Callable[..., Server]) -> None:
    server = server_factory(grace=0.2)
    aki = server.person()
    table_id = aki.table("cheese", 3, bots=["random", "random"])
    # Aki never connects: after the grace time a bot plays the seat to the end of the game.
    wait_for(lambda: status(server, table_id) == "finished", seconds=60)
    assert {by for seat, _, by in server.by_whom(table_id) if seat == 0} == {"bot"}
    # (Whether a seat is away is a live table's: the finished table has left memory.)
    table = aki.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "finished" and table["winners"]


def test_leaving_mid_game_hands_the_seat_to_a_bot(server: Server) -> None:
    aki = server.person()
    table_id = aki.table("buffet", 3, bots=["random", "random"])
    sock = aki.ws(table_id)
    sock.until(lambda m: m["type"] == "state" and bool(m["legal"]))
    assert aki.post(f"/api/tables/{table_id}/leave").status_code == 200
    wait_for(lambda: status(server, table_id) == "finished", seconds=60)
    assert any(seat == 0 and by == "bot" for seat, _, by in server.by_whom(table_id))


def test_an_opponent_who_does_not_answer_trusts(server: Server) -> None:
    aki = server.person()
    table_id = aki.table(
        "stirfry", 3, bots=["random", "random"], options={"target": 50}, turn_seconds=300
    )
    sock = aki.ws(table_id)
    shorten(server, table_id, response=0.1)
    # Aki plays her own turns but never answers a taste test; the server trusts for her.
    logged: list[dict[str, Any]] = []
    for _ in range(5000):
        message = sock.receive()
        if message["type"] == "chat_history":
            continue
        if message["type"] != "state" or message["is_over"]:
            break
        logged.extend(message["log"]["events"])
        if any(e["event"] == "trust" and e.get("timeout") for e in logged):
            break
        legal = message["legal"]
        if {"type": "trust"} in legal:
            # The question arrives with its countdown.
            assert message["deadline"] is not None, message
        if legal and {"type": "trust"} not in legal:
            sock.send({"type": "action", "action": legal[-1], "version": message["version"]})
    # Stored and logged as what it was: no answer, so a trust (the log says so).
    timeouts = [a for seat, a, by in server.by_whom(table_id) if by == "timeout"]
    assert timeouts and all(a == {"type": "trust", "timeout": True} for a in timeouts)
    late = [e for e in logged if e["event"] == "trust" and e.get("timeout")]
    assert late and all(e["seat"] == 0 for e in late)
    # Answers Aki gave herself are never marked.
    mine = [a for seat, a, by in server.by_whom(table_id) if by == "human"]
    assert all("timeout" not in a for a in mine)


def test_no_time_limit_means_no_limit_for_the_taste_test_either(server: Server) -> None:
    """Ruling (docs/rules/stirfry.md, "Time"): at a table without a time limit the taste test
    waits for the answer as long as any other decision does."""
    aki = server.person()
    table_id = aki.table("stirfry", 2, bots=["random"], options={"target": 50})
    sock = aki.ws(table_id)
    shorten(server, table_id, response=0.1)
    for _ in range(5000):
        message = sock.until(lambda m: m["type"] == "state")
        assert not message["is_over"], "no taste test came up"
        legal = message["legal"]
        if {"type": "trust"} in legal:
            break
        # Aki never declares, so that the bot's declarations are the taste tests.
        mine = [a for a in legal if a["type"] in ("cook", "end_turn", "discard")]
        if mine:
            sock.send({"type": "action", "action": mine[0], "version": message["version"]})
    assert message["deadline"] is None  # no countdown: no limit
    version = message["version"]
    time.sleep(0.6)  # six times the response time the table would have had
    assert len(server.by_whom(table_id)) == version  # nobody answered for Aki
    sock.send({"type": "action", "action": {"type": "trust"}, "version": version})
    after = sock.until(lambda m: m["type"] == "state" and m["version"] > version)
    assert any(e["event"] == "trust" and "timeout" not in e for e in after["log"]["events"])


def test_the_first_taste_to_arrive_wins(server: Server) -> None:
    people = [server.person(name) for name in ("Aki", "Ben", "Chie")]
    table_id = people[0].table("stirfry", 3)
    for person in people[1:]:
        assert person.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    socks = [p.ws(table_id) for p in people]
    # A websocket is open before the server has counted it (and told the others): wait for
    # all three, so that no late connection's state comes after the drain below.
    table = server.hub.tables[table_id]
    wait_for(lambda: sum(seat.connections for seat in table.seats) == 3)
    # Nobody but these three changes the game, so after each accepted action every socket
    # gets exactly one state: the driver reads them in lockstep.
    latest = [drain(s) for s in socks]
    for _ in range(500):
        tasters = [i for i, m in enumerate(latest) if {"type": "taste"} in m["legal"]]
        if len(tasters) >= 2:
            break
        seat = next(i for i, m in enumerate(latest) if m["legal"])
        legal = latest[seat]["legal"]
        action = next((a for a in legal if a["type"] == "declare"), legal[0])
        socks[seat].send({"type": "action", "action": action, "version": latest[seat]["version"]})
        latest = [s.until(lambda m: m["type"] == "state") for s in socks]
    else:
        raise AssertionError("no taste test with two opponents came up")
    first, second = tasters[:2]
    version = latest[first]["version"]
    for seat in (first, second):
        socks[seat].send({"type": "action", "action": {"type": "taste"}, "version": version})
    refusal = socks[second].until(lambda m: m["type"] == "error")
    assert refusal["code"] in ("stale", "not_your_turn")
    stored = server.by_whom(table_id)
    assert stored[version] == (first, {"type": "taste"}, "human") and len(stored) == version + 1


def drain(sock: Socket) -> dict[str, Any]:
    """The newest state, after reading all that was queued (a ping's answer comes after it)."""
    sock.send({"type": "ping"})
    sock.until(lambda m: m["type"] == "pong")
    assert sock.latest is not None
    return sock.latest


def test_the_lobby_learns_the_taste_test_answer_time(server: Server) -> None:
    """/api/games says which games ask for answers between turns, and how long they have."""
    games = {g["id"]: g for g in server.person().get("/api/games").json()["games"]}
    assert games["stirfry"]["response_seconds"] == 15
    assert all(g["response_seconds"] is None for i, g in games.items() if i != "stirfry")


def test_the_bot_for_an_absent_player_plays_every_game_at_every_count() -> None:
    """``away_level`` is checked when the settings are made: ``expert`` (whose networks ship for
    some counts only) or an unknown level would leave an absent player's seat without a bot."""
    assert everywhere_levels() == ["random", "easy", "normal", "hard"]
    assert Settings(db_url="sqlite://", away_level="hard").away_level == "hard"
    for level in ("expert", "grandmaster"):
        with pytest.raises(ValueError, match="plays every game at every player count"):
            Settings(db_url="sqlite://", away_level=level)
