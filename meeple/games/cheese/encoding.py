"""Go da Cheese! for learning agents: fixed action indices and the observation tensor.

Actions (``cheeses × 6 + 1``: 37/49/61 for 3/4/5 players): ``place`` an animal card at a
cheese (cheese-major: index ``cheese * 6 + animal``), then ``draw``. The observation is
built from ``view(seat)`` only; seats are listed from the observer.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from meeple.core.encoding import ActionSpace, Features, relative
from meeple.core.game import JSON, OptionValue
from meeple.games.cheese.data import (
    ANIMAL_NAMES,
    CHEESES_BY_PLAYERS,
    DECK_SIZE,
    HAND_LIMIT,
    PLACE_COUNT,
)
from meeple.games.cheese.resolution import ATE, CAUGHT, CHASED

PHASES = ("play", "over")
HOWS = (ATE, CAUGHT, CHASED)
QUEUE_SLOTS = 20
"""Cards of a cheese's queue shown one by one, from its head; later ones only in the counts.
(Random games seldom queue more than 16 cards at one cheese.)"""
_ANIMAL = {name: i for i, name in enumerate(ANIMAL_NAMES)}
_ANIMALS = len(ANIMAL_NAMES)
_HOW = {how: i for i, how in enumerate(HOWS)}


@cache
def _space(players: int) -> ActionSpace:
    return ActionSpace(
        [
            ("place", [("cheese", range(CHEESES_BY_PLAYERS[players])), ("card", ANIMAL_NAMES)]),
            ("draw", []),
        ]
    )


def _slot_size(players: int) -> int:
    # present, owner (relative), animal or hidden, face up, placed as 1st/2nd/3rd card
    return 1 + players + _ANIMALS + 1 + 1 + PLACE_COUNT


class CheeseEncoding:
    """The :class:`~meeple.core.encoding.Encoding` of Go da Cheese!."""

    def action_space(self, players: int, options: Mapping[str, OptionValue]) -> ActionSpace:
        """Place each animal at each cheese, or draw."""
        return _space(players)

    def layout(self, players: int, options: Mapping[str, OptionValue]) -> list[tuple[str, int]]:
        """The observation's slices (see ``docs/rl.md``)."""
        cheeses = CHEESES_BY_PLAYERS[players]
        return [
            ("phase", len(PHASES)),
            ("placed", PLACE_COUNT + 1),
            ("next_cheese", cheeses),
            ("hand", _ANIMALS),
            ("my_deck", _ANIMALS),
            ("seat_to_move", players),
            ("seat_hand_size", players),
            ("seat_deck_size", players),
            ("seat_score", players),
            ("seat_pile", players * _ANIMALS * len(HOWS)),
            ("cheese_value", cheeses),
            ("cheese_queue_length", cheeses),
            ("cheese_seat_cards", cheeses * players),
            ("cheese_seen_animals", cheeses * _ANIMALS),
            ("cheese_queue", cheeses * QUEUE_SLOTS * _slot_size(players)),
        ]

    def new_history(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """No history: the view holds everything the observation needs."""
        return None

    def observe(
        self,
        view: JSON,
        seat: int,
        players: int,
        options: Mapping[str, OptionValue],
        history: object = None,
    ) -> Features:
        """The observation of ``seat`` from ``view(seat)``."""
        cheeses = CHEESES_BY_PLAYERS[players]
        order = [(seat + k) % players for k in range(players)]
        f = Features()
        f.one_hot(PHASES.index(view["phase"]), len(PHASES))
        f.one_hot(view["placed"], PLACE_COUNT + 1)
        f.one_hot(view["next_cheese"], cheeses)
        for cards in (view.get("hand", []), view.get("deck", [])):
            counts = [0.0] * _ANIMALS
            for name in cards:
                counts[_ANIMAL[name]] += 1
            f.counts(counts, 7.0)
        to_move = set(view["to_move"])
        f.flags(s in to_move for s in order)
        f.counts([view["hand_sizes"][s] for s in order], HAND_LIMIT)
        f.counts([view["deck_sizes"][s] for s in order], DECK_SIZE)
        f.counts([view["scores"][s] for s in order], 20.0)
        piles: dict[int, float] = {}
        for k, s in enumerate(order):
            for won in view["piles"][s]:
                at = (k * _ANIMALS + _ANIMAL[won["card"]]) * len(HOWS) + _HOW[won["how"]]
                piles[at] = piles.get(at, 0.0) + 0.2
        base = f.block(players * _ANIMALS * len(HOWS))
        for at, value in piles.items():
            f.put(base + at, value)
        table = view["cheeses"]
        f.counts([c["cheese"] for c in table], 5.0)
        f.counts([len(c["queue"]) for c in table], 10.0)
        seat_cards: dict[int, float] = {}
        seen: dict[int, float] = {}
        size = _slot_size(players)
        seat_base = f.block(cheeses * players)
        seen_base = f.block(cheeses * _ANIMALS)
        slot_base = f.block(cheeses * QUEUE_SLOTS * size)
        put = f.put
        for i, cheese in enumerate(table):
            for j, card in enumerate(cheese["queue"]):
                owner = relative(seat, card["seat"], players)
                at = i * players + owner
                seat_cards[at] = seat_cards.get(at, 0.0) + 0.2
                animal = card["card"]
                if animal is not None:
                    at = i * _ANIMALS + _ANIMAL[animal]
                    seen[at] = seen.get(at, 0.0) + 0.2
                if j >= QUEUE_SLOTS:
                    continue
                base = slot_base + (i * QUEUE_SLOTS + j) * size
                put(base, 1.0)
                put(base + 1 + owner, 1.0)
                at = base + 1 + players
                put(at + (_ANIMAL[animal] if animal is not None else _ANIMALS), 1.0)
                at += _ANIMALS + 1
                if card["face_up"]:
                    put(at, 1.0)
                placed = card["placed"]
                if 1 <= placed <= PLACE_COUNT:
                    put(at + placed, 1.0)
        for at, value in seat_cards.items():
            put(seat_base + at, value)
        for at, value in seen.items():
            put(seen_base + at, value)
        return f


ENCODING = CheeseEncoding()
