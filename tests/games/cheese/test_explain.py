"""The Go da Cheese! heuristic's reasons (:mod:`meeple.games.cheese.explain`): what a card
would take as the queue stands is checked against the engine's own resolution of the real
queue (face-down cards and all), over many positions of seeded games."""

from __future__ import annotations

import re

from meeple.games.cheese.data import ANIMAL_BY_NAME, ANIMAL_NAMES, IS_MOUSE, POINTS
from meeple.games.cheese.explain import ANIMAL_JA, explain, ordinal
from meeple.games.cheese.resolution import ATE, resolve_cheese
from meeple.games.cheese.rules import CheeseState
from tests.games.explain_kit import applied, client_ja, explained, seeded_spots

SPOTS = seeded_spots("cheese", CheeseState, players=(3, 4, 5), seeds=3, count=30)


def taken(state: CheeseState, seat: int, position: int, upto: int) -> tuple[int, int]:
    """What ``seat`` takes from the cheese at ``position`` if it were resolved with the first
    ``upto`` cards of its queue: the points, and the mice of its own that eat."""
    gains, _ = resolve_cheese(position, state.cheeses[position], state.queues[position][:upto])
    points = sum(POINTS[won.animal] for s, won in gains if s == seat)
    return points, sum(s == seat and won.how == ATE for s, won in gains)


def test_a_placement_states_its_place_and_what_the_engine_resolves_for_it() -> None:
    verdicts = {"eats": 0, "back": 0, "depends": 0, "points": 0}
    for state, seat, action, reason in explained(SPOTS, explain, ("place",)):
        position, animal = action["cheese"], ANIMAL_BY_NAME[action["card"]]
        place = len(state.queues[position]) + 1
        after = applied(state, seat, action)
        before, ate = taken(after, seat, position, place - 1)
        now, eat = taken(after, seat, position, place)
        gained, eats = now - before, eat > ate
        if IS_MOUSE[animal]:
            if ANIMAL_NAMES[animal] != "king_mouse":
                feeds = state.cheeses[position]
                assert reason.en.startswith(
                    f"{ordinal(place)} in line at a cheese that feeds {feeds}"
                )
            if "eats as the queue stands" in reason.en:
                assert eats and gained == POINTS[animal], reason.en
                verdicts["eats"] += 1
            elif "too far back" in reason.en:
                assert not eats and gained == 0, reason.en
                verdicts["back"] += 1
            else:
                verdicts["depends"] += "depends on the face-down" in reason.en
            continue
        assert reason.en.startswith(f"{ordinal(place)} in line;")
        span = [int(n) for n in re.findall(r"(\d+) (?:to|points?)", reason.en.split(":")[-1])]
        if span:
            assert span[0] <= gained <= span[-1], (reason.en, gained)
            verdicts["points"] += 1
    assert all(n > 5 for n in verdicts.values()), verdicts


def test_drawing_states_the_hand_the_engine_deals() -> None:
    checked = 0
    for state, seat, action, reason in explained(SPOTS, explain, ("draw",)):
        hand = sum(applied(state, seat, action).hands[seat])
        assert f"draws 3 for a hand of {hand}" in reason.en
        checked += 1
    assert checked > 10


def test_the_japanese_animal_names_are_those_of_the_web_client() -> None:
    texts = client_ja()
    assert {name: texts[f"cheese.animal.{name}"] for name in ANIMAL_NAMES} == ANIMAL_JA


def test_an_ordinal_reads_as_in_english() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 112)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "112th",
    ]
