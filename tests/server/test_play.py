"""Live play over websockets: whole games, spectators, reconnecting, and refused messages."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import meeple
from meeple.server.tables.live import LiveTable
from tests.server.conftest import Server, play_out, wait_for


def first(legal: list[dict[str, object]]) -> dict[str, object]:
    return legal[0]


def test_two_people_and_a_bot_play_buffet_to_the_end(server: Server) -> None:
    aki, ben = server.person("Aki"), server.person("Ben")
    table_id = aki.table("buffet", 3, bots=["random"])
    ben.post(f"/api/tables/{table_id}/join", {})
    a, b = aki.ws(table_id), ben.ws(table_id)
    rng = random.Random(3)
    last = play_out([a, b], rng.choice)
    assert last["is_over"] and last["winners"]
    table = aki.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "finished" and table["winners"] == last["winners"]
    # Both people's seats are in their history.
    assert [t["id"] for t in ben.get("/api/me/history").json()["tables"]] == [table_id]
    a.close()
    b.close()


@pytest.mark.parametrize("game_id", sorted(meeple.GAMES))
def test_every_game_plays_to_the_end_against_bots(server: Server, game_id: str) -> None:
    game = meeple.load(game_id)
    aki = server.person()
    options = {"target": 50} if game_id == "stirfry" else {}
    bots = ["random"] * (game.min_players - 1)
    table_id = aki.table(game_id, game.min_players, bots=bots, options=options)
    sock = aki.ws(table_id)
    last = play_out([sock], first)
    assert last["is_over"] and last["table"]["status"] == "finished"
    # The log numbers every event from the start: what arrived adds up to the whole log.
    assert last["log"]["from"] + len(last["log"]["events"]) > 0
    sock.close()


def test_a_spectator_sees_the_public_view_and_cannot_act(server: Server) -> None:
    aki = server.person()
    table_id = aki.table("cheese", 3, bots=["random", "random"])
    watcher = server.stranger().ws(table_id)
    state = watcher.receive()
    assert state["seat"] is None and state["legal"] == []
    assert state["view"]["seat"] is None
    watcher.send({"type": "action", "action": {"type": "place"}, "version": state["version"]})
    error = watcher.until(lambda m: m["type"] == "error")
    assert error["code"] == "not_seated"
    watcher.close()


def test_reconnecting_puts_the_player_back_with_the_whole_log(server: Server) -> None:
    aki = server.person()
    table_id = aki.table("cheese", 3, bots=["random", "random"])
    sock = aki.ws(table_id)

    def my_turn(state: dict[str, object]) -> dict[str, object]:
        """This state if it asks seat 0 to decide, else the next one that does."""
        if state["legal"]:
            return state
        return sock.until(lambda m: m["type"] == "state" and bool(m["legal"]))

    state = sock.receive()
    for _ in range(3):
        state = my_turn(state)
        sock.send({"type": "action", "action": state["legal"][0], "version": state["version"]})
        state = sock.until(lambda m: m["type"] == "state")
    seen = my_turn(state)
    sock.close()
    again = aki.ws(table_id)
    back = again.receive()
    assert back["seat"] == 0 and back["version"] == seen["version"]
    assert back["log"]["from"] == 0
    assert len(back["log"]["events"]) == seen["log"]["from"] + len(seen["log"]["events"])
    assert back["view"] == seen["view"] and back["legal"] == seen["legal"]
    # A "sync" sends it all again.
    again.send({"type": "sync"})
    synced = again.until(lambda m: m["type"] == "state")
    assert synced["log"]["from"] == 0 and synced["view"] == back["view"]
    again.close()


def refused(sock: object, message: object, code: str) -> dict[str, object]:
    from tests.server.conftest import Socket  # noqa: PLC0415

    assert isinstance(sock, Socket)
    sock.send(message)
    error = sock.until(lambda m: m["type"] == "error")
    assert error["code"] == code, error
    return error


def test_bad_messages_are_answered_and_the_connection_stays_open(server: Server) -> None:
    aki = server.person()
    table_id = aki.table("cheese", 3, bots=["random", "random"])
    sock = aki.ws(table_id)
    state = sock.until(lambda m: m["type"] == "state" and bool(m["legal"]))
    version = state["version"]
    refused(sock, "{not json", "bad_json")
    refused(sock, "[1, 2]", "bad_json")
    refused(sock, "[" * 100_000, "too_large")
    refused(sock, {"type": "dance"}, "bad_message")
    refused(sock, {"type": "action", "action": "place", "version": version}, "bad_message")
    refused(sock, {"type": "action", "action": {}, "version": "7"}, "bad_message")
    error = refused(
        sock,
        {
            "type": "action",
            "action": {"type": "place", "cheese": 99, "card": "mouse"},
            "version": version,
        },
        "illegal",
    )
    assert "not legal" in str(error["message"]) or "cheese" in str(error["message"])
    refused(sock, {"type": "action", "action": state["legal"][0], "version": version + 50}, "stale")
    # After all that the same connection still plays, and nothing changed the table.
    table = aki.get(f"/api/tables/{table_id}").json()
    assert table["version"] == version
    sock.send({"type": "ping"})
    assert sock.until(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
    sock.send({"type": "action", "action": state["legal"][0], "version": version})
    after = sock.until(lambda m: m["type"] == "state" and m["version"] > version)
    assert after["version"] == version + 1
    sock.close()


def test_a_seat_that_acted_has_a_new_decision_even_with_the_same_choices(
    server: Server,
) -> None:
    # A Buffet hand may hold two of a card. When the others have chosen already, playing one
    # of them deals the next turn at once, with the same legal actions as before. It is a
    # new decision all the same: the state says so (`decision`, the version it began at; the
    # coach's hint of the last turn went by it), and the same action sent again from the old
    # version, a double click, is refused as stale rather than played a second time.
    aki = server.person()
    table_id = aki.table("buffet", 3, bots=["random", "random"])
    sock = aki.ws(table_id)

    def last_to_move(m: dict[str, Any]) -> bool:  # Aki decides, the bots have chosen
        return m["type"] == "state" and (m["is_over"] or m["to_move"] == [0])

    state = sock.until(last_to_move)
    for _ in range(100):
        assert not state["is_over"], "the game ended before a card held twice was played"
        assert state["decision"] <= state["version"]
        version = state["version"]
        hand = state["view"]["hand"]
        twice = [card for card in set(hand) if hand.count(card) > 1]
        if state["view"]["phase"] != "choose":  # her exchange at a round's end: she draws
            action = state["legal"][-1]
        else:
            action = {"type": "play", "card": twice[0] if twice else hand[0]}
        sock.send({"type": "action", "action": action, "version": version})
        after = sock.until(lambda m, v=version: m["type"] == "state" and m["version"] > v)
        if action["type"] == "play" and twice and after["legal"] == state["legal"]:
            assert after["decision"] > version
            refused(sock, {"type": "action", "action": action, "version": version}, "stale")
            # Not played: her hand is as it was, and she still has her card to choose (the
            # bots may have chosen theirs meanwhile).
            again = sock.until(lambda m: m["type"] == "state")
            assert again["view"]["hand"] == after["view"]["hand"]
            assert again["view"]["my_choice"] is None and 0 in again["to_move"]
            sock.close()
            return
        # The answer may be her next decision already (the bots chose at once).
        state = after if last_to_move(after) else sock.until(last_to_move)
    raise AssertionError("no turn offered the same choices after a card held twice")


def test_acting_out_of_turn_is_refused(server: Server) -> None:
    aki, ben = server.person("Aki"), server.person("Ben")
    table_id = aki.table("cafe", 2)
    ben.post(f"/api/tables/{table_id}/join", {})
    a, b = aki.ws(table_id), ben.ws(table_id)
    # Each socket's first state, and no more: whether a seat's connecting sends the other a
    # second one depends on which connection the server saw first (waiting for it hung).
    first_a, first_b = (sock.until(lambda m: m["type"] == "state") for sock in (a, b))
    if first_a["to_move"] == [0]:
        (waiting, current), other = (b, first_b), first_a
    else:
        (waiting, current), other = (a, first_a), first_b
    assert other["legal"] and not current["legal"]
    refused(
        waiting,
        {"type": "action", "action": other["legal"][0], "version": current["version"]},
        "not_your_turn",
    )
    a.close()
    b.close()


def test_an_action_before_the_start_is_refused(server: Server) -> None:
    aki = server.person()
    table_id = aki.table("buffet", 3)
    sock = aki.ws(table_id)
    state = sock.receive()
    assert state["table"]["status"] == "open" and state["view"] is None
    refused(
        sock, {"type": "action", "action": {"type": "play", "card": 1}, "version": 0}, "not_running"
    )
    sock.close()


def test_the_rate_limit(server_factory: Callable[..., Server]) -> None:
    server = server_factory(rate_per_second=20.0, rate_burst=40)
    aki = server.person()
    table_id = aki.table("buffet", 3)
    sock = aki.ws(table_id)
    sock.receive()
    for _ in range(60):
        sock.send({"type": "ping"})
    answers = [sock.receive() for _ in range(60)]
    kinds = [a.get("code", a["type"]) for a in answers]
    assert "rate_limited" in kinds and kinds.count("pong") >= 40
    sock.close()


def test_an_unknown_table_closes_the_socket(server: Server) -> None:
    from starlette.websockets import WebSocketDisconnect  # noqa: PLC0415

    sock = server.stranger().ws("t_nothing")
    assert sock.receive()["code"] == "no_table"
    with pytest.raises(WebSocketDisconnect) as closed:
        sock.receive()
    assert closed.value.code == 4404


def test_a_foreign_origin_is_refused(server: Server) -> None:
    from starlette.websockets import WebSocketDisconnect  # noqa: PLC0415

    aki = server.person()
    table_id = aki.table("buffet", 3)
    headers = {**aki.headers, "origin": "http://evil.example"}
    server.client.cookies.clear()
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        server.client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as ws,
    ):
        ws.receive_text()
    assert closed.value.code == 4403
    same = {**aki.headers, "origin": "http://testserver"}
    with server.client.websocket_connect(f"/ws/tables/{table_id}", headers=same) as ws:
        assert json.loads(ws.receive_text())["type"] == "state"


def test_bots_think_in_worker_processes(server_factory: Callable[..., Server]) -> None:
    server = server_factory(bot_workers=1)
    assert server.hub.pool is not None
    aki = server.person()
    seats = [{"kind": "bot", "level": level} for level in ("easy", "normal", "easy")]
    table_id = aki.post("/api/tables", {"game": "cheese", "players": 3, "seats": seats}).json()[
        "id"
    ]
    watcher = aki.ws(table_id)
    last = watcher.until(lambda m: m["type"] == "state" and m["is_over"])
    assert last["table"]["status"] == "finished" and last["winners"]
    assert {by for _, _, by in server.by_whom(table_id)} == {"bot"}


def test_hard_bots_search_in_worker_processes(server_factory: Callable[..., Server]) -> None:
    # Buffet's first decision is everyone's at once: both hard bots search it straight away.
    server = server_factory(bot_workers=1)
    aki = server.person()
    seats = [{"kind": "human"}, {"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "hard"}]
    table_id = aki.post("/api/tables", {"game": "buffet", "players": 3, "seats": seats}).json()[
        "id"
    ]
    wait_for(lambda: len(server.by_whom(table_id)) == 2, seconds=60)
    moves = server.by_whom(table_id)
    assert {(seat, by) for seat, _, by in moves} == {(1, "bot"), (2, "bot")}
    assert all(action["type"] == "play" for _, action, _ in moves)


def test_other_origins_only_when_allowed(server_factory: Callable[..., Server]) -> None:
    server = server_factory(allow_origins=("http://friends.example",))
    aki = server.person()
    table_id = aki.table("buffet", 3)
    ask = {"origin": "http://friends.example", "access-control-request-method": "POST"}
    preflight = server.client.options("/api/tables", headers=ask)
    assert preflight.headers["access-control-allow-origin"] == "http://friends.example"
    assert preflight.headers["access-control-allow-credentials"] == "true"
    evil = server.client.options("/api/tables", headers={**ask, "origin": "http://evil.example"})
    assert "access-control-allow-origin" not in evil.headers
    headers = {**aki.headers, "origin": "http://friends.example"}
    server.client.cookies.clear()
    with server.client.websocket_connect(f"/ws/tables/{table_id}", headers=headers) as ws:
        assert json.loads(ws.receive_text())["seat"] == 0


def test_back_writes_one_log_line_and_repeats_nothing(server: Server) -> None:
    """A Bison player chooses an action, a hunter count, then ``back``: the board is as at
    the choice, and the log says so in one line without printing the choice point's events
    again (they are the round's start, seen already). A reload rebuilds the same log."""
    aki = server.person()
    table_id = aki.table("bison", 2, bots=["random"])
    sock = aki.ws(table_id)
    state = sock.until(lambda m: m["type"] == "state" and bool(m["legal"]))
    at_choice = state["view"]
    seen = state["log"]["from"] + len(state["log"]["events"])
    for action in ({"type": "action", "action": "move1"}, {"type": "hunters", "count": 0}):
        sock.send({"type": "action", "action": action, "version": state["version"]})
        state = sock.until(lambda m: m["type"] == "state" and bool(m["legal"]))
    assert state["legal"][-1] == {"type": "back"}
    sock.send({"type": "action", "action": {"type": "back"}, "version": state["version"]})
    state = sock.until(lambda m: m["type"] == "state" and bool(m["legal"]))
    assert state["view"] == at_choice and {"type": "back"} not in state["legal"]
    log = state["log"]
    whole = log["from"] + len(log["events"])
    assert log["events"][-1] == {"event": "back", "seat": 0}
    # Since the choice: the action and its hunters (one event), then the back line. Nothing else.
    assert whole == seen + 2
    sock.close()
    again = aki.ws(table_id).until(lambda m: m["type"] == "state")
    assert len(again["log"]["events"]) == whole and again["log"]["events"][-1]["event"] == "back"
    # Rebuilt from the stored actions (as after a restart), the table has the same log.
    hub = server.hub
    found = hub.store.table(table_id)
    assert found is not None
    row, seat_rows = found
    fresh = LiveTable.from_rows(hub.tables[table_id].game, row, seat_rows, {})
    hub.rebuild(fresh, row)
    assert fresh.logs == hub.tables[table_id].logs and fresh.version == again["version"]
