"""A socket is whoever its player is now (security issue #34, finding 1).

A websocket's seat is derived from the table's seats at every change, never fixed when it
opened: a player who leaves an open table, or logs out, keeps watching as a spectator and can
no longer see or play a seat. The same across processes: tests/server/test_cluster.py.
"""

from __future__ import annotations

import json
from typing import Any

from tests.server.conftest import Server, Socket, wait_for


def is_state(message: dict[str, Any]) -> bool:
    return bool(message["type"] == "state")


def private_hand(view: dict[str, Any]) -> Any:
    """The part of a Stir Fry seat's view nobody else sees: its own hand."""
    return view["hand"]


def test_a_socket_whose_player_left_an_open_table_watches_as_a_spectator(server: Server) -> None:
    aki, bo, cy = server.person("Aki"), server.person("Bo"), server.person("Cy")
    table_id = aki.table("stirfry", 2)
    old = aki.ws(table_id)
    assert old.until(is_state)["seat"] == 0
    assert aki.post(f"/api/tables/{table_id}/leave").status_code == 200
    # At once a spectator: its next state is for nobody's seat, with its log from the start.
    left = old.until(lambda m: is_state(m) and m["seat"] is None)
    assert left["log"]["from"] == 0 and left["legal"] == []
    # Bo takes the freed seat 0 and Cy the other: the game starts.
    assert bo.post(f"/api/tables/{table_id}/join", {"seat": 0}).json()["you"] == 0
    assert cy.post(f"/api/tables/{table_id}/join").json()["you"] == 1
    bo_socket = bo.ws(table_id)
    mine = bo_socket.until(lambda m: is_state(m) and m["table"]["status"] == "running")
    hand = private_hand(mine["view"])
    assert hand, "Bo's own view shows his hand"
    seen = old.until(lambda m: is_state(m) and m["table"]["status"] == "running")
    assert seen["seat"] is None and seen["legal"] == []
    watcher = server.stranger().ws(table_id)
    assert seen["view"] == watcher.until(is_state)["view"]
    # No state the old socket received since it left carried a seat's hand.
    assert all(not (m["view"] or {}).get("hand") for m in states_since(old, left))
    # It cannot act for seat 0, whatever it sends.
    legal = mine["legal"][0]
    old.send({"type": "action", "action": legal, "version": mine["version"]})
    assert old.until(lambda m: m["type"] == "error")["code"] == "not_seated"
    assert server.by_whom(table_id) == []
    # Closing it leaves Bo connected: it was never counted at his seat.
    old.close()
    bo_socket.send({"type": "ping"})
    bo_socket.until(lambda m: m["type"] == "pong")
    seats = bo.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[0]["connected"] is True and seats[0]["away"] is False


def states_since(sock: Socket, first: dict[str, Any]) -> list[dict[str, Any]]:
    """The raw states the socket received from ``first`` on."""
    received = [json.loads(text) for text in sock.raw]
    states = [m for m in received if is_state(m)]
    return states[states.index(first) :]


def test_a_socket_opened_before_logout_loses_its_player_at_once(server: Server) -> None:
    aki = server.person("Aki")
    table_id = aki.table("stirfry", 2, ["easy"])
    sock = aki.ws(table_id)
    first = sock.until(lambda m: is_state(m) and m["seat"] == 0)
    assert private_hand(first["view"])
    assert aki.post("/api/logout").status_code == 200
    after = sock.until(lambda m: is_state(m) and m["seat"] is None)
    assert after["legal"] == [] and after["view"]["hand"] is None
    for legal in first["legal"][:1]:
        sock.send({"type": "action", "action": legal, "version": first["version"]})
        assert sock.until(lambda m: m["type"] == "error")["code"] == "not_seated"
    sock.send({"type": "chat", "text": "still me?"})
    assert sock.until(lambda m: m["type"] == "error")["code"] == "chat_no_player"
    assert [by for _, _, by in server.by_whom(table_id) if by == "human"] == []
    # The session is gone for every other request too.
    assert aki.get("/api/me").json()["player"] is None


def test_a_spectator_socket_plays_the_seat_its_player_takes(server: Server) -> None:
    aki, bo = server.person("Aki"), server.person("Bo")
    table_id = aki.table("cafe", 2)
    sock = bo.ws(table_id)
    assert sock.until(is_state)["seat"] is None
    assert bo.post(f"/api/tables/{table_id}/join").status_code == 200
    running = sock.until(lambda m: is_state(m) and m["table"]["status"] == "running")
    assert running["seat"] == 1 and running["log"]["from"] == 0
    wait_for(lambda: bo.get(f"/api/tables/{table_id}").json()["seats"][1]["connected"])
