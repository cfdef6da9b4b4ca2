"""What a seat may believe of its rivals' face-down cards, for a search's imagined worlds.

A face-down card shows whose it is, where it lies and whether it was a turn's 1st card or a
(marked) 2nd or 3rd; the animal is hidden until the end. ``state.determinize`` deals every
unseen card as likely as any other, but players do not place at random: of ``hard``'s
face-down 1st cards 0.14 are cats, but 0.23 of those right behind a rival's mouse. And it
matters: a search that knows the face-down cards (an oracle, in a trial) won 0.72 of 29
games against two ``hard`` bots at 3 players, and 0.51 of 40 against four at 5
(``benchmarks/cheese_oracle.py``; CHANGELOG).

This module says what is seen of each such card (:func:`slots`, from ``view(seat)`` only)
and deals a world by a belief about them (:func:`deal`): each rival's unseen cards (its
deck, hand and face-down cards) are dealt again, the face-down ones by the chances a
classifier gives from what is seen, the rest at random. The classifier is learnt from
self-play (``meeple train cheese``, :mod:`meeple.bots.training`); the game knows only its
inputs (:data:`LAYOUT`) and its outputs (a chance per animal), not how it is made.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from meeple.core.encoding import slice_starts
from meeple.core.game import JSON, State
from meeple.games.cheese.data import (
    ANIMAL_BY_NAME,
    ANIMALS,
    CHEESE_COUNTS,
    DECK_COUNTS,
    IS_MARKED,
    IS_MOUSE,
)

KINDS = len(ANIMALS) + 2
"""How a card in a queue looks to the seat: one of the animals, a face-down 1st card, or a
face-down 2nd or 3rd card (a cat or a marked mouse)."""
FACE_DOWN, FACE_DOWN_MARKED = len(ANIMALS), len(ANIMALS) + 1
GROUPS = 3
"""Whose a neighbouring card is: the face-down card's owner, the seat that looks, another."""
FRONT_PLACES = 8
"""Places in the queue told apart (the 8th counts every place from it on)."""
NUMBERS = sorted(CHEESE_COUNTS)
PLAYER_COUNTS = (3, 4, 5)

LAYOUT: tuple[tuple[str, int], ...] = (
    ("cheese_number", len(NUMBERS)),
    ("marked_place", 1),
    ("place_in_queue", FRONT_PLACES),
    ("in_front", GROUPS * KINDS),
    ("just_in_front_whose", GROUPS),
    ("just_in_front_kind", KINDS),
    ("at_the_front", 1),
    ("eating_places_left", 1),
    ("players", len(PLAYER_COUNTS)),
    ("behind", GROUPS * KINDS),
    ("owner_unseen", len(ANIMALS)),
    ("owner_hand", 1),
    ("owner_deck", 1),
)
"""The classifier's inputs, by name and length, in order (a network records their digest)."""
START = dict(zip((name for name, _ in LAYOUT), slice_starts(LAYOUT), strict=False))
"""Where each input of :data:`LAYOUT` starts."""
SIZE = slice_starts(LAYOUT)[-1]
OUTCOMES = len(ANIMALS)
"""What the classifier gives a chance to: each animal, in :data:`ANIMALS` order."""
COUNT_SCALE = 3.0
"""Counts of cards are divided by this: a queue seldom holds more of one kind."""


class Slot(NamedTuple):
    """A rival's face-down card as a seat sees it: whose, where, which card of its turn,
    and what is seen around it (:data:`LAYOUT`)."""

    owner: int
    position: int
    place: int
    """Its place in the queue, the front 0."""
    marked: bool
    features: list[float]


def _kind(card: JSON) -> int:
    if card["card"] is not None:
        return ANIMAL_BY_NAME[card["card"]]
    return FACE_DOWN_MARKED if card["placed"] > 1 else FACE_DOWN


def unseen_cards(view: JSON) -> list[list[int]]:
    """Per seat, by animal, how many of its 15 cards ``view`` does not show face up: for a
    rival, its deck, hand and face-down cards."""
    unseen = [list(DECK_COUNTS) for _ in range(view["players"])]
    for cheese in view["cheeses"]:
        for card in cheese["queue"]:
            if card["card"] is not None:
                unseen[card["seat"]][ANIMAL_BY_NAME[card["card"]]] -= 1
    return unseen


def slots(view: JSON, seat: int) -> list[Slot]:
    """Every rival face-down card in ``view`` (``seat``'s), with what is seen of it."""
    unseen = unseen_cards(view)
    players = view["players"]
    found = []
    for position, cheese in enumerate(view["cheeses"]):
        queue = cheese["queue"]
        for index, card in enumerate(queue):
            if card["seat"] != seat and card["card"] is None:
                owner = card["seat"]
                features = _features(
                    queue, index, owner=owner, seat=seat, number=cheese["cheese"], players=players
                )
                features += [unseen[owner][a] / DECK_COUNTS[a] for a in ANIMALS]
                features += [view["hand_sizes"][owner] / 6, view["deck_sizes"][owner] / 12]
                found.append(Slot(owner, position, index, card["placed"] > 1, features))
    return found


