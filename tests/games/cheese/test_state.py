"""Stored states, tampering, and the text the terminal client shows."""

import copy
import random
from typing import Any

import pytest

import meeple
from meeple.games.cheese import CheeseState
from meeple.games.cheese.data import ANIMAL_NAMES, MOUSE
from meeple.games.cheese.rules import counts_of, hand_list

GAME = meeple.load("cheese")


def played(players: int, seed: int, decisions: int) -> CheeseState:
    """A seeded random game after ``decisions`` decisions (or at its end)."""
    state: CheeseState = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def mid_placement() -> CheeseState:
    """Seat 0 has placed the first card of a turn (a cat at cheese 2) and places on."""
    state: CheeseState = GAME.new(3, seed=9)
    pool = [*state.decks[0], *hand_list(state.hands[0])]
    for name in ("cat", "mouse", "dog"):
        pool.remove(ANIMAL_NAMES.index(name))
    state.hands[0] = counts_of([ANIMAL_NAMES.index(n) for n in ("cat", "mouse", "dog")])
    state.decks[0] = pool
    state.apply(0, {"type": "place", "cheese": 2, "card": "cat"})
    return state


def refused(data: dict[str, Any]) -> bool:
    try:
        GAME.from_json(data)
    except ValueError:
        return True
    return False


# --- from_json ---------------------------------------------------------------------------


def test_a_mid_turn_state_round_trips() -> None:
    state = mid_placement()
    back = GAME.from_json(state.to_json())
    assert back.to_json() == state.to_json()
    assert back.legal_actions(0) == state.legal_actions(0)


def test_from_json_refuses_an_extra_card() -> None:
    data = played(3, 1, 10).to_json()
    data["decks"][0].append(MOUSE)
    assert refused(data)


def test_from_json_refuses_a_card_moved_between_players() -> None:
    data = played(3, 1, 10).to_json()
    card = data["decks"][0].pop()
    data["decks"][1].append(card)
    assert refused(data)


def test_from_json_refuses_cheeses_not_in_the_box() -> None:
    data = played(4, 2, 0).to_json()
    wrong_count = copy.deepcopy(data)
    wrong_count["cheeses"].append(2)
    assert refused(wrong_count)
    no_such = copy.deepcopy(data)
    no_such["cheeses"][0] = 6
    assert refused(no_such)
    too_many_twos = copy.deepcopy(data)
    too_many_twos["cheeses"] = [2, 2, 2, 2, 3, 3, 3, 3]
    assert refused(too_many_twos)


def test_from_json_refuses_values_of_the_wrong_type() -> None:
    data = played(3, 1, 4).to_json()
    as_bool = copy.deepcopy(data)
    as_bool["current"] = True
    assert refused(as_bool)
    as_text = copy.deepcopy(data)
    as_text["hands"][0][0] = "1"
    assert refused(as_text)
    no_animal = copy.deepcopy(data)
    no_animal["decks"][0][0] = -1
    assert refused(no_animal)


def test_from_json_refuses_an_extra_draw() -> None:
    """Seat 1 holding three more cards than its turns allow is a tampered record."""
    state = played(3, 1, 0)
    data = state.to_json()
    for _ in range(3):
        animal = data["decks"][1].pop()
        data["hands"][1][animal] += 1
    assert refused(data)


def test_from_json_refuses_a_turn_out_of_order() -> None:
    state = played(3, 1, 0)
    state.apply(0, {"type": "draw"})
    data = state.to_json()
    data["current"] = 2
    assert refused(data)


def test_from_json_refuses_a_placement_that_does_not_match_the_queues() -> None:
    data = mid_placement().to_json()
    data["next_cheese"] = 5
    assert refused(data)
    data = mid_placement().to_json()
    data["placed"] = 0
    data["next_cheese"] = None
    assert refused(data)


def test_from_json_refuses_tampered_winnings() -> None:
    state = played(3, 4, 10_000)
    assert state.is_over
    data = state.to_json()
    richest = max(range(3), key=lambda s: len(data["piles"][s]))
    data["piles"][(richest + 1) % 3].append(data["piles"][richest].pop())
    assert refused(data)
    early = played(3, 4, 20).to_json()
    early["piles"][0].append([MOUSE, 0, "ate"])
    assert refused(early)


# --- text ---------------------------------------------------------------------------------


def test_describe_action() -> None:
    assert GAME.describe_action({"type": "draw"}) == "draw 3 cards"
    label = GAME.describe_action({"type": "place", "cheese": 4, "card": "king_mouse"})
    assert label == "place king mouse at cheese 4"


def test_render_text_draws_every_cheese_and_hides_what_it_should() -> None:
    state = mid_placement()
    state.apply(0, {"type": "place", "cheese": 3, "card": "mouse"})
    theirs = GAME.render_text(state.view(1))
    mine = GAME.render_text(state.view(0))
    for position, value in enumerate(state.cheeses):
        assert f"cheese {position} (feeds {value})" in theirs

    def line(text: str, position: int) -> str:
        return next(x for x in text.splitlines() if x.startswith(f"  cheese {position} "))

    assert line(theirs, 2).endswith("front: red ?")
    assert line(mine, 2).endswith("front: red [cat]")
    assert line(theirs, 3).endswith("front: red mouse")  # the face-up second card
    assert "Turn: red places card 3 of 3 at cheese 4" in theirs
    hand = ", ".join(n.replace("_", " ") for n in state.view(1)["hand"])
    assert f"Your hand: {hand}" in theirs
    assert "Your hand" not in GAME.render_text(state.view(None))


def test_render_text_at_the_end_shows_the_winnings() -> None:
    state = played(4, 6, 10_000)
    text = GAME.render_text(state.view(None))
    colours = state.view(None)["colours"]
    for seat, score in enumerate(state.scores):
        assert f"{colours[seat]} ({score} points):" in text
    assert "Winners: " + ", ".join(colours[s] for s in state.winners) in text
    assert "?" not in text.split("Cards won:")[0]  # every card revealed
    assert "game over; winners:" in text


@pytest.mark.parametrize("players", [3, 4, 5])
def test_render_text_works_for_every_seat_and_step(players: int) -> None:
    state: CheeseState = GAME.new(players, seed=players)
    rng = random.Random(players)
    while True:
        for seat in [*range(players), None]:
            text = GAME.render_text(state.view(seat))
            assert text.startswith("Go da Cheese!")
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
