"""Table chat: who may write what, who receives it, history, replays and mutes."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import event

from meeple.server.tables.chat import BURST, MAX_LENGTH, REACTIONS
from tests.server.conftest import Person, Server, Socket


def _open(person: Person, table_id: str) -> Socket:
    sock = person.ws(table_id)
    sock.until(lambda m: m["type"] == "chat_history")
    return sock


def _chat(sock: Socket) -> dict[str, Any]:
    message: dict[str, Any] = sock.until(lambda m: m["type"] in ("chat", "error"))
    return message


def _two_at_a_table(server: Server) -> tuple[Person, Person, str]:
    aki, ben = server.person("Aki"), server.person("Ben")
    table_id = aki.table("cafe", 2)
    assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
    return aki, ben, table_id


def test_a_message_reaches_players_and_spectators_as_written(server: Server) -> None:
    aki, ben, table_id = _two_at_a_table(server)
    chie = server.person("Chie")  # no seat: a spectator
    a, b, c = _open(aki, table_id), _open(ben, table_id), _open(chie, table_id)
    attack = "<img src=x onerror=alert(1)>"
    a.send({"type": "chat", "text": f"  {attack}  "})
    for sock in (a, b, c):
        message = _chat(sock)["message"]
        assert message["text"] == attack  # kept as text: the client shows it as text
        assert message["name"] == "Aki" and message["seat"] == 0 and not message["spectator"]
    c.send({"type": "chat", "reaction": REACTIONS[0]})
    seen = _chat(a)["message"]
    assert seen["spectator"] is True and seen["seat"] is None and seen["reaction"] == REACTIONS[0]


def test_refused_messages_say_why_and_store_nothing(server: Server) -> None:
    aki, _ben, table_id = _two_at_a_table(server)
    a = _open(aki, table_id)
    cases = [
        ({"type": "chat", "text": "x" * (MAX_LENGTH + 1)}, "chat_too_long"),
        ({"type": "chat", "text": " \n\t "}, "chat_empty"),
        ({"type": "chat", "text": 42}, "chat_bad"),
        ({"type": "chat", "reaction": "💩"}, "chat_bad"),
        ({"type": "chat", "text": "hi", "reaction": REACTIONS[0]}, "chat_bad"),
        ({"type": "chat", "text": "hi", "html": "<b>"}, "chat_bad"),
    ]
    for body, code in cases:
        a.send(body)
        answer = _chat(a)
        assert answer["type"] == "error" and answer["code"] == code, (body, answer)
    assert server.client.get(f"/api/tables/{table_id}").status_code == 200
    stranger = server.stranger().ws(table_id)
    stranger.until(lambda m: m["type"] == "chat_history")
    stranger.send({"type": "chat", "text": "hello"})
    assert _chat(stranger)["code"] == "chat_no_player"
    history = json.loads(_open(aki, table_id).raw[-1])
    assert history == {"type": "chat_history", "messages": []}
    # Exactly MAX_LENGTH characters is fine.
    a.send({"type": "chat", "text": "y" * MAX_LENGTH})
    assert _chat(a)["type"] == "chat"


def test_a_flood_is_refused(server: Server) -> None:
    aki, _ben, table_id = _two_at_a_table(server)
    a = _open(aki, table_id)
    for i in range(BURST):
        a.send({"type": "chat", "text": f"message {i}"})
        assert _chat(a)["type"] == "chat"
    a.send({"type": "chat", "text": "one too many"})
    refused = _chat(a)
    assert refused["code"] == "chat_rate" and "wait" in refused["message"]


def test_a_new_tables_history_is_empty_without_the_database_until_its_first_message(
    server: Server,
) -> None:
    """Every websocket opened asks for the chat's history. A table this process made (alone,
    nobody else can write to it) has none until its first message: its history is answered
    without reading the database; after a message it is read as before."""
    reads: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if "chat" in statement.lower():
            reads.append(statement)

    aki = server.person("Aki")
    table_id = aki.table("cafe", 2, bots=["random"])
    engine = server.hub.store.reader
    event.listen(engine, "before_cursor_execute", note)
    try:
        first = aki.ws(table_id).until(lambda m: m["type"] == "chat_history")
        assert first["messages"] == [] and reads == []
        sock = _open(aki, table_id)
        sock.send({"type": "chat", "text": "hello"})
        assert _chat(sock)["message"]["text"] == "hello"
        again = aki.ws(table_id).until(lambda m: m["type"] == "chat_history")["messages"]
        assert [m["text"] for m in again] == ["hello"]
        assert reads  # read from the database once it has a message
    finally:
        event.remove(engine, "before_cursor_execute", note)


def test_history_after_a_reload_and_in_the_replay(server: Server) -> None:
    aki = server.person("Aki")
    table_id = aki.table("cheese", 3, bots=["random", "random"])
    a = _open(aki, table_id)
    a.send({"type": "chat", "text": "good luck"})
    written = _chat(a)["message"]
    a.close()
    again = aki.ws(table_id)
    history = again.until(lambda m: m["type"] == "chat_history")["messages"]
    assert [m["text"] for m in history] == ["good luck"]
    assert history[0]["version"] == written["version"]
    aki.post(f"/api/tables/{table_id}/leave")
    from tests.server.conftest import wait_for  # noqa: PLC0415

    wait_for(lambda: aki.get(f"/api/tables/{table_id}").json()["status"] == "finished", 60)
    replay = aki.get(f"/api/tables/{table_id}/replay").json()
    assert [m["text"] for m in replay["chat"]] == ["good luck"]


def test_a_mute_lasts_across_tables_until_undone(server: Server) -> None:
    aki, ben, table_id = _two_at_a_table(server)
    aki_id = aki.player["id"]  # type: ignore[index]
    assert ben.post(f"/api/mutes/{aki_id}").json() == {"muted": [aki_id]}
    a, b = _open(aki, table_id), _open(ben, table_id)
    a.send({"type": "chat", "text": "can you hear me?"})
    assert _chat(a)["type"] == "chat"
    b.send({"type": "chat", "text": "only mine"})
    assert _chat(b)["message"]["text"] == "only mine"  # Aki's message never came before it
    # At another table, and in the history, too.
    other = aki.table("cafe", 2)
    ben.post(f"/api/tables/{other}/join")
    a2 = _open(aki, other)
    a2.send({"type": "chat", "text": "still muted?"})
    _chat(a2)
    history = ben.ws(other).until(lambda m: m["type"] == "chat_history")["messages"]
    assert history == []
    assert ben.get("/api/mutes").json() == {"muted": [aki_id]}
    # Refusals: yourself, nobody.
    assert ben.post(f"/api/mutes/{ben.player['id']}").status_code == 409  # type: ignore[index]
    assert ben.post("/api/mutes/p_nobody").status_code == 404
    assert server.stranger().post(f"/api/mutes/{aki_id}").status_code == 401
    # Unmuted, Aki is heard again.
    assert server.client.delete(f"/api/mutes/{aki_id}", headers=ben.headers).json() == {"muted": []}
    history = ben.ws(other).until(lambda m: m["type"] == "chat_history")["messages"]
    assert [m["text"] for m in history] == ["still muted?"]
