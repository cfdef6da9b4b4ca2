"""What each seat sees, the terminal text, and stored states."""

import json
import random
from typing import Any

import pytest

from meeple.core.errors import IllegalAction
from meeple.games.stirfry import GAME
from meeple.games.stirfry.rules import TIMEOUT_TRUST

from .helpers import TASTE, TRUST, cook, declare, declare_pair, make, play


def test_a_seat_cannot_see_other_hands_or_the_deck() -> None:
    """手札 is secret: two games that differ only in seat 1's hand and the deck look the
    same to seat 0 and to a spectator, and different to seat 1."""
    a = make(2, [["noodles", "leek"], ["ginger"]], deck_top=["mushroom"])
    b = make(2, [["noodles", "leek"], ["mushroom"]], deck_top=["ginger"])
    assert a.view(0) == b.view(0)
    assert a.view(None) == b.view(None)
    assert a.view(1) != b.view(1)
    assert a.view(None)["hand"] is None


def test_an_untested_declaration_stays_secret() -> None:
    """1枚をテーブルに伏せ… face down: whether a trusted declaration was a bluff is never
    shown. Honest and bluffing chefs look the same to the opponent afterwards."""
    honest = make(2, [["pork", "leek"], ["ginger"]], deck_top=["soy"] * 3)
    bluff = make(2, [["leek", "pork"], ["ginger"]], deck_top=["soy"] * 3)
    play(honest, (0, declare("pork", "pork")), (1, TRUST))
    play(bluff, (0, declare("leek", "pork")), (1, TRUST))
    assert honest.view(1) == bluff.view(1)


def test_the_terminal_shows_a_taste_test_to_answer() -> None:
    """The opponent asked for a taste test sees the claim, its own hand and two clear choices."""
    state = make(3, [["leek", "noodles"], ["ginger"], ["soy"]])
    play(state, (0, declare("leek", "shrimp")))
    text = GAME.render_text(state.view(1))
    assert "TASTE TEST? seat 0 laid 1 card face down as SHRIMP, to draw 4" in text
    assert "waiting for: you, seat 2" in text
    assert "Your hand: ginger" in text
    assert "really" not in text
    assert "(really: leek)" in GAME.render_text(state.view(0))
    labels = [GAME.describe_action(a) for a in state.legal_actions(1)]
    assert labels == ["trust the chef (no taste test)", "call a taste test!"]


def test_the_terminal_tells_what_happened() -> None:
    """The log lines of a resolved taste test and a dish read as sentences."""
    state = make(2, [["noodles", "leek", "soy", "mushroom"], ["ginger"]])
    play(state, (0, declare("mushroom", "chicken")), (1, TASTE))
    assert "you called a taste test: mushroom, a bluff — caught!" in GAME.render_text(state.view(1))
    play(state, (0, cook("noodles", "leek", "soy")))
    text = GAME.render_text(state.view(1))
    assert "seat 0 cooked noodles+leek+soy for 6 points (now 6)" in text
    assert "turn 2: you are the chef" in text


@pytest.mark.parametrize(
    ("action", "label"),
    [
        (
            {"type": "cook", "cards": ["noodles", "ginger", "shrimp"]},
            "cook noodles+ginger+shrimp (12 points)",
        ),
        (
            {"type": "declare", "card": "pork", "as": "pork"},
            "declare pork as pork (honest; draws 3)",
        ),
        (
            {"type": "declare", "card": "soy", "as": "chicken"},
            "declare soy as chicken (a bluff; draws 2)",
        ),
        (
            {"type": "declare_pair", "cards": ["soy", "soy"]},
            "declare soy+soy as a pair (honest; draws 3)",
        ),
        (
            {"type": "declare_pair", "cards": ["leek", "soy"]},
            "declare leek+soy as a pair (a bluff; draws 3)",
        ),
        ({"type": "end_turn"}, "end the turn without cooking"),
        ({"type": "discard", "card": "leek"}, "discard leek"),
    ],
)
def test_action_labels(action: dict[str, Any], label: str) -> None:
    """Menu labels say what an action does, dish points and bluffs included."""
    assert GAME.describe_action(action) == label


def test_a_taste_test_survives_a_round_trip() -> None:
    """A stored game in the middle of a taste test keeps the face-down card and who answered."""
    state = make(3, [["leek", "noodles"], ["ginger"], ["soy"]])
    play(state, (0, declare_pair("noodles", "leek")), (2, TRUST))
    back = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert back.to_move == (1,)
    assert back.view(0) == state.view(0)
    play(back, (1, TASTE))
    assert back.bluff_caught


def tampered(change: dict[str, Any]) -> dict[str, Any]:
    data = make(2, [["noodles", "leek"], ["ginger"]]).to_json()
    data.update(change)
    return data


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"hands": [["noodles", "leek", "shrimp"], ["ginger"]]}, "do not add up"),
        ({"hands": [["noodles"], ["ginger", "leek"]], "deck": []}, "do not add up"),
        ({"phase": "nap"}, "unknown phase"),
        ({"turn": True}, "integer"),
        ({"points": [0]}, "one entry per seat"),
        ({"chef": 2}, "no seat"),
        ({"removed": "soy"}, "without the tofu promo"),
        ({"claim": "shrimp", "declared": []}, "outside a taste test"),
        ({"phase": "discard"}, "within the limit"),
        ({"winners": [0]}, "winners"),
        ({"final_round": [1]}, "without Closing Time"),
        ({"deck": "all of it"}, "a list"),
    ],
)
def test_from_json_rejects_tampered_states(change: dict[str, Any], why: str) -> None:
    """A stored state whose parts do not belong together is a ValueError, not a game."""
    with pytest.raises(ValueError, match=why):
        GAME.from_json(tampered(change))


