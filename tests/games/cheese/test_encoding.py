"""The observation, built from what each seat's last observation kept (its circle of cheese
entries, the per-seat entries by their numbers, hand and deck counts), equals the plain one
built afresh from the view, whatever order the views come in (the learner's seat only, every
seat, several games at once, views that went through JSON and share nothing, a malformed view
in between)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import meeple
from meeple.core.encoding import relative
from meeple.games.cheese import CheeseState, encoding
from meeple.games.cheese.data import ANIMAL_NAMES, CHEESES_BY_PLAYERS, DECK_SIZE, HAND_LIMIT
from meeple.games.cheese.encoding import ENCODING, HOWS, PHASES, queue_slots

GAME = meeple.load("cheese")
ANIMAL = {name: i for i, name in enumerate(ANIMAL_NAMES)}
HOW = {how: i for i, how in enumerate(HOWS)}


def plain_observation(view: dict[str, Any], seat: int, players: int) -> list[float]:
    """The dense observation written slice by slice from the view, as ``docs/rl.md`` lays it
    out (the reference: nothing cached)."""
    cheeses = CHEESES_BY_PLAYERS[players]
    order = [(seat + k) % players for k in range(players)]
    out: list[float] = []

    def one_hot(index: int | None, size: int) -> None:
        out.extend(1.0 if i == index else 0.0 for i in range(size))

    one_hot(PHASES.index(view["phase"]), len(PHASES))
    one_hot(view["placed"], 4)
    one_hot(view["next_cheese"], cheeses)
    for cards in (view["hand"], view["deck"]):
        out.extend(cards.count(name) / 7.0 for name in ANIMAL_NAMES)
    out.extend(1.0 if s in view["to_move"] else 0.0 for s in order)
    out.extend(view["hand_sizes"][s] / HAND_LIMIT for s in order)
    out.extend(view["deck_sizes"][s] / DECK_SIZE for s in order)
    out.extend(view["scores"][s] / 20.0 for s in order)
    piles = [0.0] * (players * len(ANIMAL_NAMES) * len(HOWS))
    for k, s in enumerate(order):
        for won in view["piles"][s]:
            piles[(k * len(ANIMAL_NAMES) + ANIMAL[won["card"]]) * len(HOWS) + HOW[won["how"]]] += (
                0.2
            )
    out.extend(piles)
    table = view["cheeses"]
    out.extend(c["cheese"] / 5.0 for c in table)
    slot = players + len(ANIMAL_NAMES) + 1 + 6
    per_cheese = queue_slots(players)
    slots = [0.0] * (cheeses * per_cheese * slot)
    for i, cheese in enumerate(table):
        for j, card in enumerate(cheese["queue"]):
            assert j < per_cheese, "every card has a slot"
            base = (i * per_cheese + j) * slot
            animal = len(ANIMAL_NAMES) if card["card"] is None else ANIMAL[card["card"]]
            slots[base + relative(seat, card["seat"], players)] = 1.0
            slots[base + players + animal] = 1.0
            lies = card["placed"] - 1 + (3 if card["face_up"] else 0)
            slots[base + players + len(ANIMAL_NAMES) + 1 + lies] = 1.0
    out.extend(slots)
    return out


def observed(view: dict[str, Any], seat: int, players: int) -> list[float]:
    features = ENCODING.observe(view, seat, players, {})
    index, _ = features.entries()  # the fresh entries and the shared segments'
    assert len(set(index)) == len(index), "a position written twice"
    return features.dense()


def playout(players: int, seed: int) -> list[tuple[CheeseState, int]]:
    """A random game: (a copy of the state, the seat to move) at every decision, and the end."""
    state: CheeseState = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_over:
        seat = state.to_move[0]
        out.append((state.clone(), seat))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    out.append((state, 0))
    return out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_learner_seat_only(players: int) -> None:
    """What an AEC env asks: the seat to move, decision after decision, on the live state."""
    for seed in range(4):
        state: CheeseState = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        while True:
            seat = state.to_move[0] if state.to_move else rng.randrange(players)
            view = state.view(seat)
            assert observed(view, seat, players) == plain_observation(view, seat, players)
            if state.is_over:
                break
            state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("players", [3, 5])
def test_every_seat_and_random_seats(players: int) -> None:
    rng = random.Random(players)
    for state, _ in playout(players, seed=7):
        seats = range(players) if rng.random() < 0.5 else [rng.randrange(players)]
        for seat in seats:
            view = state.view(seat)
            assert observed(view, seat, players) == plain_observation(view, seat, players)


def test_several_games_at_once() -> None:
    """Games of the same player count interleaved (as vectorised envs in one process are)
    take turns with the same cached parts: each must still get its own observation."""
    games = [playout(4, seed) for seed in range(3)]
    for step in range(max(map(len, games))):
        for game in games:
            state, seat = game[min(step, len(game) - 1)]
            view = state.view(seat)
            assert observed(view, seat, 4) == plain_observation(view, seat, 4)


def test_views_that_share_nothing() -> None:
    """A view read back from JSON has no card dict in common with the cached ones."""
    for state, seat in playout(5, seed=3):
        view = json.loads(json.dumps(state.view(seat)))
        assert observed(view, seat, 5) == plain_observation(view, seat, 5)
        view = state.view(seat)
        assert observed(view, seat, 5) == plain_observation(view, seat, 5)


def test_a_malformed_view_leaves_no_half_changed_circle() -> None:
    """A card naming no animal raises; the views after it must not count the cards before it
    twice."""
    game = playout(3, seed=11)
    state, seat = game[len(game) // 2]
    view = state.view(seat)
    observed(view, seat, 3)
    bad = json.loads(json.dumps(view))
    queue = max(bad["cheeses"], key=lambda c: len(c["queue"]))["queue"]
    queue.append(dict(queue[0]))  # a good card, read before the bad one
    queue.append(dict(queue[0], card="unicorn"))
    with pytest.raises(KeyError):
        ENCODING.observe(bad, seat, 3, {})
    for state, seat in game[len(game) // 2 :]:
        view = state.view(seat)
        assert observed(view, seat, 3) == plain_observation(view, seat, 3)


def test_forgetting_kept_seat_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    """The per-seat entries kept by their numbers are forgotten when too many: still right."""
    monkeypatch.setattr(encoding, "_SEATS_KEPT", 2)
    for state, seat in playout(4, seed=21):
        view = state.view(seat)
        assert observed(view, seat, 4) == plain_observation(view, seat, 4)
    assert len(encoding._SEATS) <= 2


def test_unchanging_entries_are_shared_segments() -> None:
    """The queue slots frozen into segments are the very same objects in a seat's later
    observations (so the envs convert them once), and the observations stay right."""
    state: CheeseState = GAME.new(5, seed=5)
    rng = random.Random(5)
    last: dict[int, list[object]] = {}
    shared = 0
    while not state.is_over:
        seat = state.to_move[0]
        view = state.view(seat)
        features = ENCODING.observe(view, seat, 5, {})
        segments = [segment for _, segment in features.segments]
        shared += sum(1 for segment in last.get(seat, []) if segment in segments)
        assert all(any(s is t for t in segments) for s in last.get(seat, []))
        last[seat] = segments
        assert observed(view, seat, 5) == plain_observation(view, seat, 5)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert shared > 50


@pytest.mark.parametrize("players", [3, 5])
def test_a_queue_holds_at_most_five_cards_per_player(players: int) -> None:
    """Why every card has a slot: a turn's three cards go to three different cheeses, and a
    player places five times, so no queue ever holds more than five cards of one seat —
    even when every player puts every card at the same few cheeses."""
    limit = queue_slots(players) // players
    for seed in range(30):
        state: CheeseState = GAME.new(players, seed=seed)
        rng = random.Random(seed)
        crowd = rng.randrange(CHEESES_BY_PLAYERS[players])  # the cheese everyone aims at
        while not state.is_over:
            seat = state.to_move[0]
            for cheese in state.view(None)["cheeses"]:
                for owner in range(players):
                    assert sum(card["seat"] == owner for card in cheese["queue"]) <= limit
            actions = state.legal_actions(seat)
            aimed = [a for a in actions if a.get("cheese") == crowd]
            state.apply(seat, rng.choice(aimed or actions))
