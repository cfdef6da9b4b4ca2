"""The view's shared pieces (views.py tables, each seat's cheeses kept between views) give
exactly the view built plainly from the state, through moves, clones, determinize and storage."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import meeple
from meeple.games.cheese import CheeseState
from meeple.games.cheese.data import ANIMAL_NAMES, COLOURS
from meeple.games.cheese.rules import OVER, hand_list
from meeple.games.cheese.scoring import points, winners

GAME = meeple.load("cheese")


def plain_view(state: CheeseState, seat: int | None) -> dict[str, Any]:
    """The view built from scratch, with nothing cached or shared (the reference)."""
    over = state.phase == OVER
    view: dict[str, Any] = {
        "game": "cheese",
        "players": state.players,
        "seat": seat,
        "colours": list(COLOURS[: state.players]),
        "phase": state.phase,
        "to_move": list(state.to_move),
        "turn": None if over else state.current,
        "placed": state.placed,
        "next_cheese": state.next_cheese,
        "cheeses": [
            {
                "cheese": value,
                "queue": [
                    {
                        "seat": card.seat,
                        "card": ANIMAL_NAMES[card.animal]
                        if over or card.face_up or card.seat == seat
                        else None,
                        "face_up": over or card.face_up,
                        "placed": card.order,
                    }
                    for card in queue
                ],
            }
            for value, queue in zip(state.cheeses, state.queues, strict=True)
        ],
        "hand_sizes": [sum(hand) for hand in state.hands],
        "deck_sizes": [len(deck) for deck in state.decks],
        "piles": [
            [
                {"card": ANIMAL_NAMES[won.animal], "colour": won.colour, "how": won.how}
                for won in pile
            ]
            for pile in state.piles
        ],
        "scores": [points(pile) for pile in state.piles],
        "winners": winners(state.piles) if over else [],
        "events": copy.deepcopy(state.events),
    }
    if seat is not None:
        view["hand"] = [ANIMAL_NAMES[a] for a in hand_list(state.hands[seat])]
        view["deck"] = [ANIMAL_NAMES[a] for a in sorted(state.decks[seat])]
    return view


def assert_same_view(state: CheeseState, seat: int | None) -> None:
    got = state.view(seat)
    want = plain_view(state, seat)
    # Same keys in the same order, same values, same JSON text.
    assert list(got) == list(want)
    assert got == want
    assert json.dumps(got) == json.dumps(want)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_views_equal_the_plain_view_through_whole_games(players: int) -> None:
    for seed in range(6):
        state: CheeseState = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        seats: list[int | None] = [*range(players), None]
        while True:
            # Now one seat, now another, now all: each seat's kept cheeses fall behind by
            # different numbers of moves.
            for seat in rng.sample(seats, rng.randint(1, len(seats))):
                assert_same_view(state, seat)
            if rng.random() < 0.1:
                other = state.clone()
                assert_same_view(other, rng.choice(seats))
            if rng.random() < 0.1 and not state.is_over:
                stored = GAME.from_json(json.loads(json.dumps(state.to_json())))
                assert_same_view(stored, rng.choice(seats))
            if state.is_over:
                break
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_determinized_states_show_their_own_cards() -> None:
    """Determinize re-deals hidden cards in place on a clone: its views must show the new
    cards, not the ones the original state showed to the same seats."""
    rng = random.Random(5)
    state: CheeseState = GAME.new(4, seed=5)
    for _ in range(40):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in [*range(4), None]:
        state.view(seat)  # fill the original's kept cheeses
    for k in range(10):
        other = state.determinize(k % 4, random.Random(k))
        for seat in [*range(4), None]:
            assert_same_view(other, seat)
        assert other.view(k % 4) == state.view(k % 4)


def test_untouched_cheeses_are_shared_and_earlier_views_stay_as_they_were() -> None:
    state: CheeseState = GAME.new(3, seed=2)
    rng = random.Random(2)
    while state.next_cheese is None:  # play on until a turn's first card is down
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.current
    before = state.view(seat)
    text = json.dumps(before)
    target = state.next_cheese
    state.apply(seat, state.legal_actions(seat)[0])
    after = state.view(seat)
    assert json.dumps(before) == text
    assert after["cheeses"][target] is not before["cheeses"][target]
    assert len(after["cheeses"][target]["queue"]) == len(before["cheeses"][target]["queue"]) + 1
    untouched = [i for i in range(len(state.cheeses)) if i != target]
    assert all(after["cheeses"][i] is before["cheeses"][i] for i in untouched)
    assert after["cheeses"] is not before["cheeses"]