def _features(
    queue: list[JSON], index: int, *, owner: int, seat: int, number: int, players: int
) -> list[float]:
    """The queue's part of a slot's features (:data:`LAYOUT` up to ``behind``)."""

    def group(card: JSON) -> int:
        return 0 if card["seat"] == owner else 1 if card["seat"] == seat else 2

    x = [0.0] * START["owner_unseen"]
    x[START["cheese_number"] + NUMBERS.index(number)] = 1.0
    x[START["marked_place"]] = float(queue[index]["placed"] > 1)
    x[START["place_in_queue"] + min(index, FRONT_PLACES - 1)] = 1.0
    places = number
    for card in queue[:index]:
        kind = _kind(card)
        x[START["in_front"] + group(card) * KINDS + kind] += 1 / COUNT_SCALE
        if kind < len(ANIMALS) and IS_MOUSE[kind]:
            places -= 1
    if index:
        before = queue[index - 1]
        x[START["just_in_front_whose"] + group(before)] = 1.0
        x[START["just_in_front_kind"] + _kind(before)] = 1.0
    else:
        x[START["at_the_front"]] = 1.0
    x[START["eating_places_left"]] = max(-3, min(places, 5)) / COUNT_SCALE
    x[START["players"] + PLAYER_COUNTS.index(players)] = 1.0
    for card in queue[index + 1 :]:
        x[START["behind"] + group(card) * KINDS + _kind(card)] += 1 / COUNT_SCALE
    return x


Chances = Callable[[Sequence[Sequence[float]]], Sequence[Sequence[float]]]
"""A classifier: for rows of slot features, a chance per animal each (in animal order)."""


def dealer(state: State, seat: int, chances: Chances) -> Callable[[random.Random], State]:
    """What deals ``seat``'s worlds at this decision (:func:`deal`): it reads the view and
    asks ``chances`` once, then deals a world for each ``rng`` it is given."""
    seen = slots(state.view(seat), seat)
    rows = chances([slot.features for slot in seen]) if seen else []
    by_owner: dict[int, list[tuple[Slot, Sequence[float]]]] = {}
    for slot, row in zip(seen, rows, strict=True):
        by_owner.setdefault(slot.owner, []).append((slot, row))
    return lambda rng: _deal(state.determinize(seat, rng), by_owner, rng)


def deal(state: State, seat: int, rng: random.Random, chances: Chances) -> State:
    """A world for ``seat``'s search, consistent with ``view(seat)``: each rival's face-down
    cards dealt by ``chances`` (a 2nd or 3rd card among its marked cards only), one after
    the other in a random order, each by its chances times the share of that animal still
    to deal; the rest of its unseen cards into its hand and deck at random. Only the view
    and ``rng`` decide the deal: ``state.determinize`` first deals a world from them, whose
    cards are then dealt again by the belief."""
    return dealer(state, seat, chances)(rng)


def _deal(
    world: State, by_owner: dict[int, list[tuple[Slot, Sequence[float]]]], rng: random.Random
) -> State:
    """``world`` with each owner's face-down cards dealt again by their chances."""
    from meeple.games.cheese.rules import CheeseState, counts_of, hand_list  # noqa: PLC0415

    assert isinstance(world, CheeseState)
    if world.is_over:
        return world
    for owner, found in by_owner.items():
        left = counts_of([*world.decks[owner], *hand_list(world.hands[owner])])
        for slot, _ in found:
            left[world.queues[slot.position][slot.place].animal] += 1
        start = left[:]
        theirs = found[:]
        rng.shuffle(theirs)
        theirs.sort(key=lambda item: not item[0].marked)  # marked places first: fewer fit
        for slot, row in theirs:
            fits = [left[a] > 0 and (IS_MARKED[a] or not slot.marked) for a in ANIMALS]
            weights = [row[a] * left[a] / start[a] if fits[a] else 0.0 for a in ANIMALS]
            if sum(weights) > 0:
                animal = rng.choices(ANIMALS, weights)[0]
            else:  # the classifier rules out every card that fits: take one at random
                animal = rng.choices(ANIMALS, [left[a] if fits[a] else 0 for a in ANIMALS])[0]
            left[animal] -= 1
            queue = world.queues[slot.position]
            queue[slot.place] = queue[slot.place]._replace(animal=animal)
        rest = [a for a in ANIMALS for _ in range(left[a])]
        rng.shuffle(rest)
        size = sum(world.hands[owner])
        world.hands[owner] = counts_of(rest[:size])
        world.decks[owner] = rest[size:]
    return world


def labelled(state: State, seat: int) -> tuple[list[list[float]], list[int]]:
    """Training examples from a real position: the features of every rival face-down card
    as ``seat`` sees it, and the animal it really is (for self-play, never for play)."""
    from meeple.games.cheese.rules import CheeseState  # noqa: PLC0415

    assert isinstance(state, CheeseState)
    seen = slots(state.view(seat), seat)
    return [s.features for s in seen], [state.queues[s.position][s.place].animal for s in seen]