def test_from_json_rejects_a_hand_over_the_limit_outside_its_turn() -> None:
    """手番終了時に…3枚になるように捨てる: only the chef may hold more than three cards."""
    data = make(2, [["noodles", "leek"], ["ginger"]]).to_json()
    data["hands"] = [["noodles"], ["ginger", "leek", "leek", "soy"]]
    data["deck"].remove("leek")
    data["deck"].remove("soy")
    with pytest.raises(ValueError, match="over the limit"):
        GAME.from_json(data)


def test_determinize_resamples_the_card_tofu_replaced() -> None:
    """なお、どのカードが取り除かれたのかは分かりません: nobody knows the removed card, so a
    seat's sampled worlds vary it while its own view stays the same."""
    state = GAME.new(3, seed=4, options={"tofu": True})
    seen = set()
    for i in range(30):
        world = state.determinize(0, random.Random(i))
        assert world.view(0) == state.view(0)
        seen.add(world.removed)
    assert len(seen) > 1


def test_the_dishes_served_are_public_history_in_the_state() -> None:
    """Issue 15: every seat's dishes are part of the state and of every view (a spectator's,
    each player's, a stored state's), not rebuilt by a client from the log."""
    state = make(2, [["noodles", "leek", "soy", "mushroom"], ["ginger"]], deck_top=["pork"])
    assert state.view(None)["dishes"] == [[], []]
    play(state, (0, cook("noodles", "leek", "soy")))
    served = {"turn": 1, "cards": ["noodles", "leek", "soy"], "points": 1 + 3 + 2}
    for seat in (None, 0, 1):
        assert state.view(seat)["dishes"] == [[served], []]
    back = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert back.view(None)["dishes"] == [[served], []]
    # A clone's history is its own.
    other = back.clone()
    other.dishes[0].clear()
    assert back.view(None)["dishes"] == [[served], []]


def test_a_whole_game_keeps_every_dish_and_its_points() -> None:
    """Summed up, the dishes are the points (no wrong accusation in this game), in turn order."""
    rng = random.Random(5)
    state = GAME.new(3, seed=5)
    cooked: list[list[dict[str, Any]]] = [[], [], []]
    while not state.is_over:
        seat = rng.choice(state.to_move)
        legal = state.legal_actions(seat)
        # Never taste, so no penalty changes the points.
        action = rng.choice([a for a in legal if a["type"] != "taste"])
        state.apply(seat, action)
        for event in state.events:
            if event["event"] == "cook":
                cooked[event["seat"]].append(event)
    dishes = state.view(None)["dishes"]
    assert [[d["cards"] for d in seat] for seat in dishes] == [
        [e["cards"] for e in seat] for seat in cooked
    ]
    assert [sum(d["points"] for d in seat) for seat in dishes] == state.points
    for seat in dishes:
        assert [d["turn"] for d in seat] == sorted(d["turn"] for d in seat)


@pytest.mark.parametrize(
    "dish",
    [
        {"turn": 1, "cards": ["noodles", "leek"], "points": 4},
        {"turn": 1, "cards": ["leek", "soy", "mushroom"], "points": 5},
        {"turn": 1, "cards": ["noodles", "leek", "soy"], "points": 99},
        {"turn": 0, "cards": ["noodles", "leek", "soy"], "points": 6},
    ],
)
def test_from_json_rejects_a_dish_nobody_could_serve(dish: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="dish"):
        GAME.from_json(tampered({"dishes": [[dish], []]}))


def test_a_trust_given_for_a_late_seat_says_so() -> None:
    """Issue 15: the server answers for an opponent who did not answer in time; the event says
    it was a timeout, not a choice, and otherwise it is a trust."""
    assert GAME.timeout_action == TIMEOUT_TRUST
    state = make(3, [["leek", "noodles"], ["ginger"], ["soy"]])
    with pytest.raises(IllegalAction):
        state.clone().apply(1, TIMEOUT_TRUST)  # no taste test: nothing to answer
    play(state, (0, declare("leek", "shrimp")))
    assert TIMEOUT_TRUST not in state.legal_actions(1)  # never chosen by a player or a bot
    with pytest.raises(IllegalAction):
        state.clone().apply(0, TIMEOUT_TRUST)  # the chef is not asked
    play(state, (1, TIMEOUT_TRUST))
    assert state.events == [{"event": "trust", "seat": 1, "timeout": True}]
    assert GAME.describe_event(state.events[0], state.view(0)) == (
        "seat 1 did not answer in time: trusts the chef"
    )
    play(state, (2, TRUST))
    assert state.events[0] == {"event": "trust", "seat": 2}
    assert sum(state.hands[0]) == 1 + 4  # the declaration stands as with any trust
