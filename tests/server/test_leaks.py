"""Nothing a client receives holds more than its own seat's view.

For every game, two people (and a spectator) play a whole game; afterwards every raw websocket
text they received is checked against the game rebuilt from the stored seed and actions: the
``view`` is exactly ``state.view(seat)`` at that version, ``legal`` exactly the seat's legal
actions, every log event one the seat's view showed, and no message carries any other key.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import meeple
from meeple.core.game import State
from meeple.server.store import Store
from tests.server.conftest import Server, Socket, play_out

STATE_KEYS = {
    "type", "table", "version", "seat", "view", "legal", "decision", "to_move", "log", "deadline",
    "last_move", "is_over", "scores", "winners",
}  # fmt: skip
ERROR_KEYS = {"type", "code", "message"}
TABLE_KEYS = {
    "id", "game", "players", "options", "status", "seats", "turn_seconds",
    "response_seconds", "version", "scores", "winners", "you", "created", "rated",
    "move_seconds", "bank_seconds",
}  # fmt: skip
SEAT_KEYS = {
    "seat", "kind", "level", "player", "connected", "away", "due", "bank", "timeouts", "replaced",
}  # fmt: skip

# Short games where a game allows it; the players who need the most hidden information.
SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "buffet": (3, {}),
    "bison": (2, {}),
    "cafe": (2, {}),
    "stirfry": (3, {"target": 50}),
    "cheese": (3, {}),
}


def stored_states(store: Store, table_id: str) -> list[State]:
    """Every state of the table, by version, rebuilt from what the database holds."""
    found = store.table(table_id)
    assert found is not None
    row, _seats = found
    state = meeple.load(row.game).new(row.players, seed=row.seed, options=row.options)
    states = [state]
    for seat, action in store.actions(table_id):
        state = state.clone()
        state.apply(seat, action)
        states.append(state)
    return states


def check_stream(
    sock: Socket, seat: int | None, states: list[State], backs: set[int] | None = None
) -> int:
    """Check every raw text of one socket; returns how many state messages it held.
    ``backs``: the seats that took ``back``, for which the log has a line of the server's."""
    shown: list[Any] = []  # every event any view of this seat showed, up to now
    included = 0  # the versions whose views' events are in ``shown``
    count = 0
    for text in sock.raw:
        message = json.loads(text)
        if message["type"] == "error":
            assert set(message) == ERROR_KEYS
            continue
        if message["type"] == "chat_history":
            # Chat is what people typed, never a game's state: nobody wrote here.
            assert message == {"type": "chat_history", "messages": []}
            continue
        assert set(message) == STATE_KEYS, set(message) ^ STATE_KEYS
        assert set(message["table"]) == TABLE_KEYS
        assert all(set(s) == SEAT_KEYS for s in message["table"]["seats"])
        assert set(message["log"]) == {"from", "events"}
        assert message["seat"] == seat
        # Where this seat's own last move stands in its own log: nothing of anyone else's.
        last = message["last_move"]
        end = message["log"]["from"] + len(message["log"]["events"])
        assert last is None or (seat is not None and 0 <= last <= end)
        state = states[message["version"]]
        view = state.view(seat)
        assert message["view"] == json.loads(json.dumps(view)), f"version {message['version']}"
        legal = state.legal_actions(seat) if seat is not None else []
        assert message["legal"] == json.loads(json.dumps(legal))
        assert message["to_move"] == list(state.to_move)
        # A client that connects mid-game is sent the log from the start: its events are those
        # the seat's views showed at every version so far, sent or not.
        while included <= message["version"]:
            shown.extend(states[included].view(seat).get("events", []))
            included += 1
        for event in message["log"]["events"]:
            if event.get("event") == "back" and set(event) == {"event", "seat"}:
                # The server's own line for a back (docs/protocol.md): only for a real one.
                assert event["seat"] in (backs or set()), event
                continue
            assert event in shown, event
        count += 1
    return count


@pytest.mark.parametrize("game_id", sorted(SETUPS))
def test_clients_receive_only_their_own_view(server: Server, game_id: str) -> None:
    players, options = SETUPS[game_id]
    aki, ben = server.person("Aki"), server.person("Ben")
    table_id = aki.table(game_id, players, bots=["random"] * (players - 2), options=options)
    assert ben.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    watcher = server.stranger().ws(table_id)
    a, b = aki.ws(table_id), ben.ws(table_id)
    rng = random.Random(game_id)
    play_out([a, b, watcher], rng.choice)
    states = stored_states(server.hub.store, table_id)
    assert states[-1].is_over
    backs = {s for s, action in server.hub.store.actions(table_id) if action == {"type": "back"}}
    for sock, seat in ((a, 0), (b, 1), (watcher, None)):
        # Every version each client was sent is checked, and the stream ends with the end.
        assert check_stream(sock, seat, states, backs) > 10
        assert json.loads(sock.raw[-1])["version"] == len(states) - 1
