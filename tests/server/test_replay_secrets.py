"""A replay shows each step as its viewer saw it: nothing hidden leaves the server through it.

For every game, two people and bots play a whole game; then the raw JSON of
``GET /api/tables/{id}/replay`` is read as each of the two players and as a stranger with no
cookie. Every view must be exactly the viewer's ``view`` at that step, every action of the
viewer's own exactly what they played, and every other action without its hidden part: Stir
Fry's declared cards (tasted or not: at the declaration nobody but the chef saw them; a taste
test shows them in its own step's view) and face-down discards, Schlacht am Buffet's cards
chosen in secret and put aside to exchange, Go da Cheese!'s cards laid face down. The hidden
fields are listed here from the rulebooks and the games' pages, not taken from the code under
test.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from meeple.core.game import State
from tests.server.conftest import Server, play_out
from tests.server.test_leaks import SETUPS, stored_states

REPLAY_KEYS = {"table", "seat", "steps", "chat"}
STEP_KEYS = {"seat", "action", "view"}

HIDDEN: dict[str, dict[str, str]] = {
    # docs/rules/stirfry.md ruling 8: only a dish and a tasted declaration are ever shown.
    "stirfry": {"declare": "card", "declare_pair": "cards", "discard": "card"},
    # docs/rules/buffet.md: other choices and the cards put aside are never shown.
    "buffet": {"play": "card", "discard": "card"},
    # docs/rules/cheese.md: a face-down card's animal is hidden until the reveal.
    "cheese": {"place": "card"},
    "bison": {},
    "cafe": {},
}


def face_up_in_view(after: State, seat: int, action: dict[str, Any]) -> bool:
    """Whether the spectator's view after a Go da Cheese! placement shows its card."""
    places = [e for e in after.view(None)["events"] if e["event"] == "place" and e["seat"] == seat]
    return bool(places) and places[-1]["card"] == action["card"]


def expected(game: str, seat: int, action: dict[str, Any], after: State) -> dict[str, Any]:
    """``seat``'s ``action`` as the other seats and spectators saw it."""
    field = HIDDEN[game].get(action["type"])
    if field is None or (game == "cheese" and face_up_in_view(after, seat, action)):
        return action
    return {k: v for k, v in action.items() if k != field}


def check_replay(
    text: str,
    viewer: int | None,
    game: str,
    states: list[State],
    actions: list[tuple[int, dict[str, Any]]],
) -> int:
    """Check one raw replay answer against the game's states and its stored ``actions``;
    return how many of the actions it shows had a hidden part left out."""
    replay = json.loads(text)
    assert set(replay) == REPLAY_KEYS
    assert replay["seat"] == viewer
    steps = replay["steps"]
    assert len(steps) == len(states)
    assert steps[0] == {"seat": None, "action": None, "view": jsonify(states[0].view(viewer))}
    hidden = 0
    played = zip(steps[1:], states[1:], actions, strict=True)
    for k, (step, after, (seat, action)) in enumerate(played, start=1):
        assert set(step) == STEP_KEYS
        assert step["seat"] == seat
        assert step["view"] == jsonify(after.view(viewer)), f"step {k}"
        shown = action if seat == viewer else expected(game, seat, action, after)
        assert step["action"] == jsonify(shown), f"step {k}: {step['action']} for {viewer}"
        hidden += shown != action
    return hidden


def jsonify(data: Any) -> Any:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("game_id", sorted(SETUPS))
def test_a_replay_shows_nobody_what_they_did_not_see(server: Server, game_id: str) -> None:
    players, options = SETUPS[game_id]
    aki, ben = server.person("Aki"), server.person("Ben")
    table_id = aki.table(game_id, players, bots=["random"] * (players - 2), options=options)
    assert ben.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    play_out([aki.ws(table_id), ben.ws(table_id)], random.Random(game_id).choice)
    states = stored_states(server.hub.store, table_id)
    assert states[-1].is_over
    actions = server.hub.store.actions(table_id)
    url = f"/api/tables/{table_id}/replay"
    hidden = {
        viewer: check_replay(who.get(url).text, viewer, game_id, states, actions)
        for viewer, who in ((0, aki), (1, ben), (None, server.stranger()))
    }
    if HIDDEN[game_id]:
        # Not a vacuous pass: the game had secret moves, and each viewer saw others' hidden.
        assert all(hidden.values()), hidden
